// How every money confirmation names who gets the money (a send, an airtime purchase, a
// Replay): one wording, so the same recipient reads the same everywhere. Plain data: no
// vscode (unit-tested); words go through @vscode/l10n.

import * as l10n from '@vscode/l10n';
import { formatBillerName } from '../common/billerName';
import { formatMobileForPeople } from '../common/formatMobile';
import type { MoneyOrder } from './orders';

/** What a recipient is known by; the bank's name may be missing when only its code is known. */
export type Recipient =
  | { kind: 'phone'; mobile: string }
  | { kind: 'bank'; accountName?: string; accountNumber: string; bankName?: string; bankCode?: string }
  | { kind: 'airtime'; mobile: string; provider: string };

/**
 * "0909 000 0000", "ADA OBI, 1000000001 at ACCESS BANK", "MTN line 0803 000 0000". The account
 * number is in full: it is the one record the user is about to act on (masking/masking.ts).
 */
export function recipientWords(recipient: Recipient | MoneyOrder): string {
  switch (recipient.kind) {
    case 'phone':
      return formatMobileForPeople(recipient.mobile);
    case 'airtime':
      return l10n.t('{0} line {1}', formatBillerName(recipient.provider), formatMobileForPeople(recipient.mobile));
    case 'bank': {
      const bank = recipient.bankName ?? (recipient.bankCode ? l10n.t('bank {0}', recipient.bankCode) : l10n.t('the bank'));
      return recipient.accountName
        ? l10n.t('{0}, {1} at {2}', recipient.accountName, recipient.accountNumber, bank)
        : l10n.t('{0} at {1}', recipient.accountNumber, bank);
    }
  }
}

/** The words of a money confirmation: the question's verb and the button that moves the money. */
export interface MoneyWords {
  /** "send ₦1,500.00 to 0909 000 0000", "buy ₦100.00 of airtime for MTN line 0803 000 0000". */
  action: string;
  /** "Send ₦1,500.00", "Buy ₦100.00 of Airtime". */
  button: string;
  /** After the amount typed again: "send it to 0909 000 0000", "buy the airtime for MTN line 0803 000 0000". */
  again: string;
}

export function moneyWords(kind: Recipient['kind'], amount: string, recipient: string): MoneyWords {
  return kind === 'airtime'
    ? {
        action: l10n.t('buy {0} of airtime for {1}', amount, recipient),
        button: l10n.t('Buy {0} of Airtime', amount),
        again: l10n.t('buy the airtime for {0}', recipient),
      }
    : {
        action: l10n.t('send {0} to {1}', amount, recipient),
        button: l10n.t('Send {0}', amount),
        again: l10n.t('send it to {0}', recipient),
      };
}
