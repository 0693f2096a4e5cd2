// The walkthrough's "API in your own code" step opens this: a few lines of an app's JavaScript
// that call the wallet API, in an untitled editor (nothing is written to the workspace), so the
// hover, the CodeLens and the check of a misspelt path show at once.
import * as vscode from 'vscode';

/** The example's text; the comments say what to try, in the user's language. */
export function endpointExampleText(): string {
  return [
    `// ${vscode.l10n.t('Your app calling the wallet API, as Wallet Console reads it (an example, not saved).')}`,
    `// ${vscode.l10n.t("Hover a path, use the CodeLens above it, or type '/v1/' in a string for the others.")}`,
    "const base = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';",
    '',
    'async function walletBalance(appKey, accessToken) {',
    '  const res = await fetch(`${base}/v1/users/balance`, {',
    "    headers: { 'X-App-Key': appKey, 'X-App-Wallet-Access-Token': accessToken },",
    '  });',
    `  return (await res.json()).data.user.balance; // ${vscode.l10n.t('kobo: 150050 is ₦1,500.50')}`,
    '}',
    '',
    `// ${vscode.l10n.t('A misspelt path gets a warning and a quick fix:')}`,
    'const history = (limit) => fetch(`${base}/v1/transactons?limit=${limit}`);',
    '',
  ].join('\n');
}

/** Opens the example in a new untitled JavaScript editor (plain JavaScript: no type errors to distract). */
export async function openEndpointExample(): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'javascript', content: endpointExampleText() });
  return vscode.window.showTextDocument(document);
}
