// Plain data shared by the tree (ThemeIcon) and the detail page (codicon class): no vscode.

/** The codicon drawn for each transaction type; an unknown type gets a neutral circle. */
export const TRANSACTION_TYPE_ICONS: Readonly<Record<string, string>> = {
  bank: 'credit-card',
  phone: 'device-mobile',
  bills: 'lightbulb',
  bvn: 'shield',
  vtu: 'radio-tower',
};

export function transactionTypeIcon(type: string): string {
  return Object.hasOwn(TRANSACTION_TYPE_ICONS, type) ? TRANSACTION_TYPE_ICONS[type]! : 'circle-outline';
}
