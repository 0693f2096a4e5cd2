/** The wallet's balance in kobo (1/100 naira): 526548935 is ₦5,265,489.35. */
async function ⟨1:walletBalance⟩(accessToken⟦: string⟧)⟦: Promise<number>⟧ {
  const baseUrl = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
  const res = await fetch(`${baseUrl}/v1/users/balance`, {
    headers: { 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken },
  });
  const body = (await res.json())⟦ as { success: boolean; data?: { user: { id: string; mobile: string; balance: number } }; error?: string }⟧;
  if (!res.ok || !body.success || !body.data) throw new Error(body.error ?? `balance: HTTP ${res.status}`);
  return body.data.user.balance;
}
