// The one way a count is written with its noun ("1 attempt", "2 attempts"): every message that
// holds a count comes as two separate messages, singular and plural, so each is translated
// whole (l10n.t needs literals to find them), and the display language's plural rules pick.
// Plain TypeScript: the views, the panel's pages, the webview script and the agent tools use it.
//
//   countText(n, l10n.t('{0} attempt', n), l10n.t('{0} attempts', n))
//
// test/unit/common/plural.test.ts checks that no message in src/ writes a count before a plural
// noun without its singular twin beside it.

const rulesByLocale = new Map<string, Intl.PluralRules>();

function rulesFor(locale: string | undefined): Intl.PluralRules {
  const key = locale ?? '';
  let rules = rulesByLocale.get(key);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en'); // a locale tag Intl does not know
    }
    rulesByLocale.set(key, rules);
  }
  return rules;
}

/**
 * The singular message when the count takes the singular in `locale` (English: exactly 1),
 * the plural one otherwise. Without a locale, the runtime's own (the browser's in a webview).
 */
export function countText(count: number, one: string, other: string, locale?: string): string {
  return rulesFor(locale).select(count) === 'one' ? one : other;
}
