// The code snippets in a real VS Code: listed by completion where the typed word starts with
// `wallet-` (and only there; not `wallet.`, which TypeScript's own list commits), gone with the
// setting off, and each one, inserted through the
// editor, reads exactly as the code the unit tests compile (test/unit/snippets).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeFor, expand, readWalletSnippets, type SnippetDialect } from '../../src/snippets/library/index';
import { activateExtension, EXTENSION_ID, setSetting } from './support/extension';
import { waitFor } from './support/waitFor';
import { queryWorkbench, workbenchDomAvailable } from './support/workbenchDom';

// The files the extension under test reads (templates/snippets/ where it is installed).
const WALLET_SNIPPETS = readWalletSnippets(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath);
const NAMES = WALLET_SNIPPETS.map((snippet) => `wallet-${snippet.name}`);

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/** Our snippets among the completions at the end of `content` in a new document of `language`. */
async function snippetsOffered(language: string, content: string): Promise<vscode.CompletionItem[]> {
  const document = await vscode.workspace.openTextDocument({ language, content });
  const end = document.lineAt(document.lineCount - 1).range.end;
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, end, '-');
  return list.items.filter((item) => item.kind === vscode.CompletionItemKind.Snippet && labelOf(item).startsWith('wallet-'));
}

/** Leading whitespace and line ends as the editor's indentation settings make them. */
function normalised(code: string): string {
  return code
    .split(/\r?\n/)
    .map((line) => line.trimStart())
    .join('\n')
    .trimEnd();
}

describe('Snippets (completion at `wallet-`)', function () {
  this.timeout(60_000);

  before(async () => {
    await activateExtension();
    await setSetting('snippets.enabled', undefined);
  });

  after(async () => {
    await setSetting('snippets.enabled', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists the five snippets at `wallet-` in a TypeScript document, each a Snippet with its code', async () => {
    const items = await snippetsOffered('typescript', 'const a = 1;\nwallet-');
    assert.deepEqual(items.map(labelOf), NAMES);
    for (const item of items) assert.ok(item.insertText instanceof vscode.SnippetString, `${labelOf(item)} inserts a snippet`);
    const narrowed = await snippetsOffered('typescript', 'wallet-bank');
    assert.ok(narrowed.some((item) => labelOf(item) === 'wallet-bankTransfer'));
  });

  it('offers nothing for an ordinary word, nor for `mywallet-`, `a.wallet-`, PHP’s `$wallet->` or the old `wallet.`', async () => {
    assert.deepEqual((await snippetsOffered('typescript', 'const balance = 1;\nbal')).map(labelOf), []);
    assert.deepEqual((await snippetsOffered('typescript', 'const mywallet = 1;\nmywallet-')).map(labelOf), []);
    assert.deepEqual((await snippetsOffered('typescript', 'const a = { wallet: 1 };\na.wallet-')).map(labelOf), []);
    assert.deepEqual((await snippetsOffered('php', '<?php\n$wallet->')).map(labelOf), []);
    assert.deepEqual((await snippetsOffered('typescript', 'wallet.')).map(labelOf), []);
  });

  it('typing `wallet-` in a new TypeScript file keeps what was typed (TypeScript’s list, open on "wallet", does not take the `-`)', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: '' });
    const editor = await vscode.window.showTextDocument(document);
    for (const char of 'wallet') await vscode.commands.executeCommand('type', { text: char });
    // TypeScript is ready when it offers its globals for "wallet" (WritableStreamDefaultWriter among them).
    await waitFor(
      'TypeScript’s completions',
      async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          document.uri,
          editor.selection.active,
        );
        return list.items.some((item) => labelOf(item) === 'WritableStreamDefaultWriter') || undefined;
      },
      30_000,
    );
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    // The list is open when the workbench shows its rows (the browser launcher can look; desktop VS Code goes on at once).
    if (workbenchDomAvailable())
      await waitFor('the suggest widget’s rows', async () => (await queryWorkbench('.suggest-widget .monaco-list-row')).length > 0);
    await vscode.commands.executeCommand('type', { text: '-' });
    assert.equal(document.getText(), 'wallet-');
    assert.deepEqual((await snippetsOffered('typescript', document.getText())).map(labelOf), NAMES);
    await vscode.commands.executeCommand('hideSuggestWidget');
  });

  it('offers nothing with walletConsole.snippets.enabled off, and again once it is on', async () => {
    await setSetting('snippets.enabled', false);
    assert.deepEqual((await snippetsOffered('typescript', 'wallet-')).map(labelOf), []);
    await setSetting('snippets.enabled', undefined);
    assert.deepEqual((await snippetsOffered('typescript', 'wallet-')).map(labelOf), NAMES);
  });

  const dialects: [language: string, dialect: SnippetDialect][] = [
    ['typescript', 'typescript'],
    ['javascript', 'javascript'],
    ['python', 'python'],
    ['go', 'go'],
    ['php', 'php'],
  ];
  for (const [language, dialect] of dialects) {
    it(`${language}: each snippet inserted by the editor is the checked code (placeholders at their defaults)`, async () => {
      // Late in a full run on a busy machine, the first completion in a new JavaScript (once) or
      // Python (once) document came back without ours; the cause was not found. Asked again, the
      // list has them: what a user typing on sees.
      let offered: string[] = [];
      const items = await waitFor(
        () => `the five snippets in a new ${language} document; offered: ${JSON.stringify(offered)}`,
        async () => {
          const found = await snippetsOffered(language, 'wallet-');
          offered = found.map(labelOf);
          return found.length > 0 && found;
        },
      );
      assert.deepEqual(items.map(labelOf), NAMES);
      for (const [index, item] of items.entries()) {
        const document = await vscode.workspace.openTextDocument({ language, content: '' });
        const editor = await vscode.window.showTextDocument(document);
        assert.ok(await editor.insertSnippet(item.insertText as vscode.SnippetString, new vscode.Position(0, 0)));
        const expected = expand(codeFor(WALLET_SNIPPETS[index]!, dialect));
        assert.equal(normalised(document.getText()), normalised(expected), `${labelOf(item)} in ${language}`);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
    });
  }
});
