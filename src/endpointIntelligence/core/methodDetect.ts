// The HTTP method a call shows for a path: `fetch(url, { method: 'POST' })`, `requests.post(…)`,
// Go's `http.Post(…)` and `http.NewRequest("POST", …)`, `axios.post(…)`, Guzzle's
// `$client->post(…)`, C#'s `PostAsync(…)`, Java's `.POST(…)`, Ruby's `Net::HTTP::Post.new(…)`, and
// an .http file's `POST /v1/…`. Only what the code spells out: a method held in a variable shows none.

import { HTTP_METHODS, type HttpMethod } from './catalog';
import { closeLine, enclosingCall, offsetOf, placeOf, scanOf } from './codeScan';

export interface ShownMethod {
  method: HttpMethod;
  /** Line (of the lines given) and columns of the method's word, for a diagnostic's range. */
  line: number;
  start: number;
  end: number;
}

const VERB = 'get|post|put|patch|delete';
/** `.post(`, `->post(`, `::post(`, `.PostAsync(`, `.get<T>(`: a client's method named after the verb. */
const CALL = new RegExp(`(?:\\.|->|::)\\s*(${VERB})(?:[A-Za-z]*Async)?\\s*(?:<[^<>()]*>)?\\s*\\(`, 'gi');
/** The verb as the call's first argument: `http.NewRequest("POST", …)`, `requests.request("POST", …)`, `->request('POST', …)`. */
const VERB_ARGUMENT = new RegExp(`\\b(?:NewRequest(?:WithContext)?|request|Request)\\s*\\(\\s*(?:ctx\\s*,\\s*)?["'](${VERB})["']`, 'gi');
/** Go's `http.MethodPost` and Ruby's `Net::HTTP::Post.new`. */
const NAMED_VERB = new RegExp(`\\b(?:http\\.Method|Net::HTTP::)(Get|Post|Put|Patch|Delete)\\b`, 'g');
/** `method: 'POST'`, `method="POST"`, `"method": "post"`, `.method("PATCH"`. */
const METHOD_OPTION = new RegExp(`\\bmethod["']?\\s*(?:[:=]|\\()\\s*["'\`](${VERB})["'\`]`, 'gi');
/** Java's HttpRequest builder: `.GET()`, `.POST(body)`, after the URL. */
const JAVA_BUILDER = /\.(GET|POST|PUT|DELETE)\s*\(/g;
/** An .http request line. */
const HTTP_LINE = new RegExp(`^\\s*(${VERB})\\s+`, 'i');
/** A call whose options (and method) may follow on the next lines. */
const OPTIONS_CALL = /\b(?:fetch|axios|request|Request|ky|ofetch)\s*\(/;

function methodOf(word: string): HttpMethod | undefined {
  const upper = word.toUpperCase();
  return (HTTP_METHODS as readonly string[]).includes(upper) ? (upper as HttpMethod) : undefined;
}

/** The last match of `pattern` in `text` that ends at or before `limit` (group 1 is the verb). */
function lastBefore(pattern: RegExp, text: string, limit: number): { word: string; at: number } | undefined {
  let found: { word: string; at: number } | undefined;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match && match.index < limit; match = pattern.exec(text)) {
    const word = match[1]!;
    found = { word, at: match.index + match[0].lastIndexOf(word) };
  }
  return found;
}

function firstAfter(pattern: RegExp, text: string, from: number): { word: string; at: number } | undefined {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index < from) continue;
    const word = match[1]!;
    return { word, at: match.index + match[0].lastIndexOf(word) };
  }
  return undefined;
}

function shown(word: string, line: number, at: number): ShownMethod | undefined {
  const method = methodOf(word);
  return method && { method, line, start: at, end: at + word.length };
}

/**
 * The method shown for the path at `pathStart` of `lines[index]`; the following lines are read
 * for a call's options (`fetch(url, {\n  method: 'POST',`): in JavaScript and TypeScript
 * (`script`) to where the call closes, its verb on an earlier line too (`axios.post(\n  url,`);
 * elsewhere at most six of them.
 */
export function detectMethod(
  lines: readonly string[],
  index: number,
  pathStart: number,
  isHttpFile = false,
  script = false,
): ShownMethod | undefined {
  const line = lines[index]!;
  const before = line.slice(0, pathStart);
  if (isHttpFile) {
    const request = HTTP_LINE.exec(before);
    return request ? shown(request[1]!, index, request[0].search(/\S/)) : undefined;
  }
  const call = lastBefore(CALL, line, pathStart) ?? lastBefore(VERB_ARGUMENT, line, pathStart) ?? lastBefore(NAMED_VERB, line, pathStart);
  // The verb's call must still be open where the path is (`client.post(` … `"/v1/…"`), not an earlier call.
  if (call && !/\)\s*[;,]/.test(line.slice(call.at, pathStart))) return shown(call.word, index, call.at);
  const option = firstAfter(METHOD_OPTION, line, 0) ?? firstAfter(JAVA_BUILDER, line, pathStart) ?? firstAfter(NAMED_VERB, line, 0);
  if (option) return shown(option.word, index, option.at);
  const opened = script ? openedCall(lines, index, pathStart) : undefined;
  if (opened && opened.line < index) {
    // Prettier's `fetch(\n  "https://…/v1/…",\n  {`: the call opens on an earlier line.
    const verb = lastBefore(CALL, opened.text, opened.text.length) ?? lastBefore(VERB_ARGUMENT, opened.text, opened.text.length);
    if (verb) return shown(verb.word, opened.line, verb.at);
  }
  if (!OPTIONS_CALL.test(opened?.text ?? before)) return undefined;
  return optionsMethod(lines, index, opened?.last);
}

/** The call whose arguments hold the path: its opening line's text up to its parenthesis, and its last line. */
function openedCall(lines: readonly string[], index: number, column: number): { line: number; text: string; last: number } | undefined {
  const scan = scanOf(lines);
  const call = enclosingCall(scan, offsetOf(scan, { line: index, column }));
  if (call < 0) return undefined;
  const open = placeOf(scan, scan.opens[call]!);
  return { line: open.line, text: lines[open.line]!.slice(0, open.column + 1), last: closeLine(scan, call) };
}

/** `method: 'POST'` on the lines after the path: to the call's `last` line where it is known, else the next six lines. */
function optionsMethod(lines: readonly string[], index: number, last?: number): ShownMethod | undefined {
  for (let next = index + 1; next <= Math.min(lines.length - 1, last ?? index + 6); next++) {
    const text = lines[next]!;
    const found = firstAfter(METHOD_OPTION, text, 0) ?? firstAfter(JAVA_BUILDER, text, 0);
    if (found) return shown(found.word, next, found.at);
    // Another call starts, or (where the call's end is not known) its options end: no method there.
    if (/\/v1\//.test(text) || (last === undefined && /^\s*\}?\s*\)/.test(text))) return undefined;
  }
  return undefined;
}
