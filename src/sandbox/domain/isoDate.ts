/** Timestamps are stored in one ISO form, so string order is time order. */
export function toIso(value: unknown, field: string): string {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) {
    throw new Error(`${field} must be an ISO 8601 date`);
  }
  return new Date(ms).toISOString();
}
