// The API endpoints a fault can be put on, as the sandbox matches them: an exact path, or a
// prefix ending in "*" for a path with an id in it.

export interface FaultEndpoint {
  method: string;
  path: string;
  /** What the extension does with it, so the pick reads as a feature and not only a path. */
  purpose: string;
  /** A call that moves money: a fault after its work leaves the money moved. */
  movesMoney?: true;
}

export const FAULT_ENDPOINTS: readonly FaultEndpoint[] = [
  { method: 'GET', path: '/v1/users/balance', purpose: 'Wallet balance' },
  { method: 'GET', path: '/v1/transactions', purpose: 'Transaction history' },
  { method: 'GET', path: '/v1/transactions/*', purpose: 'One transaction' },
  { method: 'GET', path: '/v1/users/accounts', purpose: 'Linked bank accounts' },
  { method: 'GET', path: '/v1/queries/banks', purpose: 'Bank list' },
  { method: 'GET', path: '/v1/queries/verify', purpose: 'Bank-account verification' },
  { method: 'POST', path: '/v1/users/transfers/phone', purpose: 'Send to phone', movesMoney: true },
  { method: 'POST', path: '/v1/users/transfers/bank', purpose: 'Send to bank', movesMoney: true },
  { method: 'GET', path: '/v1/users/transfers/requery/bank/*', purpose: 'Requery a bank transfer' },
  { method: 'POST', path: '/v1/users/payments/bills/vtu', purpose: 'Buy airtime', movesMoney: true },
  { method: 'POST', path: '/v1/users/accessToken', purpose: 'Refresh the wallet token' },
  { method: 'POST', path: '/v1/users/auth', purpose: 'Wallet passcode (OTP)' },
  { method: 'POST', path: '/v1/users/auth/validate', purpose: 'Validate a wallet' },
  { method: 'PUT', path: '/v1/apps/settings', purpose: 'App settings (webhook URL)' },
  { method: 'POST', path: '/v1/auth/login', purpose: 'Developer sign-in' },
  { method: 'POST', path: '/v1/resource/auth', purpose: 'Developer resource token' },
];
