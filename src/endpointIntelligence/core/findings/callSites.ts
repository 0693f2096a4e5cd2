// What the code-findings rules share: the wallet calls of a file (by the one rule of
// walletCall.ts, never a second one), the statement a name is assigned in, and the lines after a
// call that still belong to its block. Lines are read with their brackets scanned (codeScan.ts),
// not parsed: a call or a body ends where its brackets close, however many lines it takes.
import type { PathUse, Problem } from '../analyze';
import { answersStatusCode } from '../catalog';
import { scanOf, statementClose } from '../codeScan';
import { callWindow, type CallWindow } from '../walletCall';

/**
 * A call that names a wallet API path, read lazily: each rule first looks for its own marks near
 * the call (cheap string tests), and only then asks for the call's lines or whether the wallet
 * rule recognises it (a check reads every call of a file, and most have nothing to find).
 */
export class CallSite {
  private window?: CallWindow;
  private assignment?: { first: number; last: number };

  constructor(
    private readonly lines: readonly string[],
    /** The line of the call's path. */
    readonly line: number,
    private readonly uses: PathUse[],
  ) {}

  /** The wallet rule (walletCall.ts) recognises the call. */
  get wallet(): boolean {
    return this.uses.some((use) => use.call.kind === 'wallet');
  }

  /** The call itself shows the wallet (its host, a WALLET_… read, a header): a fix may be preferred. */
  get direct(): boolean {
    return this.uses.some((use) => use.call.kind === 'wallet' && use.call.direct);
  }

  /** The call answers a bank transfer's statusCode (the transfer, its requery): `000002` there is pending, not paid. */
  get answersStatusCode(): boolean {
    return this.uses.some((use) =>
      (use.match?.endpoint.operations ?? []).some(
        (operation) => (!use.shown || operation.method === use.shown.method) && answersStatusCode(operation),
      ),
    );
  }

  /** The call's lines, as the wallet rule reads them (its arguments to where they close, a builder's chain). */
  get first(): number {
    return this.callLines().first;
  }

  get last(): number {
    return this.callLines().last;
  }

  private callLines(): CallWindow {
    return (this.window ??= callWindow(this.lines, this.line, false, true, this.uses[0]!.path.start));
  }

  /**
   * The statement that makes the call, from the assignment nearest before the path (`const res =
   * await fetch(`) to where its brackets close: the call's lines may start at a function's header.
   */
  get statement(): { first: number; last: number } {
    return (this.assignment ??= statementOf(this.lines, this.line, this.first));
  }
}

/** `const res = await …`, `let body: T =`, `res =`: a statement that assigns what it computes. */
export const ASSIGNING = /^\s*(?:(?:export\s+)?(?:const|let|var)\s+)?([A-Za-z_$][\w$]*|\{[^}]*\})\s*(?::[^=]+)?=(?![=>])\s*(await\s+)?/;

/** How far before a path its statement may start (as the wallet rule reads a call). */
const STATEMENT_BACK = 4;

/** How far after a call its answer is followed, and how far before it a name's assignment is looked for. */
export const REACH = 30;
/** How far a statement whose brackets never close is read. */
const MAX_UNCLOSED = 12;

/** The calls of a file's API paths (one per line), in a script (not an .http file). */
export function callSites(lines: readonly string[], uses: readonly PathUse[]): CallSite[] {
  const byLine = new Map<number, PathUse[]>();
  for (const use of uses) {
    const known = byLine.get(use.line);
    if (known) known.push(use);
    else byLine.set(use.line, [use]);
  }
  return [...byLine].map(([line, onLine]) => new CallSite(lines, line, onLine));
}

/** The statement around the path on `line`; `callFirst`: the line its call opens on (`const res = await fetch(`). */
function statementOf(lines: readonly string[], line: number, callFirst: number): { first: number; last: number } {
  let start = line;
  while (start > 0 && start > line - STATEMENT_BACK && !ASSIGNING.test(lines[start]!) && /[([{,]\s*$/.test(lines[start - 1]!)) start--;
  if (!ASSIGNING.test(lines[start]!)) start = ASSIGNING.test(lines[callFirst]!) ? callFirst : line;
  return { first: start, last: Math.max(line, statementEnd(lines, start)) };
}

/** The net count of opening brackets of a line, strings and comments left out (codeScan.ts, once per check). */
export function depthAt(lines: readonly string[], index: number): number {
  return scanOf(lines).lineDepths[index]!;
}

/** The last line of the statement that starts at `first` (where its brackets close, however far). */
export function statementEnd(lines: readonly string[], first: number): number {
  const scan = scanOf(lines);
  for (let line = first; ; line++) {
    const close = statementClose(scan, line);
    if (close < 0) return unclosedEnd(lines, line);
    // Prettier's `const kobo =\n  (Number(x) - 50) * 100;`: a line ending in an operator goes on.
    if (close + 1 >= lines.length || close - first >= MAX_UNCLOSED || !goesOn(lines[close]!)) return close;
    line = close;
  }
}

/** The line ends in an operator (`=`, `+`, `&&`, `?`, `:`): the expression goes on below. (By hand: a check asks this of every call.) */
function goesOn(line: string): boolean {
  const end = line.trimEnd();
  return '=+-*/%?:&|'.includes(end.at(-1) ?? ';') && !end.endsWith('++') && !end.endsWith('--') && !end.endsWith('*/');
}

/** Brackets that never close (code being typed): a few lines, not the rest of the file. */
function unclosedEnd(lines: readonly string[], first: number): number {
  let depth = depthAt(lines, first);
  let last = first;
  while (depth > 0 && last + 1 < lines.length && last < first + MAX_UNCLOSED) depth += depthAt(lines, ++last);
  return last;
}

/** `const name =`, `let name: T =`, `name =` at the start of a line: the pattern (its group 1 is what follows `=`). */
export function assignmentOf(name: string): RegExp {
  return new RegExp(`^\\s*(?:(?:export\\s+)?(?:const|let|var)\\s+)?${escape(name)}\\s*(?::[^=]+)?=(?![=>])\\s*(.*)$`);
}

/** The statement assigning `name` nearest before line `before`: its first and last lines. */
export function assignmentBefore(lines: readonly string[], name: string, before: number): { first: number; last: number } | undefined {
  const pattern = assignmentOf(name);
  for (let at = before - 1; at >= 0 && at >= before - REACH; at--)
    if (pattern.test(lines[at]!)) return { first: at, last: statementEnd(lines, at) };
  return undefined;
}

/** A name as a word of code (not a property of something else: `x.name`). */
export function mention(name: string, after = ''): RegExp {
  return new RegExp(`(?<![\\w$.])${escape(name)}${after}`, 'g');
}

export function escape(text: string): string {
  return text.replace(/[$.*+?()[\]{}|^\\]/g, '\\$&');
}

/** Where a call sends an object: `JSON.stringify(payload)`, `body: payload`, `headers: walletHeaders`, `axios.post(url, payload)`. */
export const BODY_NAME = /(?:JSON\.stringify\(\s*|(?<![\w$])(?:body|data|json|headers)\s*:\s*|,\s*)([A-Za-z_$][\w$]*)\s*(?=[,)}]|$)/gm;

/** A problem at a place of a line. */
export function at(line: number, start: number, end: number, problem: Omit<Problem, 'line' | 'start' | 'end'>): Problem {
  return { line, start, end, ...problem };
}
