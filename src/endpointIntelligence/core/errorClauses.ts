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

function isAbout(text: string, vocabulary: OperationVocabulary): boolean {
  const lower = text.toLowerCase();
  if (vocabulary.schemes.some((scheme) => lower.includes(scheme.toLowerCase()) || lower.includes(words(scheme)))) return true;
  // A field by its first word: `accountNumber` is about "an account", `transactionRef` about
  // "transaction", `email` about "e-mail".
  const plain = lower.replace(/(\w)-(\w)/g, '$1$2');
  const first = (field: string) =>
    words(field)
      .split(' ')[0]!
      .replace(/[^a-z0-9]/g, '');
  if (vocabulary.fields.some((field) => first(field) !== '' && new RegExp(`\\b${first(field)}`).test(plain))) return true;
  if (/\bbody\b/.test(lower)) return vocabulary.hasBody;
  return /\b(?:field|query|parameter)\b/.test(lower) && (vocabulary.fields.length > 0 || vocabulary.hasBody);
}

/**
 * The part of an error description that applies to an operation: the cases with an error code
 * that are about what it has. Undefined when the description lists codes and none applies (the
 * operation cannot give that status); a description without codes stays as it is.
 */
export function applicableError(description: string, vocabulary: OperationVocabulary): string | undefined {
  const cases = casesOf(description);
  const coded = cases.filter((text) => /\(\d{5}(?:,\s*\d{5})*\)/.test(text));
  // Only cases of its own: a body's size (40013) applies to an operation that takes one.
  if (coded.length === 0) return /\bbody\b/i.test(description) && !vocabulary.hasBody ? undefined : description;
  const kept = coded.filter((text) => isAbout(text, vocabulary));
  return kept.length === 0 ? undefined : kept.join('; ');
}
