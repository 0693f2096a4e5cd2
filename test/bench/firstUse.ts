// The first use of each feature in a window just activated, for `npm run bench` (issue 38: at
// most 100 ms each). Each is timed once per cold start, through VS Code as a user reaches it: a
// panel page, a completion, a hover, a command and a language model tool.
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import type { WebviewTestHandle } from '../../src/webview/panelRecorder';
import type { FirstUseReport } from './report';
import { FIRST_USE_MARKS } from '../../src/common/firstUseMarks';

/** Python: VS Code has no language server of its own for it, so only our providers answer. */
async function pythonDocument(content: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ language: 'python', content });
}

/**
 * The same request once on a line none of our providers answers (they return before any work of
 * theirs), so VS Code's own first use of the language and of the request is not counted.
 */
async function warmUp(command: string, document: vscode.TextDocument): Promise<void> {
  await vscode.commands.executeCommand(command, document.uri, new vscode.Position(0, 1));
}

/** How long `work` took; `check` says whether it did what it was asked (else the figure measures nothing). */
async function timed<T>(work: () => Thenable<T>, check: (result: T) => boolean = () => true): Promise<number> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  if (!check(result)) throw new Error('it answered, but not with what was asked for');
  return ms;
}

/**
 * The extension's own part of the use just timed: from its mark `start` to its mark `end`
 * (src/common/firstUseMarks.ts; this runs in the extension host, the extension's process).
 */
function ourPart(start: string, end: string): number {
  const [begun] = performance.getEntriesByName(start, 'mark');
  const [ended] = performance.getEntriesByName(end, 'mark');
  if (!begun || !ended || ended.startTime < begun.startTime) throw new Error(`the extension left no marks ${start} … ${end}`);
  return ended.startTime - begun.startTime;
}

/** The whole first use as VS Code and the user see it, and, where the extension marks it, its own part within. */
interface Use {
  ms: number;
  oursMs?: number;
}

const FEATURES: Record<string, (api: WalletConsoleApi) => Promise<number | Use>> = {
  'the panel (Verify Bank Account page, restored)': async () => {
    const handle = await vscode.commands.executeCommand<WebviewTestHandle>('walletConsole.test.webview');
    const panel = vscode.window.createWebviewPanel('walletConsole.detail', 'Wallet Console', vscode.ViewColumn.Active);
    try {
      return await timed(() => handle.restore(panel, { view: 'verify' }));
    } finally {
      panel.dispose();
    }
  },
  'the snippets (wallet- completion)': async () => {
    const document = await pythonDocument('x = 1\nwallet-');
    await warmUp('vscode.executeCompletionItemProvider', document);
    const ms = await timed(
      () =>
        vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          document.uri,
          new vscode.Position(1, 7),
        ),
      (list) => list.items.some((item) => (typeof item.label === 'string' ? item.label : item.label.label) === 'wallet-balance'),
    );
    return { ms, oursMs: ourPart(FIRST_USE_MARKS.snippetsStart, FIRST_USE_MARKS.snippetsEnd) };
  },
  'the endpoint intelligence (hover on an API path, OpenAPI catalog built)': async () => {
    const document = await pythonDocument('x = 1\nanswer = requests.get(f"{base}/v1/users/balance", headers=headers)\n');
    await warmUp('vscode.executeHoverProvider', document);
    const ms = await timed(
      () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(1, 36)),
      (hovers) => hovers.length > 0,
    );
    return { ms, oursMs: ourPart(FIRST_USE_MARKS.hoverStart, FIRST_USE_MARKS.hoverEnd) };
  },
  'Create Webhook Handler (the templates)': async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!folder) throw new Error('the bench window has no workspace folder');
    const file = vscode.Uri.joinPath(folder, 'bench-webhook', 'walletWebhook.ts');
    const ms = await timed(() => vscode.commands.executeCommand('walletConsole.createWebhookHandler', file, 'express'));
    await vscode.workspace.fs.stat(file);
    return { ms, oursMs: ourPart(FIRST_USE_MARKS.webhookHandlerStart, FIRST_USE_MARKS.webhookHandlerHandOff) };
  },
  'a language model tool (wallet_recent_requests)': async (api) => {
    const tool = api.agents.tools.get('wallet_recent_requests');
    if (!tool) throw new Error('the tool is not registered (agents off?)');
    return timed(
      async () => tool.invoke({ input: {}, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token),
      (result) => result?.content.length !== 0,
    );
  },
};

/**
 * For reference, not ours: VS Code writing a new .ts file in a new folder and opening it in an
 * editor, what Create Webhook Handler does around its template. Timed first, as cold as the command.
 */
async function newFileInEditor(): Promise<number> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) throw new Error('the bench window has no workspace folder');
  const file = vscode.Uri.joinPath(folder, 'bench-reference', 'reference.ts');
  return timed(async () => {
    // writeFile makes the new folder, as the command relies on.
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('export const reference = 1;\n'));
    await vscode.window.showTextDocument(file, { preview: false });
  });
}

/**
 * The .ts file the reference opened makes VS Code activate its TypeScript extension, in this same
 * extension host: its activation (hundreds of milliseconds of loading) ran inside the first uses
 * timed next, the panel's most. It is awaited first, so each figure is the feature's own.
 */
async function typeScriptActivated(): Promise<void> {
  await vscode.extensions.getExtension(TYPESCRIPT_EXTENSION)?.activate();
}

const TYPESCRIPT_EXTENSION = 'vscode.typescript-language-features';

/** Each feature's first use in milliseconds; what could not be measured, and why. */
export async function measureFirstUse(api: WalletConsoleApi): Promise<FirstUseReport> {
  const report: FirstUseReport = { ms: {}, oursMs: {}, errors: {}, referenceMs: {} };
  try {
    report.referenceMs['VS Code writing a new .ts file and opening it in an editor'] = await newFileInEditor();
    await typeScriptActivated();
  } catch (error) {
    report.errors['the reference'] = error instanceof Error ? error.message : String(error);
  }
  for (const [name, measure] of Object.entries(FEATURES)) {
    try {
      const use = await measure(api);
      report.ms[name] = typeof use === 'number' ? use : use.ms;
      if (typeof use !== 'number' && use.oursMs !== undefined) report.oursMs[name] = use.oursMs;
    } catch (error) {
      report.errors[name] = error instanceof Error ? error.message : String(error);
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return report;
}
