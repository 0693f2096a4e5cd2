// Wallet webhooks for an Express app (written by Wallet Console: Create Webhook Handler).
// Needs express: npm install express. CommonJS; in a project whose package.json says
// "type": "module", name the file walletWebhook.cjs and import { walletWebhooks } from './walletWebhook.cjs'.
// Mount it in your app, then point the app's callbackURL at it:
//   const { walletWebhooks } = require('./walletWebhook');
//   app.use(walletWebhooks);   // serves POST /webhooks/wallet
//   app.listen(3000);
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
//
// @include parts/how-it-works.txt
const express = require('express');

// @include parts/ts-payloads.ts without export

// @include parts/ts-inbox.ts

// @include parts/express-routes.ts without export
