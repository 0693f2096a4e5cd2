import * as v from 'valibot';
import * as vscode from 'vscode';
import { formatNaira, parseNairaToKobo, TRANSACTION_TYPES, type TransactionType } from '../../api';
import { formatMobileForPeople } from '../../common/formatMobile';
import { isRecord } from '../../common/isRecord';
import { transactionTypeLabel } from '../../common/transactionTypes';
import { UserFacingError } from '../../common/userFacingError';
import { UserCancelledError } from '../../common/userInput';
import type { Fault } from '../../sandbox';
import { FAULT_LENGTHS, FAULT_LIMITS, FaultSchema, KNOB_LIMITS, kobo } from '../../sandbox/reference';
import { FAULT_ENDPOINTS } from '../../localSandbox/endpoints';
import { faultDescription, faultMeetsMoney, faultTarget } from '../../localSandbox/faultLabel';
import type { WalletModel } from '../../views/walletModel';
import { localSandbox, notify, targetMobile, type SandboxCommandDeps } from './sandboxAccess';

// The Sandbox view's controls: faults and the delay on the sandbox's requests, and what a
// wallet holds (balance, history, tokens). Each acts on the local sandbox, wherever it runs
// (this window, or the process that serves its state file); the views follow its reports.

function wholeNumber(min: number, max: number): (value: string) => string | undefined {
  return (value) => {
    const number = Number(value.trim());
    return /^\d+$/.test(value.trim()) && number >= min && number <= max
      ? undefined
      : vscode.l10n.t('Enter a whole number from {0} to {1}.', min, max);
  };
}

/**
 * An amount typed in naira, as the sandbox takes it: kobo from `min` (src/sandbox/reference.ts,
 * the range the admin API and a scenario keep), so the box refuses what the sandbox would.
 */
function nairaAmount(min: 0 | 1): (value: string) => string | undefined {
  const taken = kobo(min);
  return (value) => {
    const amount = parseNairaToKobo(value);
    if (!amount.ok) return amount.message;
    if (v.is(taken, amount.value)) return undefined;
    return min > 0 ? vscode.l10n.t('Enter an amount above zero.') : vscode.l10n.t('Enter an amount of zero or more.');
  };
}

/** A fault's path as the sandbox takes it (its schema: src/sandbox/reference.ts). */
function faultPath(value: string): string | undefined {
  return v.is(FaultSchema.entries.path, value.trim())
    ? undefined
    : vscode.l10n.t('A path starts with "/", has no space or control character, and its length is at most {0}.', FAULT_LENGTHS.path);
}

async function askNumber(
  deps: SandboxCommandDeps,
  title: string,
  prompt: string,
  min: number,
  max: number,
  value?: string,
): Promise<number> {
  return Number((await deps.ui().ask({ title, prompt, value, validate: wholeNumber(min, max) })).trim());
}

/**
 * Refresh's part for the Sandbox view: on the local sandbox, starts it if it is not running yet
 * and draws what it is told to do; elsewhere there is nothing to draw.
 */
export async function refreshSandbox(deps: SandboxCommandDeps): Promise<void> {
  if (deps.accounts.env() !== 'local') return;
  await localSandbox(deps);
  deps.watch.redraw();
}

/** The endpoint a fault goes on: one of the API's, or a path typed (a prefix ending in *). */
async function askFaultTarget(deps: SandboxCommandDeps, title: string): Promise<Fault> {
  const ui = deps.ui();
  const other = '*other*';
  const chosen = await ui.pick(
    [
      ...FAULT_ENDPOINTS.map((endpoint) => ({
        label: `${endpoint.method} ${endpoint.path}`,
        description: endpoint.purpose,
        value: endpoint.path,
      })),
      { label: vscode.l10n.t('Another path…'), description: vscode.l10n.t('any method; end it with * to match a prefix'), value: other },
    ],
    { title, placeholder: vscode.l10n.t('The endpoint that should fail') },
  );
  const endpoint = FAULT_ENDPOINTS.find((candidate) => candidate.path === chosen);
  if (endpoint) return { method: endpoint.method, path: chosen };
  const path = (
    await ui.ask({
      title,
      prompt: vscode.l10n.t('The path, such as /v1/users/balance or /v1/* for every endpoint'),
      validate: faultPath,
    })
  ).trim();
  return { path };
}

/**
 * When the fault plays: before the API's work (the default, first), or after it. After the work
 * on a call that moves money, the money moves and the app hears the fault: a confirmation whose
 * default (first button) keeps the fault before the work, moving nothing.
 */
