/** Step 1: check the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and text it a passcode. Uses Guzzle. */
function sendWalletPasscode(\GuzzleHttp\Client $client, string $mobile): void
{
    $headers = ['X-App-Key' => getenv('WALLET_APP_KEY') ?: ''];
    $client->post('/v1/users/auth/validate', ['json' => ['mobile' => $mobile], 'headers' => $headers]);
    $client->post('/v1/users/auth', ['json' => ['mobile' => $mobile, 'factor' => 'sms'], 'headers' => $headers]);
}

/** Step 2: the passcode the user typed, for ['accessToken' => ..., 'refreshToken' => ..., 'expiresIn' => 86400]. */
function verifyWalletPasscode(\GuzzleHttp\Client $client, string $mobile, string $passcode): array
{
    $res = $client->post('/v1/users/auth', [
        'json' => ['mobile' => $mobile, 'factor' => 'sms', 'passcode' => $passcode],
        'headers' => ['X-App-Key' => getenv('WALLET_APP_KEY') ?: ''],
        'http_errors' => false,
    ]);
    $body = json_decode((string) $res->getBody(), true);
    if ($res->getStatusCode() >= 300 || empty($body['success'])) {
        throw new \RuntimeException($body['error'] ?? 'verify passcode: HTTP ' . $res->getStatusCode());
    }
    return $body['data'];
}

// $client = new \GuzzleHttp\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010']);
