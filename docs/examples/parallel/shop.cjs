// Stands in for your app's code: signs Ada in with the app key given, then sends Chidi `amount` kobo.
const ADA = '2348031112222';
const CHIDI = '2348033334444';

async function post(url, appKey, route, body, token) {
  const headers = { 'X-App-Key': appKey, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(url + route, { method: 'POST', headers, body: JSON.stringify(body) });
  return response.json();
}

async function sendToChidi(url, appKey, amount) {
  await post(url, appKey, '/v1/users/auth', { mobile: ADA, factor: 'sms' });
  const signedIn = await post(url, appKey, '/v1/users/auth', { mobile: ADA, factor: 'sms', passcode: '424242' });
  const sent = await post(url, appKey, '/v1/users/transfers/phone', { mobile: CHIDI, amount }, signedIn.data.accessToken);
  if (!sent.success) throw new Error(`transfer refused: ${sent.error}`);
  return sent.data.transaction.reference;
}

module.exports = { ADA, CHIDI, sendToChidi };
