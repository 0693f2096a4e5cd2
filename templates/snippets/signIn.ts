const walletAuthHeaders = { 'Content-Type': 'application/json', 'X-App-Key': process.env.WALLET_APP_KEY ?? '' };
const walletBaseUrl = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
const walletPost = (fields⟦: Record<string, string>⟧) => ({ method: 'POST', headers: walletAuthHeaders, body: JSON.stringify(fields) });

/** Step 1: check the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and text it a passcode. */
async function sendWalletPasscode(mobile⟦: string⟧)⟦: Promise<void>⟧ {
  const validate = await fetch(`${walletBaseUrl}/v1/users/auth/validate`, walletPost({ mobile }));
  if (!validate.ok) throw new Error(`validate: HTTP ${validate.status}`);
  const send = await fetch(`${walletBaseUrl}/v1/users/auth`, walletPost({ mobile, factor: 'sms' }));
  if (!send.ok) throw new Error(`send passcode: HTTP ${send.status}`);
}

/** Step 2: the passcode the user typed, for the tokens (the access token lasts expiresIn seconds). */
async function verifyWalletPasscode(mobile⟦: string⟧, passcode⟦: string⟧)⟦: Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>⟧ {
  const res = await fetch(`${walletBaseUrl}/v1/users/auth`, walletPost({ mobile, factor: 'sms', passcode }));
  const body = (await res.json())⟦ as { success: boolean; data?: { accessToken: string; refreshToken: string; expiresIn: number }; error?: string }⟧;
  if (!res.ok || !body.success || !body.data) throw new Error(body.error ?? `verify passcode: HTTP ${res.status}`);
  return body.data;
}
