/** The wallet's balance in kobo (1/100 naira): 526548935 is N5,265,489.35. Uses Guzzle. */
function ⟨1:walletBalance⟩(string $accessToken): int
{
    $client = new \GuzzleHttp\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010', 'http_errors' => false]);
    $res = $client->get('/v1/users/balance', ['headers' => [
        'X-App-Key' => getenv('WALLET_APP_KEY') ?: '',
        'X-App-Wallet-Access-Token' => $accessToken,
    ]]);
    $body = json_decode((string) $res->getBody(), true);
    if ($res->getStatusCode() >= 300 || empty($body['success'])) {
        throw new \RuntimeException($body['error'] ?? 'balance: HTTP ' . $res->getStatusCode());
    }
    return (int) $body['data']['user']['balance'];
}
