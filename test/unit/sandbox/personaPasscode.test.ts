import * as assert from 'node:assert/strict';
import { startSandbox as startCore } from '../../../src/sandbox';
import { PERSONA_MOBILE, PERSONA_PASSCODE } from '../../../src/sandbox/reference';
import { startSandbox } from '../../../src/sandbox/package/index';
import { STARTER_APP_KEY, starterFile } from '../../../src/sandbox/package/starter';

// Issue 53: the persona 2349090000000 signs in with 111111 in every world the sandbox makes without
// being told otherwise: the package's default world (which `npx wallet-sandbox` and `init` share),
// the core sandbox, a namespace and a reset of either. The default world said 654321 while
// /__sandbox/magic, docs/sandbox.md, the spec and the public SDKs' tests say 111111.

/** The passcode the send-OTP answer names for the persona (the sandbox's message carries it). */
async function sentPasscode(url: string, appKey: string): Promise<string | undefined> {
  const answer = await fetch(`${url}/v1/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': appKey },
    body: JSON.stringify({ mobile: PERSONA_MOBILE, factor: 'sms' }),
  });
  const { message } = (await answer.json()) as { message: string };
  return /\[Passcode: (\d{6})\]/.exec(message)?.[1];
}

describe('sandbox: the persona passcode is 111111 in every world', () => {
  it('the magic table and the documented value agree', () => {
    assert.equal(PERSONA_MOBILE, '2349090000000');
    assert.equal(PERSONA_PASSCODE, '111111');
  });

  it('the default world (no scenario): its list, its OTP message, a namespace and a reset', async () => {
    const sandbox = await startSandbox();
    try {
      const persona = sandbox.scenario?.wallets.find((wallet) => wallet.mobile === PERSONA_MOBILE);
      assert.equal(persona?.passcode, PERSONA_PASSCODE);
      assert.equal(await sentPasscode(sandbox.url, STARTER_APP_KEY), PERSONA_PASSCODE);
      const magic = (await (await fetch(`${sandbox.url}/__sandbox/magic`)).json()) as {
        data: { mobiles: { value: string; description: string }[] };
      };
      assert.match(magic.data.mobiles.find((row) => row.value === PERSONA_MOBILE)?.description ?? '', /111111/);
      const namespace = await sandbox.namespaces.create();
      assert.equal(await sentPasscode(sandbox.url, namespace.appKey), PERSONA_PASSCODE);
      await sandbox.reset();
      assert.equal(await sentPasscode(sandbox.url, STARTER_APP_KEY), PERSONA_PASSCODE);
    } finally {
      await sandbox.close();
    }
  });

  it('the file `npx wallet-sandbox init` writes', () => {
    const file = JSON.parse(starterFile()) as { wallets: { mobile: string; passcode?: string }[] };
    assert.equal(file.wallets.find((wallet) => wallet.mobile === PERSONA_MOBILE)?.passcode, PERSONA_PASSCODE);
  });

  it('the core sandbox (the extension and `npm run sandbox`): any app key', async () => {
    const sandbox = await startCore({ log: () => undefined });
    try {
      const signup = { email: 'persona@example.ng', password: 'persona-pass-1' };
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(sandbox.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }).then(
          (answer) => answer.json() as Promise<{ data: Record<string, any> }>, // eslint-disable-line @typescript-eslint/no-explicit-any
        );
      await post('/v1/auth/signup', signup);
      const token = (await post('/v1/resource/auth', signup)).data['token'] as string;
      const app = (await post('/v1/resource/app', { name: 'Persona' }, { 'x-auth-token': token })).data['app'] as { key: string };
      assert.equal(await sentPasscode(sandbox.url, app.key), PERSONA_PASSCODE);
    } finally {
      await sandbox.close();
    }
  });
});
