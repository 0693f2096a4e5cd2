// `npm run lint` keeps imports pointing one way (eslint.config.mjs): these lint a changed copy
// of real modules and check that a cycle, or an import against the layers, is an error.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const REPO = path.resolve(__dirname, '../../../..');

async function ruleErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO });
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

describe('import rules (lint)', function () {
  this.timeout(60_000);

  it('accepts the modules as they are', async () => {
    const file = 'src/auth/walletAccess.ts';
    const { readFileSync } = await import('node:fs');
    assert.deepEqual(await ruleErrors(file, readFileSync(path.join(REPO, file), 'utf8')), []);
  });

  it('fails on an import cycle', async () => {
    // accountService.ts imports walletAccess.ts: walletAccess importing it back closes a cycle.
    const errors = await ruleErrors(
      'src/auth/walletAccess.ts',
      "import { AccountService } from './accountService';\nexport const service = AccountService;\n",
    );
    assert.ok(errors.includes('import-x/no-cycle'), `errors: ${errors.join(', ')}`);
  });

  const upward: [file: string, specifier: string][] = [
    ['src/common/redact.ts', '../auth/accountService'],
    ['src/api/money.ts', '../common/redact'],
    ['src/sandbox/ids.ts', '../api/money'],
    ['src/auth/clients.ts', '../views/loadable'],
    ['src/banks/bankDirectory.ts', '../webview/protocol'],
    ['src/views/loadable.ts', '../commands/exportFormat'],
    ['src/views/loadable.ts', '../webview/protocol'],
    ['src/webview/protocol.ts', '../views/loadable'],
    ['src/commands/exportFormat.ts', '../extensionApi'],
  ];
  for (const [file, specifier] of upward) {
    it(`fails on ${file} importing ${specifier}`, async () => {
      const errors = await ruleErrors(file, `import * as above from '${specifier}';\nexport const used = above;\n`);
      assert.ok(errors.includes('import-x/no-restricted-paths'), `errors: ${errors.join(', ')}`);
    });
  }

  it('allows an import downward', async () => {
    const errors = await ruleErrors(
      'src/views/loadable.ts',
      "import * as below from '../auth/accountState';\nexport const used = below;\n",
    );
    assert.deepEqual(errors, []);
  });
});
