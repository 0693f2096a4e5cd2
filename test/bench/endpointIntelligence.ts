// The endpoint intelligence's cost for `npm run bench`: what a hover, a completion and a check of
// a 5,000-line file (its paths and its code findings, issue 39) compute, in plain Node (the core has no vscode in it; the providers around it
// only read the line or the text and wrap the answer).
import { analyzeText, problemsOf, useOf } from '../../src/endpointIntelligence/core/analyze';
import { codeFindings } from '../../src/endpointIntelligence/core/findings/codeFindings';
import { apiCatalog } from '../../src/endpointIntelligence/core/apiCatalog';
import { buildCatalog } from '../../src/endpointIntelligence/core/catalog';
import { completionEntries } from '../../src/endpointIntelligence/core/completionEntries';
import { hoverMarkdown } from '../../src/endpointIntelligence/core/hoverText';
import { completionStart, pathAt } from '../../src/endpointIntelligence/core/pathFinder';
import { openApiDocument } from '../../src/sandbox/vocabulary/openapiDocument';

export interface EndpointReport {
  lines: number;
  /** API paths in the file (a few unknown, a few with a wrong method). */
  paths: number;
  problems: number;
  /** Code findings (issue 39): five float kobo multiplies; every block reads `answer.status`, the HTTP status (no finding). */
  findings: number;
  hoverP95Ms: number;
  completionP95Ms: number;
  diagnosticsP95Ms: number;
  diagnosticsMedianMs: number;
  /** Building the whole catalog from the OpenAPI document, every endpoint's operations read (at most once per window). */
  catalogMs: number;
  runs: number;
}

const LINES = [
  "import { client } from './client';",
  'export async function balance(base: string): Promise<number> {',
  '  const answer = await fetch(`${base}/v1/users/balance`, { headers: { "X-App-Key": key } });',
  '  // Amounts are integer kobo: 150050 is ₦1,500.50.',
  "  const history = await client.get('/v1/transactions', { params: { limit: 20 } });",
  "  await axios.post('/v1/users/transfers/bank', { accountNumber, bankCode, amount, accountName });",
  '  if (!answer.ok) throw new Error(`balance failed: ${answer.status}`);',
  '  const limit = Math.min(100, Math.max(1, requested));',
  '  return history.data.length;',
  '}',
  '',
];

/** A 5,000-line TypeScript file with API paths on about a third of its lines, eleven of them wrong. */
export function sourceFile(lines: number): string {
  const out: string[] = [];
  for (let index = 0; index < lines; index++) out.push(LINES[index % LINES.length]!);
  for (let index = 0; index < 10; index++) {
    const at = Math.floor(((index + 0.5) * lines) / 10);
    out[at] =
      index % 2
        ? '  await fetch(`${process.env.WALLET_BASE_URL}/v1/users/balanse`);'
        : "  await axios.delete('/v1/users/accounts', { headers: { 'X-App-Key': key } });";
  }
  // Where completion is asked (a path being typed is an unknown path too: the eleventh problem).
  // Each problem is on a call that shows the wallet (its base URL or its header): only those are checked.
  out[Math.floor(lines / 3)] = "  const typed = process.env.WALLET_BASE_URL + '/v1/users/tr';";
  for (let index = 0; index < 5; index++)
    out[Math.floor(((index + 0.1) * lines) / 5)] =
      "  await axios.post('/v1/users/transfers/phone', { mobile, amount: Number(naira) * 100 }, { headers: { 'X-App-Key': key } });";
  return out.join('\n');
}

function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

function timed(runs: number, work: (run: number) => void): number[] {
  for (let run = 0; run < 20; run++) work(run);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const begun = performance.now();
    work(run);
    samples.push(performance.now() - begun);
  }
  return samples;
}

export function measureEndpointIntelligence(lines = 5_000, runs = 201): EndpointReport {
  const catalogStarted = performance.now();
  // Every endpoint's operations too: the catalog reads them when first asked (a hover, one endpoint's).
  for (const endpoint of buildCatalog(openApiDocument()).endpoints) void endpoint.operations;
  const catalogMs = performance.now() - catalogStarted;
  const catalog = apiCatalog();
  const text = sourceFile(lines);
  const split = text.split('\n');

  // A hover: the line under the pointer (and the few after it), the path there, its Markdown.
  const hoverLines = split.map((line, index) => [index, line.indexOf('/v1/')] as const).filter(([, column]) => column >= 0);
  const hover = timed(runs, (run) => {
    const [index, column] = hoverLines[(run * 7919) % hoverLines.length]!;
    const line = split[index]!;
    const found = pathAt(line, column + 3);
    if (!found) throw new Error(`no path at line ${index}`);
    const use = useOf(catalog, split.slice(index, index + 7), 0, found, false);
    if (use.match) hoverMarkdown(use.match.endpoint, catalog, { shown: use.shown?.method, local: true });
  });

  // A completion: the cursor after `/v1/users/tr`, every path offered.
  const typedLine = split.findIndex((line) => line.includes("'/v1/users/tr'"));
  const completion = timed(runs, () => {
    const line = split[typedLine]!;
    if (completionStart(line, line.indexOf("tr'") + 2) === undefined) throw new Error('no completion there');
    completionEntries(catalog).map((entry) => ({ ...entry }));
  });

  let problems = 0;
  let paths = 0;
  let findings = 0;
  const diagnostics = timed(runs, () => {
    // As the editor checks a TypeScript file: split anew (its brackets scanned anew), its calls
    // read to where they close (codeScan.ts).
    const lines = text.split('\n');
    const uses = analyzeText(catalog, lines, false, undefined, true);
    paths = uses.length;
    problems = problemsOf(uses).length;
    findings = codeFindings(text, lines, uses, { path: 'src/shop.ts', script: true }).length;
  });
  if (problems !== 11) throw new Error(`the check found ${problems} problems, not 11`);
  if (findings !== 5) throw new Error(`the check found ${findings} code findings, not 5`);
  return {
    lines,
    paths,
    problems,
    findings,
    hoverP95Ms: percentile(hover, 0.95),
    completionP95Ms: percentile(completion, 0.95),
    diagnosticsP95Ms: percentile(diagnostics, 0.95),
    diagnosticsMedianMs: percentile(diagnostics, 0.5),
    catalogMs,
    runs,
  };
}
