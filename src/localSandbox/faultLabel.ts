// A fault or delay in words, for the Sandbox view and the confirmation after adding one.

import * as l10n from '@vscode/l10n';
import { countText } from '../common/plural';
import type { Fault } from '../sandbox';
import { FAULT_ENDPOINTS } from './endpoints';

/** "GET /v1/users/balance". */
export function faultTarget(fault: Fault): string {
  return `${fault.method ?? l10n.t('any method')} ${fault.path}`;
}

/** "before the work" (the default: the API does nothing) or "after the work" (the API has done it: money moved). */
export function faultPhase(fault: Fault): string {
  return fault.phase === 'after' ? l10n.t('after the work') : l10n.t('before the work');
}

/** "status 500 · 2 more times", "drops the connection", "waits 3000 ms" ("holds the answer 3000 ms" after the work). */
export function faultEffect(fault: Fault): string {
  const parts: string[] = [];
  if (fault.drop) parts.push(l10n.t('drops the connection'));
  if (fault.status !== undefined) parts.push(l10n.t('status {0}', fault.status));
  if (fault.delayMs !== undefined && fault.delayMs > 0) {
    parts.push(fault.phase === 'after' ? l10n.t('holds the answer {0} ms', fault.delayMs) : l10n.t('waits {0} ms', fault.delayMs));
  }
  if (parts.length === 0) parts.push(l10n.t('no effect'));
  const times = fault.times;
  parts.push(
    times === undefined ? l10n.t('every time') : countText(times, l10n.t('{0} more time', times), l10n.t('{0} more times', times)),
  );
  return parts.join(' · ');
}

/** "after the work · status 503 · every time": the Sandbox view's row. */
export function faultDescription(fault: Fault): string {
  return `${faultPhase(fault)} · ${faultEffect(fault)}`;
}

/** Whether the fault's requests include one that moves money (a transfer or airtime POST): after the work, that money moves. */
export function faultMeetsMoney(fault: Fault): boolean {
  return FAULT_ENDPOINTS.some(
    (endpoint) =>
      endpoint.movesMoney === true &&
      (fault.method === undefined || fault.method.toUpperCase() === endpoint.method) &&
      (fault.path.endsWith('*') ? endpoint.path.startsWith(fault.path.slice(0, -1)) : endpoint.path === fault.path),
  );
}
