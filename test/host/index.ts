// Entry point VS Code loads in the extension host (extensionTestsPath): runs every compiled
// host test, out/test/host/**/*.test.js, with Mocha. Used by scripts/host/run-tests.mjs (the
// VS Code server in a browser) and by test/host/desktop.ts (desktop VS Code).
//
// Env: WALLET_CONSOLE_TEST_GREP   only tests whose full title matches this regular expression
//      WALLET_CONSOLE_TEST_FILES  only files whose path contains this text (or one of several,
//                                 comma-separated: a file with those that ran before it)
//      WALLET_CONSOLE_TEST_TAG    prefix for the reporter's lines, so the browser launcher can
//                                 tell them from the workbench's own log
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';
import { checkWhatEachFileLeaves } from './support/leftBehind';

/** The line the launcher reads the counts from; it is not shown to the user. */
const RESULT_MARKER = 'WALLET_CONSOLE_HOST_RESULT ';

function testFiles(root: string, filter: string | undefined): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .map((file) => path.join(root, file))
    .filter((file) => !filter || filter.split(',').some((part) => file.includes(part)))
    .sort();
}

/**
 * Prefixes every line the Mocha reporter prints with `tag`, already formatted. (VS Code's
 * extension host pins `console.log` itself, so the reporter's own hook is used.)
 */
function tagReporterOutput(tag: string): void {
  const print = console.log.bind(console);
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => print(`${tag}${util.format(...args)}`);
}

export function run(): Promise<void> {
  const tag = process.env.WALLET_CONSOLE_TEST_TAG;
  if (tag) tagReporterOutput(tag);
  const grep = process.env.WALLET_CONSOLE_TEST_GREP || undefined;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  if (grep) mocha.grep(grep);
  checkWhatEachFileLeaves(mocha.suite);
  for (const file of testFiles(__dirname, process.env.WALLET_CONSOLE_TEST_FILES || undefined)) mocha.addFile(file);

  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const stats = runner.stats;
        // endedAt: the launcher's log check leaves out the redraws the closing host cancels (hostLog.ts).
        const result = { passed: stats?.passes ?? 0, failed: failures, pending: stats?.pending ?? 0, endedAt: Date.now() };
        Mocha.reporters.Base.consoleLog(`${RESULT_MARKER}${JSON.stringify(result)}`);
        if (failures > 0) reject(new Error(`${failures} host test(s) failed.`));
        else resolve();
      });
    } catch (error) {
      Mocha.reporters.Base.consoleLog(`${RESULT_MARKER}${JSON.stringify({ passed: 0, failed: 1, pending: 0 })}`);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
