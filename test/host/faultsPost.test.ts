// The fault matrix for the POSTs the extension makes (the machinery is test/host/support/
// faultMatrix.ts): each sign-in, token refresh and create × every way the network or the server
// goes wrong. A POST is never retried, and the user gets one readable message (or, for a
// passcode, a message under the box and the chance to type it again).
import type { WalletConsoleApi } from '../../src/extensionApi';
import { sandboxPasscode, type ConnectedWallet } from './support/connectedWallet';
import { uniqueEmail } from './support/extension';
import { faultSuite, TRANSPORT_FAULTS, type Row } from './support/faultMatrix';
import { runRecorded } from './support/recordingInput';
import type { Answer } from './support/scriptedInput';

describe('Fault matrix: every endpoint × every failure (local sandbox) — POSTs', function () {
  this.timeout(600_000);
  const faults = faultSuite();
  let wallet: ConnectedWallet;
  let api: WalletConsoleApi;

  before(async () => ({ wallet, api } = await faults.setUp()));
  after(() => faults.tearDown());

  const mobileAnswer = (): Answer => wallet.mobile;
  const passcodeAnswer = (): Answer => (options) => sandboxPasscode(options.prompt);

  const rows: Row[] = [
    {
      name: 'validate user',
      method: 'POST',
      path: '/v1/users/auth/validate',
      faults: TRANSPORT_FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.connectWallet', [mobileAnswer(), passcodeAnswer()]);
        return { input, succeeded: input.complaints().length === 0 };
      },
    },
    {
      name: 'send OTP',
      method: 'POST',
      path: '/v1/users/auth',
      faults: TRANSPORT_FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.connectWallet', [mobileAnswer(), passcodeAnswer()]);
        return { input, succeeded: input.complaints().length === 0 };
      },
    },
    {
      name: 'verify OTP',
      method: 'POST',
      path: '/v1/users/auth',
      lateFault: true,
      faults: TRANSPORT_FAULTS,
      trigger: async (fault) => {
        let entries = 0;
        const input = await runRecorded(api, 'walletConsole.connectWallet', [
          mobileAnswer(),
          // The passcode is typed only after the OTP was sent: the fault is meant for the verify.
          async (options) => {
            entries++;
            const code = sandboxPasscode(options.prompt);
            await wallet.admin.clearRequests();
            if (fault) await wallet.admin.addFault(fault);
            return code;
          },
          (options) => {
            entries++;
            return sandboxPasscode(options.prompt);
          },
        ]);
        return { input, succeeded: !input.shown.some((message) => message.where === 'error'), reentered: entries > 1 };
      },
    },
    {
      name: 'refresh token',
      method: 'POST',
      path: '/v1/users/accessToken',
      part: 'balance',
      faults: [...TRANSPORT_FAULTS, 'revoked refresh'],
      trigger: async () => {
        await faults.saveTokens({ expiresAt: Date.now() - 1000 });
        const input = await runRecorded(api, 'walletConsole.refreshBalance', []);
        const { error } = api.views.model.balance;
        return { input, viewMessage: error, succeeded: error === undefined };
      },
    },
    {
      name: 'sign up',
      method: 'POST',
      path: '/v1/auth/signup',
      faults: TRANSPORT_FAULTS,
      trigger: async () => {
        const password = `pw-${Math.random().toString(36).slice(2)}-Fault!`;
        faults.secrets.add(password);
        const input = await runRecorded(api, 'walletConsole.signUp', [uniqueEmail('fault'), password, password]);
        return { input, succeeded: input.complaints().length === 0 };
      },
    },
    {
      name: 'log in',
      method: 'POST',
      path: '/v1/auth/login',
      faults: TRANSPORT_FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.signIn', [wallet.email, wallet.password]);
        return { input, succeeded: input.complaints().length === 0 };
      },
    },
    {
      name: 'resource auth',
      method: 'POST',
      path: '/v1/resource/auth',
      faults: TRANSPORT_FAULTS,
      trigger: async () => {
        const input = await runRecorded(api, 'walletConsole.signIn', [wallet.email, wallet.password]);
        return { input, succeeded: input.complaints().length === 0 };
      },
    },
    {
      name: 'create app',
      method: 'POST',
      path: '/v1/resource/app',
      faults: [...TRANSPORT_FAULTS, 'expired token'],
      trigger: async () => {
        const before = api.accounts.accounts('local').apps.length;
        const input = await runRecorded(api, 'walletConsole.createApp', ['Fault matrix app']);
        return { input, succeeded: api.accounts.accounts('local').apps.length > before };
      },
    },
  ];

  faults.describeRows(rows);
});
