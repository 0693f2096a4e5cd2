import * as vscode from 'vscode';
import { WEBVIEW_MESSAGES } from './protocol';

/** Passed to every entry so {0}, {1} stay in the text for the page to fill in. */
const KEEP = ['{0}', '{1}'];

/**
 * The messages of the panel's page modules (html.ts, protocol.ts, media/main.ts), each under its
 * English text, in the display language. Those modules are plain TypeScript without 'vscode',
 * and `npm run l10n` reads vscode.l10n.t calls only in files that import 'vscode': listing the
 * messages here, each through vscode.l10n.t with a literal, puts them in l10n/bundle.l10n.json.
 * test/unit/l10n.test.ts checks that every message those modules use is listed, under its own text.
 */
function pageMessages(): [english: string, translated: string][] {
  return [
    // html.ts: the pages the host renders
    ['10-digit NUBAN', vscode.l10n.t('10-digit NUBAN', ...KEEP)],
    ['Account number', vscode.l10n.t('Account number', ...KEEP)],
    ['Airtime (VTU)', vscode.l10n.t('Airtime (VTU)', ...KEEP)],
    ['Amount', vscode.l10n.t('Amount', ...KEEP)],
    ['BVN check', vscode.l10n.t('BVN check', ...KEEP)],
    ['Back to transaction {0}', vscode.l10n.t('Back to transaction {0}', ...KEEP)],
    ['Bank transfer', vscode.l10n.t('Bank transfer', ...KEEP)],
    ['Bank', vscode.l10n.t('Bank', ...KEEP)],
    ['Bill payment', vscode.l10n.t('Bill payment', ...KEEP)],
    ['Bill type', vscode.l10n.t('Bill type', ...KEEP)],
    ['Biller', vscode.l10n.t('Biller', ...KEEP)],
    ['Copy JSON', vscode.l10n.t('Copy JSON', ...KEEP)],
    ['Copy reference', vscode.l10n.t('Copy reference', ...KEEP)],
    ['Created', vscode.l10n.t('Created', ...KEEP)],
    ['Customer ID', vscode.l10n.t('Customer ID', ...KEEP)],
    ['ID', vscode.l10n.t('ID', ...KEEP)],
    ['Mobile', vscode.l10n.t('Mobile', ...KEEP)],
    ['Name', vscode.l10n.t('Name', ...KEEP)],
    ['No accounts verified yet in this session.', vscode.l10n.t('No accounts verified yet in this session.', ...KEEP)],
    ['Open as JSON', vscode.l10n.t('Open as JSON', ...KEEP)],
    ['Other fields', vscode.l10n.t('Other fields', ...KEEP)],
    ['Phone transfer', vscode.l10n.t('Phone transfer', ...KEEP)],
    ['Recent verifications', vscode.l10n.t('Recent verifications', ...KEEP)],
    ['Recipient name', vscode.l10n.t('Recipient name', ...KEEP)],
    ['Recipient', vscode.l10n.t('Recipient', ...KEEP)],
    ['Reference', vscode.l10n.t('Reference', ...KEEP)],
    ['Refresh', vscode.l10n.t('Refresh', ...KEEP)],
    ['Search {0} banks by name or code', vscode.l10n.t('Search {0} banks by name or code', ...KEEP)],
    ['Summary', vscode.l10n.t('Summary', ...KEEP)],
    ['The 10-digit NUBAN, like 2079151995.', vscode.l10n.t('The 10-digit NUBAN, like 2079151995.', ...KEEP)],
    ['The bank list could not be loaded. {0}', vscode.l10n.t('The bank list could not be loaded. {0}', ...KEEP)],
    ['The record names no recipient.', vscode.l10n.t('The record names no recipient.', ...KEEP)],
    ['Transaction actions', vscode.l10n.t('Transaction actions', ...KEEP)],
    ['Transaction {0}', vscode.l10n.t('Transaction {0}', ...KEEP)],
    ['Try again', vscode.l10n.t('Try again', ...KEEP)],
    ['Type', vscode.l10n.t('Type', ...KEEP)],
    ['Updated', vscode.l10n.t('Updated', ...KEEP)],
    ['Verify Bank Account', vscode.l10n.t('Verify Bank Account', ...KEEP)],
    ['Verify a bank account', vscode.l10n.t('Verify a bank account', ...KEEP)],
    ['Verify', vscode.l10n.t('Verify', ...KEEP)],
    ['amount as sent: {0}', vscode.l10n.t('amount as sent: {0}', ...KEEP)],
    ['{0} kobo', vscode.l10n.t('{0} kobo', ...KEEP)],
    [
      '{0} more fields are not shown here: use Open as JSON.',
      vscode.l10n.t('{0} more fields are not shown here: use Open as JSON.', ...KEEP),
    ],
    ['{0} · wallet {1}', vscode.l10n.t('{0} · wallet {1}', ...KEEP)],
    // protocol.ts and media/main.ts: what the page script draws itself
    ['{0} banks', vscode.l10n.t('{0} banks', ...KEEP)],
    ['No bank matches.', vscode.l10n.t('No bank matches.', ...KEEP)],
    ['{0} of {1} banks match.', vscode.l10n.t('{0} of {1} banks match.', ...KEEP)],
    ['Not verified', vscode.l10n.t('Not verified', ...KEEP)],
    ['Verifying {0} at {1}…', vscode.l10n.t('Verifying {0} at {1}…', ...KEEP)],
    ['{0}: not verified ({1})', vscode.l10n.t('{0}: not verified ({1})', ...KEEP)],
    ['no answer', vscode.l10n.t('no answer', ...KEEP)],
  ];
}

/** What the page script needs (WEBVIEW_MESSAGES), rendered into the page as data. */
export function webviewTranslations(): Record<string, string> {
  const all = new Map(pageMessages());
  return Object.fromEntries(WEBVIEW_MESSAGES.map((message) => [message, all.get(message) ?? message]));
}
