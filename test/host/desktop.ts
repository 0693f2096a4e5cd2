// The host suite in desktop VS Code, through @vscode/test-electron (`npm run test:desktop`).
// For machines with internet (it downloads VS Code) and a display; the default test command
// is scripts/host/run-tests.mjs, which needs neither.
//
// Env: WALLET_CONSOLE_VSCODE_VERSION  VS Code to download (default: stable)
//      WALLET_CONSOLE_TEST_GREP       only tests whose title matches
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<number> {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-console-workspace-'));
  // Files the tests open (test/host/keyLinter.test.ts): a workspace with code in it.
  fs.cpSync(path.join(repoRoot, 'test', 'host', 'fixtures', 'workspace'), workspace, { recursive: true });
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-console-user-'));
  try {
    await runTests({
      version: process.env.WALLET_CONSOLE_VSCODE_VERSION || 'stable',
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(__dirname, 'index'),
      extensionTestsEnv: {
        WALLET_CONSOLE_TEST_GREP: process.env.WALLET_CONSOLE_TEST_GREP,
        WALLET_CONSOLE_TEST_FILES: process.env.WALLET_CONSOLE_TEST_FILES,
      },
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        `--user-data-dir=${userData}`,
      ],
    });
    return 0;
  } catch (error) {
    console.error(`Host tests failed in desktop VS Code: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(userData, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
