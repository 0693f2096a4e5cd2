import { findingLines, mostSevereFirst, type Finding } from '../findings/finding';
import type { Sandbox } from '../types';

// The CLI's part of the integration review (docs/integration-review.md): when it stops, a summary
// of the findings of every world it serves goes to stderr, and with --fail-on-findings the exit
// status says whether there were any (for CI).

export const FAIL_ON_FINDINGS = '--fail-on-findings';

export const FINDINGS_USAGE = `  ${FAIL_ON_FINDINGS}     exit 1 when it stops if the integration review found anything
                         (a summary of the findings goes to stderr either way; docs/integration-review.md)`;

/** The findings of the sandbox's own world and of each of its namespaces, in that order. */
export function everyFinding(sandbox: Sandbox): Finding[] {
  const found = sandbox.findings();
  for (const { id } of sandbox.namespaces.list()) found.push(...(sandbox.namespaces.get(id)?.findings() ?? []));
  return found;
}

/** The lines printed when the CLI stops, most severe first, then the most money at stake (₦ paid more than once); nothing when nothing was found. */
export function findingsSummary(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return [];
  const plural = findings.length === 1 ? 'finding' : 'findings';
  return [
    `Wallet sandbox: the integration review has ${findings.length} ${plural} (GET /__sandbox/findings; docs/integration-review.md):`,
    ...findingLines(mostSevereFirst(findings)).map((line) => `  ${line}`),
  ];
}

/** The exit status after stopping: 1 with --fail-on-findings when there were findings, else 0. */
export function exitStatus(findings: readonly Finding[], failOnFindings: boolean): number {
  return failOnFindings && findings.length > 0 ? 1 : 0;
}
