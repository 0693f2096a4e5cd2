// Each snippet's code as a user gets it (every tab stop at its default) is checked with the
// tools of its language: TypeScript with the repository's tsc --strict, JavaScript with
// `node --check`, Python with `python3 -m py_compile`. Go and PHP: this machine has neither
// toolchain, so `go vet` / `php -l` run only where `go` / `php` are on PATH; without them the Go
// code gets a structural check here (delimiters balance, its "Needs" line names exactly the
// packages it uses).
import * as assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { codeFor, expand, readWalletSnippets, snippetsFor, type SnippetDialect } from '../../../src/snippets/library/index';
import { MONEY_WORDS, normalize } from '../../../src/common/moneyWords';
import { skipBecause } from '../support/skips';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
// The files the extension reads: templates/snippets/ of the repository.
const WALLET_SNIPPETS = readWalletSnippets(ROOT);
const has = (tool: string) => spawnSync(tool, ['version'], { stdio: 'ignore' }).error === undefined;

describe('snippets: the code each one expands to', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-snippets-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('has the five snippets of the issue', () => {
    assert.deepEqual(
      WALLET_SNIPPETS.map((snippet) => snippet.name),
      ['signIn', 'balance', 'bankTransfer', 'airtime', 'webhookHandler'],
    );
  });

  it('completion reads one language’s five files and gets each snippet’s code in that language', () => {
    for (const dialect of ['typescript', 'javascript', 'python', 'go', 'php'] as SnippetDialect[])
      assert.deepEqual(
        snippetsFor(ROOT, dialect),
        WALLET_SNIPPETS.map((snippet) => ({ name: snippet.name, code: codeFor(snippet, dialect) })),
        dialect,
      );
  });

  it('TypeScript: compiles under tsc --strict', async () => {
    const files = WALLET_SNIPPETS.map((snippet) => {
      const file = path.join(dir, `${snippet.name}.ts`);
      // `export {}` makes each file a module of its own, as in a user's project.
      writeFileSync(file, `${expand(codeFor(snippet, 'typescript'))}\nexport {};\n`);
      return file;
    });
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--strict', '--noEmit', '--target', 'es2022', '--module', 'node16', '--lib', 'es2022', '--types', 'node'];
    // --types node resolves from the files' folder: point it at the repository's @types.
    // Run from the temporary folder, where no tsconfig.json is found: only these flags apply.
    const result = await run(process.execPath, [tsc, ...args, '--typeRoots', path.join(ROOT, 'node_modules/@types'), ...files], {
      cwd: dir,
    }).catch((error: { stdout?: string }) => assert.fail(`tsc --strict found errors:\n${error.stdout ?? String(error)}`));
    assert.equal(result.stdout, '');
  });

  it('JavaScript (the TypeScript without its types): node --check passes', async () => {
    for (const snippet of WALLET_SNIPPETS) {
      const file = path.join(dir, `${snippet.name}.mjs`);
      const code = expand(codeFor(snippet, 'javascript'));
      assert.doesNotMatch(code, /⟦|⟧|\bas \{|: string\b/, `${snippet.name}: no TypeScript left in the JavaScript`);
      writeFileSync(file, code);
      await run(process.execPath, ['--check', file]).catch((error: { stderr?: string }) =>
        assert.fail(`${snippet.name}.mjs: ${error.stderr ?? String(error)}`),
      );
    }
  });

  it('Python: python3 -m py_compile passes', async () => {
    for (const snippet of WALLET_SNIPPETS) {
      const file = path.join(dir, `${snippet.name}.py`);
      writeFileSync(file, expand(codeFor(snippet, 'python')));
      await run('python3', ['-m', 'py_compile', file]).catch((error: { stderr?: string }) =>
        assert.fail(`${snippet.name}.py: ${error.stderr ?? String(error)}`),
      );
    }
  });

  it('Go: go vet where Go is installed, else delimiters balance and the "Needs" line names the packages used', async function () {
    for (const snippet of WALLET_SNIPPETS) {
      const code = expand(codeFor(snippet, 'go'));
      const needs = /Needs ((?:"[\w/]+"(?:, | and )?)+)/.exec(code);
      assert.ok(needs, `${snippet.name}.go says which imports it needs`);
      const packages = [...needs[1]!.matchAll(/"([\w/]+)"/g)].map((match) => match[1]!);
      const used = packages.filter((pkg) => new RegExp(`\\b${pkg.split('/').pop()}\\.`).test(code.replace(/^\/\/.*$/gm, '')));
      assert.deepEqual(used, packages, `${snippet.name}.go uses every package it names`);
      assert.ok(balanced(code), `${snippet.name}.go: brackets balance`);
      if (has('go')) {
        const folder = mkdtempSync(path.join(dir, 'go-'));
        const imports = packages.map((pkg) => `\t"${pkg}"`).join('\n');
        writeFileSync(path.join(folder, 'main.go'), `package main\n\nimport (\n${imports}\n)\n\n${code}\nfunc main() {}\n`);
        writeFileSync(path.join(folder, 'go.mod'), 'module snippet\n\ngo 1.21\n');
        await run('go', ['vet', '.'], { cwd: folder });
      }
    }
    if (!has('go')) this.test!.title += ' (no Go toolchain here: structural check only)';
  });

  it('PHP: php -l where PHP is installed', async function () {
    if (!has('php')) skipBecause(this, 'PHP is not installed', { installedBySetup: 'npm test (scripts/host/setup.mjs --packages)' });
    for (const snippet of WALLET_SNIPPETS) {
      const file = path.join(dir, `${snippet.name}.php`);
      writeFileSync(file, `<?php\n${expand(codeFor(snippet, 'php'))}`);
      await run('php', ['-l', file]);
    }
  });

  it('calls only paths of the API (the sandbox’s OpenAPI document), with the contract’s field names', () => {
    const openapi = JSON.parse(readFileSync(path.join(ROOT, 'src/sandbox/vocabulary/openapi.json'), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    const known = Object.keys(openapi.paths).map((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`));
    for (const snippet of WALLET_SNIPPETS) {
      for (const dialect of ['typescript', 'python', 'go', 'php'] as const) {
        const code = expand(codeFor(snippet, dialect));
        for (const [found] of code.matchAll(/\/v1\/[\w/]+/g)) {
          const probe = found.endsWith('/') ? `${found}ref` : found;
          assert.ok(
            known.some((pattern) => pattern.test(probe)),
            `${snippet.name} (${dialect}) calls ${found}, which is not in the API`,
          );
        }
      }
    }
    const transfer = codeFor(
      WALLET_SNIPPETS.find((snippet) => snippet.name === 'bankTransfer')!,
      'typescript',
    );
    for (const field of ['accountName', 'accountNumber', 'bankCode', 'amount', 'transactionReference', 'statusCode'])
      assert.match(transfer, new RegExp(`\\b${field}\\b`), `the bank transfer uses ${field}`);
  });

  it('money: amounts in kobo, no answer is "unknown" (never "failed"), no secret written into code', () => {
    for (const snippet of WALLET_SNIPPETS) {
      for (const dialect of ['typescript', 'python', 'go', 'php'] as const) {
        const code = codeFor(snippet, dialect);
        assert.doesNotMatch(code, /(sk_test|pk_live)_[0-9a-f]/, `${snippet.name} (${dialect}) holds no app key`);
        assert.match(code, /WALLET_BASE_URL|php:\/\/input|createServer|Flask|http\.ResponseWriter/, `${snippet.name} (${dialect})`);
        if (snippet.name === 'bankTransfer' || snippet.name === 'airtime') {
          assert.match(code, /kobo/, `${snippet.name} (${dialect}) says kobo`);
          assert.match(code, /['"]unknown['"]/, `${snippet.name} (${dialect}) has an "unknown" outcome`);
          // In the product's one voice (issue 55; test/unit/common/moneyVoice.test.ts holds every snippet to it).
          assert.ok(normalize(code).includes(MONEY_WORDS.noAnswer), `${snippet.name} (${dialect}): no answer is not a failure`);
        }
      }
    }
  });
});

/** Brackets balance outside strings, runes and comments. */
function balanced(code: string): boolean {
  const stripped = code
    .replace(/(^|\s)\/\/.*$/gm, '$1')
    .replace(/`[^`]*`/g, '')
    .replace(/"(?:\\.|[^"\\])*"/g, '')
    .replace(/'(?:\\.|[^'\\])*'/g, '');
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of stripped) {
    if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0;
}
