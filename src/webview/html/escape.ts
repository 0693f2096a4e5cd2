// The panel's one way to make markup. Every `${value}` in an `html` template is escaped unless
// it is already SafeHtml; attributes are always double-quoted, and nothing is ever interpolated
// into a script, a style or an event-handler attribute.

/** Markup that is already safe: produced by `html` (our own constant markup with escaped values). */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Escapes text for element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);
}

function fragment(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: HtmlValue) => fragment(item)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Template tag: every `${value}` is escaped unless it is SafeHtml; arrays are joined; false/null/undefined vanish. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += fragment(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}
