// The Express webhook handler the command writes, in TypeScript or JavaScript (CommonJS): one
// text, the annotations only in TypeScript. Compiled under `tsc --strict` (TypeScript) and both
// run against the sandbox in test/unit/webhookHandlers.

import { howItWorks } from './howItWorks';
import { typeScriptInbox } from './typeScriptInbox';

import { statusCodeNote } from './moneyNote';
import { annotate, typeScriptPayloads, type ScriptLanguage } from './typeScriptPayloads';

const HEADER: Record<ScriptLanguage, (path: string) => string> = {
  typescript: (path) => `// Needs express, and its types for TypeScript: npm install express && npm install -D @types/express
// Mount it in your app, then point the app's callbackURL at it:
//   import { walletWebhooks } from './walletWebhook';
//   app.use(walletWebhooks);   // serves POST ${path}
//   app.listen(3000);`,
  javascript: (path) => `// Needs express: npm install express. CommonJS; in a project whose package.json says
// "type": "module", name the file walletWebhook.cjs and import { walletWebhooks } from './walletWebhook.cjs'.
// Mount it in your app, then point the app's callbackURL at it:
//   const { walletWebhooks } = require('./walletWebhook');
//   app.use(walletWebhooks);   // serves POST ${path}
//   app.listen(3000);`,
};

const IMPORT: Record<ScriptLanguage, string> = {
  typescript: "import express, { type Request, type Response } from 'express';",
  javascript: "const express = require('express');",
};

const EXPORT_ROUTER: Record<ScriptLanguage, string> = {
  typescript: 'export const walletWebhooks = express.Router();',
  javascript: 'const walletWebhooks = express.Router();\nexports.walletWebhooks = walletWebhooks;',
};

export const expressHandler = (path: string): string => express(path, 'typescript');
export const expressJavaScriptHandler = (path: string): string => express(path, 'javascript');

function express(path: string, language: ScriptLanguage): string {
  const ts = annotate(language);
  const js = (text: string) => (language === 'javascript' ? text : '');
  const errorParameters = `error${ts(': unknown')}, _req${ts(': Request')}, res${ts(': Response')}, next${ts(': (error?: unknown) => void')}`;
  return `// Wallet webhooks for an Express app (written by Wallet Console: Create Webhook Handler).
${HEADER[language](path)}
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
//
${howItWorks('// ')}
${IMPORT[language]}

${typeScriptPayloads(true, language)}
${typeScriptInbox(language)}

/** Your work for one event: runs once per transactionReference and status, after the answer went out.${js(' @param {WalletWebhook} event')} */
async function handleWalletWebhook(event${ts(': WalletWebhook')})${ts(': Promise<void>')} {
${statusCodeNote('  // ')}
  const naira = (event.data.amount / 100).toFixed(2);
  console.log(\`[wallet webhook] processed \${event.type} \${event.message} \${event.data.transactionReference} (\${event.data.amount} kobo = NGN \${naira})\`);
}

${EXPORT_ROUTER[language]}

walletWebhooks.post('${path}', express.json({ limit: '64kb' }), (req${ts(': Request')}, res${ts(': Response')}) => {
  const event = parseWalletWebhook(req.body${ts(' as unknown')});
  if ('error' in event) {
    console.warn(\`[wallet webhook] rejected: \${event.error}\`);
    res.status(400).json({ error: event.error });
    return;
  }
  // An older PENDING that came late must not undo a SUCCESS or FAILED: acknowledged, never processed.
  if (!isFinal(event)) {
    console.log(\`[wallet webhook] \${event.message} \${event.type} \${event.data.transactionReference}: not a final status, acknowledged\`);
    res.status(200).json({ received: true });
    return;
  }
  if (!canRequery()) {
    console.warn(\`[wallet webhook] \${event.type} \${event.data.transactionReference} not kept, answered 503: \${NOT_CONFIGURED}\`);
    res.status(503).json({ error: 'not set up to requery events: not kept, send it again later' });
    return;
  }
  // Kept first, then answered at once (the sender waits only a few seconds); processed after the answer.
  if (keep(event)) {
    res.status(200).json({ received: true });
    return;
  }
  console.log(\`[wallet webhook] duplicate \${event.type} \${event.data.transactionReference}: already kept, acknowledged again\`);
  res.status(200).json({ received: true, duplicate: true });
});

// A body that is not JSON: 400 (express.json's own error), not 500, so the sender stops retrying it.
walletWebhooks.use('${path}', (${errorParameters}) => {
  if (error instanceof SyntaxError) {
    console.warn('[wallet webhook] rejected: the body is not JSON');
    res.status(400).json({ error: 'the body is not JSON' });
    return;
  }
  next(error);
});
`;
}