async function askFaultPhase(deps: SandboxCommandDeps, title: string, fault: Fault): Promise<void> {
  const ui = deps.ui();
  const phase = await ui.pick(
    [
      {
        label: vscode.l10n.t('Before the work'),
        description: vscode.l10n.t('instead of the API: nothing happens, no money moves'),
        value: 'before',
      },
      {
        label: vscode.l10n.t('After the work'),
        description: vscode.l10n.t('the API does its work (money moves, webhooks follow), then the app hears the fault'),
        value: 'after',
      },
    ],
    { title, placeholder: vscode.l10n.t('When it plays') },
  );
  if (phase !== 'after') return;
  if (faultMeetsMoney(fault)) {
    const before = vscode.l10n.t('Before the Work');
    const after = vscode.l10n.t('After the Work: Move the Money');
    const answer = await ui.confirm(
      vscode.l10n.t('Let {0} move sandbox money and then fail?', faultTarget(fault)),
      {
        modal: true,
        level: 'warning',
        detail: vscode.l10n.t(
          'After the work, each matching request moves sandbox money (its webhook follows), then the app hears the fault. Before, nothing moves.',
        ),
      },
      before,
      after,
    );
    if (answer === undefined) throw new UserCancelledError();
    if (answer !== after) return;
  }
  fault.phase = 'after';
}

/** A fault on one endpoint: a status code, a dropped connection or a wait, before or after the work, once, N times or always. */
export async function injectFault(deps: SandboxCommandDeps): Promise<void> {
  const sandbox = await localSandbox(deps);
  const ui = deps.ui();
  const title = vscode.l10n.t('Inject Sandbox Fault');
  const fault = await askFaultTarget(deps, title);
  const kind = await ui.pick(
    [
      {
        label: vscode.l10n.t('Status code'),
        description: vscode.l10n.t('answer with an error status, such as 500 or 429'),
        value: 'status',
      },
      { label: vscode.l10n.t('Drop the connection'), description: vscode.l10n.t('close the socket without an answer'), value: 'drop' },
      { label: vscode.l10n.t('Delay'), description: vscode.l10n.t('wait before answering normally'), value: 'delay' },
    ],
    { title, placeholder: vscode.l10n.t('How it should fail') },
  );
  // The ranges the sandbox checks a fault with (src/sandbox/domain/inputs.ts); a delay of 0 would be no fault at all.
  const [, maxDelay] = FAULT_LIMITS.delayMs;
  if (kind === 'status')
    fault.status = await askNumber(deps, title, vscode.l10n.t('The HTTP status to answer with'), ...FAULT_LIMITS.status, '500');
  else if (kind === 'drop') fault.drop = true;
  else fault.delayMs = await askNumber(deps, title, vscode.l10n.t('How long to wait, in milliseconds'), 1, maxDelay, '3000');
  await askFaultPhase(deps, title, fault);
  const many = -1;
  const times = await ui.pick(
    [
      { label: vscode.l10n.t('Once'), value: 1 },
      { label: vscode.l10n.t('Every time'), description: vscode.l10n.t('until you clear it'), value: 0 },
      { label: vscode.l10n.t('A number of times…'), value: many },
    ],
    { title, placeholder: vscode.l10n.t('For how many requests') },
  );
  if (times === many) fault.times = await askNumber(deps, title, vscode.l10n.t('For how many requests'), ...FAULT_LIMITS.times, '3');
  else if (times > 0) fault.times = times;
  await sandbox.faults.add(fault);
  deps.logger.info(`Sandbox fault added: ${faultTarget(fault)} ${faultDescription(fault)}.`);
}

/** The delay before every API request the sandbox answers; 0 removes it. */
export async function setSandboxDelay(deps: SandboxCommandDeps): Promise<void> {
  const sandbox = await localSandbox(deps);
  const latency = await askNumber(
    deps,
    vscode.l10n.t('Set Sandbox Delay'),
    vscode.l10n.t('Milliseconds the sandbox waits before answering each request (0 for none)'),
    ...KNOB_LIMITS.latencyMs,
    String((await sandbox.knobs()).latencyMs || 500),
  );
  await sandbox.setLatency(latency);
}

/** Removes one fault: the tree's, or one picked from the list. */
export async function clearFault(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const faults = await sandbox.faults.list();
  const given = isRecord(argument) && isRecord(argument.fault) ? (argument.fault as unknown as Fault) : undefined;
  if (faults.length === 0) throw new UserFacingError(vscode.l10n.t('No sandbox fault is active.'));
  const fault =
    given ??
    (await deps.ui().pick(
      faults.map((candidate) => ({ label: faultTarget(candidate), description: faultDescription(candidate), value: candidate })),
      { title: vscode.l10n.t('Clear Sandbox Fault') },
    ));
  // By id: two faults may read alike. A fault used up meanwhile is already gone.
  if (fault.id) await sandbox.faults.remove(fault.id);
}

