import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageProject, ROOT, run } from '../support/packedSandbox';

// The package README's quick start and the Agent Skill (SKILL.md) run as written against the
// packed tarball, on the Node that runs the tests (CI's is Node 20): each prints what its
// comments say, or its own checks throw.

const README = path.join(ROOT, 'scripts/sandbox/package/README.md');
const SKILL = path.join(ROOT, 'scripts/sandbox/package/SKILL.md');

/** The fenced ```js blocks of `text`, in order. */
function jsBlocks(text: string): string[] {
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)].map(([, code = '']) => code);
}

/** The blocks as one ES module: the imports first, then the code in order (a reader runs the steps in turn). */
function asOneModule(blocks: string[]): string {
  const lines = blocks.flatMap((block) => block.split('\n'));
  return [...lines.filter((line) => line.startsWith('import ')), ...lines.filter((line) => !line.startsWith('import '))].join('\n');
}

describe('sandbox package: the README quick start and SKILL.md run as written', function () {
  this.timeout(120_000);
  let dir: string;

  before(async () => {
    const { project } = await packageProject();
    dir = path.join(project, 'quick-start');
    mkdirSync(dir);
  });

  it("README: the quick start's first screen has the OTP sign-in, the two headers and the mobile format", () => {
    const readme = readFileSync(README, 'utf8');
    const firstScreen = readme.slice(0, readme.indexOf('## The Node API'));
    for (const needed of ['X-App-Key', 'X-App-Wallet-Access-Token', '/v1/users/auth', 'passcode', '2348000000000', 'kobo', 'await using']) {
      assert.ok(firstScreen.includes(needed), `the quick start says ${needed}`);
    }
  });

  it('README: the quick start prints what its comments say', async () => {
    const readme = readFileSync(README, 'utf8');
    const code = jsBlocks(readme.slice(readme.indexOf('## Quick start')))[0] ?? assert.fail('no js block in the quick start');
    const expected = [...code.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map(([, printed = '']) => printed);
    assert.ok(expected.length >= 2, 'it says what it prints');
    assert.doesNotMatch(code, /await using/, 'Node 20 has no await using');
    writeFileSync(path.join(dir, 'quick-start.mjs'), code);
    const { stdout } = await run(process.execPath, ['quick-start.mjs'], { cwd: dir, timeout: 60_000 });
    assert.deepEqual(stdout.trim().split('\n'), expected);
  });

  it('SKILL.md: Agent Skills front matter (name, description), then steps whose code runs', async () => {
    const skill = readFileSync(SKILL, 'utf8');
    const front = /^---\nname: ([a-z0-9-]+)\ndescription: (.+)\n---\n/.exec(skill) ?? assert.fail('no front matter');
    assert.equal(front[1], 'wallet-sandbox');
    assert.ok(front[2]!.length >= 100 && front[2]!.length <= 1024, 'a description of what it does and when to use it');
    const blocks = jsBlocks(skill);
    assert.ok(blocks.length >= 5, 'start, sign in, move money, clock and asserts, reset');
    writeFileSync(path.join(dir, 'skill.mjs'), `${asOneModule(blocks)}\nconsole.log('all steps ran');\n`);
    const { stdout } = await run(process.execPath, ['skill.mjs'], { cwd: dir, timeout: 60_000 });
    assert.equal(stdout.trim(), 'all steps ran');
  });
});
