// Wallet webhooks for an Express app (written by Wallet Console: Create Webhook Handler).
// Needs express, and its types for TypeScript: npm install express && npm install -D @types/express
// Mount it in your app, then point the app's callbackURL at it:
//   import { walletWebhooks } from './walletWebhook';
//   app.use(walletWebhooks);   // serves POST /webhooks/wallet
//   app.listen(3000);
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
//
// @include parts/how-it-works.txt
import express, { type Request, type Response } from 'express';

// @include parts/ts-payloads.ts

// @include parts/ts-inbox.ts

// @include parts/express-routes.ts
