// The one place dates and times are formatted for people, in the display language. Plain
// TypeScript (no vscode, no DOM): the tree, the status bar, the panel and its page script use it.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and style, built once: building one per call dominated drawing big trees. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, options);
    } catch {
      found = new Intl.DateTimeFormat(undefined, options); // a locale tag Intl does not know: the runtime's own
    }
    formatters.set(key, found);
  }
  return found;
}

/** Hours and minutes ("14:05"), for "updated at" and "verified at". `at` is epoch milliseconds or a Date. */
export function formatClockTime(at: number | Date, locale?: string): string {
  return formatter(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Hours, minutes and seconds ("14:05:09"), for a list of requests a second apart. */
export function formatClockSeconds(at: number | Date, locale?: string): string {
  return formatter(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
}

/**
 * Date and time ("4 Mar 2021, 10:20:30"); `precision: 'minutes'` leaves out the seconds. An ISO
 * string that is not a date comes back as it is.
 */
export function formatDateTime(at: number | Date | string, locale?: string, precision: 'seconds' | 'minutes' = 'seconds'): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (typeof at === 'string' && Number.isNaN((date as Date).getTime())) return at;
  return formatter(locale, { dateStyle: 'medium', timeStyle: precision === 'seconds' ? 'medium' : 'short' }).format(date);
}
