// What the Findings view and the finding page show of each finding, in plain code (no vscode) so
// the unit tests read the rows as the view draws them. Here, below both, because the views and the
// panel may not import each other. Titles are masked (src/masking) although the sandbox's rules
// never put a secret in one: nothing shown is trusted to be clean.

import * as l10n from '@vscode/l10n';
import { formatNaira } from '../api/money';
import { maskText } from '../masking/masking';
import { mostSevereFirst, type Finding, type FindingSeverity } from '../sandbox/reference';

export interface FindingRow {
  id: string;
  severity: FindingSeverity;
  label: string;
  description: string;
  tooltip: string;
}

export function severityLabel(severity: FindingSeverity): string {
  const labels: Record<FindingSeverity, string> = { error: l10n.t('Error'), warning: l10n.t('Warning'), info: l10n.t('Info') };
  return labels[severity];
}

/** "requests 4, 5 · event evt_…": what the finding names, for the row's tooltip and the tools. */
export function involvedText(finding: Pick<Finding, 'requestIds' | 'eventIds'>): string {
  const parts: string[] = [];
  if (finding.requestIds.length) parts.push(l10n.t('requests {0}', finding.requestIds.join(', ')));
  if (finding.eventIds.length) parts.push(l10n.t('events {0}', finding.eventIds.join(', ')));
  return parts.join(' · ');
}

/**
 * What a money finding says moved, read from the ledger: "₦40.00 paid more than once: 2 transfers
 * landed (6b02…, 6b03…)"; undefined for the other rules.
 */
export function movedText(finding: Pick<Finding, 'landed' | 'atRiskKobo'>): string | undefined {
  const { landed } = finding;
  if (!landed) return undefined;
  const references = landed.map((transfer) => `${transfer.reference} (${formatNaira(transfer.amount)})`).join(', ');
  if (landed.length === 0) return l10n.t('No transfer landed for this payment');
  if (landed.length === 1) return l10n.t('1 transfer landed: {0}', references);
  return l10n.t('{0} paid more than once: {1} transfers landed ({2})', formatNaira(finding.atRiskKobo ?? 0), landed.length, references);
}

/** The rows, most severe first, then the most money at stake (atRiskKobo), then newest first. */
export function findingRows(findings: readonly Finding[]): FindingRow[] {
  return mostSevereFirst(findings).map((finding) => {
    const label = maskText(finding.title);
    const involved = involvedText(finding);
    // A money finding's title ends with the naira paid more than once; the tooltip says what landed.
    return {
      id: finding.id,
      severity: finding.severity,
      label,
      description: finding.rule,
      tooltip: [`${severityLabel(finding.severity)} · ${finding.rule}`, label, movedText(finding), involved].filter(Boolean).join('\n'),
    };
  });
}

/** The badge's tooltip: what the number counts. */
export function badgeTooltip(count: number): string {
  return count === 1
    ? l10n.t('1 finding: something the app did against the local sandbox that costs money in production')
    : l10n.t('{0} findings: things the app did against the local sandbox that cost money in production', count);
}
