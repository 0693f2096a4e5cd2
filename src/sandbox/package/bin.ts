// `npx wallet-sandbox [options]`: the package's CLI, the same as `npm run sandbox` in the
// extension's repository (without --mcp, which needs the MCP SDK the package does not carry),
// plus `init` and `--version`. Without --scenario it starts in the starter world (starter.ts).
import { hereClient, runCli, startFailure, USAGE } from '../cli/cli';
import { runInit, STARTER_APP_KEY, STARTER_SCENARIO } from './starter';

const REPOSITORY = 'https://github.com/wallet-console/wallet-console';

/** Set by scripts/sandbox/package.mjs (esbuild's define) from the package's version. */
declare const WALLET_SANDBOX_VERSION: string | undefined;
const VERSION = typeof WALLET_SANDBOX_VERSION === 'string' ? WALLET_SANDBOX_VERSION : '0.0.0-dev';

const PACKAGE_USAGE = USAGE.replace(
  'Usage: npm run sandbox -- [options]',
  `Usage: wallet-sandbox [options] [-- command [args]]
       wallet-sandbox init [file]   write a starter wallet-sandbox.json (never over an existing file)
       wallet-sandbox check-webhook <handler-url> [--sandbox <url>] [--json]
                                    check a webhook handler as production would (--help for more)
       wallet-sandbox --version`,
)
  // The package's README has the scenario format; any other repository document is a full URL.
  .replace('docs/scenarios.md', 'README.md, "Scenario files"')
  .replace(/\bdocs\/[\w-]+\.md\b/g, (doc) => `${REPOSITORY}/blob/main/${doc}`)
  .concat(
    `\n\nWithout --scenario: a demo app (X-App-Key ${STARTER_APP_KEY}) and the wallets ` +
      `${(STARTER_SCENARIO.wallets ?? []).map((wallet) => `${wallet.mobile} (passcode ${wallet.passcode})`).join(' and ')}.` +
      '\nREADME.md, scenario.schema.json and openapi.json: in node_modules/wallet-sandbox/.',
  );

function main(argv: string[]): void {
  if (argv[0] === 'init') {
    process.exitCode = runInit(argv.slice(1));
    return;
  }
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    console.log(VERSION);
    return;
  }
  runCli(argv, undefined, PACKAGE_USAGE, { role: 'cli', local: hereClient, starter: STARTER_SCENARIO }).catch((error: unknown) => {
    console.error(startFailure(error));
    process.exit(1);
  });
}

main(process.argv.slice(2));
