// Replay's confirmation before a recorded money-moving POST is sent again: a prompt, so it lives
// with the other money confirmations; src/requests/replay.ts is handed it and only sends.
import * as vscode from 'vscode';
import { formatNaira } from '../../api';
import { ENVIRONMENTS } from '../../auth/environments';
import type { BankDirectory } from '../../banks/bankDirectory';
import { isRecord } from '../../common/isRecord';
import type { UserInput } from '../../common/userInput';
import { recipientWords, type Recipient } from '../../money/recipient';
import type { RequestRecord } from '../../requests/requestRecord';

/**
 * Asks whether to send the recorded money-moving request again, naming amount, recipient and
 * environment. As every money confirmation: the first button, VS Code's default for Enter, moves
 * nothing. True only for "Replay and Move Money".
 */
export async function confirmReplay(ui: UserInput, banks: Pick<BankDirectory, 'find'>, record: RequestRecord): Promise<boolean> {
  const body = parseObject(record.template.body) ?? {};
  // Kobo as a number, or a digit string as the API also takes it.
  const kobo =
    typeof body.amount === 'number' || (typeof body.amount === 'string' && /^\d+$/.test(body.amount)) ? Number(body.amount) : NaN;
  const amount = Number.isSafeInteger(kobo) && kobo > 0 ? formatNaira(kobo) : vscode.l10n.t('the same amount');
  const recipient = await recipientOf(banks, record, body);
  const what =
    recipient?.kind === 'airtime'
      ? vscode.l10n.t('{0} of airtime for {1}', amount, recipientWords(recipient))
      : vscode.l10n.t('{0} to {1}', amount, recipient ? recipientWords(recipient) : vscode.l10n.t('the same recipient'));
  const dontReplay = vscode.l10n.t("Don't Replay");
  const replay = vscode.l10n.t('Replay and Move Money');
  const choice = await ui.confirm(
    vscode.l10n.t(
      'Replaying {0} {1} moves money again: {2} in {3}. Send it again?',
      record.method,
      record.path,
      what,
      ENVIRONMENTS[record.environment].label,
    ),
    { modal: true, level: 'warning' },
    dontReplay,
    replay,
  );
  return choice === replay;
}

/** Who the recorded body pays, named as the send confirmations name them (the bank by its name). */
async function recipientOf(
  banks: Pick<BankDirectory, 'find'>,
  record: RequestRecord,
  body: Record<string, unknown>,
): Promise<Recipient | undefined> {
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : undefined);
  const [mobile, accountNumber, bankCode] = [text('mobile'), text('accountNumber'), text('bankCode')];
  if (record.path.endsWith('/transfers/bank') && accountNumber) {
    const bank = bankCode ? await banks.find(bankCode, record.environment).catch(() => undefined) : undefined;
    return { kind: 'bank', accountName: text('accountName'), accountNumber, bankName: bank?.bankName, bankCode };
  }
  if (record.path.endsWith('/bills/vtu') && mobile && text('provider')) return { kind: 'airtime', mobile, provider: text('provider')! };
  return mobile ? { kind: 'phone', mobile } : undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
