// The frameworks Create Webhook Handler writes for: the file, where it usually lives, and the URL
// its server listens on by default (the offer to point the sandbox at it starts from that URL).
// Plain module (no vscode). The handlers' text is in templates/webhook-handlers/ (templates.ts reads it).

export type FrameworkId = 'express' | 'express-js' | 'nextjs' | 'fastapi' | 'flask' | 'go';

export interface Framework {
  id: FrameworkId;
  /** The quick pick's label (a product name: not translated). */
  label: string;
  language: 'typescript' | 'javascript' | 'python' | 'go';
  /** Relative to the workspace folder: the save dialog's suggestion. */
  defaultFile: string;
  /** The path the handler serves. */
  path: string;
  /** Where the framework's dev server listens unless told otherwise. */
  defaultPort: number;
}

const WEBHOOK_PATH = '/webhooks/wallet';
// A Next.js route's URL is its folder under app/: app/api/webhooks/wallet/route.ts.
const NEXT_PATH = '/api/webhooks/wallet';

export const FRAMEWORKS: readonly Framework[] = [
  {
    id: 'express',
    label: 'Express',
    language: 'typescript',
    defaultFile: 'src/walletWebhook.ts',
    path: WEBHOOK_PATH,
    defaultPort: 3000,
  },
  {
    id: 'express-js',
    label: 'Express',
    language: 'javascript',
    defaultFile: 'src/walletWebhook.js',
    path: WEBHOOK_PATH,
    defaultPort: 3000,
  },
  {
    id: 'nextjs',
    label: 'Next.js route handler',
    language: 'typescript',
    defaultFile: `app${NEXT_PATH}/route.ts`,
    path: NEXT_PATH,
    defaultPort: 3000,
  },
  {
    id: 'fastapi',
    label: 'FastAPI',
    language: 'python',
    defaultFile: 'wallet_webhook.py',
    path: WEBHOOK_PATH,
    defaultPort: 8000,
  },
  {
    id: 'flask',
    label: 'Flask',
    language: 'python',
    defaultFile: 'wallet_webhook.py',
    path: WEBHOOK_PATH,
    defaultPort: 5000,
  },
  {
    id: 'go',
    label: 'Go net/http',
    language: 'go',
    defaultFile: 'wallet_webhook.go',
    path: WEBHOOK_PATH,
    defaultPort: 8080,
  },
];

/** The URL the sandbox should POST to when the user's server runs on its default port on this machine. */
export function defaultWebhookUrl(framework: Framework): string {
  return `http://127.0.0.1:${framework.defaultPort}${framework.path}`;
}
