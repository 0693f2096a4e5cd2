// dist/sandbox.js, `npm run sandbox -- [options] [--mcp]`: the standalone sandbox (and, for the
// extension, the module it starts its in-process sandbox from), and with
// --mcp the agent tools over MCP on stdin/stdout. The sandbox stands alone (src/sandbox imports
// nothing of ours), so the two are composed here; the MCP SDK is a bundle of its own beside
// this one (dist/mcp.js), loaded only with --mcp.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Mcp from './agents/mcp/index';
import { hereClient, runCli, startFailure, USAGE } from './sandbox/cli/cli';
import { localClient, openSharedSandbox } from './sandbox';

const MCP_USAGE = `${USAGE}
  --mcp                  serve the agent tools over MCP (stdio): stdout carries only the protocol,
                         the banner goes to stderr; ends when stdin closes`;

/** Set by esbuild from package.json; the unbundled build (out/) says so. */
const VERSION = process.env.WALLET_CONSOLE_VERSION ?? '0.0.0-dev';

async function main(argv: string[]): Promise<void> {
  if (!argv.includes('--mcp')) {
    await runCli(argv, undefined, MCP_USAGE, { role: 'cli', local: hereClient });
    return;
  }
  const toStderr = { out: (line: string) => console.error(line), err: (line: string) => console.error(line) };
  // With a state file another process serves (a VS Code window), the tools use that sandbox.
  const running = await runCli(
    argv.filter((arg) => arg !== '--mcp'),
    toStderr,
    MCP_USAGE,
    { role: 'mcp', share: openSharedSandbox, local: localClient },
  );
  if (!running) return;
  // A file URL: import() takes one on every platform.
  const mcp = (await import(pathToFileURL(path.join(__dirname, 'mcp.js')).href)) as typeof Mcp;
  await mcp.serveOverStdio(
    () => running.client(),
    VERSION,
    () => running.ready(),
  );
  console.error('Serving the agent tools over MCP on stdin/stdout.');
  // The client closing the pipe is the end of the session.
  process.stdin.once('end', () => {
    void running.close().then(() => process.exit(0));
  });
}

// The extension loads this bundle for openSharedSandbox (one copy of the sandbox in the package,
// and none in the extension's own bundle); run as a program, it is the CLI.
export { checkWebhookHandler, openSharedSandbox, startSandbox } from './sandbox';

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(startFailure(error));
    process.exit(1);
  });
}
