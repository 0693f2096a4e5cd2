import * as vscode from 'vscode';
import { FIRST_USE_MARKS, markedFirstUse } from '../common/firstUseMarks';
import * as library from './library/index';

/** Editor languages the snippets are written for, and which version each gets. */
const DIALECTS: Readonly<Record<string, library.SnippetDialect>> = {
  typescript: 'typescript',
  typescriptreact: 'typescript',
  javascript: 'javascript',
  javascriptreact: 'javascript',
  python: 'python',
  go: 'go',
  php: 'php',
};

/** Markdown fence names for the preview. */
const FENCE: Readonly<Record<library.SnippetDialect, string>> = {
  typescript: 'ts',
  javascript: 'js',
  python: 'python',
  go: 'go',
  php: 'php',
};

/** What each snippet does, in the user's language (the code and its comments stay English). */
const SUMMARIES: Readonly<Record<string, () => string>> = {
  signIn: () => vscode.l10n.t('Sign a wallet in with a passcode (OTP): validate, send the passcode, verify it for tokens'),
  balance: () => vscode.l10n.t('Read a wallet’s balance (in kobo) with its access token'),
  bankTransfer: () => vscode.l10n.t('Send to a bank account: name enquiry, the transfer (kobo, sent once), then requery its outcome'),
  airtime: () => vscode.l10n.t('Buy airtime for a mobile number (amount in kobo, sent once)'),
  webhookHandler: () => vscode.l10n.t('Receive transfer webhooks: BANK_TRANSFER and PHONE_TRANSFER, once per transactionReference'),
};

export const SNIPPET_LANGUAGES = Object.keys(DIALECTS);

/**
 * What the user types for a snippet: `wallet-balance`. Not `wallet.`: in TypeScript the list of
 * globals is open on "wallet" (WritableStreamDefaultWriter…) and a dot commits it; `-` commits
 * no language's completion, so it survives them.
 */
export const SNIPPET_PREFIX = 'wallet-';

/**
 * `wallet-` and the start of a name, typed as a word of its own (not `mywallet-`, `a.wallet-`
 * nor PHP's `$wallet->`): the only place the snippets are offered, so they never crowd the
 * completions of ordinary code.
 */
const TYPED_PREFIX = /(?<![\w$.>-])wallet-(?!>)\w*$/;

/** Offers the curated snippets where the typed word starts with `wallet-`, while the setting is on. */
export class WalletSnippetCompletions implements vscode.CompletionItemProvider {
  /** `extensionRoot`: the folder whose templates/snippets/ holds the snippets' code. */
  constructor(private readonly extensionRoot: string) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionList | undefined {
    return markedFirstUse(FIRST_USE_MARKS.snippetsStart, FIRST_USE_MARKS.snippetsEnd, () => this.snippetsAt(document, position));
  }

  private snippetsAt(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionList | undefined {
    const dialect = DIALECTS[document.languageId];
    if (!dialect || !vscode.workspace.getConfiguration('walletConsole', document).get<boolean>('snippets.enabled', true)) return undefined;
    const typed = TYPED_PREFIX.exec(document.lineAt(position.line).text.slice(0, position.character));
    if (!typed) return undefined;
    const range = new vscode.Range(position.line, typed.index, position.line, position.character);
    const items = library.snippetsFor(this.extensionRoot, dialect).map(({ name, code }, index) => {
      const label = { label: `${SNIPPET_PREFIX}${name}`, description: SUMMARIES[name]?.() ?? '' };
      const item = new vscode.CompletionItem(label, vscode.CompletionItemKind.Snippet);
      item.insertText = new vscode.SnippetString(library.toSnippetSyntax(code));
      item.range = range;
      item.filterText = `${SNIPPET_PREFIX}${name}`;
      item.sortText = String(index).padStart(2, '0');
      item.detail = vscode.l10n.t('Wallet Console snippet');
      item.documentation = new vscode.MarkdownString().appendCodeblock(library.expand(code), FENCE[dialect]);
      return item;
    });
    return new vscode.CompletionList(items, false);
  }
}

/** Registers the provider for the snippets' languages; `-` re-asks so `wallet-` lists them at once. */
export function registerSnippets(context: vscode.ExtensionContext, provider = new WalletSnippetCompletions(context.extensionPath)): void {
  context.subscriptions.push(
    vscode.languages.registerCompletionItemProvider(
      SNIPPET_LANGUAGES.map((language) => ({ language })),
      provider,
      '-',
    ),
  );
}
