import { createInterface } from 'node:readline';
import { ApiError, ErrorCode } from '../vocabulary/errors';
import { startSandbox } from '../owner/start';
import { checkWebhookHandler } from '../webhookCheck/checkWebhook';
import { reportLines, type WebhookCheckReport } from '../webhookCheck/report';
import { newCheckApp, type CheckCredentials } from '../webhookCheck/walletCalls';

// `wallet-sandbox check-webhook <handler-url> [--sandbox <url>] [--namespace-key <key>]
// [--admin-token <token>] [--json]`: Check My Webhook Handler from a terminal or CI. Exit 0 when
// every case passed, 1 when one failed (or the check could not run), 2 on a usage error. With
// --json, stdout carries only the report (advisory cases, NOTE in the text, do not fail it). The
// keys and tokens it is given are never repeated.

/** Where --admin-token is read from when the flag is not given (a flag shows in the process list; the environment does not). */
export const ADMIN_TOKEN_ENV = 'WALLET_SANDBOX_ADMIN_TOKEN';

export const CHECK_WEBHOOK_USAGE = `Usage: wallet-sandbox check-webhook <handler-url> [--sandbox <url>] [--namespace-key <key>]
                                    [--admin-token <token>] [--json]

Sends your webhook handler what the sandbox sends in production (a BANK_TRANSFER and a
PHONE_TRANSFER event, the same event again, a malformed body, a forged event, an event while
the API is slow, 3 copies of one event at once, an older PENDING after its SUCCESS, an event
before the API answered its transfer, a reversal, and an event that never comes) and reports
per case what it answered, how fast, and whether it requeried. The last one is a NOTE for your
app, not counted: only the app can requery a transfer it heard nothing of. The check moves
₦6.00 of sandbox money (₦1.00 comes back by the reversal) and the sandbox clock 10 s.

  --sandbox <url>          check against this running sandbox (the one the handler requeries); the
                           app and wallet come from WALLET_APP_KEY and WALLET_ACCESS_TOKEN, the env
                           the handler reads. Without it, a sandbox starts for the check and prints
                           the env to start the handler with (in a terminal, it waits for Enter)
  --namespace-key <key>    with --sandbox: the app key its admin calls (events, journal, faults)
                           send as X-App-Key, which picks the world they act on: a namespace's key
                           reaches that namespace. Default: WALLET_APP_KEY, so a handler whose app
                           is a namespace's is checked in that namespace
  --admin-token <token>    with --sandbox: the admin token of a sandbox started with --allow-remote
                           (its ready line printed it), sent as Authorization: Bearer on the admin
                           calls. Default: ${ADMIN_TOKEN_ENV}, which keeps it out of the process list
  --json                   print the report as one JSON object on stdout (for CI)
  -h, --help               show this help`;

export interface CheckWebhookArgs {
  handlerUrl: string;
  sandboxUrl?: string;
  json: boolean;
  /** --namespace-key: the X-App-Key of the admin calls (else the app key the check uses). */
  namespaceKey?: string;
  /** --admin-token: sent as Authorization: Bearer on the admin calls (else the environment's). */
  adminToken?: string;
}

interface Output {
  out(line: string): void;
  err(line: string): void;
}

const httpUrl = (value: string): boolean => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
/** What an HTTP header can carry: printable ASCII without spaces (a fetch refusing one would quote it in its error). */
const headerSafe = (value: string): boolean => /^[\x21-\x7e]{1,4096}$/.test(value);

type ValuedField = 'sandboxUrl' | 'namespaceKey' | 'adminToken';

/** The flags that take a value, and what a value that will not do gets told (never the value: it may be a secret). */
const VALUED = new Map<string, { field: ValuedField; valid: (value: string) => boolean; usage: string }>([
  ['--sandbox', { field: 'sandboxUrl', valid: httpUrl, usage: '--sandbox needs the sandbox’s http:// URL, such as http://127.0.0.1:4010' }],
  [
    '--namespace-key',
    { field: 'namespaceKey', valid: headerSafe, usage: '--namespace-key needs an app key: printable characters without spaces' },
  ],
  [
    '--admin-token',
    { field: 'adminToken', valid: headerSafe, usage: '--admin-token needs the admin token: printable characters without spaces' },
  ],
]);

