// Dates and times for people, in the display language. Plain TypeScript (no 'vscode', no DOM):
// the extension and the panel's page script both use it.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and style, built once: building one per call dominates big lists. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A locale Intl does not know (RangeError): the runtime's own.
      found = new Intl.DateTimeFormat(undefined, options);
    }
    formatters.set(key, found);
  }
  return found;
}

/** Hours and minutes ("14:05"), for "updated at" and "verified at". `at` is epoch milliseconds or a Date. */
export function formatClockTime(at: number | Date, locale?: string): string {
  return formatter(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Date and time ("4 Mar 2021, 10:20:30"); `precision: 'minutes'` leaves out the seconds. */
export function formatDateTime(at: number | Date, locale?: string, precision: 'seconds' | 'minutes' = 'seconds'): string {
  return formatter(locale, { dateStyle: 'medium', timeStyle: precision === 'seconds' ? 'medium' : 'short' }).format(at);
}
