import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { call, Developer, expectError, expectOk, newDeveloper } from './helpers';

// The app API of the login token (issue 27): POST/GET /v1/apps and GET /v1/apps/:appID with
// Authorization: Bearer, as the community C# SDK calls it.

async function loginToken(sandbox: Sandbox, dev: Developer): Promise<string> {
  const login = await expectOk(call(sandbox, 'POST', '/v1/auth/login', { body: { email: dev.email, password: dev.password } }));
  return login.json['data'].token as string;
}

describe('sandbox: the app API of the login token (/v1/apps)', () => {
  let now = Date.parse('2026-03-01T10:00:00Z');
  let sandbox: Sandbox;
  let dev: Developer;
  let bearer: Record<string, string>;

  beforeEach(async () => {
    now = Date.parse('2026-03-01T10:00:00Z');
    sandbox = await startCheckedSandbox({ log: () => undefined, now: () => now });
    dev = await newDeveloper(sandbox);
    bearer = { authorization: `Bearer ${await loginToken(sandbox, dev)}` };
  });
  afterEach(() => sandbox.close());

  it('creates an app in the recorded shape, keys shown once, and the keys work as X-App-Key', async () => {
    const created = await expectOk(call(sandbox, 'POST', '/v1/apps', { body: { name: '  Shop  ' }, headers: bearer }));
    assert.equal(created.json['message'], 'App created successfully');
    const app = created.json['data'].app;
    assert.deepEqual(Object.keys(app), [
      'disabled', 'settings', '_id', 'deleted', 'developerID', 'name', 'key', 'sandboxKey', 'wallets', 'createdAt', 'updatedAt', '__v',
    ]); // prettier-ignore
    assert.deepEqual(Object.keys(app.settings), [
      'cardProcessingEnabled', 'userCreationEnabled', 'bvnCheckAmount', 'developerMode', 'appTags', '_id',
    ]); // prettier-ignore
    assert.equal(app.name, 'Shop');
    assert.equal(app.settings.developerMode, 'test');
    assert.equal(app.settings.bvnCheckAmount, 3500);
    assert.match(app.settings._id, /^[0-9a-f]{24}$/);
    assert.notEqual(app.settings._id, app._id);
    assert.equal(app.createdAt, new Date(now).toISOString());
    for (const key of [app.key, app.sandboxKey]) {
      await expectOk(call(sandbox, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': key } }));
    }
  });

  it('takes a trailing slash and a form body, as real clients send them', async () => {
    const created = await expectOk(
      call(sandbox, 'POST', '/v1/apps/', {
        rawBody: 'name=Form+app',
        headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    assert.equal(created.json['data'].app.name, 'Form app');
  });

  it("lists the developer's apps without keys, and no other developer's", async () => {
    const made = await expectOk(call(sandbox, 'POST', '/v1/apps', { body: { name: 'Second' }, headers: bearer }));
    const other = await newDeveloper(sandbox);
    const listed = await expectOk(call(sandbox, 'GET', '/v1/apps/', { headers: bearer }));
    const apps = listed.json['data'].apps as Record<string, unknown>[];
    assert.deepEqual(
      apps.map((app) => app['name']),
      ['Test app', 'Second'],
      'the app newDeveloper made with the resource token, then this one',
    );
    assert.ok(apps.every((app) => app['developerID'] === made.json['data'].app.developerID));
    assert.ok(apps.every((app) => !('key' in app) && !('sandboxKey' in app)));
    assert.doesNotMatch(listed.text, /pk_live_|sk_test_/);
    const theirs = await expectOk(
      call(sandbox, 'GET', '/v1/apps', { headers: { authorization: `Bearer ${await loginToken(sandbox, other)}` } }),
    );
    assert.deepEqual(
      (theirs.json['data'].apps as Record<string, unknown>[]).map((app) => app['name']),
      ['Test app'],
    );
    assert.notEqual(theirs.json['data'].apps[0]._id, apps[0]?.['_id']);
  });

  it('answers one app by id, and 404 (20004) for an unknown id or another developer’s app', async () => {
    const made = await expectOk(call(sandbox, 'POST', '/v1/apps', { body: { name: 'Mine' }, headers: bearer }));
    const id = made.json['data'].app._id as string;
    const one = await expectOk(call(sandbox, 'GET', `/v1/apps/${id}`, { headers: bearer }));
    const { key, sandboxKey, ...withoutKeys } = made.json['data'].app;
    assert.ok(key && sandboxKey);
    assert.deepEqual(one.json['data'].app, withoutKeys);
    await expectError(call(sandbox, 'GET', '/v1/apps/0123456789abcdef01234567', { headers: bearer }), 404, '20004');
    const other = await newDeveloper(sandbox);
    const otherBearer = { authorization: `Bearer ${await loginToken(sandbox, other)}` };
    await expectError(call(sandbox, 'GET', `/v1/apps/${id}`, { headers: otherBearer }), 404, '20004');
  });

  it('refuses a missing, malformed, foreign-scope, forged or expired bearer token with 401 (20003)', async () => {
    const resource = await expectOk(call(sandbox, 'POST', '/v1/resource/auth', { body: { email: dev.email, password: dev.password } }));
    const refused: [string, Record<string, string>][] = [
      ['no header', {}],
      ['not Bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      ['x-auth-token instead', { 'x-auth-token': bearer['authorization']?.slice(7) ?? '' }],
      ['a resource token', { authorization: `Bearer ${resource.json['data'].token as string}` }],
      ['a forged token', { authorization: `${bearer['authorization']}x` }],
    ];
    for (const [what, headers] of refused) {
      for (const [method, path] of [
        ['GET', '/v1/apps'],
        ['POST', '/v1/apps'],
        ['GET', '/v1/apps/abc'],
      ] as const) {
        const message = await expectError(
          call(sandbox, method, path, { body: method === 'POST' ? { name: 'x' } : undefined, headers }),
          401,
          '20003',
        );
        assert.match(message, /login/, `${what} ${method} ${path}`);
      }
    }
    now += 7 * 24 * 3600 * 1000 + 1000;
    assert.match(await expectError(call(sandbox, 'GET', '/v1/apps', { headers: bearer }), 401, '20003'), /expired/);
  });

  it('refuses a missing or too long name with 400 (10000), creating nothing', async () => {
    await expectError(call(sandbox, 'POST', '/v1/apps', { body: {}, headers: bearer }), 400, '10000');
    await expectError(call(sandbox, 'POST', '/v1/apps', { body: { name: 'x'.repeat(65) }, headers: bearer }), 400, '10000');
    const listed = await expectOk(call(sandbox, 'GET', '/v1/apps', { headers: bearer }));
    assert.equal(listed.json['data'].apps.length, 1);
  });
});
