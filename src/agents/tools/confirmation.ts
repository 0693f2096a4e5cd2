// What an action will do and where, for the confirmation VS Code shows before it runs.
// Numbers are shown in full: this is where the user checks the exact ones the call will use.
// Mobiles are written as people read them (0803 123 4567), as everywhere a person reads one;
// the tool results keep the API's form (2348031234567), which the model passes back as input.

import { formatNaira } from '../../api';
import { formatBillerName } from '../../common/billerName';
import { formatMobileForPeople } from '../../common/formatMobile';
import { countText } from '../../common/plural';
import type { ToolEnvironment } from './context';
import { TOOL_DEFINITIONS, type ToolInput, type ToolKey } from './definitions';

export interface Confirmation {
  title: string;
  message: string;
}

/** Money moves once: a send whose answer never came is requeried, not sent again. */
const SENT_ONCE = 'Sent once, never retried.';

function from(wallet: string | undefined, defaultWallet: string | undefined): string {
  const mobile = wallet ?? defaultWallet;
  return mobile ? `wallet ${formatMobileForPeople(mobile)}` : 'the active wallet';
}

/** The sentence for an action; undefined for a read-only tool. `input` has been validated. */
export function confirmation(key: ToolKey, input: unknown, where: ToolEnvironment, defaultWallet?: string): Confirmation | undefined {
  const definition = TOOL_DEFINITIONS[key];
  if (!definition.action) return undefined;
  const place = `in ${where.label}`;
  const what = ((): string => {
    switch (key) {
      case 'bankTransfer': {
        const given = input as ToolInput<'bankTransfer'>;
        const to = `account ${given.accountNumber} at bank ${given.bankCode}`;
        return `Send ${formatNaira(given.amountKobo)} from ${from(given.wallet, defaultWallet)} to ${to} ${place}. ${SENT_ONCE}`;
      }
      case 'phoneTransfer': {
        const given = input as ToolInput<'phoneTransfer'>;
        const to = formatMobileForPeople(given.mobile);
        return `Send ${formatNaira(given.amountKobo)} from ${from(given.wallet, defaultWallet)} to ${to} ${place}. ${SENT_ONCE}`;
      }
      case 'airtime': {
        const given = input as ToolInput<'airtime'>;
        const airtime = `${formatNaira(given.amountKobo)} of ${formatBillerName(given.provider)} airtime`;
        return `Buy ${airtime} for ${formatMobileForPeople(given.mobile)} from ${from(given.wallet, defaultWallet)} ${place}. ${SENT_ONCE}`;
      }
      case 'advanceClock': {
        const { seconds } = input as ToolInput<'advanceClock'>;
        const forward = countText(seconds, `${seconds} second`, `${seconds} seconds`, 'en');
        return `Move the sandbox clock forward ${forward} ${place}: pending bank transfers that fall due settle and due webhooks are sent.`;
      }
      case 'injectFault': {
        const given = input as ToolInput<'injectFault'>;
        const until = given.times ? ` for the next ${given.times}` : ' until faults are cleared';
        return `Make requests to ${given.method ?? 'any method'} ${given.path} fail ${place}${until}.`;
      }
      case 'clearFaults':
        return `Remove every injected fault ${place}.`;
      case 'redeliverEvent':
        return `Send webhook event ${(input as ToolInput<'redeliverEvent'>).eventId} to the app's callbackURL again ${place}.`;
      case 'webhookDisorder': {
        const given = input as ToolInput<'webhookDisorder'>;
        const copies = given.copies ?? 2;
        const days = given.afterDays ?? 3;
        const copiesText = countText(copies, `${copies} request`, `${copies} requests`, 'en');
        const daysText = countText(days, `${days} day`, `${days} days`, 'en');
        const disorder = {
          copies: `Send webhook event ${given.eventId ?? '(none given)'} as ${copiesText} at once`,
          older: `Send the older PENDING event of ${given.eventId ?? '(none given)'} after it`,
          withhold: `Withhold the next ${given.eventType ?? 'webhook'} event (made, never sent)`,
          beforeAnswer: "Hold the next transfer's answer until its webhook was answered",
          reversal: `Reverse bank transfer ${given.reference ?? '(none given)'} ${daysText} later on the sandbox clock`,
        }[given.disorder];
        return `${disorder} ${place}.`;
      }
      case 'resetWallet': {
        const wallet = from((input as ToolInput<'resetWallet'>).wallet, defaultWallet);
        return `Reset ${wallet} to its seeded balance and history ${place}, discarding every transaction since.`;
      }
      default:
        return `${definition.title} ${place}.`;
    }
  })();
  return { title: definition.title, message: what };
}
