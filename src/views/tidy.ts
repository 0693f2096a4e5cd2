import type * as vscode from 'vscode';

/** One space between words, none at the ends: server strings arrive padded ("OPAY "). */
export function tidyText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Tidies what a row shows and says, in one place, so no label or description ends in a space. */
export function tidyItem(item: vscode.TreeItem): vscode.TreeItem {
  if (typeof item.label === 'string') item.label = tidyText(item.label);
  if (typeof item.description === 'string') item.description = tidyText(item.description) || undefined;
  if (item.accessibilityInformation)
    item.accessibilityInformation = { ...item.accessibilityInformation, label: tidyText(item.accessibilityInformation.label) };
  return item;
}
