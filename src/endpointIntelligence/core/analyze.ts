// One pass over a document: each API path it names, the endpoint it matches (or the nearest one
// when the API has no such path), and the method the call shows. Diagnostics and CodeLenses are
// drawn from this; lines without `/v1/` cost one indexOf.

import * as l10n from '@vscode/l10n';
import type { Catalog, Endpoint, HttpMethod, Operation } from './catalog';
import { matchPath, nearestEndpoint, rewriteAs, type PathMatch } from './match';
import { detectMethod, type ShownMethod } from './methodDetect';
import { findPaths, type FoundPath } from './pathFinder';
import { classifyCall, NOT_CONFIGURED, walletNames, type CallVerdict, type WalletContext } from './walletCall';

export interface PathUse {
  line: number;
  path: FoundPath;
  match?: PathMatch;
  /** For a path the API does not have: the nearest one, written the developer's way. */
  suggestion?: { endpoint: Endpoint; text: string };
  shown?: ShownMethod;
  /** Whether the code shows the call is to the wallet API (only such calls are checked); read when first asked. */
  readonly call: CallVerdict;
}

/** The checks of paths, and the findings of what the code does with a wallet call (codeFindings.ts). */
export type ProblemCode =
  'unknown-path' | 'wrong-method' | 'status-not-success' | 'unawaited-json' | 'float-kobo' | 'secret-in-browser' | 'token-in-body';

export interface Problem {
  code: ProblemCode;
  message: string;
  /** A finding that is surely a bug where it runs (an error); the rest are warnings. */
  error?: boolean;
  line: number;
  start: number;
  end: number;
  /** The text a quick fix puts in the range (the suggested path, the rewritten expression). */
  replacement?: string;
  /** The quick fix's title, when it is not "Change to {replacement}". */
  fixTitle?: string;
  /** The fix may be the preferred one (Auto Fix): the call itself shows the wallet, not a name bound elsewhere. */
  preferred: boolean;
}

/**
 * Each API path of the text (or of its lines, split once for the code findings too), line by line. `isHttpFile`: an .http file's request lines;
 * `context`: the wallet's hosts, which tell its calls from other APIs'; `script`: JavaScript or
 * TypeScript, whose calls are read to where their parentheses close (codeScan.ts).
 */
export function analyzeText(
  catalog: Catalog,
  text: string | readonly string[],
  isHttpFile = false,
  context: WalletContext = NOT_CONFIGURED,
  script = false,
): PathUse[] {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : text;
  const uses: PathUse[] = [];
  // The file's wallet names, read once and only if a call does not tell by itself.
  let names: Set<string> | undefined;
  const namesOf = () => (names ??= walletNames(lines, context));
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.includes('/v1/')) continue;
    for (const path of findPaths(line, isHttpFile)) uses.push(useOf(catalog, lines, index, path, isHttpFile, context, namesOf, script));
  }
  return uses;
}

/**
 * The use of one path; without the file's wallet names (a hover reads a few lines) only the call
 * itself counts. Whether it is the wallet's is read when first asked (the checks ask only of the
 * few paths with a problem).
 */
export function useOf(
  catalog: Catalog,
  lines: readonly string[],
  index: number,
  path: FoundPath,
  isHttpFile: boolean,
  context: WalletContext = NOT_CONFIGURED,
  namesOf?: () => ReadonlySet<string>,
  script = false,
): PathUse {
  const match = matchPath(catalog, path.segments);
  const shown = detectMethod(lines, index, path.start, isHttpFile, script);
  const use = new Use(index, path, match, shown, { lines, context, namesOf, isHttpFile, script });
  if (match) return use;
  const nearest = nearestEndpoint(catalog, path.segments);
  use.suggestion = nearest && { endpoint: nearest, text: rewriteAs(path, nearest) };
  return use;
}

/** What a use's verdict is read from, when first asked. */
interface CallSource {
  lines: readonly string[];
  context: WalletContext;
  namesOf?: () => ReadonlySet<string>;
  isHttpFile: boolean;
  script: boolean;
}

class Use implements PathUse {
  suggestion?: PathUse['suggestion'];
  private verdict?: CallVerdict;

  constructor(
    readonly line: number,
    readonly path: FoundPath,
    readonly match: PathMatch | undefined,
    readonly shown: ShownMethod | undefined,
    private readonly source: CallSource,
  ) {}

  get call(): CallVerdict {
    const { lines, context, namesOf, isHttpFile, script } = this.source;
    return (this.verdict ??= classifyCall(lines, this.line, this.path, context, namesOf, isHttpFile, script));
  }
}

/** The operation a use names: the method the code shows, else GET, else the endpoint's only one. */
export function operationOf(use: PathUse): Operation | undefined {
  const operations = use.match?.endpoint.operations ?? [];
  const wanted: HttpMethod | undefined = use.shown?.method;
  if (wanted) return operations.find((operation) => operation.method === wanted);
  return operations.find((operation) => operation.method === 'GET') ?? operations[0];
}

/**
 * The problems of the uses: an unknown path (with the nearest one), a method the path does not
 * take; only where the code shows the call is to the wallet API (another API's path is not ours to judge).
 */
export function problemsOf(uses: readonly PathUse[]): Problem[] {
  const problems: Problem[] = [];
  for (const use of uses) {
    const { path } = use;
    if (!use.match) {
      if (use.call.kind !== 'wallet') continue;
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
        preferred: use.call.direct,
      });
      continue;
    }
    const { endpoint } = use.match;
    const wrong = use.shown && !endpoint.operations.some((operation) => operation.method === use.shown!.method);
    if (wrong && use.shown && use.call.kind === 'wallet') {
      const takes = endpoint.operations.map((operation) => operation.method).join(', ');
      problems.push({
        code: 'wrong-method',
        message: l10n.t('{0} {1} is not an endpoint of the wallet API: {1} takes {2}.', use.shown.method, endpoint.path, takes),
        line: use.shown.line,
        start: use.shown.start,
        end: use.shown.end,
        preferred: false,
      });
    }
  }
  return problems;
}
