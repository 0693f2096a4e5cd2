// The errors one endpoint can give, from the OpenAPI document's shared error responses. A shared
// description lists every case of its status ("X-App-Key missing or unknown (10001); wallet token
// missing, bad (10002) or expired (10005); refresh token not valid (10007); …"); each case names
// what it is about, and an operation keeps the cases about what it has: its security schemes
// (by header or by name: "wallet token" is WalletToken), its fields ("passcode", "transaction"
// for transactionRef), or a body at all. The balance's 401 then reads 10001, 10002 and 10005.

export interface OperationVocabulary {
  /** Header names of its security schemes (`X-App-Key`) and the schemes' names (`WalletToken`). */
  schemes: string[];
  /** Its path, query and body fields. */
  fields: string[];
  /** It takes a request body. */
  hasBody: boolean;
}

/** `WalletToken` → `wallet token`, `transactionRef` → `transaction ref`. */
function words(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/** The cases of a description: split at `;`, and at `, ` after a case's codes (`(10000), a wrong…`). */
function casesOf(description: string): string[] {
  return description
    .split(/;\s*|(?<=\)),\s*/)
    .map((text) => text.trim())
    .filter((text) => text !== '');
}

/** A field's first word, as a description names it: `accountNumber` → `account`, `e-mail` → `email`. */
function firstWord(field: string): string {
  return words(field)
    .split(' ')[0]!
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Whether a case is about what the operation has. Its words are worked out once per operation,
 * not once per case: an operation's statuses list many cases, and the catalog is built on the
 * first hover.
 */
function aboutTest(vocabulary: OperationVocabulary): (text: string) => boolean {
  const schemes = vocabulary.schemes.flatMap((scheme) => [scheme.toLowerCase(), words(scheme)]);
  // A field by its first word: `accountNumber` is about "an account", `transactionRef` about
  // "transaction", `email` about "e-mail". First words are [a-z0-9] only: safe in a pattern.
  const firsts = [...new Set(vocabulary.fields.map(firstWord).filter((first) => first !== ''))];
  const fieldWord = firsts.length > 0 ? new RegExp(`\\b(?:${firsts.join('|')})`) : undefined;
  const hasFields = vocabulary.fields.length > 0 || vocabulary.hasBody;
  return (text) => {
    const lower = text.toLowerCase();
    if (schemes.some((scheme) => lower.includes(scheme))) return true;
    if (fieldWord?.test(lower.replace(/(\w)-(\w)/g, '$1$2'))) return true;
    if (/\bbody\b/.test(lower)) return vocabulary.hasBody;
    return /\b(?:field|query|parameter)\b/.test(lower) && hasFields;
  };
}

/**
 * For one operation: the part of an error description that applies to it, the cases with an
 * error code that are about what it has. Undefined when the description lists codes and none
 * applies (the operation cannot give that status); a description without codes stays as it is.
 */
export function applicableErrors(vocabulary: OperationVocabulary): (description: string) => string | undefined {
  const isAbout = aboutTest(vocabulary);
  return (description) => {
    const cases = casesOf(description);
    const coded = cases.filter((text) => /\(\d{5}(?:,\s*\d{5})*\)/.test(text));
    // Only cases of its own: a body's size (40013) applies to an operation that takes one.
    if (coded.length === 0) return /\bbody\b/i.test(description) && !vocabulary.hasBody ? undefined : description;
    const kept = coded.filter(isAbout);
    return kept.length === 0 ? undefined : kept.join('; ');
  };
}
