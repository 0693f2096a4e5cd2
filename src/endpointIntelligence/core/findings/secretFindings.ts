// Secrets where they leak: the app key or a wallet token in code that runs in a browser
// (`secret-in-browser`), and the wallet token sent in a call's body as well as in its header
// (`token-in-body`). The marks are the wallet rule's own (its headers, its WALLET_… variables).
import * as l10n from '@vscode/l10n';
import type { Problem } from '../analyze';
import { enclosingBracket, offsetOf, placeOf, scanOf } from '../codeScan';
import { HEADER_MARKER } from '../walletCall';
import { assignmentBefore, at, BODY_NAME, escape, type CallSite } from './callSites';

const HEADER_KEY = /(["'`])(x-app-(?:key|wallet-access-token))\1\s*[:,]/gi;
/** `process.env.NEXT_PUBLIC_WALLET_APP_KEY`, `import.meta.env.VITE_WALLET_ACCESS_TOKEN`, `env['WALLET_APP_KEY']`. */
const ENV_READ = /(?<![\w$])env\s*(?:\.\s*|\[\s*["'`])((?:[A-Z][A-Z0-9]*_)*WALLET_(?:APP_KEY|ACCESS_TOKEN))(?![\w$])/g;
const COMMENT = /^\s*(?:\/\/|\*|\/\*)/;
/** The first statement of the module is the "use client" directive (after comments). */
const USE_CLIENT = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(["'])use client\1/;
/** Server code inside a front-end project: Next.js's app/ (server components by default), API routes, loaders. */
const SERVER_PATH = /(?:^|\/)(?:app|pages\/api|api|server|functions)\/|\.server\.[cm]?[jt]sx?$/;
/** Tests (Jest, Vitest, Testing Library) run in Node, and are not shipped to a browser. */
const TEST_PATH = /\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)__tests__\//;
const SERVER_EXPORT = /\bexport\s+(?:async\s+)?(?:function|const)\s+(?:getServerSideProps|getStaticProps|loader|action)\b/;
/** Server-side rendering: the module renders React to HTML on the server. */
const SERVER_RENDER = /["']react-dom\/server["']|\brenderToString\b/;
/** A React component in a `.js` file (Create React App's): it imports React, and renders JSX or extends Component. */
const REACT_IMPORT = /(?:\bfrom\s*|\brequire\s*\(\s*)["']react(?:-native)?["']/;
const RENDERS = /(?:\breturn|=>|[(,=?:&|])\s*<(?:[A-Za-z][\w.]*[\s>/]|>)|\bextends\s+(?:React\.)?(?:Pure)?Component\b/;
const TOKEN_HEADER = /(["'`])x-app-wallet-access-token\1\s*[:,]\s*/i;
/** The object a key is in is headers (`headers: {`, `const walletHeaders = {`, `new Headers({`): not the body. */
const HEADERS_BEFORE = /(?:headers["']?\s*[:=]|Headers\s*\()\s*$/i;
/** A key of an object literal (after `{` or `,`): `accessToken:`, `{ walletToken }`, `"access_token":`. */
const TOKEN_KEY = /(?<=(?:^|[{,])\s*)(["']?)((?:wallet_?)?access_?token|wallet_?token)\1\s*(?=:|\s*[,}]|$)/gi;

/**
 * Whether a file's code runs in a browser: Vue and Svelte components, a "use client" module,
 * public/, a React component outside server folders (a `.jsx` or `.tsx` file, or a `.js` one that
 * imports React and renders JSX, as Create React App's do).
 */
export function isBrowserCode(path: string, text: string): boolean {
  const file = path.replace(/\\/g, '/');
  if (/\.(?:vue|svelte)$/i.test(file) || /(?:^|\/)public\/.+\.[cm]?js$/i.test(file)) return true;
  if (!/\.[cm]?[jt]sx?$/i.test(file) || TEST_PATH.test(file)) return false;
  if (USE_CLIENT.test(text.slice(0, 2_000))) return true;
  const component = /\.[jt]sx$/i.test(file) || (/\.js$/i.test(file) && REACT_IMPORT.test(text) && RENDERS.test(text));
  return component && !SERVER_PATH.test(file) && !SERVER_EXPORT.test(text) && !SERVER_RENDER.test(text);
}

/** The wallet's secrets in browser code: its headers given a value, its key or token variables read. */
export function browserSecrets(lines: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (COMMENT.test(line) || !(HEADER_MARKER.test(line) || line.includes('WALLET_'))) continue;
    for (const match of line.matchAll(HEADER_KEY)) problems.push(secret(index, match.index + 1, match[2]!));
    for (const match of line.matchAll(ENV_READ)) {
      const start = match.index + match[0].length - match[1]!.length;
      problems.push(secret(index, start, match[1]!));
    }
  }
  return problems;
}

function secret(line: number, start: number, text: string): Problem {
  const token = /token/i.test(text);
  return at(line, start, start + text.length, {
    code: 'secret-in-browser',
    error: true,
    message: token
      ? l10n.t(
          '{0} in code that runs in the browser: anyone who opens the page can read the wallet token and move its money. Call the wallet API from your server.',
          text,
        )
      : l10n.t(
          '{0} in code that runs in the browser: anyone who opens the page can read the app key and call the wallet API as your app. Keep it on your server.',
          text,
        ),
    preferred: false,
  });
}

/** The lines a call's body and headers may be in: the call, and the objects it sends as its body or headers, built just before it. */
function relatedLines(lines: readonly string[], site: CallSite): number[] {
  const related = new Set<number>();
  for (let index = site.first; index <= site.last; index++) related.add(index);
  const text = lines.slice(site.first, site.last + 1).join('\n');
  for (const name of new Set([...text.matchAll(BODY_NAME)].map((match) => match[1]!))) {
    const assignment = assignmentBefore(lines, name, site.first);
    if (!assignment || !/=\s*\{/.test(lines[assignment.first]!)) continue;
    for (let index = assignment.first; index <= assignment.last; index++) related.add(index);
  }
  return [...related].sort((a, b) => a - b);
}

/** The value the token header is given on a line: `'X-App-Wallet-Access-Token': localStorage.getItem("token")`. */
function tokenHeaderValue(line: string): string | undefined {
  const header = TOKEN_HEADER.exec(line);
  if (!header) return undefined;
  const start = header.index + header[0].length;
  let depth = 0;
  let end = start;
  for (; end < line.length; end++) {
    const char = line[end]!;
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && --depth < 0) break;
    else if (char === ',' && depth === 0) break;
  }
  return line.slice(start, end).trim() || undefined;
}

/** A key in a headers object: a header, not the body. */
function inHeaders(lines: readonly string[], line: number, column: number): boolean {
  const scan = scanOf(lines);
  const object = enclosingBracket(scan, offsetOf(scan, { line, column }));
  if (object < 0) return false;
  const open = placeOf(scan, scan.opens[object]!);
  return HEADERS_BEFORE.test(lines[open.line]!.slice(0, open.column));
}

/** The wallet token in the body of a call that also sends it in X-App-Wallet-Access-Token. */
export function tokenInBody(lines: readonly string[], site: CallSite): Problem[] {
  const related = relatedLines(lines, site);
  const value = related.map((index) => tokenHeaderValue(lines[index]!)).find((found) => found);
  if (!value) return [];
  const byValue = new RegExp(`(?<=(?:^|[{,])\\s*)(["']?)([A-Za-z_$][\\w$]*)\\1\\s*:\\s*${escape(value)}(?![\\w$.(])`, 'g');
  const shorthand = /^[A-Za-z_$][\w$]*$/.test(value) ? new RegExp(`(?<=[{,]\\s*)(${escape(value)})(?=\\s*[,}])`, 'g') : undefined;
  const problems: Problem[] = [];
  for (const index of related) {
    const line = lines[index]!;
    const found = [...line.matchAll(TOKEN_KEY), ...line.matchAll(byValue), ...(shorthand ? line.matchAll(shorthand) : [])];
    for (const match of found) {
      const key = match[2] ?? match[1]!;
      const start = match.index + match[0].indexOf(key);
      if (problems.some((problem) => problem.line === index && problem.start === start) || inHeaders(lines, index, start)) continue;
      problems.push(
        at(index, start, start + key.length, {
          code: 'token-in-body',
          message: l10n.t(
            'The wallet token goes in the body ({0}) as well as in X-App-Wallet-Access-Token: bodies are logged and stored. Send it in the header only.',
            key,
          ),
          preferred: false,
        }),
      );
    }
  }
  return problems.length > 0 && site.wallet ? problems : [];
}
