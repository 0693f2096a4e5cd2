// What JavaScript and TypeScript do with a wallet call's answer: `.status` read where the envelope
// says `success` (`status-not-success`), and a `.json()` read before it is awaited
// (`unawaited-json`). Followed from the statement that makes the call to the end of its block;
// `res.status` on a fetch Response (the HTTP status) is never a finding.
import * as l10n from '@vscode/l10n';
import { commentLines, MONEY_WORDS } from '../../../common/moneyWords';
import type { Problem } from '../analyze';
import { ASSIGNING, at, depthAt, escape, mention, REACH, type CallSite } from './callSites';

/** What a call's result names: a fetch Response, an axios answer (its `.data` is the envelope), the envelope itself. */
interface Answers {
  responses: string[];
  axios: string[];
  bodies: string[];
  /** The call is awaited: the function around it is async (an `await` fix is safe in its block). */
  awaited: boolean;
}

const PARSED_BODY = /^\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(await\s+)?/;
const HTTP_METHOD_CALL = /\.\s*(?:get|post|put|patch|delete|request)\s*(?:<[^>]*>)?\s*\(/;
const NOT_A_READ = '(?!then\\b|catch\\b|finally\\b)';

function answersOf(lines: readonly string[], site: CallSite, axiosFile: boolean): Answers | undefined {
  const { first, last } = site.statement;
  const assigned = ASSIGNING.exec(lines[first]!);
  if (!assigned?.[2]) return undefined;
  const statement = lines.slice(first, last + 1).join('\n');
  const answers: Answers = { responses: [], axios: [], bodies: [], awaited: true };
  const target = assigned[1]!;
  const axios = /\baxios\b/.test(statement) || (axiosFile && HTTP_METHOD_CALL.test(statement));
  if (target.startsWith('{')) {
    // `const { data } = await axios.get(…)`, `const { data: body } = …`: the envelope.
    const data = /(?:^|[{,])\s*data\s*(?::\s*([A-Za-z_$][\w$]*))?\s*(?=[,}])/.exec(target);
    if (axios && data) answers.bodies.push(data[1] ?? 'data');
  } else if (/\.json\s*\(\s*\)/.test(statement)) answers.bodies.push(target);
  else if (/(?<![\w$.])fetch\s*\(/.test(statement)) answers.responses.push(target);
  else if (axios) answers.axios.push(target);
  return answers.responses.length + answers.axios.length + answers.bodies.length > 0 ? answers : undefined;
}

/** The findings on the answer of one call (none unless the wallet rule recognises it). */
export function answerFindings(lines: readonly string[], site: CallSite, axiosFile: boolean): Problem[] {
  const answers = answersOf(lines, site, axiosFile);
  if (!answers) return [];
  const problems: Problem[] = [];
  const unawaited = new Map<string, Problem>();
  const { last } = site.statement;
  const watched = () => [...answers.responses, ...answers.axios, ...answers.bodies, ...unawaited.keys()];
  let names = watched();
  // To the end of the call's block (at most REACH lines): a name after it may be another's.
  let depth = 0;
  for (let index = last + 1; index < lines.length && index <= last + REACH; index++) {
    const line = lines[index]!;
    depth += depthAt(lines, index);
    if (depth < 0) break;
    // Most lines after a call do not name its answer: they cost one includes per name.
    if (!names.some((name) => line.includes(name))) continue;
    for (const name of [...unawaited.keys()])
      if (mention(name, `\\??(?:\\.${NOT_A_READ}[\\w$]|\\[)`).test(line)) {
        problems.push(unawaited.get(name)!);
        unawaited.delete(name);
      }
    const sameBlock = depth - depthAt(lines, index) === 0;
    for (const response of answers.responses) readResponse(line, index, response, { answers, unawaited, problems, site, sameBlock });
    for (const name of answers.axios) {
      const body = PARSED_BODY.exec(line);
      if (body && new RegExp(`^\\s*${escape(name)}\\.data\\s*;?\\s*$`).test(line.slice(body[0].length))) answers.bodies.push(body[1]!);
      problems.push(...statusReads(line, index, name, '\\.data', site));
    }
    for (const name of answers.bodies) problems.push(...statusReads(line, index, name, '', site));
    names = watched();
  }
  return problems.length > 0 && site.wallet ? problems : [];
}

interface Reading {
  answers: Answers;
  unawaited: Map<string, Problem>;
  problems: Problem[];
  site: CallSite;
  /** The line is in the call's own block (not a callback inside it, which may not be async). */
  sameBlock: boolean;
}

/** A line after `const res = await fetch(…)`: `res.json()` awaited or not, and read at once or later. */
function readResponse(line: string, index: number, response: string, reading: Reading): void {
  const { answers, unawaited, problems, site } = reading;
  const call = `${response}.json()`;
  if (!line.includes(call)) return;
  const fixable = answers.awaited && reading.sameBlock;
  const body = PARSED_BODY.exec(line);
  if (body && line.slice(body[0].length).replace(/;?\s*$/, '') === call) {
    const start = line.indexOf(call, body[0].length);
    if (body[2]) answers.bodies.push(body[1]!);
    else unawaited.set(body[1]!, unawaitedJson(index, start, call, fixable ? `await ${call}` : undefined, site));
  }
  // `res.json().data`, `await res.json().data` (awaits `.data` of the Promise): both read a Promise.
  const readAtOnce = mention(response, `\\.json\\(\\)(?=\\s*\\??(?:\\.${NOT_A_READ}[\\w$]|\\[))`);
  for (const match of line.matchAll(readAtOnce)) {
    const awaitBefore = /await\s+$/.exec(line.slice(0, match.index));
    const start = awaitBefore ? awaitBefore.index : match.index;
    const text = line.slice(start, match.index + match[0].length);
    problems.push(unawaitedJson(index, start, text, fixable || awaitBefore ? `(await ${call})` : undefined, site));
  }
}

function unawaitedJson(line: number, start: number, text: string, replacement: string | undefined, site: CallSite): Problem {
  return at(line, start, start + text.length, {
    code: 'unawaited-json',
    error: true,
    message: l10n.t('{0} is a Promise here: await it before reading the wallet API’s answer (its `success`, `message` and `data`).', text),
    replacement,
    fixTitle: replacement && l10n.t('Await the answer: {0}', replacement),
    preferred: site.direct,
  });
}

/** `body.status`, `body.data.status` (`res.data.status` for axios): the envelope has `success`, never `status`. */
function statusReads(line: string, index: number, name: string, through: string, site: CallSite): Problem[] {
  const problems: Problem[] = [];
  if (!line.includes('status')) return problems;
  const envelope = `${name}${through.replace(/\\/g, '')}`;
  for (const match of line.matchAll(mention(name, `${through}\\??\\.(?:data\\??\\.)?status(?![\\w$])`))) {
    const start = match.index;
    const compared = new RegExp(`^${escape(name)}${through}\\.status\\s*(===?|!==?)\\s*(['"\`])success\\2`).exec(line.slice(start));
    const end = start + (compared ? compared[0].length : match[0].length);
    const fix = compared ? readSuccess(line, start, end, envelope, compared[1]!.startsWith('!'), site.answersStatusCode) : undefined;
    const message = l10n.t(
      '{0} is undefined: the wallet API answers `{ success, message, data }` with no `status`. Read `success` (true or false).',
      match[0],
    );
    problems.push(
      at(index, start, end, {
        code: 'status-not-success',
        message: site.answersStatusCode ? `${message} ${MONEY_WORDS.pending}` : message,
        replacement: fix?.text,
        fixTitle: fix?.title,
        preferred: site.direct,
      }),
    );
  }
  return problems;
}

/**
 * "Read success": `body.success === true` for `body.status === 'success'` (`!== true` for `!==`).
 * Where the answer carries a bank transfer's statusCode, success alone is not paid: `000002` is
 * pending. An `if (…) {` of the comparison alone gets a branch of its own for it, before the
 * user's, which then runs only for `000001` (or, negated, for a refusal or anything but `000001`);
 * elsewhere the expression is true only for `000001` (false for pending, never "paid").
 */
function readSuccess(line: string, start: number, end: number, envelope: string, negated: boolean, statusCode: boolean) {
  if (!statusCode) {
    const text = `${envelope}.success ${negated ? '!==' : '==='} true`;
    return { text, title: l10n.t('Read success: {0}', text) };
  }
  const code = `${envelope}.data?.transaction?.statusCode`;
  const settled = negated ? `${envelope}.success !== true || ${code} !== '000001'` : `${envelope}.success === true && ${code} === '000001'`;
  const title = l10n.t('Read success and statusCode (000002 is pending, not paid)');
  const wholeCondition = /\bif\s*\(\s*$/.test(line.slice(0, start)) && /^\s*\)\s*\{/.test(line.slice(end));
  if (!wholeCondition) return { text: `(${settled})`, title };
  const indent = /^\s*/.exec(line)![0];
  const pending = commentLines(MONEY_WORDS.pending, `${indent}  // `);
  return { text: `${envelope}.success === true && ${code} === '000002') {\n${pending}\n${indent}} else if (${settled}`, title };
}
