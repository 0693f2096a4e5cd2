import { commentLines, MONEY_WORDS } from '../../common/moneyWords';
import type { WalletSnippet } from './snippetSource';

// A bank transfer as the public record describes it: name enquiry (GET /v1/queries/verify), the
// transfer (POST /v1/users/transfers/bank { accountName, accountNumber, bankCode, amount }, amount
// in kobo; it answers statusCode 000002, pending), then the requery
// (GET /v1/users/transfers/requery/bank/:ref: 000001 success, 000000 failed, 000002 pending).
// The POST is sent once and never retried; no answer is "outcome unknown", never "failed". Their
// comments on a 5xx, no answer and 000002 are the product's one voice (common/moneyWords.ts).
export const bankTransfer: WalletSnippet = {
  name: 'bankTransfer',
  code: {
    typescript: `⟦type TransferOutcome = 'success' | 'failed' | 'pending' | 'unknown';⟧
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
  const verify = await fetch(\`\${walletBaseUrl}/v1/queries/verify?\${query}\`, { headers });
  const verified = (await verify.json())⟦ as { success: boolean; data?: { accountName: string }; error?: string }⟧;
  if (!verify.ok || !verified.success || !verified.data) return { outcome: 'failed' };
  const accountName = verified.data.accountName;
  // 2. The transfer: one POST, no retry (a retry could pay twice).
  let res⟦: Response⟧;
  try {
    res = await fetch(\`\${walletBaseUrl}/v1/users/transfers/bank\`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ accountName, accountNumber, bankCode, amount: amountKobo }),
      signal: AbortSignal.timeout(⟨2:30000⟩),
    });
  } catch {
${commentLines(MONEY_WORDS.noAnswer, '    // ')}
    return { outcome: 'unknown', accountName };
  }
  const body = (await res.json().catch(() => undefined))⟦ as { success?: boolean; data?: { transaction?: { transactionReference?: string } } } | undefined⟧;
  const reference = body?.data?.transaction?.transactionReference;
${commentLines(MONEY_WORDS.fiveXx, '  // ')}
  if (res.status >= 500 || !body) return { outcome: 'unknown', accountName, ...(reference ? { reference } : {}) };
  if (!res.ok || !body.success || !reference) return { outcome: 'failed', accountName };
  // 3. It answers at once, most often pending.
${commentLines(MONEY_WORDS.pending, '  // ')}
  return { outcome: await requeryBankTransfer(accessToken, reference), reference, accountName };
}

/** The outcome of a bank transfer by its reference: ${MONEY_WORDS.statusCodes}. */
async function requeryBankTransfer(accessToken⟦: string⟧, reference⟦: string⟧)⟦: Promise<TransferOutcome>⟧ {
  try {
    const res = await fetch(\`\${walletBaseUrl}/v1/users/transfers/requery/bank/\${encodeURIComponent(reference)}\`, {
      headers: { 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken },
    });
    const body = (await res.json())⟦ as { success: boolean; data?: { transaction?: { statusCode?: string } } }⟧;
    const code = body.data?.transaction?.statusCode;
    return code === '000001' ? 'success' : code === '000000' ? 'failed' : code === '000002' ? 'pending' : 'unknown';
  } catch {
    return 'unknown'; // still unknown: ask again later
  }
}
`,
    python: `import os
import requests

WALLET_BASE_URL = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")


def _wallet_headers(access_token: str) -> dict:
    return {"X-App-Key": os.environ.get("WALLET_APP_KEY", ""), "X-App-Wallet-Access-Token": access_token}


def send_to_bank(access_token: str, account_number: str, bank_code: str, amount_kobo: int) -> dict:
    """Sends amount_kobo (1/100 naira: ⟨1:50000⟩ is N500.00) to a bank account, once.

    Its outcome: "success", "pending", "unknown" or, for a refusal (4xx), "failed".
    """
    if not isinstance(amount_kobo, int) or amount_kobo <= 0:
        raise ValueError("amount_kobo is a whole number of kobo above 0")
    headers = _wallet_headers(access_token)
    # 1. Name enquiry: whose account is it? Show account_name to the user before sending.
    verify = requests.get(
        f"{WALLET_BASE_URL}/v1/queries/verify",
        params={"accountNumber": account_number, "bankCode": bank_code},
        headers=headers,
        timeout=30,
    )
    verified = verify.json()
    if not verify.ok or not verified.get("success"):
        return {"outcome": "failed"}
    account_name = verified["data"]["accountName"]
    # 2. The transfer: one POST, no retry (a retry could pay twice).
    try:
        res = requests.post(
            f"{WALLET_BASE_URL}/v1/users/transfers/bank",
            json={"accountName": account_name, "accountNumber": account_number, "bankCode": bank_code, "amount": amount_kobo},
            headers=headers,
            timeout=⟨2:30⟩,
        )
        body = res.json()
    except (requests.RequestException, ValueError):
${commentLines(MONEY_WORDS.noAnswer, '        # ')}
        return {"outcome": "unknown", "accountName": account_name}
    reference = ((body.get("data") or {}).get("transaction") or {}).get("transactionReference")
${commentLines(MONEY_WORDS.fiveXx, '    # ')}
    if res.status_code >= 500:
        return {"outcome": "unknown", "accountName": account_name, "reference": reference}
    if not res.ok or not body.get("success") or not reference:
        return {"outcome": "failed", "accountName": account_name}
    # 3. It answers at once, most often pending.
${commentLines(MONEY_WORDS.pending, '    # ')}
    return {"outcome": requery_bank_transfer(access_token, reference), "reference": reference, "accountName": account_name}


def requery_bank_transfer(access_token: str, reference: str) -> str:
    """The outcome of a bank transfer by its reference: ${MONEY_WORDS.statusCodes}."""
    try:
        res = requests.get(
            f"{WALLET_BASE_URL}/v1/users/transfers/requery/bank/{reference}",
            headers=_wallet_headers(access_token),
            timeout=30,
        )
        code = ((res.json().get("data") or {}).get("transaction") or {}).get("statusCode")
    except (requests.RequestException, ValueError):
        return "unknown"  # still unknown: ask again later
    return {"000001": "success", "000000": "failed", "000002": "pending"}.get(code, "unknown")
`,
    go: `// SendToBank sends amountKobo (1/100 naira: ⟨1:50000⟩ is N500.00) to a bank account, once.
// Its outcome: "success", "pending", "unknown" or, for a refusal (4xx), "failed".
// Needs "bytes", "encoding/json", "fmt", "net/http", "net/url", "os" and "time".
func SendToBank(accessToken, accountNumber, bankCode string, amountKobo int64) (outcome, reference, accountName string, err error) {
	if amountKobo <= 0 {
		return "", "", "", fmt.Errorf("amountKobo is a whole number of kobo above 0")
	}
	// 1. Name enquiry: whose account is it? Show accountName to the user before sending.
	query := url.Values{"accountNumber": {accountNumber}, "bankCode": {bankCode}}
	var verified struct {
		Success bool \`json:"success"\`
		Data    struct {
			AccountName string \`json:"accountName"\`
		} \`json:"data"\`
	}
	status, err := walletCall(http.MethodGet, "/v1/queries/verify?"+query.Encode(), accessToken, nil, &verified, 30*time.Second)
	if err != nil || status >= 300 || !verified.Success {
		return "failed", "", "", err
	}
	accountName = verified.Data.AccountName
	// 2. The transfer: one POST, no retry (a retry could pay twice).
	payload := map[string]any{"accountName": accountName, "accountNumber": accountNumber, "bankCode": bankCode, "amount": amountKobo}
	var sent struct {
		Success bool \`json:"success"\`
		Data    struct {
			Transaction struct {
				TransactionReference string \`json:"transactionReference"\`
			} \`json:"transaction"\`
		} \`json:"data"\`
	}
	status, err = walletCall(http.MethodPost, "/v1/users/transfers/bank", accessToken, payload, &sent, ⟨2:30⟩*time.Second)
	reference = sent.Data.Transaction.TransactionReference
${commentLines(MONEY_WORDS.noAnswer, '\t// ')}
${commentLines(MONEY_WORDS.fiveXx, '\t// ')}
	if err != nil || status >= 500 {
		return "unknown", reference, accountName, nil
	}
	if status >= 300 || !sent.Success || reference == "" {
		return "failed", "", accountName, nil
	}
	// 3. It answers at once, most often pending.
${commentLines(MONEY_WORDS.pending, '\t// ')}
	return RequeryBankTransfer(accessToken, reference), reference, accountName, nil
}

// RequeryBankTransfer asks for a bank transfer's outcome:
// ${MONEY_WORDS.statusCodes}.
func RequeryBankTransfer(accessToken, reference string) string {
	var body struct {
		Data struct {
			Transaction struct {
				StatusCode string \`json:"statusCode"\`
			} \`json:"transaction"\`
		} \`json:"data"\`
	}
	path := "/v1/users/transfers/requery/bank/" + url.PathEscape(reference)
	if _, err := walletCall(http.MethodGet, path, accessToken, nil, &body, 30*time.Second); err != nil {
		return "unknown" // still unknown: ask again later
	}
	switch body.Data.Transaction.StatusCode {
	case "000001":
		return "success"
	case "000000":
		return "failed"
	case "000002":
		return "pending"
	}
	return "unknown"
}

func walletCall(method, path, accessToken string, payload any, answer any, timeout time.Duration) (int, error) {
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	var body bytes.Buffer
	if payload != nil {
		if err := json.NewEncoder(&body).Encode(payload); err != nil {
			return 0, err
		}
	}
	req, err := http.NewRequest(method, baseURL+path, &body)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	req.Header.Set("X-App-Wallet-Access-Token", accessToken)
	res, err := (&http.Client{Timeout: timeout}).Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	return res.StatusCode, json.NewDecoder(res.Body).Decode(answer)
}
`,
    php: `/**
 * Sends $amountKobo (1/100 naira: ⟨1:50000⟩ is N500.00) to a bank account, once. Uses Guzzle.
 * Its outcome: success, pending, unknown or, for a refusal (4xx), failed.
 */
function sendToBank(\\GuzzleHttp\\Client $client, string $accessToken, string $accountNumber, string $bankCode, int $amountKobo): array
{
    if ($amountKobo <= 0) {
        throw new \\InvalidArgumentException('amountKobo is a whole number of kobo above 0');
    }
    $headers = ['X-App-Key' => getenv('WALLET_APP_KEY') ?: '', 'X-App-Wallet-Access-Token' => $accessToken];
    // 1. Name enquiry: whose account is it? Show accountName to the user before sending.
    $verify = $client->get('/v1/queries/verify', [
        'query' => ['accountNumber' => $accountNumber, 'bankCode' => $bankCode],
        'headers' => $headers,
        'http_errors' => false,
    ]);
    $verified = json_decode((string) $verify->getBody(), true);
    if ($verify->getStatusCode() >= 300 || empty($verified['success'])) {
        return ['outcome' => 'failed'];
    }
    $accountName = $verified['data']['accountName'];
    // 2. The transfer: one POST, no retry (a retry could pay twice).
    try {
        $res = $client->post('/v1/users/transfers/bank', [
            'json' => ['accountName' => $accountName, 'accountNumber' => $accountNumber, 'bankCode' => $bankCode, 'amount' => $amountKobo],
            'headers' => $headers,
            'http_errors' => false,
            'timeout' => ⟨2:30⟩,
        ]);
    } catch (\\GuzzleHttp\\Exception\\TransferException $e) {
${commentLines(MONEY_WORDS.noAnswer, '        // ')}
        return ['outcome' => 'unknown', 'accountName' => $accountName];
    }
    $body = json_decode((string) $res->getBody(), true);
    $reference = $body['data']['transaction']['transactionReference'] ?? null;
${commentLines(MONEY_WORDS.fiveXx, '    // ')}
    if ($res->getStatusCode() >= 500 || !is_array($body)) {
        return ['outcome' => 'unknown', 'accountName' => $accountName, 'reference' => $reference];
    }
    if ($res->getStatusCode() >= 300 || empty($body['success']) || !$reference) {
        return ['outcome' => 'failed', 'accountName' => $accountName];
    }
    // 3. It answers at once, most often pending.
${commentLines(MONEY_WORDS.pending, '    // ')}
    return ['outcome' => requeryBankTransfer($client, $accessToken, $reference), 'reference' => $reference, 'accountName' => $accountName];
}

/** The outcome of a bank transfer by its reference: ${MONEY_WORDS.statusCodes}. */
function requeryBankTransfer(\\GuzzleHttp\\Client $client, string $accessToken, string $reference): string
{
    try {
        $res = $client->get('/v1/users/transfers/requery/bank/' . rawurlencode($reference), ['headers' => [
            'X-App-Key' => getenv('WALLET_APP_KEY') ?: '',
            'X-App-Wallet-Access-Token' => $accessToken,
        ], 'http_errors' => false]);
    } catch (\\GuzzleHttp\\Exception\\TransferException $e) {
        return 'unknown'; // still unknown: ask again later
    }
    $code = json_decode((string) $res->getBody(), true)['data']['transaction']['statusCode'] ?? null;
    return ['000001' => 'success', '000000' => 'failed', '000002' => 'pending'][$code] ?? 'unknown';
}

// $client = new \\GuzzleHttp\\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010']);
`,
  },
};
