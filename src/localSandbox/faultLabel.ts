// A fault or delay in words, for the Sandbox view and the confirmation after adding one.

import * as l10n from '@vscode/l10n';
import { countText } from '../common/plural';
import type { Fault } from '../sandbox';

/** "GET /v1/users/balance". */
export function faultTarget(fault: Fault): string {
  return `${fault.method ?? l10n.t('any method')} ${fault.path}`;
}

/** "status 500 · 2 more times", "drops the connection", "waits 3000 ms". */
export function faultEffect(fault: Fault): string {
  const parts: string[] = [];
  if (fault.drop) parts.push(l10n.t('drops the connection'));
  if (fault.status !== undefined) parts.push(l10n.t('status {0}', fault.status));
  if (fault.delayMs !== undefined && fault.delayMs > 0) parts.push(l10n.t('waits {0} ms', fault.delayMs));
  if (parts.length === 0) parts.push(l10n.t('no effect'));
  const times = fault.times;
  parts.push(
    times === undefined ? l10n.t('every time') : countText(times, l10n.t('{0} more time', times), l10n.t('{0} more times', times)),
  );
  return parts.join(' · ');
}
