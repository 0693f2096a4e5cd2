import * as vscode from 'vscode';
import { formatDateTime } from '../../common/formatTime';
import { isRecord } from '../../common/isRecord';
import { UserFacingError } from '../../common/userFacingError';
import type { PickItem } from '../../common/userInput';
import type { PublicWebhookEvent, SandboxClient } from '../../sandbox';
import { formatDuration } from '../../localSandbox/durations';
import { eventDescription, eventReference, eventTitle, newestFirst } from '../../localSandbox/eventSummary';
import { localSandbox, notify, type SandboxCommandDeps } from './sandboxAccess';

// Send Webhooks as Production Does: the sandbox's controls for production's disorder (copies of
// an event at once, the older event late, the next event withheld, the webhook before the answer,
// a reversal days later), each one operation of the sandbox's table run through its client.

type Disorder = 'copies' | 'older' | 'withhold' | 'beforeAnswer' | 'reversal';

const COPY_CHOICES = [2, 3, 5, 10];
const REVERSAL_DAYS = [1, 3, 7];

/** A bank transfer's event that settled it (SUCCESS or FAILED): what has an older event, and (SUCCESS) what can be reversed. */
const settledBank = (event: PublicWebhookEvent, message?: string): boolean =>
  event.type === 'BANK_TRANSFER' &&
  event.test !== true &&
  (message === undefined ? ['SUCCESS', 'FAILED'].includes(event.payload.payload.message) : event.payload.payload.message === message);

function disorderItems(event: PublicWebhookEvent | undefined): PickItem<Disorder>[] {
  const items: (PickItem<Disorder> & { forEvent: (event: PublicWebhookEvent) => boolean })[] = [
    {
      value: 'copies',
      label: vscode.l10n.t('Copies at Once'),
      detail: vscode.l10n.t('Sends an event as several requests open together: a check-then-insert guard does the work twice.'),
      forEvent: () => true,
    },
    {
      value: 'older',
      label: vscode.l10n.t('Older Event After the Newer'),
      detail: vscode.l10n.t('Sends the PENDING that preceded a bank transfer’s SUCCESS after it: the order must not go back.'),
      forEvent: (one) => settledBank(one),
    },
    {
      value: 'reversal',
      label: vscode.l10n.t('Reverse a Bank Transfer Later'),
      detail: vscode.l10n.t('Days later on the sandbox clock, the money comes back and a FAILED event follows its SUCCESS.'),
      forEvent: (one) => settledBank(one, 'SUCCESS'),
    },
    {
      value: 'withhold',
      label: vscode.l10n.t('Withhold the Next Event'),
      detail: vscode.l10n.t('The next transfer’s event never comes: your app must requery it.'),
      forEvent: () => false,
    },
    {
      value: 'beforeAnswer',
      label: vscode.l10n.t('Webhook Before the Answer'),
      detail: vscode.l10n.t('The next transfer’s answer waits until its webhook was answered: your handler hears of it first.'),
      forEvent: () => false,
    },
  ];
  return items.filter((item) => event === undefined || item.forEvent(event)).map(({ forEvent, ...item }) => (void forEvent, item));
}

function eventItems(events: readonly PublicWebhookEvent[]): PickItem<string>[] {
  return events.map((event) => ({ label: eventTitle(event), description: eventDescription(event), detail: event.id, value: event.id }));
}

/** The event the command was given (an Events view row, or an id), if any. */
async function givenEvent(sandbox: SandboxClient, argument: unknown): Promise<PublicWebhookEvent | undefined> {
  const id = isRecord(argument) && typeof argument.id === 'string' ? argument.id : typeof argument === 'string' ? argument : undefined;
  if (id === undefined) return undefined;
  const event = await sandbox.webhooks.get(id);
  if (!event) throw new UserFacingError(vscode.l10n.t('The sandbox has no webhook event {0}.', id.slice(0, 40)));
  return event;
}

async function pickEvent(deps: SandboxCommandDeps, events: PublicWebhookEvent[], title: string, none: string): Promise<PublicWebhookEvent> {
  if (events.length === 0) throw new UserFacingError(none);
  const id = await deps.ui().pick(eventItems(events), { title, placeholder: vscode.l10n.t('The event') });
  return events.find((event) => event.id === id) as PublicWebhookEvent;
}

/** One control's outcome: the sandbox refuses what does not apply, in its own words. */
async function refused<T>(control: Promise<T>): Promise<T> {
  try {
    return await control;
  } catch (error) {
    throw new UserFacingError(error instanceof Error ? error.message : String(error));
  }
}

