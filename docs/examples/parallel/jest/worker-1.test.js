// Jest in worker processes: every test gets a namespace of its own on the one sandbox, so the
// files that run at the same time never see each other's money, requests or clock.
const { afterEach, beforeEach, expect, test } = require('@jest/globals');
const { connectSandbox } = require('wallet-sandbox');
const shop = require('../shop.cjs');

let namespace;

beforeEach(async () => {
  const sandbox = await connectSandbox(process.env.WALLET_SANDBOX_URL);
  namespace = await sandbox.namespaces.create(); // the scenario's world, for this test alone
});

afterEach(() => namespace.delete());

test('a phone transfer of 1500 kobo moves exactly that (worker file 1)', async () => {
  await shop.sendToChidi(namespace.url, namespace.appKey, 1500);
  expect(await namespace.balance(shop.ADA)).toBe(1500000 - 1500);
  expect(await namespace.balance(shop.CHIDI)).toBe(500000 + 1500);
  expect(await namespace.requests.list({ path: '/v1/users/transfers/phone' })).toHaveLength(1);
});

test('the clock and faults of one namespace are its own (worker file 1)', async () => {
  // Any process that holds the key reaches the same namespace: here, as a second connection.
  const same = await connectSandbox(namespace.url, { appKey: namespace.appKey });
  const before = await same.clock.now();
  await same.clock.advance(3600);
  expect((await namespace.clock.now()).getTime() - before.getTime()).toBeGreaterThanOrEqual(3600_000);
  await same.faults.add({ path: '/v1/users/transfers/phone', status: 503 });
  await expect(shop.sendToChidi(namespace.url, namespace.appKey, 100)).rejects.toThrow(/transfer refused/);
  expect(await namespace.balance(shop.ADA)).toBe(1500000);
});
