import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

// Issue 53 item 4: the "credited once" example of docs/testing-your-app.md runs as written (from
// the compiled package entry) and prints what its comments say; the package README's and
// docs/webhook-handlers.md's excerpts of it are part of it, word for word.

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const HEADING = '## Webhooks as production sends them: assert "credited once"';

/** The first fenced block of `language` after the heading. */
function blockAfter(file: string, heading: string, language: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `${file} has the heading ${heading}`);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text.slice(start));
  assert.ok(match, `${file}: a ${language} block after ${heading}`);
  return match[1]!;
}

describe('docs: webhooks as production sends them, the "credited once" example', function () {
  this.timeout(60_000);

  it('docs/testing-your-app.md: the example prints what its comments say', async () => {
    const code = blockAfter('docs/testing-your-app.md', HEADING, 'js');
    const expected = [...code.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map(([, printed]) => printed!);
    assert.deepEqual(expected, ['withheld', '3 1', '1', 'PENDING 1', 'ref SUCCESS, ref FAILED']);
    const entry = pathToFileURL(path.join(ROOT, 'out/src/sandbox/package/index.js')).href;
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-webhook-docs-'));
    try {
      const example = path.join(dir, 'example.mjs');
      writeFileSync(example, code.replace("from 'wallet-sandbox'", `from ${JSON.stringify(entry)}`));
      const { stdout } = await run(process.execPath, [example], { cwd: dir, timeout: 30_000 });
      assert.deepEqual(stdout.trim().split('\n'), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the package README and docs/webhook-handlers.md show a part of it, line for line', () => {
    const whole = blockAfter('docs/testing-your-app.md', HEADING, 'js');
    for (const [file, heading] of [
      ['scripts/sandbox/package/README.md', '### Webhooks as production sends them'],
      ['docs/webhook-handlers.md', '## What production sends'],
    ] as const) {
      const part = blockAfter(file, heading, 'js');
      assert.ok(part.split('\n').length >= 6, `${file} shows a few lines`);
      assert.ok(whole.includes(part), `${file}'s example is a part of docs/testing-your-app.md's, which runs`);
    }
  });
});
