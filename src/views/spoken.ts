import * as vscode from 'vscode';
import { formatNaira } from '../api';

// What a screen reader says for an item: what it is, with amounts in naira (in words, not
// "credit-card ₦…" read out icon name and sign first, nor kobo).

/** "12,340.50 naira"; "minus 200.00 naira" for a negative amount. */
export function spokenNaira(kobo: number): string {
  const written = formatNaira(kobo);
  const negative = written.startsWith('-');
  const digits = written.replace(/^-?₦/, '');
  return negative ? vscode.l10n.t('minus {0} naira', digits) : vscode.l10n.t('{0} naira', digits);
}

export function accessible(label: string, role?: string): vscode.AccessibilityInformation {
  return role ? { label: label.trim(), role } : { label: label.trim() };
}
