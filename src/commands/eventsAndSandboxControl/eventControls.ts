import * as vscode from 'vscode';
import { validateCallbackUrl } from '../../api';
import { ENVIRONMENTS } from '../../auth/environments';
import { COMMANDS } from '../../common/commandIds';
import { isRecord } from '../../common/isRecord';
import { UserFacingError } from '../../common/userFacingError';
import { inputCheck } from '../../common/validators';
import type { PublicWebhookEvent, SandboxClient } from '../../sandbox';
import { ErrorCode } from '../../sandbox/reference';
import { formatDuration, parseDuration } from '../../localSandbox/durations';
import { eventDescription, eventTitle, eventTypeLabel, newestFirst } from '../../localSandbox/eventSummary';
import type { DetailPanelApi } from '../../webview/panel';
import { argumentOrPick, withProgress } from '../../commandDeps/commandDeps';
import { localSandbox, notify, type SandboxCommandDeps } from './sandboxAccess';

const SET_WEBHOOK_URL = () => ({ title: vscode.l10n.t('Set Webhook URL'), command: COMMANDS.setWebhookUrl });

/** Sets the active app's callbackURL (where the environment POSTs its webhook events). */
export async function setWebhookUrl(deps: SandboxCommandDeps): Promise<void> {
  const env = deps.accounts.env();
  const environment = ENVIRONMENTS[env];
  const { app } = await deps.accounts.requireAppKey(env);
  // The box starts at the current URL; one whose password the server masks (***@) is only named.
  const current = await deps.accounts.webhookUrl(env);
  const typed = await deps.ui().ask({
    title: vscode.l10n.t('Set Webhook URL on {0}', environment.label),
    prompt: current
      ? vscode.l10n.t(
          'Where {0} POSTs the webhook events of app "{1}", now {2}. Leave it empty to stop them.',
          environment.label,
          app.name,
          current,
        )
      : vscode.l10n.t('Where {0} POSTs the webhook events of app "{1}". Leave it empty to stop them.', environment.label, app.name),
    placeholder: vscode.l10n.t('http://localhost:3000/webhooks'),
    value: current?.includes('@') ? undefined : current,
    validate: inputCheck(validateCallbackUrl),
  });
  const url = typed.trim();
  if (environment.live) {
    const change = vscode.l10n.t('Change Webhook URL');
    const answer = await deps
      .ui()
      .confirm(
        vscode.l10n.t('Change where {0} sends the live events of "{1}"?', environment.label, app.name),
        { modal: true, level: 'warning', detail: url || vscode.l10n.t('(no URL: events stop)') },
        change,
      );
    if (answer !== change) return;
  }
  await withProgress(vscode.l10n.t('Setting the webhook URL…'), () => deps.accounts.setWebhookUrl(env, url));
  deps.logger.info(`[${env}] Webhook URL of app "${app.name}" ${url ? 'set' : 'cleared'}.`);
  notify(
    deps,
    url
      ? vscode.l10n.t('Webhook events of "{0}" now go to {1}.', app.name, url)
      : vscode.l10n.t('Webhook URL of "{0}" cleared: no more events.', app.name),
  );
}

function eventId(argument: unknown): unknown {
  return isRecord(argument) && typeof argument.id === 'string' ? argument.id : argument;
}

function eventItems(events: readonly PublicWebhookEvent[]) {
  return events.map((event) => ({
    label: eventTitle(event),
    description: eventDescription(event),
    detail: event.id,
    value: event.id,
  }));
}

/** Opens an event (payload and every attempt's answer) in the panel. */
export async function showEvent(deps: SandboxCommandDeps, panel: DetailPanelApi, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const id = await argumentOrPick(deps, eventId(argument), eventItems(await newestFirst(sandbox)), {
    title: vscode.l10n.t('Show Event'),
    none: new UserFacingError(vscode.l10n.t('The sandbox has sent no webhook events yet.'), [SET_WEBHOOK_URL()]),
  });
  await panel.showEvent(id);
}

/** A new delivery run of the event: same id and payload, attempts counted from one again. */
export async function redeliverEvent(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const id = await argumentOrPick(deps, eventId(argument), eventItems(await newestFirst(sandbox)), {
    title: vscode.l10n.t('Redeliver Event'),
    placeholder: vscode.l10n.t('The event to send again'),
    none: new UserFacingError(vscode.l10n.t('The sandbox has sent no webhook events yet.'), [SET_WEBHOOK_URL()]),
  });
  if (!(await sandbox.webhooks.get(id))) throw new UserFacingError(vscode.l10n.t('The sandbox has no webhook event {0}.', id.slice(0, 40)));
  const event = await sandbox.webhooks.redeliver(id);
  deps.logger.info(`Redelivering webhook event ${event.id} to its app's webhook URL.`);
}