/** Asks which disorder (only those that apply to the event it was given, if any), then sets it up. */
export async function sendWebhooksAsProduction(deps: SandboxCommandDeps, argument: unknown): Promise<void> {
  const sandbox = await localSandbox(deps);
  const given = await givenEvent(sandbox, argument);
  const title = vscode.l10n.t('Send Webhooks as Production Does');
  const items = disorderItems(given);
  if (items.length === 0) throw new UserFacingError(vscode.l10n.t('A test event has no transfer: nothing but copies of it applies.'));
  const disorder = await deps.ui().pick(items, { title, placeholder: vscode.l10n.t('What your webhook handler meets next') });
  const events = given ? [given] : await newestFirst(sandbox);
  const noEvents = vscode.l10n.t('The sandbox has sent no webhook event that this applies to yet. Move some money first.');
  switch (disorder) {
    case 'copies': {
      const event = given ?? (await pickEvent(deps, events, title, noEvents));
      const copies = await deps.ui().pick(
        COPY_CHOICES.map((value) => ({ label: vscode.l10n.t('{0} copies', value), value })),
        { title, placeholder: vscode.l10n.t('How many requests at once') },
      );
      await refused(sandbox.webhooks.deliverCopies(event.id, copies));
      deps.logger.info(`Sending ${copies} copies of webhook event ${event.id} at once.`);
      return notify(deps, vscode.l10n.t('{0} copies of the event are on their way at once: their attempts show under it.', copies));
    }
    case 'older': {
      const event =
        given ??
        (await pickEvent(
          deps,
          events.filter((one) => settledBank(one)),
          title,
          noEvents,
        ));
      const older = await refused(sandbox.webhooks.sendOlder(event.id));
      deps.logger.info(`Sent the older PENDING event ${older.id} after ${event.id}.`);
      return notify(
        deps,
        vscode.l10n.t('The older PENDING event of {0} is on its way, after its newer one.', eventReference(event) ?? event.id),
      );
    }
    case 'reversal':
      return reverseLater(
        deps,
        sandbox,
        given ??
          (await pickEvent(
            deps,
            events.filter((one) => settledBank(one, 'SUCCESS')),
            title,
            noEvents,
          )),
      );
    case 'withhold':
      return withholdNext(deps, sandbox, title);
    case 'beforeAnswer':
      await refused(sandbox.webhooks.beforeAnswers(1));
      deps.logger.info('The next money answer with a webhook waits until the webhook was answered.');
      return notify(deps, vscode.l10n.t('The next transfer’s answer waits until your handler answered its webhook.'));
  }
}

async function reverseLater(deps: SandboxCommandDeps, sandbox: SandboxClient, event: PublicWebhookEvent): Promise<void> {
  const reference = eventReference(event) ?? '';
  const days = await deps.ui().pick(
    REVERSAL_DAYS.map((value) => ({ label: formatDuration(value * 86_400), value })),
    { title: vscode.l10n.t('Reverse {0}', reference), placeholder: vscode.l10n.t('How long after now, on the sandbox clock') },
  );
  const reverseAt = (await refused(sandbox.reverseTransfer(reference, { afterSeconds: days * 86_400 }))).toISOString();
  deps.logger.info(`Bank transfer ${reference} will be reversed at ${reverseAt} (sandbox clock).`);
  notify(
    deps,
    vscode.l10n.t(
      '{0} is reversed at {1} on the sandbox clock. Advance Sandbox Clock to get there.',
      reference,
      formatDateTime(reverseAt, vscode.env.language),
    ),
  );
}

async function withholdNext(deps: SandboxCommandDeps, sandbox: SandboxClient, title: string): Promise<void> {
  const types: PickItem<PublicWebhookEvent['type'] | 'any'>[] = [
    { label: vscode.l10n.t('Any transfer'), value: 'any' },
    { label: vscode.l10n.t('Bank transfer'), value: 'BANK_TRANSFER' },
    { label: vscode.l10n.t('Phone transfer'), value: 'PHONE_TRANSFER' },
  ];
  const type = await deps.ui().pick(types, { title, placeholder: vscode.l10n.t('Whose event never comes') });
  await refused(sandbox.webhooks.withhold({ times: 1, ...(type === 'any' ? {} : { type }) }));
  deps.logger.info(`The next ${type === 'any' ? '' : `${type} `}webhook event is withheld.`);
  notify(deps, vscode.l10n.t('The next event is made but never sent (withheld in the Events view): Redeliver Event sends it late.'));
}
