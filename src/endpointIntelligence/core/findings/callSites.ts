// What the code-findings rules share: the wallet calls of a file (by the one rule of
// walletCall.ts, never a second one), the statement a name is assigned in, and the lines after a
// call that still belong to its block. Lines are read, not parsed: each rule looks only at a call
// the wallet rule recognised and at the few lines around it.
import type { PathUse, Problem } from '../analyze';
import { answersStatusCode } from '../catalog';
import { callWindow, depthOf } from '../walletCall';

/**
 * A call that names a wallet API path, read lazily: each rule first looks for its own marks near
 * the call (cheap string tests), and only then asks for the call's lines or whether the wallet
 * rule recognises it (a check reads every call of a file, and most have nothing to find).
 */
export class CallSite {
  private window?: { first: number; last: number };
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

  /** The call's lines, as the wallet rule reads them (its options, a builder's chain). */
  get first(): number {
    return (this.window ??= callWindow(this.lines, this.line, false)).first;
  }

  get last(): number {
    return (this.window ??= callWindow(this.lines, this.line, false)).last;
  }

  /**
   * The statement that makes the call, from the assignment nearest before the path (`const res =
   * await fetch(`) to where its brackets close: the call's lines may start at a function's header.
   */
  get statement(): { first: number; last: number } {
    return (this.assignment ??= statementOf(this.lines, this.line));
  }
}

/** `const res = await …`, `let body: T =`, `res =`: a statement that assigns what it computes. */
export const ASSIGNING = /^\s*(?:(?:export\s+)?(?:const|let|var)\s+)?([A-Za-z_$][\w$]*|\{[^}]*\})\s*(?::[^=]+)?=(?![=>])\s*(await\s+)?/;

/** How far before a path its statement may start (as the wallet rule reads a call). */
const STATEMENT_BACK = 4;

/** How far after a call its answer is followed, and how far before it a name's assignment is looked for. */
export const REACH = 30;
/** A statement longer than this (an object literal) is not followed further. */
const MAX_STATEMENT = 12;

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

function statementOf(lines: readonly string[], line: number): { first: number; last: number } {
  let start = line;
  while (start > 0 && start > line - STATEMENT_BACK && !ASSIGNING.test(lines[start]!) && /[([{,]\s*$/.test(lines[start - 1]!)) start--;
  if (!ASSIGNING.test(lines[start]!)) start = line;
  return { first: start, last: Math.max(line, statementEnd(lines, start)) };
}

/** Per check (its lines), each line's bracket depth once: the calls of a block read the same lines. */
const depths = new WeakMap<readonly string[], Int32Array>();
const UNREAD = -2_147_483_648;

/** The net count of opening brackets of a line (walletCall.ts's depthOf), read once per check. */
export function depthAt(lines: readonly string[], index: number): number {
  let known = depths.get(lines);
  if (!known) depths.set(lines, (known = new Int32Array(lines.length).fill(UNREAD)));
  if (known[index] === UNREAD) known[index] = depthOf(lines[index]!);
  return known[index]!;
}

/** The last line of the statement that starts at `first` (where its brackets close). */
export function statementEnd(lines: readonly string[], first: number): number {
  let depth = depthAt(lines, first);
  let last = first;
  while (depth > 0 && last + 1 < lines.length && last < first + MAX_STATEMENT) depth += depthAt(lines, ++last);
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