/**
 * A test transfer's event to the active app's webhook URL: ₦1.00 of sandbox money moves from the
 * active wallet (the one whose tokens new terminals get), so a handler that requeries finds it.
 */
export async function triggerTestEvent(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const types: PublicWebhookEvent['type'][] = ['BANK_TRANSFER', 'PHONE_TRANSFER'];
  const type = types.includes(argument as PublicWebhookEvent['type'])
    ? (argument as PublicWebhookEvent['type'])
    : await deps.ui().pick(
        types.map((value) => ({ label: eventTypeLabel(value), description: value, value })),
        { title: vscode.l10n.t('Trigger Test Event'), placeholder: vscode.l10n.t('The kind of event to send') },
      );
  const event = await sendTestTransfer(deps, sandbox, type);
  deps.logger.info(`Sent a test ${event.type} webhook event (${event.id}) for a test transfer of ₦1.00.`);
  notify(
    deps,
    vscode.l10n.t(
      'Sent a ₦1.00 test transfer of sandbox money and its {0} event to {1}. Events shows its delivery.',
      event.type,
      event.url,
    ),
  );
}

const errorCodeOf = (error: unknown): unknown => (isRecord(error) ? error.errorCode : undefined);

/** The sandbox's test transfer for the active app and wallet, or what to do when it cannot make one. */
async function sendTestTransfer(deps: SandboxCommandDeps, sandbox: SandboxClient, type: PublicWebhookEvent['type']) {
  const app = deps.accounts.activeApp('local');
  const mobile = deps.accounts.activeWallet('local')?.mobile;
  // Apps made here carry the sandbox's own id; an added key (or an app a scenario reset made anew) may be
  // any app: then the sandbox picks the one whose webhook URL was set last.
  const appId = app?.origin === 'created' ? app.id : undefined;
  try {
    const transfer = { mobile };
    return await sandbox.webhooks.trigger(type, {}, { appId, transfer }).catch((error: unknown) => {
      if (appId === undefined || errorCodeOf(error) !== ErrorCode.notFound) throw error;
      return sandbox.webhooks.trigger(type, {}, { transfer });
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    deps.logger.warn(`Trigger Test Event: ${why}`);
    const appName = app ? `"${app.name}"` : vscode.l10n.t('The app');
    if (errorCodeOf(error) === ErrorCode.noCallbackUrl) {
      throw new UserFacingError(vscode.l10n.t('{0} has no webhook URL yet. Set one, then trigger the event again.', appName), [
        SET_WEBHOOK_URL(),
      ]);
    }
    if (errorCodeOf(error) === ErrorCode.insufficientFunds) {
      throw new UserFacingError(
        vscode.l10n.t('The wallet has less than ₦1.00 for the test transfer. Set its sandbox balance, then trigger the event again.'),
        [{ title: vscode.l10n.t('Set Sandbox Balance'), command: COMMANDS.setSandboxBalance }],
      );
    }
    throw new UserFacingError(vscode.l10n.t('The sandbox sent no test event: {0}', why));
  }
}

const ADVANCE_CHOICES = [60, 5 * 60, 3600, 86_400];

/** Moves the sandbox clock forward: settlements and webhook retries that fall due run at once. */
export async function advanceSandboxClock(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const given = typeof argument === 'number' && Number.isInteger(argument) && argument > 0 ? argument : undefined;
  const seconds = given ?? (await askAdvance(deps));
  await withProgress(vscode.l10n.t('Moving the sandbox clock forward…'), () => sandbox.clock.advance(seconds));
  deps.logger.info(`Moved the sandbox clock forward by ${formatDuration(seconds)}.`);
  notify(deps, vscode.l10n.t('The sandbox clock moved forward by {0}.', formatDuration(seconds)));
}

async function askAdvance(deps: SandboxCommandDeps): Promise<number> {
  const title = vscode.l10n.t('Advance Sandbox Clock');
  const custom = -1;
  const picked = await deps
    .ui()
    .pick(
      [
        ...ADVANCE_CHOICES.map((value) => ({ label: formatDuration(value), value })),
        { label: vscode.l10n.t('Custom…'), description: vscode.l10n.t('such as 90s, 2h or 3 days'), value: custom },
      ],
      { title, placeholder: vscode.l10n.t('How far to move the sandbox clock forward') },
    );
  if (picked !== custom) return picked;
  const typed = await deps.ui().ask({
    title,
    prompt: vscode.l10n.t('How far forward: 90s, 5 min, 1h30m, 2 days (a bare number is minutes)'),
    validate: inputCheck(parseDuration),
  });
  const parsed = parseDuration(typed);
  return parsed.ok ? parsed.value : 0;
}
