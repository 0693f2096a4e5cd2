import * as assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { checkPassword, DEMO_DEVELOPER_PASSWORD, DEMO_DEVELOPER_PASSWORD_HASH } from '../../../src/sandbox/domain/records';
import { startSandbox } from '../../../src/sandbox/package/index';

// The starter world's demo developer (domain/records.ts): its password's hash is made ahead of
// time, so a sandbox started without a scenario runs no scrypt, and the demo sign-in still works.

const EMAIL = 'demo@wallet-sandbox.test';

/** How many times `crypto.scrypt` is called while `run` runs (records.ts calls it through the module). */
async function scryptCallsDuring(run: () => Promise<void>): Promise<number> {
  const scrypt = crypto.scrypt;
  let calls = 0;
  (crypto as { scrypt: typeof crypto.scrypt }).scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    calls++;
    return (scrypt as (...args: Parameters<typeof crypto.scrypt>) => void)(...args);
  }) as typeof crypto.scrypt;
  try {
    await run();
  } finally {
    (crypto as { scrypt: typeof crypto.scrypt }).scrypt = scrypt;
  }
  return calls;
}

describe('sandbox: the starter world hashes no password at start', () => {
  it('the precomputed hash verifies the documented demo password, and no other', async () => {
    assert.equal(DEMO_DEVELOPER_PASSWORD, 'wallet-sandbox');
    assert.equal(await checkPassword(DEMO_DEVELOPER_PASSWORD, DEMO_DEVELOPER_PASSWORD_HASH), true);
    assert.equal(await checkPassword('wallet-sandbox ', DEMO_DEVELOPER_PASSWORD_HASH), false);
  });

  it('startSandbox() with no options calls scrypt not once; the demo developer signs in with its password', async () => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
    const started = await scryptCallsDuring(async () => {
      sandbox = await startSandbox();
    });
    assert.ok(sandbox);
    try {
      assert.equal(started, 0);
      const login = (password: string) =>
        fetch(`${sandbox!.url}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: EMAIL, password }),
        });
      const ok = await login(DEMO_DEVELOPER_PASSWORD);
      assert.equal(ok.status, 200);
      assert.equal(((await ok.json()) as { data?: { user?: { email?: string } } }).data?.user?.email, EMAIL);
      assert.equal((await login('not-the-password')).status, 401);
    } finally {
      await sandbox.close();
    }
  });
});
