// Money as people read it is naira with kobo, "₦2,500.50", written only by formatNaira
// (src/api/money.ts). Where a page also gives the exact integer the API sent (the amount's
// hover, the panel's detail line), it is written here, grouped the same way: "250,050 kobo".
import * as l10n from '@vscode/l10n';

/** `250050` -> `250,050 kobo`; `-150` -> `-150 kobo`. A non-integer is shown as sent. */
export function formatKobo(kobo: number): string {
  if (!Number.isInteger(kobo)) return l10n.t('{0} kobo', String(kobo));
  const digits = BigInt(Math.abs(kobo))
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return l10n.t('{0} kobo', `${kobo < 0 ? '-' : ''}${digits}`);
}
