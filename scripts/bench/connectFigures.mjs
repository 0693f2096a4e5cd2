// The package group's suites (issue 37), measured in package.mjs's fresh process: the time a
// 100-test suite that resets before each test spends in the sandbox's calls, in process and over
// connectSandbox to the CLI in another process, with that time split by call.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const KEY = 'sk_test_bench_000001';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The packed CLI beside the bundle, on a free port, with `scenario` (a file path). */
async function startCli(bundle, scenario) {
  const cli = spawn(process.execPath, [path.join(path.dirname(bundle), 'cli.cjs'), '--port', '0', '--json', '--scenario', scenario], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(createInterface({ input: cli.stdout }), 'line');
  return {
    url: JSON.parse(line).url,
    stop: async () => {
      cli.kill();
      await once(cli, 'exit');
    },
  };
}

async function post(url, route, body, token) {
  const headers = { 'x-app-key': KEY, 'content-type': 'application/json' };
  if (token) headers['x-app-wallet-access-token'] = token;
  return (await fetch(url + route, { method: 'POST', headers, body: JSON.stringify(body) })).json();
}

/**
 * `tests` tests (100 measured), each: reset, then what a transfer test asks of the sandbox around the app's own API
 * calls (the passcode, the request awaited, ten seconds of clock, two balances). The time is that
 * of the sandbox's calls, in all and by call; the app's API calls (an OTP sign-in and a phone
 * transfer, there so that each reset has money and tokens to undo) are the app's work and not counted.
 */
async function suite(world, url, [from, to], startBalance, tests = 100) {
  const byCallMs = {};
  const sandbox = async (call, work) => {
    const begun = performance.now();
    const answer = await work();
    byCallMs[call] = (byCallMs[call] ?? 0) + performance.now() - begun;
    return answer;
  };
  for (let test = 0; test < tests; test++) {
    await sandbox('reset', () => world.reset());
    await post(url, '/v1/users/auth', { mobile: from, factor: 'sms' });
    const passcode = await sandbox('passcode', () => world.passcode(from));
    const { data } = await post(url, '/v1/users/auth', { mobile: from, factor: 'sms', passcode });
    const amount = 100 + test;
    const sent = await post(url, '/v1/users/transfers/phone', { mobile: to, amount }, data.accessToken);
    if (!sent.success) throw new Error(`the suite's transfer failed: ${JSON.stringify(sent)}`);
    await sandbox('requests.waitFor', () =>
      world.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/phone' }, { timeoutMs: 2000 }),
    );
    await sandbox('clock.advance', () => world.clock.advance(10));
    if ((await sandbox('balance', () => world.balance(from))) !== startBalance - amount)
      throw new Error('the reset or the transfer went wrong');
    await sandbox('balance', () => world.balance(to));
  }
  const rounded = Object.fromEntries(Object.entries(byCallMs).map(([call, ms]) => [call, Math.round(ms * 10) / 10]));
  return { ms: Object.values(byCallMs).reduce((sum, ms) => sum + ms, 0), byCallMs: rounded };
}

/** Ten tests untimed, then the 100 (both suites alike: neither is measured on code its JIT has not compiled yet). */
async function warmSuite(world, url, wallets, startBalance) {
  await suite(world, url, wallets, startBalance, 10);
  return suite(world, url, wallets, startBalance);
}

/** `startSandbox`, `connectSandbox`: the bundle's; `scenario`: the 20-wallet scenario and its file. */
export async function measureSuites({ bundle, startSandbox, connectSandbox, scenario, scenarioFile }) {
  const wallets = [scenario.wallets[0].mobile, scenario.wallets[1].mobile];
  const local = await startSandbox({ scenario, log: () => undefined });
  let localSuite;
  try {
    localSuite = await warmSuite(local, local.url, wallets, scenario.wallets[0].balance);
  } finally {
    await local.close();
  }
  const cli = await startCli(bundle, scenarioFile);
  try {
    const remote = await connectSandbox(cli.url);
    // A round trip over loopback, for scale: the suite makes six per test.
    const roundTrips = [];
    for (let i = 0; i < 101; i++) {
      const begun = performance.now();
      await (await fetch(`${cli.url}/__sandbox/health`)).arrayBuffer();
      roundTrips.push(performance.now() - begun);
    }
    const remoteSuite = await warmSuite(remote, cli.url, wallets, scenario.wallets[0].balance);
    return { localSuite, remoteSuite, healthRoundTripMs: median(roundTrips) };
  } finally {
    await cli.stop();
  }
}
