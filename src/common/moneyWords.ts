// The product's one voice on money whose outcome is not known yet (issue 55): what a 5xx answer to
// a money-moving request means, an answer that never came, an error the provider answered, and a
// pending bank transfer (statusCode 000002). Hovers, quick fixes, snippets, the generated webhook
// handlers, the finding page and the docs say these words and no others; and what they must never
// say instead is written here too, so test/unit/common/moneyVoice.test.ts holds every one of those
// texts to it. Plain English strings that import nothing: the plain-Node layers (the endpoint
// intelligence's core) use them as the UI does, and code comments are written with them: the
// snippets' and handlers' files (templates/) say them word for word. No quotes or apostrophes:
// they are pasted into comments of five languages.

export const MONEY_WORDS = {
  /** What a 5xx answer to a money-moving request means. */
  fiveXx:
    'A 5xx answer to a money-moving request does not mean that no money moved: the provider may have moved it and then failed. ' +
    'Do not send it again; requery the transfer by its reference (or read the history) and go by what the requery says.',
  /** An answer that never came (a timeout, a dropped connection). */
  noAnswer:
    'An answer that never came means outcome unknown, never failed: the money may have moved. ' +
    'Requery the transfer by its reference (or read the history) before showing a result or sending again.',
  /** An error the provider answered (a 5xx, or a provider error in the body). */
  answeredError: 'An error answered by the provider may still have moved money until a requery says otherwise.',
  /** A bank transfer answered, or requeried, with statusCode 000002. */
  pending:
    'statusCode 000002 is pending, not paid: neither credit nor refund it yet; requery it by its reference ' +
    '(or wait for its webhook) until it is 000001 (paid) or 000000 (failed, the money returned).',
  /** The three status codes of a bank transfer, in a few words. */
  statusCodes: '000001 success (paid), 000002 pending (not paid yet: requery), 000000 failed (the money returned)',
  /** After a sandbox magic value that answers a 5xx and moves nothing: the app cannot know that. */
  sandboxFiveXx: 'only the sandbox knows that: to your app it is a 5xx like any other, so requery it.',
  /** The rule for sending money. */
  neverRetry: 'A money-moving POST is sent once and never retried.',
} as const;

export type MoneyTopic = 'fiveXx' | 'noAnswer' | 'pending';

/** What each topic's text is about, and what a text about it must never say (unless it says it is not so). */
export interface MoneyVoiceRule {
  topic: MoneyTopic;
  about: RegExp;
  contradicts: RegExp;
}

/** A negation right before the words: "does not mean no money moved", "not a failure", "never as `failed`". */
const NOT = String.raw`(?<!(?:\bnot|\bnever|n't|\bnot mean(?: that)?|\bnot yet)\s+(?:an?\s+|as\s+)?["“'\x60]?)`;

export const MONEY_VOICE: readonly MoneyVoiceRule[] = [
  {
    topic: 'fiveXx',
    about: /\b5xx\b|\b5\d\d\b|\bprovider\b[^.]*\bfail|\bserver error\b/i,
    contradicts: new RegExp(
      `${NOT}\\b(?:no money (?:was )?mov(?:ed|es)|nothing (?:was )?moved|mov(?:ed|es) no money|money did not move|nothing happened)`,
      'i',
    ),
  },
  {
    topic: 'noAnswer',
    about: /\bno answer\b|\bnever (?:came|arrived)\b|\boutcome unknown\b|\bunknown outcome\b|\btimed out\b/i,
    contradicts: new RegExp(`${NOT}\\b(?:failed|a failure)\\b`, 'i'),
  },
  {
    topic: 'pending',
    about: /\b000002\b|\bpending\b/i,
    contradicts: new RegExp(`\\b000002\\b[^.;]*?${NOT}\\b(?:paid|settled|successful|completed?)\\b`, 'i'),
  },
];

const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+/);

/** The sentences of the words above: a sentence that says one of them says what it must. */
const CANONICAL = Object.values(MONEY_WORDS).flatMap((words) => sentencesOf(normalize(words)));

/** The sentences of a text (comment markers and extra spaces gone) that contradict the words above. */
export function moneyContradictions(text: string): string[] {
  return sentencesOf(normalize(text)).filter(
    (sentence) =>
      !CANONICAL.some((words) => sentence.includes(words)) &&
      MONEY_VOICE.some((rule) => rule.about.test(sentence) && rule.contradicts.test(sentence)),
  );
}

/** One line: code comments' markers (`//`, `#`, ` * `) and Markdown's emphasis gone, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .replace(/^\s*(?:\/\/+|#+|\/?\*+\/?|"""|<!--|-->)\s?/gm, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words as comment lines of at most `width` characters, each starting with `prefix` (`// `, `# `, ` * `). */
export function commentLines(words: string, prefix: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words.split(' ')) {
    if (line !== '' && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(prefix + line);
  return lines.join('\n');
}
