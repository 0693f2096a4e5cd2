import type { WalletSnippet } from './snippetSource';

// A short webhook receiver: the service POSTs { payload: { message, type, data } } to the app's
// callbackURL when a transfer completes (type BANK_TRANSFER or PHONE_TRANSFER, data.amount in
// kobo, data.transactionReference). Idempotent by transactionReference, answers 2xx at once.
export const webhookHandler: WalletSnippet = {
  name: 'webhookHandler',
  code: {
    typescript: `import { createServer } from 'node:http';

/** References already handled: a redelivery must not act twice (keep these in your database). */
const handledTransfers = new Set⟦<string>⟧();

createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '⟨1:/webhooks/wallet⟩') return void res.writeHead(404).end();
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    let event⟦: { payload?: { type?: string; message?: string; data?: { transactionReference?: string; amount?: number } } }⟧;
    try {
      event = JSON.parse(raw);
    } catch {
      return void res.writeHead(400).end();
    }
    const { type, message, data } = event.payload ?? {};
    const reference = data?.transactionReference;
    if ((type !== 'BANK_TRANSFER' && type !== 'PHONE_TRANSFER') || !reference) return void res.writeHead(400).end();
    res.writeHead(200).end(); // answer at once; do the work after
    if (handledTransfers.has(reference)) return;
    handledTransfers.add(reference);
    console.log(\`\${type} \${reference}: \${message} (\${data?.amount} kobo)\`);
  });
}).listen(⟨2:3000⟩);
`,
    python: `from flask import Flask, request

app = Flask(__name__)
# References already handled: a redelivery must not act twice (keep these in your database).
handled_transfers: set = set()


@app.post("⟨1:/webhooks/wallet⟩")
def wallet_webhook():
    payload = (request.get_json(silent=True) or {}).get("payload") or {}
    data = payload.get("data") or {}
    kind, reference = payload.get("type"), data.get("transactionReference")
    if kind not in ("BANK_TRANSFER", "PHONE_TRANSFER") or not reference:
        return "", 400
    if reference not in handled_transfers:
        handled_transfers.add(reference)
        app.logger.info("%s %s: %s (%s kobo)", kind, reference, payload.get("message"), data.get("amount"))
    return "", 200
`,
    go: `// handledTransfers holds the references already handled: a redelivery must not act twice
// (keep these in your database). Needs "encoding/json", "log", "net/http" and "sync".
var handledTransfers sync.Map

// WalletWebhook handles POST ⟨1:/webhooks/wallet⟩: http.HandleFunc("⟨1:/webhooks/wallet⟩", WalletWebhook).
func WalletWebhook(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var event struct {
		Payload struct {
			Type    string \`json:"type"\`
			Message string \`json:"message"\`
			Data    struct {
				TransactionReference string \`json:"transactionReference"\`
				Amount               int64  \`json:"amount"\`
			} \`json:"data"\`
		} \`json:"payload"\`
	}
	if err := json.NewDecoder(r.Body).Decode(&event); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	p := event.Payload
	if (p.Type != "BANK_TRANSFER" && p.Type != "PHONE_TRANSFER") || p.Data.TransactionReference == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
	if _, seen := handledTransfers.LoadOrStore(p.Data.TransactionReference, true); seen {
		return
	}
	log.Printf("%s %s: %s (%d kobo)", p.Type, p.Data.TransactionReference, p.Message, p.Data.Amount)
}
`,
    php: `// The route for POST ⟨1:/webhooks/wallet⟩. References already handled live in your database: a
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
`,
  },
};
