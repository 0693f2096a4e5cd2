import type { WalletSnippet } from './snippetSource';

// GET /v1/users/balance with X-App-Key and X-App-Wallet-Access-Token; data.user.balance is in kobo.
export const balance: WalletSnippet = {
  name: 'balance',
  code: {
    typescript: `/** The wallet's balance in kobo (1/100 naira): 526548935 is ₦5,265,489.35. */
async function ⟨1:walletBalance⟩(accessToken⟦: string⟧)⟦: Promise<number>⟧ {
  const baseUrl = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
  const res = await fetch(\`\${baseUrl}/v1/users/balance\`, {
    headers: { 'X-App-Key': process.env.WALLET_APP_KEY ?? '', 'X-App-Wallet-Access-Token': accessToken },
  });
  const body = (await res.json())⟦ as { success: boolean; data?: { user: { id: string; mobile: string; balance: number } }; error?: string }⟧;
  if (!res.ok || !body.success || !body.data) throw new Error(body.error ?? \`balance: HTTP \${res.status}\`);
  return body.data.user.balance;
}
`,
    python: `import os
import requests


def ⟨1:wallet_balance⟩(access_token: str) -> int:
    """The wallet's balance in kobo (1/100 naira): 526548935 is N5,265,489.35."""
    base_url = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
    res = requests.get(
        f"{base_url}/v1/users/balance",
        headers={"X-App-Key": os.environ.get("WALLET_APP_KEY", ""), "X-App-Wallet-Access-Token": access_token},
        timeout=30,
    )
    body = res.json()
    if not res.ok or not body.get("success"):
        raise RuntimeError(body.get("error") or f"balance: HTTP {res.status_code}")
    return int(body["data"]["user"]["balance"])
`,
    go: `// ⟨1:walletBalance⟩ returns the wallet's balance in kobo (1/100 naira): 526548935 is N5,265,489.35.
// Needs "encoding/json", "fmt", "net/http" and "os".
func ⟨1:walletBalance⟩(accessToken string) (int64, error) {
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	req, err := http.NewRequest(http.MethodGet, baseURL+"/v1/users/balance", nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	req.Header.Set("X-App-Wallet-Access-Token", accessToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var body struct {
		Success bool   \`json:"success"\`
		Error   string \`json:"error"\`
		Data    struct {
			User struct {
				Balance int64 \`json:"balance"\`
			} \`json:"user"\`
		} \`json:"data"\`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return 0, err
	}
	if res.StatusCode >= 300 || !body.Success {
		return 0, fmt.Errorf("balance: HTTP %d: %s", res.StatusCode, body.Error)
	}
	return body.Data.User.Balance, nil
}
`,
    php: `/** The wallet's balance in kobo (1/100 naira): 526548935 is N5,265,489.35. Uses Guzzle. */
function ⟨1:walletBalance⟩(string $accessToken): int
{
    $client = new \\GuzzleHttp\\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010', 'http_errors' => false]);
    $res = $client->get('/v1/users/balance', ['headers' => [
        'X-App-Key' => getenv('WALLET_APP_KEY') ?: '',
        'X-App-Wallet-Access-Token' => $accessToken,
    ]]);
    $body = json_decode((string) $res->getBody(), true);
    if ($res->getStatusCode() >= 300 || empty($body['success'])) {
        throw new \\RuntimeException($body['error'] ?? 'balance: HTTP ' . $res->getStatusCode());
    }
    return (int) $body['data']['user']['balance'];
}
`,
  },
};
