// The fault matrix for the GETs the extension makes (the machinery is test/host/support/
// faultMatrix.ts): each read × every way the network or the server goes wrong. A GET is retried
// within a bound, the user gets one readable message, and the tree and the status bar keep the
// last good data marked stale.
import * as assert from 'node:assert/strict';
import type { WalletConsoleApi } from '../../src/extensionApi';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import type { WalletPart } from '../../src/views/walletModel';
import { FAULTS, faultSuite, TRANSPORT_FAULTS, type Row } from './support/faultMatrix';
import { runRecorded } from './support/recordingInput';

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('Fault matrix: every endpoint × every failure (local sandbox) — GETs', function () {
  this.timeout(600_000);
  const faults = faultSuite();
  let api: WalletConsoleApi;
  const accountNumber = makeValidAccountNumber('000014', '207915199');

  before(async () => ({ api } = await faults.setUp()));
  after(() => faults.tearDown());

  const walletGet =
    (command: string, part: WalletPart): Row['trigger'] =>
    async () => {
      const input = await runRecorded(api, command, [], { kind: part });
      const { error, value } = api.views.model[part];
      return { input, viewMessage: error, succeeded: error === undefined && !!value };
    };

  const rows: Row[] = [
    {
      name: 'balance',
      method: 'GET',
      path: '/v1/users/balance',
      part: 'balance',
      faults: FAULTS,
      trigger: walletGet('walletConsole.refresh', 'balance'),
    },
    {
      name: 'accounts',
      method: 'GET',
      path: '/v1/users/accounts',
      part: 'accounts',
      faults: FAULTS,
      trigger: walletGet('walletConsole.refresh', 'accounts'),
    },
    {
      name: 'transactions',
      method: 'GET',
      path: '/v1/transactions',
      part: 'transactions',
      faults: FAULTS,
      trigger: walletGet('walletConsole.refresh', 'transactions'),
    },
    {
      name: 'transaction by ref',
      method: 'GET',
      get path() {
        return `/v1/transactions/${faults.reference}`;
      },
      faults: FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.showTransaction', [], faults.reference);
        await faults.handle.whenIdle();
        const snapshot = faults.handle.snapshot();
        if (snapshot.pageKind === 'error') {
          const match = /role="alert">\s*<h1>[\s\S]*?<\/h1>\s*<p>([\s\S]*?)<\/p>/.exec(snapshot.html);
          assert.ok(match, 'the error page has a message');
          return { input, panelMessage: unescapeHtml(match[1]!), succeeded: false };
        }
        return { input, succeeded: snapshot.pageKind === 'transaction' && snapshot.detail !== undefined };
      },
    },
    // Runs before anything in this file loads the bank list successfully: a good list is cached for the session (per app).
    {
      name: 'banks',
      method: 'GET',
      path: '/v1/queries/banks',
      faults: TRANSPORT_FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.verifyBankAccountQuick', ['ACCESS BANK', accountNumber]);
        return { input, succeeded: input.shown.some((message) => message.where === 'info' && /belongs to/.test(message.text)) };
      },
    },
    {
      name: 'verify account',
      method: 'GET',
      path: '/v1/queries/verify',
      faults: FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.verifyBankAccountQuick', ['ACCESS BANK', accountNumber]);
        return { input, succeeded: input.shown.some((message) => message.where === 'info' && /belongs to/.test(message.text)) };
      },
    },
  ];

  faults.describeRows(rows);
});
