// The one place dates and times are formatted for people. Plain TypeScript (no vscode): the
// tree, the status bar and the panel's page all use it. Formatters are built once per locale
// and style: building one per call dominated drawing big trees.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(undefined, options); // an unknown locale tag: the runtime's own
    }
    formatters.set(key, format);
  }
  return format;
}

/** A date and time such as "1 Mar 2024, 10:00"; text that is not a date comes back as it is. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The time of day of an instant, hours and minutes ("10:05"), as an "updated at" says it. */
export function formatClockTime(epochMs: number, locale?: string): string {
  return formatter(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(epochMs));
}
