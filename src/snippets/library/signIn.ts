import type { WalletSnippet } from './snippetSource';

// Wallet sign-in with OTP: POST /v1/users/auth/validate { mobile }, POST /v1/users/auth
// { mobile, factor: 'sms' }, then POST /v1/users/auth { mobile, factor, passcode } for the tokens.
// The passcode is asked of the user at run time: never written into code.
export const signIn: WalletSnippet = {
  name: 'signIn',
  code: {
    typescript: `const walletAuthHeaders = { 'Content-Type': 'application/json', 'X-App-Key': process.env.WALLET_APP_KEY ?? '' };
const walletBaseUrl = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
const walletPost = (fields⟦: Record<string, string>⟧) => ({ method: 'POST', headers: walletAuthHeaders, body: JSON.stringify(fields) });

/** Step 1: check the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and text it a passcode. */
async function sendWalletPasscode(mobile⟦: string⟧)⟦: Promise<void>⟧ {
  const validate = await fetch(\`\${walletBaseUrl}/v1/users/auth/validate\`, walletPost({ mobile }));
  if (!validate.ok) throw new Error(\`validate: HTTP \${validate.status}\`);
  const send = await fetch(\`\${walletBaseUrl}/v1/users/auth\`, walletPost({ mobile, factor: 'sms' }));
  if (!send.ok) throw new Error(\`send passcode: HTTP \${send.status}\`);
}

/** Step 2: the passcode the user typed, for the tokens (the access token lasts expiresIn seconds). */
async function verifyWalletPasscode(mobile⟦: string⟧, passcode⟦: string⟧)⟦: Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>⟧ {
  const res = await fetch(\`\${walletBaseUrl}/v1/users/auth\`, walletPost({ mobile, factor: 'sms', passcode }));
  const body = (await res.json())⟦ as { success: boolean; data?: { accessToken: string; refreshToken: string; expiresIn: number }; error?: string }⟧;
  if (!res.ok || !body.success || !body.data) throw new Error(body.error ?? \`verify passcode: HTTP \${res.status}\`);
  return body.data;
}
`,
    python: `import os
import requests

WALLET_BASE_URL = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
WALLET_HEADERS = {"X-App-Key": os.environ.get("WALLET_APP_KEY", "")}


def send_wallet_passcode(mobile: str) -> None:
    """Step 1: check the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and text it a passcode."""
    validate = requests.post(f"{WALLET_BASE_URL}/v1/users/auth/validate", json={"mobile": mobile}, headers=WALLET_HEADERS, timeout=30)
    validate.raise_for_status()
    send = requests.post(f"{WALLET_BASE_URL}/v1/users/auth", json={"mobile": mobile, "factor": "sms"}, headers=WALLET_HEADERS, timeout=30)
    send.raise_for_status()


def verify_wallet_passcode(mobile: str, passcode: str) -> dict:
    """Step 2: the passcode the user typed, for {accessToken, refreshToken, expiresIn}."""
    res = requests.post(
        f"{WALLET_BASE_URL}/v1/users/auth",
        json={"mobile": mobile, "factor": "sms", "passcode": passcode},
        headers=WALLET_HEADERS,
        timeout=30,
    )
    body = res.json()
    if not res.ok or not body.get("success"):
        raise RuntimeError(body.get("error") or f"verify passcode: HTTP {res.status_code}")
    return body["data"]
`,
    go: `// WalletTokens is what a verified passcode answers; the access token lasts ExpiresIn seconds.
// Needs "bytes", "encoding/json", "fmt", "net/http" and "os".
type WalletTokens struct {
	AccessToken  string \`json:"accessToken"\`
	RefreshToken string \`json:"refreshToken"\`
	ExpiresIn    int64  \`json:"expiresIn"\`
}

func walletAuthPost(path string, fields map[string]string) (*http.Response, error) {
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	payload, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	return http.DefaultClient.Do(req)
}

// SendWalletPasscode checks the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and texts it a passcode.
func SendWalletPasscode(mobile string) error {
	for _, step := range []struct {
		path   string
		fields map[string]string
	}{
		{"/v1/users/auth/validate", map[string]string{"mobile": mobile}},
		{"/v1/users/auth", map[string]string{"mobile": mobile, "factor": "sms"}},
	} {
		res, err := walletAuthPost(step.path, step.fields)
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode >= 300 {
			return fmt.Errorf("%s: HTTP %d", step.path, res.StatusCode)
		}
	}
	return nil
}

// VerifyWalletPasscode exchanges the passcode the user typed for the wallet's tokens.
func VerifyWalletPasscode(mobile, passcode string) (*WalletTokens, error) {
	res, err := walletAuthPost("/v1/users/auth", map[string]string{"mobile": mobile, "factor": "sms", "passcode": passcode})
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var body struct {
		Success bool         \`json:"success"\`
		Error   string       \`json:"error"\`
		Data    WalletTokens \`json:"data"\`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return nil, err
	}
	if res.StatusCode >= 300 || !body.Success {
		return nil, fmt.Errorf("verify passcode: HTTP %d: %s", res.StatusCode, body.Error)
	}
	return &body.Data, nil
}
`,
    php: `/** Step 1: check the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and text it a passcode. Uses Guzzle. */
function sendWalletPasscode(\\GuzzleHttp\\Client $client, string $mobile): void
{
    $headers = ['X-App-Key' => getenv('WALLET_APP_KEY') ?: ''];
    $client->post('/v1/users/auth/validate', ['json' => ['mobile' => $mobile], 'headers' => $headers]);
    $client->post('/v1/users/auth', ['json' => ['mobile' => $mobile, 'factor' => 'sms'], 'headers' => $headers]);
}

/** Step 2: the passcode the user typed, for ['accessToken' => ..., 'refreshToken' => ..., 'expiresIn' => 86400]. */
function verifyWalletPasscode(\\GuzzleHttp\\Client $client, string $mobile, string $passcode): array
{
    $res = $client->post('/v1/users/auth', [
        'json' => ['mobile' => $mobile, 'factor' => 'sms', 'passcode' => $passcode],
        'headers' => ['X-App-Key' => getenv('WALLET_APP_KEY') ?: ''],
        'http_errors' => false,
    ]);
    $body = json_decode((string) $res->getBody(), true);
    if ($res->getStatusCode() >= 300 || empty($body['success'])) {
        throw new \\RuntimeException($body['error'] ?? 'verify passcode: HTTP ' . $res->getStatusCode());
    }
    return $body['data'];
}

// $client = new \\GuzzleHttp\\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010']);
`,
  },
};
