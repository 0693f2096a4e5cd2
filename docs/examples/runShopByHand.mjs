// Runs careless-shop/shop.mjs or careful-shop/shop.mjs by hand against a running sandbox
// (`npx wallet-sandbox`), then prints what the sandbox's integration review found. Not shop code:
// it plays the person who reads the SMS, the network and the passing day through the sandbox's
// admin API (/__sandbox/*).

export async function runByHand(name, runShop) {
  const baseUrl = process.env.WALLET_BASE_URL;
  const appKey = process.env.WALLET_APP_KEY;
  if (!baseUrl || !appKey) {
    console.error(
      'Set WALLET_BASE_URL and WALLET_APP_KEY first, e.g. after `npx wallet-sandbox`:\n' +
        '  WALLET_BASE_URL=http://127.0.0.1:4010 WALLET_APP_KEY=sk_test_wallet_sandbox_demo node ' +
        process.argv[1],
    );
    process.exit(2);
  }
  const admin = async (method, path, body) => {
    const headers = { 'X-App-Key': appKey, 'Content-Type': 'application/json' };
    const answer = await fetch(baseUrl + path, { method, headers, body: body && JSON.stringify(body) });
    const json = await answer.json();
    if (!json.success) throw new Error(`${method} ${path}: ${json.error}`);
    return json.data;
  };
  await admin('DELETE', '/__sandbox/findings');
  // The network on a bad day: the first bank transfer and the first phone transfer never get an answer.
  await admin('POST', '/__sandbox/faults', { method: 'POST', path: '/v1/users/transfers/bank', drop: true, times: 1 });
  await admin('POST', '/__sandbox/faults', { method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
  const told = await runShop({
    baseUrl,
    appKey,
    mobile: process.env.WALLET_MOBILE ?? '2348000000000',
    // The person reading the SMS: the sandbox sends none, its admin API tells the passcode it just sent.
    askPasscode: async (mobile) => (await admin('GET', `/__sandbox/passcode?mobile=${encodeURIComponent(mobile)}`)).passcode,
    letTimePass: (seconds) => admin('POST', '/__sandbox/clock/advance', { seconds }),
  });
  console.log(`The ${name} said:\n${told.map((line) => `  ${line}`).join('\n')}`);
  const { findings } = await admin('GET', '/__sandbox/findings');
  console.log(`The integration review found ${findings.length}:`);
  for (const finding of findings) console.log(`  ${finding.severity} ${finding.rule}: ${finding.title}`);
}
