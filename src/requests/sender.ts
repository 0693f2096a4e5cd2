import * as vscode from 'vscode';
import type { RequestRecord } from './requestRecord';

/** Who sent a request: "this extension", or the other client by its User-Agent. */
export function senderText(record: RequestRecord): string {
  if (record.fromExtension) return vscode.l10n.t('this extension');
  return record.userAgent === '' ? vscode.l10n.t('a client without a user agent') : record.userAgent;
}
