// The hover of an API path and the completion of paths after `/v1/`, from the OpenAPI catalog.
// Completion answers only inside such a string, so it never adds to other completions.
import * as vscode from 'vscode';
import { useOf } from '../core/analyze';
import { apiCatalog } from '../core/apiCatalog';
import { completionEntries } from '../core/completionEntries';
import { hoverMarkdown } from '../core/hoverText';
import { completionStart, pathAt } from '../core/pathFinder';
import { classifyCall } from '../core/walletCall';
import { isHttpFile, MAX_LINE, type FeatureState } from '../languages';
import { FIRST_USE_MARKS, markedFirstUse } from '../../common/firstUseMarks';

export class EndpointHovers implements vscode.HoverProvider {
  constructor(private readonly state: FeatureState) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    return markedFirstUse(FIRST_USE_MARKS.hoverStart, FIRST_USE_MARKS.hoverEnd, () => this.hoverAt(document, position));
  }

  private hoverAt(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!this.state.enabled()) return undefined;
    const line = document.lineAt(position.line).text;
    if (line.length > MAX_LINE || !line.includes('/v1/') || this.state.ignored(document)) return undefined;
    const http = isHttpFile(document);
    const found = pathAt(line, position.character, http);
    if (!found) return undefined;
    const use = useOf(apiCatalog(), linesAround(document, position.line), 0, found, http, this.state.context());
    // A path the API does not have (its diagnostic, if the call is the wallet's, says so), another
    // host's, or a route the app defines: nothing of ours.
    if (!use.match || use.call.kind === 'other') return undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    const markdown = hoverMarkdown(use.match.endpoint, apiCatalog(), { shown: use.shown?.method, local: this.state.local() });
    return new vscode.Hover(new vscode.MarkdownString(markdown), range);
  }
}

/** The line and the few after it (a call's options may follow on them). */
function linesAround(document: vscode.TextDocument, line: number): string[] {
  const lines: string[] = [];
  for (let index = line; index < Math.min(document.lineCount, line + 7); index++) lines.push(document.lineAt(index).text);
  return lines;
}

export class EndpointCompletions implements vscode.CompletionItemProvider {
  static readonly triggerCharacters = ['/'];

  constructor(private readonly state: FeatureState) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    if (!this.state.enabled()) return undefined;
    const line = document.lineAt(position.line).text;
    if (line.length > MAX_LINE || !line.includes('/v1/') || this.state.ignored(document)) return undefined;
    const http = isHttpFile(document);
    const start = completionStart(line, position.character, http);
    if (start === undefined) return undefined;
    // Another host's path, or a route the app defines: not the wallet's paths to offer.
    const typed = { start, end: position.character };
    if (classifyCall([line], 0, typed, this.state.context(), undefined, http).kind === 'other') return undefined;
    // Replace the path typed so far and any path text right after the cursor.
    const rest = /^[A-Za-z0-9_.~%/{}-]*/.exec(line.slice(position.character))?.[0].length ?? 0;
    const range = new vscode.Range(position.line, start, position.line, position.character + rest);
    return completionEntries(apiCatalog()).map((entry) => {
      const item = new vscode.CompletionItem({ label: entry.path, description: entry.methods }, vscode.CompletionItemKind.Reference);
      item.range = range;
      item.filterText = entry.path;
      // The first method's summary once; the others (if any) below it, never the first again.
      item.detail = entry.detail;
      if (entry.documentation) item.documentation = new vscode.MarkdownString().appendText(entry.documentation);
      item.sortText = entry.sortText;
      // Parameters are snippet placeholders: Tab goes from one to the next.
      let index = 0;
      item.insertText = new vscode.SnippetString(
        entry.path.replace(/[$\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_match, name: string) => `\${${++index}:{${name}\\}}`),
      );
      return item;
    });
  }
}
