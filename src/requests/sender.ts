import * as vscode from 'vscode';
import { CHECK_USER_AGENT } from '../sandbox/reference';
import type { RequestRecord } from './requestRecord';

/** Who sent a request: "this extension", Check Webhook Handler (its test transfers), or the other client by its User-Agent. */
export function senderText(record: RequestRecord): string {
  if (record.fromExtension) return vscode.l10n.t('this extension');
  if (record.userAgent === CHECK_USER_AGENT) return vscode.l10n.t('Check Webhook Handler');
  return record.userAgent === '' ? vscode.l10n.t('a client without a user agent') : record.userAgent;
}
