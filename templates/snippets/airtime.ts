/**
 * Buys amountKobo of airtime (1/100 naira: ⟨1:10000⟩ is ₦100.00) for a mobile (234 and 10 digits), once.
 * Its outcome: "success", "unknown" or, for a refusal (4xx), "failed".
 */
⟦type AirtimeProvider = 'mtn' | 'glo' | 'airtel' | 'etisalat';
type AirtimeResult = { outcome: 'success' | 'failed' | 'unknown'; reference?: string; error?: string };

⟧async function buyAirtime(
  accessToken⟦: string⟧,
  mobile⟦: string⟧,
  amountKobo⟦: number⟧,
  provider⟦: AirtimeProvider⟧ = '⟨2|mtn,glo,airtel,etisalat⟩',
)⟦: Promise<AirtimeResult>⟧ {
  if (!Number.isInteger(amountKobo) || amountKobo <= 0) throw new Error('amountKobo is a whole number of kobo above 0');
  const baseUrl = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
  let res⟦: Response⟧;
  try {
    res = await fetch(`${baseUrl}/v1/users/payments/bills/vtu`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken },
      body: JSON.stringify({ mobile, amount: amountKobo, provider }),
      signal: AbortSignal.timeout(30000),
    });
  } catch {
    // An answer that never came means outcome unknown, never failed: the money may have moved.
    // Requery the transfer by its reference (or read the history) before showing a result or
    // sending again.
    return { outcome: 'unknown' };
  }
  ⟦type Answer = { success?: boolean; error?: string; data?: { transaction?: { reference?: string } } };
  ⟧  const body = (await res.json().catch(() => undefined))⟦ as Answer | undefined⟧;
  // A 5xx answer to a money-moving request does not mean that no money moved: the provider may have
  // moved it and then failed. Do not send it again; requery the transfer by its reference (or read
  // the history) and go by what the requery says.
  if (res.status >= 500 || !body) return { outcome: 'unknown' };
  if (!res.ok || !body.success) return { outcome: 'failed', ...(body.error ? { error: body.error } : {}) };
  const reference = body.data?.transaction?.reference;
  return { outcome: 'success', ...(reference ? { reference } : {}) };
}
