// Whether a path in code is surely a call to the wallet API. Precision before recall: a path is
// checked only where the code shows the wallet: the URL's host is a wallet environment's or the
// local sandbox's, the call reads WALLET_BASE_URL (or the other WALLET_… variables Wallet Console
// hands out), it sends X-App-Key or X-App-Wallet-Access-Token, or it uses a name the file binds
// only to such things (`const base = process.env.WALLET_BASE_URL`). Another host, or a route the
// app defines, is someone else's.
import type { FoundPath } from './pathFinder';
import { blocksInside, closeLine, enclosingCall, offsetOf, placeOf, scanOf } from './codeScan';
import { isRouteDefinition } from './routeDefinition';

export interface WalletContext {
  /** Hosts (`host` or `host:port`, lower case) of the wallet's environments and the local sandbox. */
  hosts: readonly string[];
}

/** `wallet`: surely the wallet API; `other`: surely not (another host, an app's own route); `unknown`: the code does not say. */
export type CallKind = 'wallet' | 'unknown' | 'other';

export interface CallVerdict {
  kind: CallKind;
  /** The evidence is in the call itself (host, WALLET_… read, header), not in a name bound elsewhere in the file. */
  direct: boolean;
}

const ENV_MARKER = /\bWALLET_(?:BASE_URL|DEVELOPER_URL|APP_KEY|ACCESS_TOKEN)\b/;
/** The wallet's headers, by name (also what tells its calls from others'). */
export const HEADER_MARKER = /\bx-app-(?:key|wallet-access-token)\b/i;
const URL_HOST = /https?:\/\/([\w.-]+(?::\d+)?|\[[0-9a-f:]+\](?::\d+)?)/gi;
const HOST_BEFORE_PATH = /https?:\/\/([\w.-]+(?::\d+)?|\[[0-9a-f:]+\](?::\d+)?)$/i;
/** The name a statement assigns: `const res =`, `req, _ :=`, `$base =`, `this.base =`, `@host =`, `String url =`. */
const ASSIGNED =
  /^\s*(?:[\w<>[\]?]+\s+)*?(?:this\.|self\.|\$this->|@|\$)?([A-Za-z_]\w*)\s*(?:,\s*\w+\s*)?(?::\s*[\w<>[\]|.? ]+)?\s*:?=(?![=>~])/;
const MAX_BACK = 4;
const MAX_FORWARD = 8;

export const NOT_CONFIGURED: WalletContext = { hosts: sandboxHosts(4010) };

