// The findings of what code does with a wallet call, from mistakes seen in public integrations of
// this API (docs/integration-review.md, "Findings in your code"). Only on calls the wallet rule
// recognises (walletCall.ts) and, for secrets in the browser, the rule's own marks (its headers and
// WALLET_… variables). JavaScript and TypeScript; a rule whose marks a file lacks does not run.
import type { PathUse, Problem } from '../analyze';
import { answerFindings } from './answerFindings';
import { callSites, REACH } from './callSites';
import { koboFindings, MAY_MULTIPLY, MAY_MULTIPLY_LINE } from './koboFindings';
import { browserSecrets, isBrowserCode, tokenInBody } from './secretFindings';

export interface CodeFile {
  /** The file's path (where it runs: a component, public/, a "use client" module). */
  path: string;
  /** JavaScript or TypeScript (their React variants, a Vue or Svelte component): the findings' language. */
  script: boolean;
}

const MAY_READ_ANSWER = /\.json\s*\(|\.status\b/;
const MAY_SEND_TOKEN = /x-app-wallet-access-token/i;

/** The code findings of a file whose API paths are `uses` (analyzeText's, on the same lines). */
export function codeFindings(text: string, lines: readonly string[], uses: readonly PathUse[], file: CodeFile): Problem[] {
  const problems: Problem[] = [];
  if (!file.script) return problems;
  const answers = MAY_READ_ANSWER.test(text);
  const kobo = MAY_MULTIPLY.test(text);
  const token = MAY_SEND_TOKEN.test(text);
  if (answers || kobo || token) {
    const axiosFile = /\baxios\b/.test(text);
    // The lines a rule needs near a call: most calls have none, and cost nothing more.
    const answerLines = answers ? linesMatching(lines, MAY_READ_ANSWER) : [];
    const multiplyLines = kobo ? linesMatching(lines, MAY_MULTIPLY_LINE) : [];
    const tokenLines = token ? linesMatching(lines, MAY_SEND_TOKEN) : [];
    // A rule runs on a call only where its marks are in reach: its answer read after the
    // statement, a multiply or the token header in the call or in what was built before it.
    for (const site of callSites(lines, uses)) {
      if (within(answerLines, site.line, () => site.statement.last + REACH)) problems.push(...answerFindings(lines, site, axiosFile));
      if (within(multiplyLines, site.line - REACH, () => site.last)) problems.push(...koboFindings(lines, site));
      if (within(tokenLines, site.line - REACH, () => site.last)) problems.push(...tokenInBody(lines, site));
    }
  }
  if (isBrowserCode(file.path, text)) problems.push(...browserSecrets(lines));
  return once(problems);
}

function linesMatching(lines: readonly string[], pattern: RegExp): number[] {
  const found: number[] = [];
  for (let index = 0; index < lines.length; index++) if (pattern.test(lines[index]!)) found.push(index);
  return found;
}

/** Whether one of `marked` (in order) is from `first` to the line `last()` gives (asked only if one is after `first`). */
function within(marked: readonly number[], first: number, last: () => number): boolean {
  let low = 0;
  let high = marked.length;
  // The first marked line at or after `first`, by halves: a file's calls each ask.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (marked[middle]! < first) low = middle + 1;
    else high = middle;
  }
  return low < marked.length && marked[low]! <= last();
}

/** One finding per place and rule (two calls may share the body or the name that makes it), in the file's order. */
function once(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  problems.sort((a, b) => a.line - b.line || a.start - b.start);
  return problems.filter((problem) => {
    const key = `${problem.code} ${problem.line}:${problem.start}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