export async function clearAllFaults(deps: SandboxCommandDeps): Promise<void> {
  const sandbox = await localSandbox(deps);
  await sandbox.faults.clear();
  await sandbox.setLatency(0);
  deps.logger.info('Sandbox faults and delay cleared.');
}

/** Refreshes what the Wallet view shows of the wallet the sandbox just changed (if it shows that one). */
async function reload(deps: SandboxCommandDeps, model: WalletModel, mobile: string, parts: 'balance' | 'all'): Promise<void> {
  if (deps.accounts.env() !== 'local' || deps.accounts.activeWallet('local')?.mobile !== mobile || !model.connected) return;
  await (parts === 'balance' ? model.loadBalance(true) : model.refreshAll());
}

export async function setSandboxBalance(deps: SandboxCommandDeps, model: WalletModel, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const mobile = targetMobile(deps, argument);
  const typed = await deps.ui().ask({
    title: vscode.l10n.t('Set Sandbox Balance of {0}', formatMobileForPeople(mobile)),
    prompt: vscode.l10n.t('The new balance in naira, such as 1,500 or 2500.50'),
    validate: nairaAmount(0),
  });
  const kobo = (parseNairaToKobo(typed) as { value: number }).value;
  await sandbox.setBalance(mobile, kobo);
  await reload(deps, model, mobile, 'balance');
  notify(deps, vscode.l10n.t('The sandbox balance of {0} is now {1}.', formatMobileForPeople(mobile), formatNaira(kobo)));
}

export async function addSandboxTransaction(deps: SandboxCommandDeps, model: WalletModel, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const mobile = targetMobile(deps, argument);
  const title = vscode.l10n.t('Add Sandbox Transaction to {0}', formatMobileForPeople(mobile));
  const type = await deps.ui().pick<TransactionType>(
    TRANSACTION_TYPES.map((value) => ({ label: transactionTypeLabel(value), description: value, value })),
    { title, placeholder: vscode.l10n.t('The type of the new transaction') },
  );
  const typed = await deps.ui().ask({
    title,
    prompt: vscode.l10n.t('Its amount in naira, such as 1,500'),
    validate: nairaAmount(1),
  });
  const kobo = (parseNairaToKobo(typed) as { value: number }).value;
  const record = await sandbox.addTransaction(mobile, { type, amount: kobo });
  await reload(deps, model, mobile, 'all');
  notify(
    deps,
    vscode.l10n.t(
      'Added a {0} of {1} to {2} (reference {3}).',
      transactionTypeLabel(type),
      formatNaira(kobo),
      formatMobileForPeople(mobile),
      record.reference,
    ),
  );
}

export async function expireWalletToken(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const mobile = targetMobile(deps, argument);
  await sandbox.expireAccessTokens(mobile);
  notify(
    deps,
    vscode.l10n.t(
      'The access tokens of {0} have expired: the next call renews them with the refresh token.',
      formatMobileForPeople(mobile),
    ),
  );
}

export async function revokeRefreshTokens(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const mobile = targetMobile(deps, argument);
  const revoke = vscode.l10n.t('Revoke');
  const answer = await deps
    .ui()
    .confirm(
      vscode.l10n.t('Revoke the refresh tokens of {0}?', formatMobileForPeople(mobile)),
      { modal: true, level: 'warning', detail: vscode.l10n.t('Once its access token expires, the wallet must be connected again.') },
      revoke,
    );
  if (answer !== revoke) return;
  await sandbox.revokeRefreshTokens(mobile);
  deps.logger.info(`Revoked the sandbox refresh tokens of ${mobile}.`);
}

export async function resetSandboxWallet(deps: SandboxCommandDeps, model: WalletModel, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const mobile = targetMobile(deps, argument);
  const reset = vscode.l10n.t('Reset');
  const answer = await deps.ui().confirm(
    vscode.l10n.t('Reset sandbox wallet {0}?', formatMobileForPeople(mobile)),
    {
      modal: true,
      level: 'warning',
      detail: vscode.l10n.t('Its balance, history and linked accounts go back to the seeded ones. Tokens and webhook events stay.'),
    },
    reset,
  );
  if (answer !== reset) return;
  await sandbox.resetWallet(mobile);
  await reload(deps, model, mobile, 'all');
  deps.logger.info(`Reset sandbox wallet ${mobile} to its seeded state.`);
}
