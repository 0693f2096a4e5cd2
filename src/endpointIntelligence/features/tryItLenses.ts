// Try it from the line: above a line naming an endpoint, "Send to Sandbox" (GET only, while the
// local sandbox is the environment), the Send command of a money-moving endpoint (it asks and
// confirms; the CodeLens never sends money), and "Copy as cURL" for every endpoint.
import * as vscode from 'vscode';
import { COMMANDS } from '../../common/commandIds';
import { analyzeText, operationOf } from '../core/analyze';
import { apiCatalog } from '../core/apiCatalog';
import { MONEY_COMMANDS } from '../core/moneyCommands';
import { isHttpFile, isScriptFile, type FeatureState } from '../languages';
import type { LineTarget } from './lineTarget';

export class TryItLenses implements vscode.CodeLensProvider {
  constructor(private readonly state: FeatureState) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.state.enabled()) return [];
    const text = document.getText();
    if (!text.includes('/v1/') || this.state.ignored(document)) return [];
    const local = this.state.local();
    const lenses: vscode.CodeLens[] = [];
    for (const use of analyzeText(apiCatalog(), text, isHttpFile(document), this.state.context(), isScriptFile(document))) {
      // Another host's path or a route the app defines is not the wallet's to try.
      const operation = use.match && use.call.kind !== 'other' && operationOf(use);
      if (!operation) continue;
      const range = new vscode.Range(use.line, use.path.start, use.line, use.path.end);
      const target: LineTarget = { uri: document.uri.toString(), line: use.line, column: use.path.start };
      const money = MONEY_COMMANDS[operation.operationId];
      if (local && money) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: `$(send) ${vscode.l10n.t('Open {0}…', moneyTitle(money))}`,
            tooltip: vscode.l10n.t('Money-moving calls are never sent from the editor: the command asks and confirms.'),
            command: money,
          }),
        );
      } else if (local && operation.method === 'GET') {
        lenses.push(
          new vscode.CodeLens(range, {
            title: `$(play) ${vscode.l10n.t('Send to Sandbox')}`,
            tooltip: vscode.l10n.t('GET {0} with the active app and wallet; the answer opens in the panel', use.match!.endpoint.path),
            command: COMMANDS.sendEndpointToSandbox,
            arguments: [target],
          }),
        );
      }
      lenses.push(
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('Copy as cURL'),
          tooltip: vscode.l10n.t('{0} {1}, keys and tokens as $WALLET_… variables', operation.method, use.match!.endpoint.path),
          command: COMMANDS.copyEndpointAsCurl,
          arguments: [target],
        }),
      );
    }
    return lenses;
  }
}

function moneyTitle(command: string): string {
  if (command === COMMANDS.sendToPhone) return vscode.l10n.t('Send to Phone');
  if (command === COMMANDS.sendToBank) return vscode.l10n.t('Send to Bank');
  return vscode.l10n.t('Buy Airtime');
}
