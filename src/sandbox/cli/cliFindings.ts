import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { atLeast, findingLines, mostSevereFirst, SEVERITIES, type Finding, type FindingSeverity } from '../findings/finding';
import type { Sandbox } from '../types';
import { FINDINGS_FORMATS, fingerprint, FORMAT_FILES, toJunit, toSarif, type FindingsFormat } from './findingsFormats';

// The CLI's part of the integration review (docs/integration-review.md): when it stops, what the
// run found (every world, across resets and deleted namespaces, what waited judged) is summed up
// on stderr; with --fail-on-findings the exit status says whether there were any at least that
// severe (for CI); with --findings-baseline only findings the baseline does not hold fail the run;
// --findings-format writes them for GitHub code scanning (SARIF) and test reports (JUnit).

export const FAIL_ON_FINDINGS = '--fail-on-findings';
export const FINDINGS_BASELINE = '--findings-baseline';
export const FINDINGS_FORMAT = '--findings-format';

export const FINDINGS_USAGE = `  ${FAIL_ON_FINDINGS}[=<severity>]
                         exit 1 when it stops if the run found errors or warnings (=info: anything;
                         =error: errors only); a summary goes to stderr either way
                         (docs/integration-review.md)
  ${FINDINGS_BASELINE} <file>
                         compare the run's findings with this file, and fail only on new ones
                         (printed as a diff); a file that does not exist yet records them
  ${FINDINGS_FORMAT} <sarif|junit>
                         also write them as ${FORMAT_FILES.sarif} (GitHub code scanning)
                         or ${FORMAT_FILES.junit} (test reports), in the current directory;
                         may be given twice`;

/** What the command line asked of the findings. */
export interface FindingsCliConfig {
  /** --fail-on-findings: the least severity that fails the run. */
  failOn?: FindingSeverity;
  /** --findings-baseline: the file of accepted findings. */
  baseline?: string;
  /** --findings-format, each once. */
  formats?: FindingsFormat[];
}

/** Applies a findings flag to `config`; false when `flag` is not one. Throws `usage` errors. */
export function applyFindingsFlag(
  config: FindingsCliConfig,
  flag: string,
  arg: string,
  value: () => string,
  usage: (message: string) => Error,
): boolean {
  if (flag === FAIL_ON_FINDINGS) {
    const given = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : 'warning';
    if (!SEVERITIES.includes(given as FindingSeverity)) throw usage(`${FAIL_ON_FINDINGS}= takes ${SEVERITIES.join(', ')}, got "${given}"`);
    config.failOn = given as FindingSeverity;
    return true;
  }
  if (flag === FINDINGS_BASELINE) {
    config.baseline = value();
    return true;
  }
  if (flag === FINDINGS_FORMAT) {
    const format = value();
    if (!FINDINGS_FORMATS.includes(format as FindingsFormat))
      throw usage(`${FINDINGS_FORMAT} takes ${FINDINGS_FORMATS.join(' or ')}, got "${format}"`);
    config.formats = [...new Set([...(config.formats ?? []), format as FindingsFormat])];
    return true;
  }
  return false;
}

/** The run's findings, every world's, once what waited was judged (each world's grace given). */
export async function runFindings(sandbox: Sandbox): Promise<Finding[]> {
  return ((await sandbox.runOperation('findings', { scope: 'run' })) as { findings: Finding[] }).findings;
}

/**
 * The summary's lines, most severe first, then the most money at stake (₦ paid more than once): one
 * per finding, the same title found again (test after test) told once with a count.
 */
export function findingsSummary(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return [];
  const groups = new Map<string, { first: Finding; more: number }>();
  for (const finding of findings) {
    const key = `${finding.rule} ${finding.title}`;
    const group = groups.get(key);
    if (group) group.more++;
    else groups.set(key, { first: finding, more: 0 });
  }
  const plural = findings.length === 1 ? 'finding' : 'findings';
  return [
    `Wallet sandbox: the integration review has ${findings.length} ${plural} (GET /__sandbox/findings?scope=run; docs/integration-review.md):`,
    ...mostSevereFirst([...groups.values()].map(({ first }) => first)).map((first) => {
      const more = groups.get(`${first.rule} ${first.title}`)!.more;
      return `  ${findingLines([first])[0]}${more ? ` (and ${more} more like it)` : ''}`;
    }),
  ];
}

