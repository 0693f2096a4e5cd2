// The starter world's developer (package/starter.ts). Its password is public (the README, the
// file `init` writes), so its salted hash is made once, here, rather than by scrypt at every start
// of a sandbox without a scenario (about 70 ms each).

export const DEMO_DEVELOPER_PASSWORD = 'wallet-sandbox';

/** DEMO_DEVELOPER_PASSWORD as hashPassword makes it (domain/password.ts); a unit test checks that it verifies. */
export const DEMO_DEVELOPER_PASSWORD_HASH =
  'scrypt:345d788adf7c5e21d4c3130ff696ee42:c78da37ad7338808107ab787ee4ecc10c2f0f568f3a69d7d2a4ff1125b2a53c7';
