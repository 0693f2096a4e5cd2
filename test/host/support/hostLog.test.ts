import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extensionErrors, extensionErrorsInLog, hostLogFiles } from './hostLog';

// The launcher's check that a run left no error from the extension in VS Code's logs: it
// must flag a planted error line, with its stack, and nothing else.

const PLANTED = "2026-11-22 16:05:01.123 [error] No tree item with id '1/walletConsole.transactions' found.";
const STACK_ERROR = [
  '2026-11-22 16:05:02.001 [error] Error: boom',
  '    at refresh (/root/.vscode-server/extensions/wallet-console.wallet-console-0.1.0/dist/extension.js:1:2345)',
];
const HARMLESS = [
  '2026-11-22 16:05:00.000 [info] ExtensionService#_doActivateExtension wallet-console.wallet-console, startup: false',
  '2026-11-22 16:05:00.500 [warning] [wallet-console.wallet-console]: Authentication provider walletConsole was not declared in the Extension Manifest.',
  '2026-11-22 16:05:03.000 [error] Error: some other extension failed',
  '    at other (/ext/other.js:1:1)',
  // VS Code's own stack frames run from the server cached in ~/.cache/wallet-console: not ours.
  '2026-11-22 16:05:04.000 [error] Error: Channel has been closed',
  '    at s (file:///root/.cache/wallet-console/code-server-4.100.3/node_modules/code-server/lib/vscode/out/vs/workbench/api/node/extensionHostProcess.js:125:2431)',
  '    at R.info (/root/.cache/wallet-console/code-server-4.100.3/node_modules/code-server/lib/vscode/extensions/json-language-features/client/dist/node/jsonClientMain.js:2:290524)',
];

describe('host log check', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-console-hostlog-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  function writeLog(relative: string, lines: string[]): string {
    const file = path.join(dataDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  it('finds nothing in a log with only info, warnings and other extensions’ errors', () => {
    assert.deepEqual(extensionErrorsInLog(HARMLESS.join('\n')), []);
  });

  it('flags a planted error line that names the extension, and an error whose stack does', () => {
    const found = extensionErrorsInLog([...HARMLESS.slice(0, 2), PLANTED, ...HARMLESS.slice(2), ...STACK_ERROR].join('\n'));
    assert.deepEqual(found, [PLANTED, STACK_ERROR.join('\n')]);
  });

  it('flags a stack frame in the extension’s development folder, and no other frame there', () => {
    const repo = path.join(os.tmpdir(), 'some-checkout');
    const ours = [
      '2026-11-22 16:05:05.000 [error] TypeError: x is undefined',
      `    at y (${path.join(repo, 'dist', 'extension.js')}:1:99)`,
    ];
    const notOurs = ['2026-11-22 16:05:06.000 [error] Error: no such file', `    ${path.join(repo, 'node_modules', 'other', 'index.js')}`];
    assert.deepEqual(extensionErrorsInLog([...ours, ...notOurs].join('\n'), repo), [ours.join('\n')]);
  });

  it('reads the extension host logs of a server data folder, not the extension’s own output channels', () => {
    const hostLog = writeLog('data/logs/20261122T160500/exthost1/remoteexthost.log', [...HARMLESS, PLANTED]);
    writeLog('data/logs/20261122T160500/exthost1/output_logging_1/1-Wallet Console.log', [
      '2026-11-22 16:05:04.000 [error] GET /v1/balance failed: walletConsole test fault',
    ]);
    assert.deepEqual(hostLogFiles(dataDir), [hostLog]);
    assert.deepEqual(extensionErrors(dataDir, []), [`${path.relative(dataDir, hostLog)}: ${PLANTED}`]);
  });

  it('flags console lines at error level that name the extension', () => {
    const lines = [
      { type: 'error', text: 'Unable to refresh tree view walletConsole.wallet: Canceled' },
      { type: 'warn', text: 'walletConsole: a warning' },
      { type: 'error', text: 'net::ERR_NAME_NOT_RESOLVED marketplace' },
    ];
    assert.deepEqual(extensionErrors(dataDir, lines), ['console: Unable to refresh tree view walletConsole.wallet: Canceled']);
  });

  it('leaves out a tree view redraw the closing host cancelled, and only that, only after the suite ended', () => {
    const cancelled = '2026-12-02 06:26:30.903 [error] Unable to refresh tree view walletConsole.developer: Canceled';
    const laterError = "2026-12-02 06:26:31.000 [error] No tree item with id '1/walletConsole.transactions' found.";
    const log = [cancelled, laterError].join('\n');
    const endedAt = new Date('2026-12-02T06:26:30.900').getTime();
    assert.deepEqual(extensionErrorsInLog(log, undefined, endedAt), [laterError]);
    // Cancelled while the suite still ran: the host was not closing, so it counts.
    assert.deepEqual(extensionErrorsInLog(log, undefined, endedAt + 10), [cancelled, laterError]);
    // No end time (the suite never reported one): everything counts.
    assert.deepEqual(extensionErrorsInLog(log), [cancelled, laterError]);
  });
});
