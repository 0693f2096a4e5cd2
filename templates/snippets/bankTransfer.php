/**
 * Sends $amountKobo (1/100 naira: ⟨1:50000⟩ is N500.00) to a bank account, once. Uses Guzzle.
 * Its outcome: success, pending, unknown or, for a refusal (4xx), failed.
 */
function sendToBank(\GuzzleHttp\Client $client, string $accessToken, string $accountNumber, string $bankCode, int $amountKobo): array
{
    if ($amountKobo <= 0) {
        throw new \InvalidArgumentException('amountKobo is a whole number of kobo above 0');
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
    } catch (\GuzzleHttp\Exception\TransferException $e) {
        // An answer that never came means outcome unknown, never failed: the money may have moved.
        // Requery the transfer by its reference (or read the history) before showing a result or
        // sending again.
        return ['outcome' => 'unknown', 'accountName' => $accountName];
    }
    $body = json_decode((string) $res->getBody(), true);
    $reference = $body['data']['transaction']['transactionReference'] ?? null;
    // A 5xx answer to a money-moving request does not mean that no money moved: the provider may
    // have moved it and then failed. Do not send it again; requery the transfer by its reference
    // (or read the history) and go by what the requery says.
    if ($res->getStatusCode() >= 500 || !is_array($body)) {
        return ['outcome' => 'unknown', 'accountName' => $accountName, 'reference' => $reference];
    }
    if ($res->getStatusCode() >= 300 || empty($body['success']) || !$reference) {
        return ['outcome' => 'failed', 'accountName' => $accountName];
    }
    // 3. It answers at once, most often pending.
    // statusCode 000002 is pending, not paid: neither credit nor refund it yet; requery it by its
    // reference (or wait for its webhook) until it is 000001 (paid) or 000000 (failed, the money
    // returned).
    return ['outcome' => requeryBankTransfer($client, $accessToken, $reference), 'reference' => $reference, 'accountName' => $accountName];
}

/** The outcome of a bank transfer by its reference: 000001 success (paid), 000002 pending (not paid yet: requery), 000000 failed (the money returned). */
function requeryBankTransfer(\GuzzleHttp\Client $client, string $accessToken, string $reference): string
{
    try {
        $res = $client->get('/v1/users/transfers/requery/bank/' . rawurlencode($reference), ['headers' => [
            'X-App-Key' => getenv('WALLET_APP_KEY') ?: '',
            'X-App-Wallet-Access-Token' => $accessToken,
        ], 'http_errors' => false]);
    } catch (\GuzzleHttp\Exception\TransferException $e) {
        return 'unknown'; // still unknown: ask again later
    }
    $code = json_decode((string) $res->getBody(), true)['data']['transaction']['statusCode'] ?? null;
    return ['000001' => 'success', '000000' => 'failed', '000002' => 'pending'][$code] ?? 'unknown';
}

// $client = new \GuzzleHttp\Client(['base_uri' => getenv('WALLET_BASE_URL') ?: 'http://127.0.0.1:4010']);
