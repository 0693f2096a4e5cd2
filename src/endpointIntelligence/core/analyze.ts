// One pass over a document: each API path it names, the endpoint it matches (or the nearest one
// when the API has no such path), and the method the call shows. Diagnostics and CodeLenses are
// drawn from this; lines without `/v1/` cost one indexOf.

import * as l10n from '@vscode/l10n';
import type { Catalog, Endpoint, HttpMethod, Operation } from './catalog';
import { matchPath, nearestEndpoint, rewriteAs, type PathMatch } from './match';
import { detectMethod, type ShownMethod } from './methodDetect';
import { findPaths, type FoundPath } from './pathFinder';

export interface PathUse {
  line: number;
  path: FoundPath;
  match?: PathMatch;
  /** For a path the API does not have: the nearest one, written the developer's way. */
  suggestion?: { endpoint: Endpoint; text: string };
  shown?: ShownMethod;
}

export interface Problem {
  code: 'unknown-path' | 'wrong-method';
  message: string;
  line: number;
  start: number;
  end: number;
  /** The text a quick fix puts in the range (the suggested path). */
  replacement?: string;
}

/** Each API path of the text, line by line. `isHttpFile`: an .http file's request lines. */
export function analyzeText(catalog: Catalog, text: string, isHttpFile = false): PathUse[] {
  const lines = text.split(/\r?\n/);
  const uses: PathUse[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.includes('/v1/')) continue;
    for (const path of findPaths(line, isHttpFile)) uses.push(useOf(catalog, lines, index, path, isHttpFile));
  }
  return uses;
}

export function useOf(catalog: Catalog, lines: readonly string[], index: number, path: FoundPath, isHttpFile: boolean): PathUse {
  const match = matchPath(catalog, path.segments);
  const shown = detectMethod(lines, index, path.start, isHttpFile);
  if (match) return { line: index, path, match, shown };
  const nearest = nearestEndpoint(catalog, path.segments);
  return { line: index, path, shown, suggestion: nearest && { endpoint: nearest, text: rewriteAs(path, nearest) } };
}

/** The operation a use names: the method the code shows, else GET, else the endpoint's only one. */
export function operationOf(use: PathUse): Operation | undefined {
  const operations = use.match?.endpoint.operations ?? [];
  const wanted: HttpMethod | undefined = use.shown?.method;
  if (wanted) return operations.find((operation) => operation.method === wanted);
  return operations.find((operation) => operation.method === 'GET') ?? operations[0];
}

/** The problems of the uses: an unknown path (with the nearest one), a method the path does not take. */
export function problemsOf(uses: readonly PathUse[]): Problem[] {
  const problems: Problem[] = [];
  for (const use of uses) {
    const { path } = use;
    if (!use.match) {
      const suggestion = use.suggestion;
      problems.push({
        code: 'unknown-path',
        message: suggestion
          ? l10n.t('The wallet API has no path {0}. Did you mean {1}?', path.text, suggestion.endpoint.path)
          : l10n.t('The wallet API has no path {0}.', path.text),
        line: use.line,
        start: path.start,
        end: path.end,
        replacement: suggestion?.text,
      });
      continue;
    }
    const { endpoint } = use.match;
    if (use.shown && !endpoint.operations.some((operation) => operation.method === use.shown!.method)) {
      const takes = endpoint.operations.map((operation) => operation.method).join(', ');
      problems.push({
        code: 'wrong-method',
        message: l10n.t('{0} {1} is not an endpoint of the wallet API: {1} takes {2}.', use.shown.method, endpoint.path, takes),
        line: use.shown.line,
        start: use.shown.start,
        end: use.shown.end,
      });
    }
  }
  return problems;
}
