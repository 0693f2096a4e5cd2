// Naira turned into kobo by a floating-point multiply, where the result is sent to the wallet as an
// amount (`float-kobo`): `amount: Number(naira) * 100` in the call, or through a name (`const kobo =
// parseFloat(x) * 100` … `{ amount: kobo }`) or a body built before the call. A `price * 100` that
// never reaches a wallet call's `amount` is the shop's own business and is left alone.
import * as l10n from '@vscode/l10n';
import type { Problem } from '../analyze';
import { assignmentBefore, assignmentOf, at, BODY_NAME, type CallSite } from './callSites';

interface Multiply {
  start: number;
  text: string;
}

const OPERAND = '(?:(?:Number|parseFloat)\\s*\\([^()]*\\)|\\+?[A-Za-z_$][\\w$]*(?:\\??\\.[A-Za-z_$][\\w$]*)*)';
const MULTIPLY = new RegExp(`(?<![\\w$.])(?:${OPERAND}\\s*\\*\\s*100|100\\s*\\*\\s*${OPERAND})(?![\\w$.(])`, 'g');
/** Already whole: `Math.round(x * 100)`, `BigInt(…)`, `(x * 100).toFixed(0)`. */
const ROUNDED_BEFORE = /(?:Math\.(?:round|trunc|floor|ceil)|BigInt)\s*\(\s*$|\(\s*$/;
const AMOUNT_BEFORE = /(?<![\w$])["']?amount["']?\s*[:=]\s*$/;
const AMOUNT_VALUE = /(?<![\w$])["']?amount["']?\s*:\s*([A-Za-z_$][\w$]*)\s*(?=[,}\n]|$)/g;
const AMOUNT_SHORTHAND = /(?:^|[{,])\s*amount\s*(?=[,}]|$)/m;
/** Is there a multiply by 100 at all (most files have none: no rule runs). */
export const MAY_MULTIPLY = /\*\s*100(?![\w.])|(?<![\w.])100\s*\*/;

/** The float multiplies by 100 of a line (not the ones already rounded). */
function multiplies(line: string): Multiply[] {
  const found: Multiply[] = [];
  for (const match of line.matchAll(MULTIPLY)) {
    if (ROUNDED_BEFORE.test(line.slice(0, match.index))) continue;
    found.push({ start: match.index, text: match[0] });
  }
  return found;
}

function floatKobo(line: number, multiply: Multiply, site: CallSite): Problem {
  const replacement = `Math.round(${multiply.text})`;
  return at(line, multiply.start, multiply.start + multiply.text.length, {
    code: 'float-kobo',
    message: l10n.t(
      '{0} makes kobo with a floating-point multiply (19.99 * 100 is 1998.9999999999998); the wallet takes whole kobo. Round it: {1}.',
      multiply.text,
      replacement,
    ),
    replacement,
    fixTitle: l10n.t('Round to whole kobo: {0}', replacement),
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

/** Lines that send an amount (the call, or a body built for it): their `amount:` multiplies, and the names they send. */
function inspect(lines: readonly string[], first: number, last: number, inspection: Inspection, depth: number): void {
  const { site, problems, seen } = inspection;
  for (let index = first; index <= last; index++) {
    const line = lines[index]!;
    for (const multiply of multiplies(line))
      if (AMOUNT_BEFORE.test(line.slice(0, multiply.start))) problems.push(floatKobo(index, multiply, site));
  }
  if (depth >= 2) return;
  const text = lines.slice(first, last + 1).join('\n');
  const amounts = new Set([...text.matchAll(AMOUNT_VALUE)].map((match) => match[1]!));
  if (AMOUNT_SHORTHAND.test(text)) amounts.add('amount');
  for (const name of amounts) {
    const assignment = assignmentBefore(lines, name, first);
    if (!assignment || seen.has(assignment.first)) continue;
    seen.add(assignment.first);
    const line = lines[assignment.first]!;
    const value = assignmentOf(name).exec(line)![1]!;
    const offset = line.length - value.length;
    for (const multiply of multiplies(value))
      problems.push(floatKobo(assignment.first, { ...multiply, start: multiply.start + offset }, site));
  }
  for (const match of text.matchAll(BODY_NAME)) {
    const name = match[1]!;
    if (amounts.has(name)) continue;
    const assignment = assignmentBefore(lines, name, first);
    if (!assignment || seen.has(assignment.first)) continue;
    seen.add(assignment.first);
    if (lines.slice(assignment.first, assignment.last + 1).some((line) => line.includes('amount')))
      inspect(lines, assignment.first, assignment.last, inspection, depth + 1);
  }
}
