// Performance marks that `npm run bench` reads (test/bench/firstUse.ts) to tell the extension's own
// part of a feature's first use from VS Code's around it (issue 38: first use <= 100 ms, judged
// on ours). A mark is a timestamp; each name keeps only its latest, so marking on every call
// holds no memory.

export const FIRST_USE_MARKS = {
  /** Create Webhook Handler: the command has started, and the written file is handed to VS Code to open. */
  webhookHandlerStart: 'walletConsole.createWebhookHandler.start',
  webhookHandlerHandOff: 'walletConsole.createWebhookHandler.handOff',
  /** The endpoint hover: our provider was asked, and it answered. */
  hoverStart: 'walletConsole.hover.start',
  hoverEnd: 'walletConsole.hover.end',
  /** The snippets' completion at `wallet-`: our provider was asked, and it answered. */
  snippetsStart: 'walletConsole.snippets.start',
  snippetsEnd: 'walletConsole.snippets.end',
} as const;

export type FirstUseMark = (typeof FIRST_USE_MARKS)[keyof typeof FIRST_USE_MARKS];

export function markFirstUse(name: FirstUseMark): void {
  performance.clearMarks(name);
  performance.mark(name);
}

/** Runs `work` between the marks `start` and `end`: a provider's own part of a first use. */
export function markedFirstUse<T>(start: FirstUseMark, end: FirstUseMark, work: () => T): T {
  markFirstUse(start);
  try {
    return work();
  } finally {
    markFirstUse(end);
  }
}
