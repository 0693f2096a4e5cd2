// The package group's figures over connectSandbox (issue 37), measured in package.mjs's fresh
// process: a control sent to a CLI in another process over loopback, and the time a 100-test
// suite that resets before each test spends in the sandbox, in process and over connectSandbox.
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
 * 100 tests, each: reset, then what a transfer test asks of the sandbox around the app's own API
 * calls (the passcode, the request awaited, ten seconds of clock, two balances). The time is that
 * of the sandbox's calls; the app's API calls (an OTP sign-in and a phone transfer, there so that
 * each reset has money and tokens to undo) are the app's work and not counted.
 */
async function suite(world, url, [from, to], startBalance) {
  let inSandboxMs = 0;
  const sandbox = async (work) => {
    const begun = performance.now();
    const answer = await work();
    inSandboxMs += performance.now() - begun;
    return answer;
  };
  for (let test = 0; test < 100; test++) {
    await sandbox(() => world.reset());
    await post(url, '/v1/users/auth', { mobile: from, factor: 'sms' });
    const passcode = await sandbox(() => world.passcode(from));
    const { data } = await post(url, '/v1/users/auth', { mobile: from, factor: 'sms', passcode });
    const amount = 100 + test;
    const sent = await post(url, '/v1/users/transfers/phone', { mobile: to, amount }, data.accessToken);
    if (!sent.success) throw new Error(`the suite's transfer failed: ${JSON.stringify(sent)}`);
    await sandbox(async () => {
      await world.requests.waitFor({ method: 'POST', path: '/v1/users/transfers/phone' }, { timeoutMs: 2000 });
      await world.clock.advance(10);
      if ((await world.balance(from)) !== startBalance - amount) throw new Error('the reset or the transfer went wrong');
      await world.balance(to);
    });
  }
  return inSandboxMs;
}

/** `startSandbox`, `connectSandbox`: the bundle's; `scenario`: the 20-wallet scenario and its file. */
export async function measureConnect({ bundle, startSandbox, connectSandbox, scenario, scenarioFile }) {
  const wallets = [scenario.wallets[0].mobile, scenario.wallets[1].mobile];
  const cli = await startCli(bundle, scenarioFile);
  try {
    const remote = await connectSandbox(cli.url);
    for (let i = 0; i < 20; i++) await remote.setBalance(wallets[0], i);
    const controlSamples = [];
    for (let i = 0; i < 201; i++) {
      const begun = performance.now();
      await remote.setBalance(wallets[0], 1_000 + i);
      controlSamples.push(performance.now() - begun);
    }
    const remoteSuiteMs = await suite(remote, cli.url, wallets, scenario.wallets[0].balance);
    const local = await startSandbox({ scenario, log: () => undefined });
    let localSuiteMs;
    try {
      localSuiteMs = await suite(local, local.url, wallets, scenario.wallets[0].balance);
    } finally {
      await local.close();
    }
    return { controlMs: median(controlSamples), controlSamples, localSuiteMs, remoteSuiteMs };
  } finally {
    await cli.stop();
  }
}
