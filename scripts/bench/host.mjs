// Runs the host side of the benchmark (out/test/bench/index.js) in a fresh VS Code server and
// extension host: a new server, profile and browser each time, so every run is a cold start.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatWithOptions, stripVTControlCharacters } from 'node:util';
import { developmentPayload, startServer, tempWorkspace, workbenchUrl } from '../host/server.mjs';
import { HostError, describeMs } from '../host/util.mjs';
import { launchBrowser } from '../host/workbench.mjs';
import { log } from './log.mjs';

/** test/bench/support.ts prefixes its lines with this. */
const HOST_TAG = '\u2063[bench-host] ';

function format(args) {
  return stripVTControlCharacters(Array.isArray(args) ? formatWithOptions({ colors: false }, ...args) : String(args));
}

/**
 * One cold start of the extension host with the benchmark payload. Options:
 *   host           what setupHost() returned
 *   extensionPath  the extension folder to load (the unpacked .vsix)
 *   index          out/test/bench/index.js
 *   phases         e.g. ['activation'] or ['activation', 'requests', 'history']
 *   timeoutMs      limit for the whole run
 * Resolves with the HostReport the extension host wrote (test/bench/report.ts).
 */
export async function runHostBench({ host, extensionPath, index, phases, timeoutMs = 5 * 60_000 }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-bench-report-'));
  const out = path.join(dir, 'host-report.json');
  const env = { WALLET_CONSOLE_TEST_TAG: HOST_TAG, WALLET_CONSOLE_BENCH_OUT: out, WALLET_CONSOLE_BENCH_PHASES: phases.join(',') };
  const server = await startServer({ host, env });
  let browser;
  let timer;
  try {
    const url = workbenchUrl(server.port, {
      folder: tempWorkspace(),
      payload: developmentPayload(server.port, { extensionPath, testsPath: index }),
    });
    browser = await launchBrowser({ executablePath: host.chromium });
    let finish;
    const ended = new Promise((resolve) => (finish = resolve));
    await browser.page.exposeFunction('codeAutomationLog', (_type, args) => {
      const text = format(args);
      if (text.startsWith(HOST_TAG)) process.stderr.write(`${text.split(HOST_TAG).join('')}\n`);
    });
    await browser.page.exposeFunction('codeAutomationExit', (code) => finish({ code: Number(code) }));
    browser.page.on('crash', () => finish({ problem: 'the browser page crashed' }));
    void server.exited.then(({ code, signal }) => finish({ problem: `the VS Code server stopped (code ${code}, signal ${signal})` }));
    timer = setTimeout(() => finish({ problem: `the run did not finish within ${describeMs(timeoutMs)}` }), timeoutMs);
    await browser.page.goto(url, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    const result = await ended;
    if (result.problem)
      throw Object.assign(new HostError(`Benchmark host run (${phases.join(', ')}): ${result.problem}.`), {
        output: server.serverLogTail(),
      });
    let report;
    try {
      report = JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      throw Object.assign(
        new HostError(`The extension host wrote no benchmark report (exit code ${result.code}). Did out/test/bench/index.js load?`),
        { output: server.serverLogTail() },
      );
    }
    log(`Host run (${phases.join(', ')}) done.`);
    return report;
  } finally {
    clearTimeout(timer);
    await browser?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
