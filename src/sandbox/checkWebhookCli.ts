import { createInterface } from 'node:readline';
import { startSandbox } from './start';
import { checkWebhookHandler, newCheckApp, reportLines, type CheckCredentials, type WebhookCheckReport } from './webhookCheck';

// `wallet-sandbox check-webhook <handler-url> [--sandbox <url>] [--json]`: Check My Webhook
// Handler from a terminal or CI. Exit 0 when every case passed, 1 when one failed (or the check
// could not run), 2 on a usage error. With --json, stdout carries only the report.

export const CHECK_WEBHOOK_USAGE = `Usage: wallet-sandbox check-webhook <handler-url> [--sandbox <url>] [--json]

Sends your webhook handler what the sandbox sends in production (a BANK_TRANSFER and a
PHONE_TRANSFER event, the same event again, a malformed body, a forged event, an event while
the API is slow) and reports per case what it answered, how fast, and whether it requeried.

  --sandbox <url>   check against this running sandbox (the one the handler requeries); the
                    app and wallet come from WALLET_APP_KEY and WALLET_ACCESS_TOKEN, the env
                    the handler reads. Without it, a sandbox starts for the check and prints
                    the env to start the handler with (in a terminal, it waits for Enter)
  --json            print the report as one JSON object on stdout (for CI)
  -h, --help        show this help`;

export interface CheckWebhookArgs {
  handlerUrl: string;
  sandboxUrl?: string;
  json: boolean;
}

interface Output {
  out(line: string): void;
  err(line: string): void;
}

const httpUrl = (value: string): boolean => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/** Parses the subcommand's argv (after `check-webhook`); 'help', or a message for a usage error. */
export function parseCheckWebhookArgs(argv: readonly string[]): CheckWebhookArgs | 'help' | { usage: string } {
  let handlerUrl: string | undefined;
  let sandboxUrl: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--json') json = true;
    else if (arg === '--sandbox' || arg.startsWith('--sandbox=')) {
      sandboxUrl = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!sandboxUrl || !httpUrl(sandboxUrl)) return { usage: '--sandbox needs the sandbox’s http:// URL, such as http://127.0.0.1:4010' };
    } else if (arg.startsWith('-')) return { usage: `unknown option ${arg.slice(0, 40)}` };
    else if (handlerUrl === undefined) handlerUrl = arg;
    else return { usage: 'give one handler URL' };
  }
  if (!handlerUrl || !httpUrl(handlerUrl))
    return { usage: 'give the handler’s http(s) URL, such as http://127.0.0.1:3000/webhooks/wallet' };
  return { handlerUrl, ...(sandboxUrl === undefined ? {} : { sandboxUrl: new URL(sandboxUrl).origin }), json };
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
    const { appKey, accessToken } = await newCheckApp(sandbox.url);
    output.err('The handler requeries this sandbox with:');
    output.err(`  WALLET_BASE_URL=${sandbox.url}`);
    output.err(`  WALLET_APP_KEY=${appKey}`);
    output.err(`  WALLET_ACCESS_TOKEN=${accessToken}`);
    await waitForEnter(output);
    return await checkWebhookHandler({ handlerUrl: args.handlerUrl, sandboxUrl: sandbox.url, credentials: { appKey, accessToken } });
  } finally {
    await sandbox.close();
  }
}

/** Runs the subcommand; answers its exit status. */
export async function runCheckWebhook(argv: readonly string[], output: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseCheckWebhookArgs(argv);
  if (args === 'help') return (output.out(CHECK_WEBHOOK_USAGE), 0);
  if ('usage' in args) return (output.err(`wallet-sandbox check-webhook: ${args.usage}\nRun with --help for the options.`), 2);
  let report: WebhookCheckReport;
  try {
    if (args.sandboxUrl === undefined) report = await checkInProcess(args, output);
    else {
      const credentials = credentialsFromEnv(env);
      if (!credentials) {
        output.err(
          'wallet-sandbox check-webhook: with --sandbox, set WALLET_APP_KEY and WALLET_ACCESS_TOKEN ' +
            'to the app key and wallet token your handler requeries with',
        );
        return 2;
      }
      report = await checkWebhookHandler({ handlerUrl: args.handlerUrl, sandboxUrl: args.sandboxUrl, credentials });
    }
  } catch (error) {
    output.err(`wallet-sandbox check-webhook: the check could not run: ${(error as Error).message}`);
    return 1;
  }
  if (args.json) output.out(JSON.stringify(report));
  else for (const line of reportLines(report)) output.out(line);
  return report.passed ? 0 : 1;
}
