// The route for POST ⟨1:/webhooks/wallet⟩. References already handled live in your database: a
// redelivery must not act twice ($alreadyHandled and $markHandled are yours to write).
function walletWebhook(callable $alreadyHandled, callable $markHandled): void
{
    $event = json_decode(file_get_contents('php://input') ?: '', true);
    $payload = is_array($event) ? ($event['payload'] ?? []) : [];
    $type = $payload['type'] ?? null;
    $reference = $payload['data']['transactionReference'] ?? null;
    if (!in_array($type, ['BANK_TRANSFER', 'PHONE_TRANSFER'], true) || !$reference) {
        http_response_code(400);
        return;
    }
    http_response_code(200);
    if ($alreadyHandled($reference)) {
        return;
    }
    $markHandled($reference);
    error_log(sprintf('%s %s: %s (%s kobo)', $type, $reference, $payload['message'] ?? '', $payload['data']['amount'] ?? '?'));
}
