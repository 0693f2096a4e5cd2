⟦type TransferOutcome = 'success' | 'failed' | 'pending' | 'unknown';⟧
const walletBaseUrl = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';

/**
 * Sends amountKobo (1/100 naira: ⟨1:50000⟩ is ₦500.00) to a bank account, once.
 * Its outcome: "success", "pending", "unknown" or, for a refusal (4xx), "failed".
 */
async function sendToBank(
  accessToken⟦: string⟧,
  accountNumber⟦: string⟧,
  bankCode⟦: string⟧,
  amountKobo⟦: number⟧,
)⟦: Promise<{ outcome: TransferOutcome; reference?: string; accountName?: string }>⟧ {
  if (!Number.isInteger(amountKobo) || amountKobo <= 0) throw new Error('amountKobo is a whole number of kobo above 0');
  const headers = { 'Content-Type': 'application/json', 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken };
  // 1. Name enquiry: whose account is it? Show accountName to the user before sending.
  const query = new URLSearchParams({ accountNumber, bankCode });
  const verify = await fetch(`${walletBaseUrl}/v1/queries/verify?${query}`, { headers });
  const verified = (await verify.json())⟦ as { success: boolean; data?: { accountName: string }; error?: string }⟧;
  if (!verify.ok || !verified.success || !verified.data) return { outcome: 'failed' };
  const accountName = verified.data.accountName;
  // 2. The transfer: one POST, no retry (a retry could pay twice).
  let res⟦: Response⟧;
  try {
    res = await fetch(`${walletBaseUrl}/v1/users/transfers/bank`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ accountName, accountNumber, bankCode, amount: amountKobo }),
      signal: AbortSignal.timeout(⟨2:30000⟩),
    });
  } catch {
    // An answer that never came means outcome unknown, never failed: the money may have moved.
    // Requery the transfer by its reference (or read the history) before showing a result or
    // sending again.
    return { outcome: 'unknown', accountName };
  }
  const body = (await res.json().catch(() => undefined))⟦ as { success?: boolean; data?: { transaction?: { transactionReference?: string } } } | undefined⟧;
  const reference = body?.data?.transaction?.transactionReference;
  // A 5xx answer to a money-moving request does not mean that no money moved: the provider may have
  // moved it and then failed. Do not send it again; requery the transfer by its reference (or read
  // the history) and go by what the requery says.
  if (res.status >= 500 || !body) return { outcome: 'unknown', accountName, ...(reference ? { reference } : {}) };
  if (!res.ok || !body.success || !reference) return { outcome: 'failed', accountName };
  // 3. It answers at once, most often pending.
  // statusCode 000002 is pending, not paid: neither credit nor refund it yet; requery it by its
  // reference (or wait for its webhook) until it is 000001 (paid) or 000000 (failed, the money
  // returned).
  return { outcome: await requeryBankTransfer(accessToken, reference), reference, accountName };
}

/** The outcome of a bank transfer by its reference: 000001 success (paid), 000002 pending (not paid yet: requery), 000000 failed (the money returned). */
async function requeryBankTransfer(accessToken⟦: string⟧, reference⟦: string⟧)⟦: Promise<TransferOutcome>⟧ {
  try {
    const res = await fetch(`${walletBaseUrl}/v1/users/transfers/requery/bank/${encodeURIComponent(reference)}`, {
      headers: { 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken },
    });
    const body = (await res.json())⟦ as { success: boolean; data?: { transaction?: { statusCode?: string } } }⟧;
    const code = body.data?.transaction?.statusCode;
    return code === '000001' ? 'success' : code === '000000' ? 'failed' : code === '000002' ? 'pending' : 'unknown';
  } catch {
    return 'unknown'; // still unknown: ask again later
  }
}