/** The local sandbox's addresses on a port. */
export function sandboxHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** The hosts of base URLs (the environments' settings); what is not a URL is left out. */
export function hostsOf(urls: readonly string[]): string[] {
  const hosts: string[] = [];
  for (const url of urls) {
    try {
      hosts.push(new URL(url.trim()).host.toLowerCase());
    } catch {
      // Not a URL (an empty or half-typed setting): no host.
    }
  }
  return hosts;
}

function hasWalletHost(text: string, context: WalletContext): boolean {
  for (const match of text.matchAll(URL_HOST)) if (context.hosts.includes(match[1]!.toLowerCase())) return true;
  return false;
}

function directEvidence(text: string, context: WalletContext): boolean {
  return ENV_MARKER.test(text) || HEADER_MARKER.test(text) || hasWalletHost(text, context);
}

/** Net count of opening brackets of a line (strings are not skipped: a call's few lines are read, not parsed). */
export function depthOf(line: string): number {
  let depth = 0;
  // By char code: a check reads this for every line around every call (a string iterator is several times slower).
  for (let at = 0; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if (code === 40 || code === 91 || code === 123) depth++;
    else if (code === 41 || code === 93 || code === 125) depth--;
  }
  return depth;
}

/** The lines of the statement (the call) a path is in, inclusive; `bodies`: offsets of function bodies in it, not its own. */
export interface CallWindow {
  first: number;
  last: number;
  bodies?: readonly [number, number][];
}

/**
 * The lines of the statement (the call) a path at `index` (and `column`) is in. In JavaScript and
 * TypeScript (`script`), the call's own parentheses, however many lines they take; elsewhere,
 * and where no call's arguments hold the path, a few lines read by their brackets.
 */
export function callWindow(lines: readonly string[], index: number, http: boolean, script = false, column = 0): CallWindow {
  if (http) {
    // An .http request: its line and its header lines, up to the blank line before the body.
    let last = index;
    while (last + 1 < lines.length && last < index + 30 && lines[last + 1]!.trim() !== '') last++;
    return { first: index, last };
  }
  return (script && scannedCall(lines, index, column)) || lineWindow(lines, index);
}

/** The call whose arguments hold the path, from the brackets' scan (codeScan.ts). */
function scannedCall(lines: readonly string[], index: number, column: number): CallWindow | undefined {
  const scan = scanOf(lines);
  const at = offsetOf(scan, { line: index, column });
  const call = enclosingCall(scan, at);
  if (call < 0) return undefined;
  const first = placeOf(scan, scan.opens[call]!).line;
  let last = closeLine(scan, call);
  // A later line naming a path is another call's, as in the line windows.
  for (let line = index + 1; line <= last; line++)
    if (lines[line]!.includes('/v1/')) {
      last = line - 1;
      break;
    }
  // The callbacks it is given are code of their own (a test's, a retry helper's): not evidence.
  return { first, last: followOn(lines, first, last, last + MAX_FORWARD), bodies: blocksInside(scan, call, at) };
}

function lineWindow(lines: readonly string[], index: number): CallWindow {
  let first = index;
  const continues = (line: string) => /[([{,]\s*$/.test(line) && !line.includes('/v1/');
  while (first > 0 && first > index - MAX_BACK && continues(lines[first - 1]!)) first--;
  let depth = 0;
  for (let at = first; at <= index; at++) depth += depthOf(lines[at]!);
  let last = index;
  const next = () => lines[last + 1];
  while (depth > 0 && last < index + MAX_FORWARD && next() !== undefined && !next()!.includes('/v1/')) depth += depthOf(lines[++last]!);
  return { first, last: followOn(lines, first, last, index + MAX_FORWARD) };
}

/** What the code goes on to do with the request it built: a builder chain, or `req.Header.Set(…)`. */
function followOn(lines: readonly string[], first: number, last: number, limit: number): number {
  const assigned = ASSIGNED.exec(lines[first]!)?.[1];
  const related = (line: string) => /^\s*(?:\.|->)/.test(line) || (assigned !== undefined && usesName(line, assigned));
  const next = () => lines[last + 1];
  while (last < limit && next() !== undefined && !next()!.includes('/v1/') && related(next()!)) last++;
  return last;
}

/** The window's text with the function bodies it holds blanked (`start`: its first line's offset in the scan). */
function withoutBodies(text: string, bodies: readonly [number, number][], start: number): string {
  let kept = '';
  let from = 0;
  for (const [open, close] of bodies) {
    const end = Math.min(text.length, close - start + 1);
    kept += text.slice(from, open - start) + text.slice(open - start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return kept + text.slice(from);
}

/** `req.Header.Set(…)`, `$req->…`, `req["X-App-Key"] = …`: a line that goes on with what `name` holds. */
function usesName(line: string, name: string): boolean {
  const start = line.trimStart().replace(/^(?:\$|this\.|self\.)/, '');
  return start.startsWith(name) && /^\s*(?:\.|->|\[)/.test(start.slice(name.length));
}

/**
 * The names a file binds only to the wallet: every assignment of the name is a WALLET_… read,
 * a wallet host, a wallet header or another such name (a base URL, a client, a headers object).
 * A value naming a /v1/ path is a call or a URL, not a base: its name is left out.
 */
export function walletNames(lines: readonly string[], context: WalletContext): Set<string> {
  const values = assignments(lines);
  const names = new Set<string>();
  // Each value once: a /v1/ path rules it out, the wallet's own marks rule it in, else it may name a wallet name.
  const verdicts = new Map<string, { value: string; walletish: boolean }[]>();
  for (const [name, assigned] of values) {
    const read = assigned.filter((value) => !value.includes('/v1/')).map((value) => ({ value, walletish: directEvidence(value, context) }));
    if (read.length === assigned.length) verdicts.set(name, read);
  }
  for (let round = 0, grew = true; grew && round < 4; round++) {
    grew = false;
    const mentions = names.size === 0 ? undefined : patternOf(names);
    for (const [name, read] of verdicts) {
      if (names.has(name) || !read.every((entry) => entry.walletish || mentions?.test(entry.value) === true)) continue;
      names.add(name);
      grew = true;
    }
  }
  return names;
}

/** Every name the lines assign, with the values assigned (a value over lines until its brackets close). */
function assignments(lines: readonly string[]): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const match = line.includes('=') ? ASSIGNED.exec(line) : null;
    if (!match) continue;
    let value = line.slice(match[0].length);
    let depth = depthOf(value);
    for (let next = index + 1; depth > 0 && next < Math.min(lines.length, index + 12); next++) {
      value += `\n${lines[next]!}`;
      depth += depthOf(lines[next]!);
    }
    if (value.trim() === match[1]) continue;
    const known = values.get(match[1]!);
    if (known) known.push(value);
    else values.set(match[1]!, [value]);
  }
  return values;
}

/** One pattern per set of names (a document's check asks it for each of its paths). */
const patterns = new WeakMap<ReadonlySet<string>, RegExp | undefined>();

/** A name as code uses it; `headers:` is an object's key (another call's `{ headers: {…} }`), not the name. */
function patternOf(names: ReadonlySet<string>): RegExp {
  return new RegExp(`(?<!\\w)(?:${[...names].join('|')})(?!\\w|\\s*:(?![:=]))`);
}

/** The pattern of a document's final names, made once (its check asks for it on each path). */
function mentionPattern(names: ReadonlySet<string>): RegExp | undefined {
  if (names.size === 0) return undefined;
  if (!patterns.has(names)) patterns.set(names, patternOf(names));
  return patterns.get(names);
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Whether the path at `index` of `lines` is a call to the wallet API. `namesOf` gives the file's
 * wallet names ({@link walletNames}), asked only when the call itself does not tell; without it
 * only what the call shows counts.
 */
export function classifyCall(
  lines: readonly string[],
  index: number,
  path: Pick<FoundPath, 'start' | 'end'>,
  context: WalletContext,
  namesOf: () => ReadonlySet<string> = () => NO_NAMES,
  http = false,
  script = false,
): CallVerdict {
  const line = lines[index]!;
  const before = line.slice(0, path.start);
  const host = HOST_BEFORE_PATH.exec(before)?.[1]?.toLowerCase();
  if (host) return { kind: context.hosts.includes(host) ? 'wallet' : 'other', direct: true };
  const window = callWindow(lines, index, http, script, path.start);
  const { first, last } = window;
  const statementBefore = index === first ? before : [...lines.slice(first, index), before].join('\n');
  if (!http && isRouteDefinition(statementBefore, line.slice(path.end), (name) => namesOf().has(name)))
    return { kind: 'other', direct: true };
  const own = `${before}${' '.repeat(path.end - path.start)}${line.slice(path.end)}`;
  const joined =
    index === first && index === last ? own : [...lines.slice(first, index), own, ...lines.slice(index + 1, last + 1)].join('\n');
  const text = window.bodies?.length ? withoutBodies(joined, window.bodies, scanOf(lines).lineStarts[first]!) : joined;
  if (directEvidence(text, context)) return { kind: 'wallet', direct: true };
  if (mentionPattern(namesOf())?.test(text)) return { kind: 'wallet', direct: false };
  return { kind: 'unknown', direct: false };
}
