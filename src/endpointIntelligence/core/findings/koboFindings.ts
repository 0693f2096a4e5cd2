// Naira turned into kobo by a floating-point multiply, where the result is sent to the wallet as an
// amount (`float-kobo`): `amount: Number(naira) * 100` in the call, with arithmetic around it
// (`(Number(x) - 50) * 100`, a fee taken off first; `fee + parseFloat(x) * 100`), through a name
// (`const kobo = parseFloat(x) * 100` … `{ amount: kobo }`) or a body built before the call, on
// one line or wrapped over several the way Prettier wraps them. A `price * 100` that never reaches
// a wallet call's `amount` is the shop's own business and is left alone.
import * as l10n from '@vscode/l10n';
import type { Problem } from '../analyze';
import { assignmentBefore, assignmentOf, at, BODY_NAME, type CallSite } from './callSites';

interface Multiply {
  line: number;
  start: number;
  text: string;
}

/** A parenthesised expression, three levels deep at most: `(Number(this.state.amount) - fee)`. */
const PARENTHESISED = '\\((?:[^()]|\\((?:[^()]|\\([^()]*\\))*\\))*\\)';
const NAME_PATH = '[A-Za-z_$][\\w$]*(?:\\??\\.[A-Za-z_$][\\w$]*)*';
const OPERAND = `(?:(?:Number|parseFloat)\\s*${PARENTHESISED}|\\+?${NAME_PATH}|${PARENTHESISED})`;
const MULTIPLY = new RegExp(`(?<![\\w$.])(?:${OPERAND}\\s*\\*\\s*100|100\\s*\\*\\s*${OPERAND})(?![\\w$.(])`, 'g');
/** What stays a whole number: a rounding (or integer parse), an integer literal, and arithmetic on them. */
const WHOLE_CALL = new RegExp(`(?:Math\\.(?:round|trunc|floor|ceil)|parseInt|BigInt)\\s*${PARENTHESISED}`, 'g');
const ONLY_WHOLE = /^[\s\d+\-*%()]*$/;
/** `amount:` (a body's key) or `amount =`, where an amount's value starts. */
const AMOUNT_KEY = /(?<![\w$])["']?amount["']?\s*(?::|=(?![=>]))\s*/g;
const AMOUNT_VALUE = /(?<![\w$])["']?amount["']?\s*:\s*([A-Za-z_$][\w$]*)\s*(?=[,}\n]|$)/g;
const AMOUNT_SHORTHAND = /(?:^|[{,])\s*amount\s*(?=[,}]|$)/m;
/** Is there a multiply by 100 at all (most files have none: no rule runs). */
export const MAY_MULTIPLY = /\*\s*100(?![\w.])|(?<![\w.])100\s*\*/;
/** A line that may hold one: also `… *` at its end, Prettier's wrap before the `100`. */
export const MAY_MULTIPLY_LINE = /\*\s*100(?![\w.])|(?<![\w.])100\s*\*|\*\s*$/;
/** After the multiply, a group of it made a string of whole kobo: `(x * 100).toFixed(0)`. */
const FIXED_AFTER = /^[^,;]*?\)\s*\.\s*toFixed\s*\(/;

/** A value: its lines' texts from where it starts to where it ends (a `,` `;` or closing bracket outside its own brackets). */
interface Value {
  line: number;
  /** Each line's part of the value, and the column it starts at. */
  parts: { text: string; column: number }[];
}

/** The value that starts at `column` of `line`, read to its end or to the line `last`. */
function valueFrom(lines: readonly string[], line: number, column: number, last: number): Value {
  const value: Value = { line, parts: [] };
  let depth = 0;
  let quote = '';
  for (let index = line; index <= last && index < lines.length; index++) {
    const text = lines[index]!;
    const from = index === line ? column : 0;
    for (let at = from; at < text.length; at++) {
      const char = text[at]!;
      if (quote) {
        if (char === '\\') at++;
        else if (char === quote) quote = '';
      } else if (char === '"' || char === "'" || char === '`') quote = char;
      else if (char === '(' || char === '[' || char === '{') depth++;
      else if ((char === ')' || char === ']' || char === '}') && --depth < 0) return ended(value, text, from, at);
      else if ((char === ',' || char === ';') && depth === 0) return ended(value, text, from, at);
    }
    value.parts.push({ text: text.slice(from), column: from });
    quote = '';
  }
  return value;
}

function ended(value: Value, text: string, from: number, at: number): Value {
  value.parts.push({ text: text.slice(from, at), column: from });
  return value;
}

/** The float multiplies by 100 of a value (not the ones already whole, or handed to a function that may round). */
function multiplies(value: Value): Multiply[] {
  const found: Multiply[] = [];
  // Joined: Prettier may put `*` at a line's end and `100` on the next.
  const joined = value.parts.map((part) => part.text).join('\n');
  for (const match of joined.matchAll(MULTIPLY)) {
    const after = joined.slice(match.index + match[0].length);
    if (!isFloat(match[0]) || wrapped(joined.slice(0, match.index), after)) continue;
    const lineOffset = joined.slice(0, match.index).split('\n').length - 1;
    const part = value.parts[lineOffset]!;
    const start = part.column + match.index - (joined.lastIndexOf('\n', match.index - 1) + 1);
    found.push({ line: value.line + lineOffset, start, text: match[0] });
  }
  return found;
}

/** `(Math.round(x) - 50) * 100` is whole; `(Number(x) - 50) * 100`, `price * 100` are not. */
function isFloat(multiply: string): boolean {
  const operand = multiply.replace(/^\s*100\s*\*|\*\s*100\s*$/g, '');
  return !ONLY_WHOLE.test(operand.replace(WHOLE_CALL, '0'));
}

/** The multiply is inside a call (`Math.round(`, a helper that may round) or a group made whole after it. */
function wrapped(prefix: string, after: string): boolean {
  const open: number[] = [];
  for (let at = 0; at < prefix.length; at++)
    if (prefix[at] === '(') open.push(at);
    else if (prefix[at] === ')') open.pop();
  if (open.some((at) => /[\w$]\s*$/.test(prefix.slice(0, at)))) return true;
  return open.length > 0 && FIXED_AFTER.test(after);
}

function floatKobo(multiply: Multiply, site: CallSite): Problem {
  const text = multiply.text.replace(/\s+/g, ' ');
  const replacement = `Math.round(${text})`;
  // A multiply over two lines is marked on its first; its fix would rewrite both, and is left to the developer.
  const oneLine = !multiply.text.includes('\n');
  const end = oneLine ? multiply.start + multiply.text.length : multiply.start + multiply.text.indexOf('\n');
  return at(multiply.line, multiply.start, end, {
    code: 'float-kobo',
    message: l10n.t(
      '{0} makes kobo with a floating-point multiply (19.99 * 100 is 1998.9999999999998); the wallet takes whole kobo. Round it: {1}.',
      text,
      replacement,
    ),
    replacement: oneLine ? replacement : undefined,
    fixTitle: oneLine ? l10n.t('Round to whole kobo: {0}', replacement) : undefined,
    preferred: site.direct,
  });
}

/** The float-kobo findings of one call (none unless the wallet rule recognises it). */
export function koboFindings(lines: readonly string[], site: CallSite): Problem[] {
  const problems: Problem[] = [];
  inspect(lines, site.first, site.last, { site, problems, seen: new Set() }, 0);
  return problems.length > 0 && site.wallet ? problems : [];
}

interface Inspection {
  site: CallSite;
  problems: Problem[];
  /** The assignments already read (a name used twice is read once). */
  seen: Set<number>;
}

/** Lines that send an amount (the call, or a body built for it): their amounts' multiplies, and the names they send. */
function inspect(lines: readonly string[], first: number, last: number, inspection: Inspection, depth: number): void {
  const { site, problems } = inspection;
  for (let index = first; index <= last; index++) {
    const line = lines[index]!;
    if (!line.includes('amount')) continue;
    for (const key of line.matchAll(AMOUNT_KEY)) {
      // `amount:` ending its line: Prettier put the value on the next.
      const value = valueFrom(lines, index, key.index + key[0].length, last);
      for (const multiply of multiplies(value)) problems.push(floatKobo(multiply, site));
    }
  }
  if (depth >= 2) return;
  const text = lines.slice(first, last + 1).join('\n');
  const amounts = new Set([...text.matchAll(AMOUNT_VALUE)].map((match) => match[1]!));
  if (AMOUNT_SHORTHAND.test(text)) amounts.add('amount');
  for (const name of amounts) inspectAssignment(lines, name, first, inspection);
  for (const match of text.matchAll(BODY_NAME)) {
    const name = match[1]!;
    if (amounts.has(name)) continue;
    const assignment = assignmentBefore(lines, name, first);
    if (!assignment || inspection.seen.has(assignment.first)) continue;
    inspection.seen.add(assignment.first);
    if (lines.slice(assignment.first, assignment.last + 1).some((line) => line.includes('amount')))
      inspect(lines, assignment.first, assignment.last, inspection, depth + 1);
  }
}

/** `const kobo = (Number(x) - 50) * 100` before a call that sends `amount: kobo`: every float multiply of its value. */
function inspectAssignment(lines: readonly string[], name: string, before: number, inspection: Inspection): void {
  const assignment = assignmentBefore(lines, name, before);
  if (!assignment || inspection.seen.has(assignment.first)) return;
  inspection.seen.add(assignment.first);
  const line = lines[assignment.first]!;
  const start = line.length - assignmentOf(name).exec(line)![1]!.length;
  const value = valueFrom(lines, assignment.first, start, assignment.last);
  for (const multiply of multiplies(value)) inspection.problems.push(floatKobo(multiply, inspection.site));
}
