// Last line of defence: anything that looks like a token or key is masked before it is
// logged or shown, even if a caller forgot. Callers should still never pass secrets here.
const SECRET_PATTERNS: RegExp[] = [
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, // JWTs
  /\b(?:pk|sk)_(?:live|test)_[A-Za-z0-9]{8,}\b/g, // app keys
  /\b[a-f0-9]{40}\b/g, // refresh tokens
  /\[Passcode:\s*\d+\]/gi, // the sandbox passcode hint
];

export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((result, pattern) => result.replace(pattern, '[redacted]'), text);
}
