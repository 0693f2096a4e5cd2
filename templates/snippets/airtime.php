/**
 * Buys $amountKobo of airtime (1/100 naira: ⟨1:10000⟩ is N100.00) for a mobile, once. Uses Guzzle.
 * Its outcome: success, unknown or, for a refusal (4xx), failed.
 */
function buyAirtime(\GuzzleHttp\Client $client, string $accessToken, string $mobile, int $amountKobo, string $provider = '⟨2|mtn,glo,airtel,etisalat⟩'): array
{
    if ($amountKobo <= 0) {
        throw new \InvalidArgumentException('amountKobo is a whole number of kobo above 0');
    }
    try {
        $res = $client->post('/v1/users/payments/bills/vtu', [
            'json' => ['mobile' => $mobile, 'amount' => $amountKobo, 'provider' => $provider],
            'headers' => ['X-App-Key' => getenv('WALLET_APP_KEY') ?: '', 'X-App-Wallet-Access-Token' => $accessToken],
            'http_errors' => false,
            'timeout' => 30,
        ]);
    } catch (\GuzzleHttp\Exception\TransferException $e) {
        // An answer that never came means outcome unknown, never failed: the money may have moved.
        // Requery the transfer by its reference (or read the history) before showing a result or
        // sending again.
        return ['outcome' => 'unknown'];
    }
    $body = json_decode((string) $res->getBody(), true);
    // A 5xx answer to a money-moving request does not mean that no money moved: the provider may
    // have moved it and then failed. Do not send it again; requery the transfer by its reference
    // (or read the history) and go by what the requery says.
    if ($res->getStatusCode() >= 500 || !is_array($body)) {
        return ['outcome' => 'unknown'];
    }
    if ($res->getStatusCode() >= 300 || empty($body['success'])) {
        return ['outcome' => 'failed', 'error' => $body['error'] ?? null];
    }
    return ['outcome' => 'success', 'reference' => $body['data']['transaction']['reference'] ?? null];
}

// $client = new \GuzzleHttp\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010']);