/** Parses the subcommand's argv (after `check-webhook`); 'help', or a message for a usage error. */
export function parseCheckWebhookArgs(argv: readonly string[]): CheckWebhookArgs | 'help' | { usage: string } {
  let handlerUrl: string | undefined;
  const given: Partial<Record<ValuedField, string>> = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    // `--flag=value` or `--flag value`; a message names the flag only (`--admin-tokn=…` holds a token).
    const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    const flag = VALUED.get(name);
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--json') json = true;
    else if (flag) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value || !flag.valid(value)) return { usage: flag.usage };
      given[flag.field] = value;
    } else if (arg.startsWith('-')) return { usage: `unknown option ${name.slice(0, 40)}` };
    else if (handlerUrl === undefined) handlerUrl = arg;
    else return { usage: 'give one handler URL' };
  }
  if (!handlerUrl || !httpUrl(handlerUrl))
    return { usage: 'give the handler’s http(s) URL, such as http://127.0.0.1:3000/webhooks/wallet' };
  const { sandboxUrl, namespaceKey, adminToken } = given;
  if (sandboxUrl === undefined && (namespaceKey !== undefined || adminToken !== undefined))
    return { usage: '--namespace-key and --admin-token are for a running sandbox: give its --sandbox <url>' };
  return {
    handlerUrl,
    ...(sandboxUrl === undefined ? {} : { sandboxUrl: new URL(sandboxUrl).origin }),
    json,
    ...(namespaceKey === undefined ? {} : { namespaceKey }),
    ...(adminToken === undefined ? {} : { adminToken }),
  };
}

function credentialsFromEnv(env: NodeJS.ProcessEnv): CheckCredentials | undefined {
  const appKey = env['WALLET_APP_KEY'];
  const accessToken = env['WALLET_ACCESS_TOKEN'];
  return appKey && accessToken ? { appKey, accessToken } : undefined;
}

async function waitForEnter(output: Output): Promise<void> {
  if (!process.stdin.isTTY) return;
  output.err('Start (or restart) your handler with that env, then press Enter.');
  const lines = createInterface({ input: process.stdin });
  await new Promise((resolve) => lines.once('line', resolve));
  lines.close();
}

/** The check against a sandbox started here: its env goes to stderr first. */
async function checkInProcess(args: CheckWebhookArgs, output: Output): Promise<WebhookCheckReport> {
  const sandbox = await startSandbox({ port: 0, log: () => undefined });
  try {
    const { appKey, accessToken, refreshToken } = await newCheckApp(sandbox.url);
    output.err('The handler requeries this sandbox with:');
    output.err(`  WALLET_BASE_URL=${sandbox.url}`);
    output.err(`  WALLET_APP_KEY=${appKey}`);
    output.err(`  WALLET_REFRESH_TOKEN=${refreshToken}`);
    output.err(`  WALLET_ACCESS_TOKEN=${accessToken}`);
    await waitForEnter(output);
    return await checkWebhookHandler({ handlerUrl: args.handlerUrl, sandboxUrl: sandbox.url, credentials: { appKey, accessToken } });
  } finally {
    await sandbox.close();
  }
}

/** The check against a running sandbox (--sandbox), with the handler's env; a usage message when something is missing. */
async function checkRunning(args: CheckWebhookArgs & { sandboxUrl: string }, env: NodeJS.ProcessEnv): Promise<WebhookCheckReport | string> {
  const credentials = credentialsFromEnv(env);
  if (!credentials) {
    return 'with --sandbox, set WALLET_APP_KEY and WALLET_ACCESS_TOKEN to the app key and wallet token your handler requeries with';
  }
  if (!headerSafe(credentials.appKey) || !headerSafe(credentials.accessToken)) {
    return 'WALLET_APP_KEY and WALLET_ACCESS_TOKEN must be printable characters without spaces';
  }
  const adminToken = args.adminToken ?? (env[ADMIN_TOKEN_ENV] || undefined);
  if (adminToken !== undefined && !headerSafe(adminToken)) return `${ADMIN_TOKEN_ENV} must be printable characters without spaces`;
  return checkWebhookHandler({
    handlerUrl: args.handlerUrl,
    sandboxUrl: args.sandboxUrl,
    credentials,
    admin: {
      ...(args.namespaceKey === undefined ? {} : { appKey: args.namespaceKey }),
      ...(adminToken === undefined ? {} : { adminToken }),
    },
  });
}

/** Runs the subcommand; answers its exit status. */
export async function runCheckWebhook(argv: readonly string[], output: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseCheckWebhookArgs(argv);
  if (args === 'help') return (output.out(CHECK_WEBHOOK_USAGE), 0);
  if ('usage' in args) return (output.err(`wallet-sandbox check-webhook: ${args.usage}\nRun with --help for the options.`), 2);
  let report: WebhookCheckReport | string;
  try {
    const { sandboxUrl } = args;
    report = sandboxUrl === undefined ? await checkInProcess(args, output) : await checkRunning({ ...args, sandboxUrl }, env);
  } catch (error) {
    // The sandbox's 90011 speaks of the Authorization header; say how this command sends it.
    const how = error instanceof ApiError && error.errorCode === ErrorCode.adminToken ? ` (--admin-token or ${ADMIN_TOKEN_ENV})` : '';
    output.err(`wallet-sandbox check-webhook: the check could not run: ${(error as Error).message}${how}`);
    return 1;
  }
  if (typeof report === 'string') return (output.err(`wallet-sandbox check-webhook: ${report}`), 2);
  if (args.json) output.out(JSON.stringify(report));
  else for (const line of reportLines(report)) output.out(line);
  return report.passed ? 0 : 1;
}
