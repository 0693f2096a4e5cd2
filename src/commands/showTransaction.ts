import { isRecord } from '../common/isRecord';
import * as vscode from 'vscode';
import { validateTransactionRef } from '../api';
import { UserFacingError } from '../common/userFacingError';
import { inputCheck } from '../common/validators';
import { openTransactionJson as openJson, type TransactionRecords } from '../webview/transactionJson';
import type { DetailPanelApi } from '../webview/panel';
import type { CommandDeps } from '../commandDeps/commandDeps';

/** A tree node carries `.reference`; the tree's click and other callers pass the string itself. */
export function referenceArgument(argument: unknown): string | undefined {
  if (typeof argument === 'string') return argument;
  return isRecord(argument) && typeof argument.reference === 'string' ? argument.reference : undefined;
}

async function resolveReference(deps: CommandDeps, argument: unknown, title: string, suggestion?: string): Promise<string> {
  const given = referenceArgument(argument);
  if (given !== undefined) {
    const checked = validateTransactionRef(given);
    if (!checked.ok) throw new UserFacingError(checked.message);
    return checked.value;
  }
  const typed = await deps.ui().ask({
    title,
    prompt: vscode.l10n.t('The reference of the transaction (from the Wallet view, a receipt or the API)'),
    placeholder: '5f1a2b3c4d5e6f7a8b9c0d1e',
    value: suggestion,
    validate: inputCheck(validateTransactionRef),
  });
  const checked = validateTransactionRef(typed);
  if (!checked.ok) throw new UserFacingError(checked.message);
  return checked.value;
}

/**
 * Shows a transaction in the panel. The load is not awaited: the panel shows its progress
 * and any error itself, and a second click while the first loads must not be merged into it.
 */
export async function showTransaction(deps: CommandDeps, panel: DetailPanelApi, argument?: unknown, onShown?: () => void): Promise<void> {
  // Fails early, with a Connect Wallet button, rather than asking for a reference first.
  await deps.accounts.walletContext();
  const reference = await resolveReference(deps, argument, vscode.l10n.t('Show Transaction'));
  void panel.showTransaction(reference).then(onShown);
}

/** Opens a transaction's raw record as a read-only JSON document. */
export async function openTransactionJson(
  deps: CommandDeps,
  panel: DetailPanelApi,
  records: TransactionRecords,
  argument?: unknown,
): Promise<void> {
  const onShow = referenceArgument(argument) === undefined ? panel.currentReference() : undefined;
  if (onShow === undefined) await deps.accounts.walletContext();
  const reference = onShow ?? (await resolveReference(deps, argument, vscode.l10n.t('Open Transaction as JSON')));
  await openJson(deps.accounts, records, reference);
}
