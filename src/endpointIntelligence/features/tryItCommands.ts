// The CodeLens commands. Send to Sandbox sends a GET the way Replay sends a request (the active
// app's key and the active wallet's fresh token in place of the placeholders), then opens the
// sandbox's record of it in the panel; it is in the Requests view like every sandbox request.
// Copy as cURL copies placeholders, never a key or token.
import * as vscode from 'vscode';
import type { AccountService } from '../../auth/accountService';
import { COMMANDS } from '../../common/commandIds';
import { UserFacingError } from '../../common/userFacingError';
import type { UserInput } from '../../common/userInput';
import type { LocalSandbox } from '../../localSandbox/localSandbox';
import { EXTENSION_USER_AGENT, takeOwnId } from '../../requests/capture';
import type { RequestHistory } from '../../requests/requestHistory';
import type { RequestRecord } from '../../requests/requestRecord';
import type { RequestReplayer } from '../../requests/replay';
import { curlFor, templateFor } from '../core/curl';
import { MONEY_COMMANDS } from '../core/moneyCommands';
import { useAt, type TargetedUse } from './lineTarget';

/** What the commands use of the extension's services. */
export interface TryItDeps {
  accounts: Pick<AccountService, 'env'>;
  sandbox: Pick<LocalSandbox, 'url' | 'listening'>;
  requests: Pick<RequestHistory, 'newest' | 'onDidChange'>;
  replayer: Pick<RequestReplayer, 'replay'>;
  ui: () => UserInput;
}

/** How long the sandbox's record of the request may take to reach the history. */
const RECORD_WAIT_MS = 5_000;

export async function sendToSandbox(deps: TryItDeps, target: unknown): Promise<void> {
  if (deps.accounts.env() !== 'local') {
    throw new UserFacingError(vscode.l10n.t('Send to Sandbox works while the local sandbox is the environment.'));
  }
  const targeted = await useAt(target);
  const { endpoint, operation } = targeted;
  const money = MONEY_COMMANDS[operation.operationId];
  // Never sent from here: the Send command asks for the amount and recipient and confirms.
  if (money) return void (await vscode.commands.executeCommand(money));
  if (operation.method !== 'GET') {
    throw new UserFacingError(
      vscode.l10n.t('Only GET endpoints are sent from the editor. Copy {0} {1} as cURL instead.', operation.method, endpoint.path),
    );
  }
  const found = await filledIn(deps, targeted);
  const template = templateFor(operation, endpoint, await deps.sandbox.url(), found);
  const url = new URL(template.url);
  const newestBefore = Math.max(0, ...deps.requests.newest(1).map((record) => record.id));
  const record: RequestRecord = {
    id: takeOwnId(),
    environment: 'local',
    at: Date.now(),
    method: operation.method,
    path: url.pathname,
    query: url.search.slice(1),
    status: 0,
    durationMs: 0,
    fromExtension: true,
    userAgent: EXTENSION_USER_AGENT,
    requestHeaders: [],
    requestBody: '',
    responseHeaders: [],
    responseBody: '',
    template,
  };
  const outcome = await deps.replayer.replay(record);
  if (!outcome) return;
  const sent = await sandboxRecord(
    deps.requests,
    (candidate) => candidate.id > newestBefore && candidate.fromExtension && candidate.path === url.pathname,
  );
  if (sent) await vscode.commands.executeCommand(COMMANDS.showRequest, sent.id);
  else
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} {1} answered {2}.', operation.method, url.pathname, String(outcome.status)),
    );
}

/** The path's parameters and required query the line leaves open, asked for. */
async function filledIn(deps: TryItDeps, { use, endpoint, operation }: TargetedUse): Promise<TargetedUse['use']['path']> {
  const found = use.path;
  const segments = [...found.segments];
  const names = endpoint.path.slice(1).split('/');
  for (let index = 0; index < names.length; index++) {
    if (endpoint.segments[index] !== undefined || segments[index] !== undefined) continue;
    const name = names[index]!.replace(/[{}]/g, '');
    const value = await deps
      .ui()
      .ask({ title: vscode.l10n.t('Send to Sandbox'), prompt: vscode.l10n.t('The value of {0} in {1}', name, endpoint.path) });
    segments[index] = encodeURIComponent(value.trim());
  }
  let query = found.query && !/[{}$%#]/.test(found.query) ? found.query : '';
  const given = new URLSearchParams(query);
  for (const field of operation.queryParams.filter(
    (param: { required: boolean; name: string }) => param.required && !given.has(param.name),
  )) {
    const value = await deps
      .ui()
      .ask({ title: vscode.l10n.t('Send to Sandbox'), prompt: vscode.l10n.t('The query parameter {0} of {1}', field.name, endpoint.path) });
    given.set(field.name, value.trim());
  }
  query = given.toString();
  return { ...found, segments, query };
}

/** The sandbox's record of the request just sent, once it is in the history. */
function sandboxRecord(requests: TryItDeps['requests'], isIt: (record: RequestRecord) => boolean): Promise<RequestRecord | undefined> {
  const look = () => requests.newest(20).find(isIt);
  const now = look();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = (record: RequestRecord | undefined) => {
      listener.dispose();
      clearTimeout(timer);
      resolve(record);
    };
    const listener = requests.onDidChange(() => {
      const found = look();
      if (found) done(found);
    });
    const timer = setTimeout(() => done(look()), RECORD_WAIT_MS);
  });
}

export async function copyAsCurl(deps: TryItDeps, target: unknown): Promise<void> {
  const { use, endpoint, operation } = await useAt(target);
  const curl = curlFor(operation, endpoint, baseUrl(deps, endpoint.path), use.path);
  await vscode.env.clipboard.writeText(curl);
  vscode.window.setStatusBarMessage(
    vscode.l10n.t('Copied {0} {1} as cURL: keys and tokens are $WALLET_… variables.', operation.method, endpoint.path),
    5_000,
  );
}

/** The environment's base URL for the path; the local sandbox's address only if it already runs (a copy starts nothing). */
function baseUrl(deps: TryItDeps, path: string): string {
  const env = deps.accounts.env();
  if (env === 'local') return deps.sandbox.listening?.url ?? '$WALLET_BASE_URL';
  const setting = /^\/v1\/auth\//.test(path) ? 'developerUrl' : 'consoleUrl';
  return vscode.workspace.getConfiguration('walletConsole').get<string>(`${env}.${setting}`, '').trim() || '$WALLET_BASE_URL';
}