interface Baseline {
  tool: 'wallet-sandbox';
  findings: { rule: string; severity: string; fingerprint: string; title: string }[];
}

function readBaseline(file: string): Baseline {
  let parsed: Partial<Baseline> | null;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Baseline> | null;
  } catch (error) {
    throw new Error(`${file} is not a findings baseline: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(parsed?.findings)) throw new Error(`${file} is not a findings baseline (no "findings" list)`);
  return parsed as Baseline;
}

function writeBaseline(file: string, findings: readonly Finding[]): void {
  const seen = new Map<string, Baseline['findings'][number]>();
  for (const finding of findings) {
    const print = fingerprint(finding);
    if (!seen.has(print)) seen.set(print, { rule: finding.rule, severity: finding.severity, fingerprint: print, title: finding.title });
  }
  writeFileSync(file, `${JSON.stringify({ tool: 'wallet-sandbox', findings: [...seen.values()] }, null, 2)}\n`);
}

/** Against the baseline: what is new (fails) and what it held that this run did not find (fixed). */
function baselineDiff(file: string, findings: readonly Finding[], output: (line: string) => void): Set<Finding> {
  const accepted = readBaseline(file).findings;
  const known = new Set(accepted.map((entry) => entry.fingerprint));
  const fresh = findings.filter((finding) => !known.has(fingerprint(finding)));
  const found = new Set(findings.map(fingerprint));
  const fixed = accepted.filter((entry) => !found.has(entry.fingerprint));
  output(
    `Wallet sandbox: findings against the baseline ${file}: ${fresh.length} new, ${fixed.length} no longer found, ` +
      `${findings.length - fresh.length} as before.`,
  );
  const shown = new Set<string>();
  for (const finding of fresh) {
    const print = fingerprint(finding);
    if (!shown.has(print)) output(`  + ${findingLines([finding])[0]}`);
    shown.add(print);
  }
  for (const entry of fixed) output(`  - ${entry.severity} ${entry.rule}: ${entry.title}`);
  if (fixed.length > 0 && fresh.length === 0) output(`  (delete ${file} and run again to record the smaller baseline)`);
  return new Set(fresh);
}

/** Where the SARIF places its results: the scenario file, relative to the directory the CLI runs in. */
const artifactOf = (scenario: string | undefined): string =>
  (scenario === undefined ? 'wallet-sandbox.json' : path.relative(process.cwd(), path.resolve(scenario))).split(path.sep).join('/');

/**
 * Prints the summary, compares with the baseline (or records it), writes the formats asked for;
 * answers the exit status the findings call for: 1 when a finding that counts fails the run.
 */
export function concludeFindings(
  findings: readonly Finding[],
  config: FindingsCliConfig,
  scenario: string | undefined,
  output: (line: string) => void,
): number {
  for (const line of findingsSummary(findings)) output(line);
  const floor = config.failOn ?? 'warning';
  let failing = (finding: Finding): boolean => config.failOn !== undefined && atLeast(finding, floor);
  if (config.baseline !== undefined) {
    if (existsSync(config.baseline)) {
      const fresh = baselineDiff(config.baseline, findings, output);
      failing = (finding) => fresh.has(finding) && atLeast(finding, floor);
    } else {
      writeBaseline(config.baseline, findings);
      output(
        `Wallet sandbox: recorded ${findings.length} findings as the baseline in ${config.baseline}; later runs fail only on new ones.`,
      );
      failing = () => false;
    }
  }
  for (const format of config.formats ?? []) {
    const file = FORMAT_FILES[format];
    const text = format === 'sarif' ? `${JSON.stringify(toSarif(findings, artifactOf(scenario)), null, 2)}\n` : toJunit(findings, failing);
    writeFileSync(file, text);
    output(`Wallet sandbox: wrote the findings to ${file}.`);
  }
  return findings.some(failing) ? 1 : 0;
}
