import { createHash } from 'node:crypto';
import { FINDING_RULES, SEVERITY, type Finding, type FindingRule } from '../findings/finding';
import { RULE_GUIDE } from '../findings/ruleGuide';

// The run's findings written for CI (docs/integration-review.md, "In CI"): SARIF 2.1.0 for GitHub
// code scanning, JUnit XML for test reports, and the fingerprint a baseline compares by.

export const FINDINGS_FORMATS = ['sarif', 'junit'] as const;
export type FindingsFormat = (typeof FINDINGS_FORMATS)[number];

/** Where each format is written, in the directory the CLI runs in. */
export const FORMAT_FILES: Readonly<Record<FindingsFormat, string>> = {
  sarif: 'wallet-sandbox-findings.sarif',
  junit: 'wallet-sandbox-findings.xml',
};

const TOOL = 'wallet-sandbox';
const INFORMATION_URI = 'https://github.com/wallet-console/wallet-console/blob/main/docs/integration-review.md';
const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * What makes two findings the same from one run to the next: the rule and the title with what
 * changes each run (ids, references, counts, times, ports) taken out. Never the namespace: its id
 * is new each run.
 */
export function fingerprint(finding: Pick<Finding, 'rule' | 'title'>): string {
  const stable = finding.title.replace(/\b[0-9a-f]{8,}\b/gi, '…').replace(/\d+/g, '#');
  return `${finding.rule}: ${stable}`;
}

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

function sarifRule(rule: FindingRule) {
  const guide = RULE_GUIDE[rule];
  return {
    id: rule,
    name: rule.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase()),
    shortDescription: { text: guide.name },
    fullDescription: { text: `Why it costs money: ${guide.why}` },
    help: { text: `Fix: ${guide.fix}` },
    helpUri: `${INFORMATION_URI}#${rule}`,
    defaultConfiguration: { level: LEVEL[SEVERITY[rule]] },
  };
}

/**
 * The findings as a SARIF 2.1.0 log. Code scanning shows a result at a file of the repository:
 * each is placed at `artifact` (the scenario file the run started from), line 1, and carries its
 * fingerprint so an alert stays one alert from run to run.
 */
export function toSarif(findings: readonly Finding[], artifact: string): Record<string, unknown> {
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: TOOL, informationUri: INFORMATION_URI, rules: FINDING_RULES.map(sarifRule) } },
        results: findings.map((finding) => ({
          ruleId: finding.rule,
          ruleIndex: FINDING_RULES.indexOf(finding.rule),
          level: LEVEL[finding.severity],
          message: { text: `${finding.title}. ${finding.detail}` },
          locations: [
            {
              physicalLocation: { artifactLocation: { uri: artifact, uriBaseId: '%SRCROOT%' }, region: { startLine: 1 } },
              logicalLocations: [{ name: finding.namespace ?? 'sandbox', kind: 'namespace' }],
            },
          ],
          partialFingerprints: { 'walletSandboxFinding/v1': createHash('sha256').update(fingerprint(finding)).digest('hex') },
          properties: { requestIds: finding.requestIds, eventIds: finding.eventIds, at: finding.at, docs: finding.docs },
        })),
      },
    ],
  };
}

const xml = (text: string): string =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * The findings as JUnit XML: one test case per rule, failed by the findings it counts as failures
 * (`failing`: those at least as severe as the CLI fails on, and new against a baseline), with the
 * others of the rule listed in its output.
 */
export function toJunit(findings: readonly Finding[], failing: (finding: Finding) => boolean): string {
  const cases = FINDING_RULES.map((rule) => {
    const own = findings.filter((finding) => finding.rule === rule);
    const failed = own.filter(failing);
    const lines = own.map(
      (finding) => `${finding.severity} ${finding.title}${finding.namespace ? ` [namespace ${finding.namespace}]` : ''}`,
    );
    const failure =
      failed.length === 0
        ? ''
        : `\n    <failure message="${xml(`${failed.length} ${rule} finding${failed.length === 1 ? '' : 's'}`)}" type="${rule}">` +
          `${xml(failed.map((finding) => `${finding.title}\n${finding.detail}`).join('\n\n'))}</failure>`;
    const out = lines.length === 0 ? '' : `\n    <system-out>${xml(lines.join('\n'))}</system-out>`;
    return `  <testcase classname="wallet-sandbox.integration-review" name="${rule}">${failure}${out}${failure || out ? '\n  ' : ''}</testcase>`;
  });
  const failures = FINDING_RULES.filter((rule) => findings.some((finding) => finding.rule === rule && failing(finding))).length;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="${TOOL}" tests="${FINDING_RULES.length}" failures="${failures}">\n` +
    `<testsuite name="integration review" tests="${FINDING_RULES.length}" failures="${failures}" errors="0" skipped="0">\n` +
    `${cases.join('\n')}\n</testsuite>\n</testsuites>\n`
  );
}
