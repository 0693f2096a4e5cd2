// What each transaction type is called and drawn with, written once for the tree (ThemeIcon)
// and the detail page (codicon class). Plain data: no vscode. Labels go through @vscode/l10n,
// which the extension configures with vscode.l10n.bundle at activation.
import * as l10n from '@vscode/l10n';

/** The codicon drawn for each transaction type; an unknown type gets a neutral circle. */
export const TRANSACTION_TYPE_ICONS = {
  bank: 'credit-card',
  phone: 'device-mobile',
  bills: 'lightbulb',
  bvn: 'shield',
  vtu: 'radio-tower',
} as const;

/** Literal names, so the panel's icon list (src/webview/html/iconNames.ts) is checked against them. */
export type TransactionTypeIcon = (typeof TRANSACTION_TYPE_ICONS)[keyof typeof TRANSACTION_TYPE_ICONS] | 'circle-outline';

export function transactionTypeIcon(type: string): TransactionTypeIcon {
  return Object.hasOwn(TRANSACTION_TYPE_ICONS, type)
    ? TRANSACTION_TYPE_ICONS[type as keyof typeof TRANSACTION_TYPE_ICONS]
    : 'circle-outline';
}

/** The words for a type, in the display language; an unknown type is shown as the server sent it. */
export function transactionTypeLabel(type: string): string {
  // Each message is a literal in an l10n.t call, so the l10n export finds it.
  switch (type) {
    case 'bank':
      return l10n.t('Bank transfer');
    case 'phone':
      return l10n.t('Phone transfer');
    case 'bills':
      return l10n.t('Bill payment');
    case 'bvn':
      return l10n.t('BVN check');
    case 'vtu':
      return l10n.t('Airtime (VTU)');
    default:
      return type;
  }
}
