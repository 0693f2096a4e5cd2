import { commentLines, MONEY_WORDS } from '../../common/moneyWords';
import type { WalletSnippet } from './snippetSource';

// Airtime (VTU): POST /v1/users/payments/bills/vtu { mobile, amount, provider }, amount in kobo,
// provider one of mtn, glo, airtel, etisalat; answers data.transaction { reference, amount }.
// Money moves: sent once, never retried; no answer is "outcome unknown", never "failed". Their
// comments on a 5xx and on no answer are the product's one voice (common/moneyWords.ts).
export const airtime: WalletSnippet = {
  name: 'airtime',
  code: {
    typescript: `/**
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
    res = await fetch(\`\${baseUrl}/v1/users/payments/bills/vtu\`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken },
      body: JSON.stringify({ mobile, amount: amountKobo, provider }),
      signal: AbortSignal.timeout(30000),
    });
  } catch {
${commentLines(MONEY_WORDS.noAnswer, '    // ')}
    return { outcome: 'unknown' };
  }
  ⟦type Answer = { success?: boolean; error?: string; data?: { transaction?: { reference?: string } } };
  ⟧  const body = (await res.json().catch(() => undefined))⟦ as Answer | undefined⟧;
${commentLines(MONEY_WORDS.fiveXx, '  // ')}
  if (res.status >= 500 || !body) return { outcome: 'unknown' };
  if (!res.ok || !body.success) return { outcome: 'failed', ...(body.error ? { error: body.error } : {}) };
  const reference = body.data?.transaction?.reference;
  return { outcome: 'success', ...(reference ? { reference } : {}) };
}
`,
    python: `import os
import requests


def buy_airtime(access_token: str, mobile: str, amount_kobo: int, provider: str = "⟨2|mtn,glo,airtel,etisalat⟩") -> dict:
    """Buys amount_kobo of airtime (1/100 naira: ⟨1:10000⟩ is N100.00) for a mobile (234 and 10 digits), once.

    provider is mtn, glo, airtel or etisalat. Its outcome: "success", "unknown" or, for a
    refusal (4xx), "failed".
    """
    if not isinstance(amount_kobo, int) or amount_kobo <= 0:
        raise ValueError("amount_kobo is a whole number of kobo above 0")
    base_url = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
    try:
        res = requests.post(
            f"{base_url}/v1/users/payments/bills/vtu",
            json={"mobile": mobile, "amount": amount_kobo, "provider": provider},
            headers={"X-App-Key": os.environ.get("WALLET_APP_KEY", ""), "X-App-Wallet-Access-Token": access_token},
            timeout=30,
        )
        body = res.json()
    except (requests.RequestException, ValueError):
${commentLines(MONEY_WORDS.noAnswer, '        # ')}
        return {"outcome": "unknown"}
${commentLines(MONEY_WORDS.fiveXx, '    # ')}
    if res.status_code >= 500:
        return {"outcome": "unknown"}
    if not res.ok or not body.get("success"):
        return {"outcome": "failed", "error": body.get("error")}
    return {"outcome": "success", "reference": ((body.get("data") or {}).get("transaction") or {}).get("reference")}
`,
    go: `// BuyAirtime buys amountKobo of airtime (1/100 naira: ⟨1:10000⟩ is N100.00) for a mobile, once.
// provider is mtn, glo, airtel or etisalat. Its outcome: "success", "unknown" or, for a
// refusal (4xx), "failed".
// Needs "bytes", "encoding/json", "fmt", "net/http", "os" and "time".
func BuyAirtime(accessToken, mobile string, amountKobo int64, provider string) (outcome, reference string, err error) {
	if amountKobo <= 0 {
		return "", "", fmt.Errorf("amountKobo is a whole number of kobo above 0")
	}
	if provider == "" {
		provider = "⟨2|mtn,glo,airtel,etisalat⟩"
	}
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	payload, err := json.Marshal(map[string]any{"mobile": mobile, "amount": amountKobo, "provider": provider})
	if err != nil {
		return "", "", err
	}
	req, err := http.NewRequest(http.MethodPost, baseURL+"/v1/users/payments/bills/vtu", bytes.NewReader(payload))
	if err != nil {
		return "", "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	req.Header.Set("X-App-Wallet-Access-Token", accessToken)
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
${commentLines(MONEY_WORDS.noAnswer, '\t\t// ')}
		return "unknown", "", nil
	}
	defer res.Body.Close()
	var body struct {
		Success bool   \`json:"success"\`
		Error   string \`json:"error"\`
		Data    struct {
			Transaction struct {
				Reference string \`json:"reference"\`
			} \`json:"transaction"\`
		} \`json:"data"\`
	}
${commentLines(MONEY_WORDS.fiveXx, '\t// ')}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode >= 500 {
		return "unknown", "", nil
	}
	if res.StatusCode >= 300 || !body.Success {
		return "failed", "", fmt.Errorf("airtime: %s", body.Error)
	}
	return "success", body.Data.Transaction.Reference, nil
}
`,
    php: `/**
 * Buys $amountKobo of airtime (1/100 naira: ⟨1:10000⟩ is N100.00) for a mobile, once. Uses Guzzle.
 * Its outcome: success, unknown or, for a refusal (4xx), failed.
 */
function buyAirtime(\\GuzzleHttp\\Client $client, string $accessToken, string $mobile, int $amountKobo, string $provider = '⟨2|mtn,glo,airtel,etisalat⟩'): array
{
    if ($amountKobo <= 0) {
        throw new \\InvalidArgumentException('amountKobo is a whole number of kobo above 0');
    }
    try {
        $res = $client->post('/v1/users/payments/bills/vtu', [
            'json' => ['mobile' => $mobile, 'amount' => $amountKobo, 'provider' => $provider],
            'headers' => ['X-App-Key' => getenv('WALLET_APP_KEY') ?: '', 'X-App-Wallet-Access-Token' => $accessToken],
            'http_errors' => false,
            'timeout' => 30,
        ]);
    } catch (\\GuzzleHttp\\Exception\\TransferException $e) {
${commentLines(MONEY_WORDS.noAnswer, '        // ')}
        return ['outcome' => 'unknown'];
    }
    $body = json_decode((string) $res->getBody(), true);
${commentLines(MONEY_WORDS.fiveXx, '    // ')}
    if ($res->getStatusCode() >= 500 || !is_array($body)) {
        return ['outcome' => 'unknown'];
    }
    if ($res->getStatusCode() >= 300 || empty($body['success'])) {
        return ['outcome' => 'failed', 'error' => $body['error'] ?? null];
    }
    return ['outcome' => 'success', 'reference' => $body['data']['transaction']['reference'] ?? null];
}

// $client = new \\GuzzleHttp\\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010']);
`,
  },
};
