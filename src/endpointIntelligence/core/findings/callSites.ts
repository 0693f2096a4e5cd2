// What the code-findings rules share: the wallet calls of a file (by the one rule of
// walletCall.ts, never a second one), the statement a name is assigned in, and the lines after a
// call that still belong to its block. Lines are read, not parsed: each rule looks only at a call
// the wallet rule recognised and at the few lines around it.
import type { PathUse, Problem } from '../analyze';
import { callWindow, depthOf } from '../walletCall';

export interface CallSite {
  /** The call's statement: its first and last lines, inclusive. */
  first: number;
  last: number;
  /** The call itself shows the wallet (its host, a WALLET_… read, a header): a fix may be preferred. */
  direct: boolean;
  /**
   * The statement that makes the call, from the assignment nearest before the path (`const res =
   * await fetch(`) to where its brackets close: the window above may start at a function's header.
   */
  statement: { first: number; last: number };
}

/** `const res = await …`, `let body: T =`, `res =`: a statement that assigns what it computes. */
export const ASSIGNING = /^\s*(?:(?:export\s+)?(?:const|let|var)\s+)?([A-Za-z_$][\w$]*|\{[^}]*\})\s*(?::[^=]+)?=(?![=>])\s*(await\s+)?/;

/** How far after a call its answer is followed, and how far before it a name's assignment is looked for. */
export const REACH = 30;
/** A statement longer than this (an object literal) is not followed further. */
const MAX_STATEMENT = 12;

/** The wallet calls among the uses (one per statement), in a script (not an .http file). */
export function callSites(lines: readonly string[], uses: readonly PathUse[]): CallSite[] {
  const sites = new Map<number, CallSite>();
  for (const use of uses) {
    if (use.call.kind !== 'wallet') continue;
    const { first, last } = callWindow(lines, use.line, false);
    const known = sites.get(first);
    if (!known) sites.set(first, { first, last, direct: use.call.direct, statement: statementOf(lines, first, use.line) });
    else known.direct ||= use.call.direct;
  }
  return [...sites.values()];
}

function statementOf(lines: readonly string[], first: number, line: number): CallSite['statement'] {
  let start = line;
  while (start > first && !ASSIGNING.test(lines[start]!)) start--;
  if (!ASSIGNING.test(lines[start]!)) start = line;
  return { first: start, last: Math.max(line, statementEnd(lines, start)) };
}

/** The last line of the statement that starts at `first` (where its brackets close). */
export function statementEnd(lines: readonly string[], first: number): number {
  let depth = depthOf(lines[first]!);
  let last = first;
  while (depth > 0 && last + 1 < lines.length && last < first + MAX_STATEMENT) depth += depthOf(lines[++last]!);
  return last;
}

/** The last line after `from` still in the block `from` is in (the scan stops where that block closes). */
export function blockEnd(lines: readonly string[], from: number): number {
  let depth = 0;
  let last = from;
  for (let at = from + 1; at < lines.length && at <= from + REACH; at++) {
    depth += depthOf(lines[at]!);
    if (depth < 0) break;
    last = at;
  }
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
