// The Go net/http webhook handler the command writes. No Go toolchain runs the tests here: they
// check what they can without one (package, imports used, braces balanced, tabs).

export const goHandler = (
  path: string,
): string => `// Wallet webhooks with Go's net/http (written by Wallet Console: Create Webhook Handler).
//
// Run it: go run wallet_webhook.go   (or register WalletWebhookHandler on your own mux)
// It serves POST ${path} on :8080 (PORT overrides); point the app's callbackURL at it.
// The service retries a delivery until it gets a 2xx answer and may send one event more than
// once: this handler answers 2xx at once and does the work once per transactionReference (and status), for a
// transfer the API knows: it requeries each event at WALLET_BASE_URL with WALLET_APP_KEY and
// WALLET_ACCESS_TOKEN (your app's key, its wallet's token).
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"time"
)

// WalletWebhook is the body { "payload": { "message", "type", "data" } }.
// Message is "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet).
type WalletWebhook struct {
	Payload struct {
		Message string          \`json:"message"\`
		Type    string          \`json:"type"\`
		Data    json.RawMessage \`json:"data"\`
	} \`json:"payload"\`
}

// BankTransferData is the data of a BANK_TRANSFER event. Amounts are kobo (100 kobo = 1 naira).
type BankTransferData struct {
	AccountName          string \`json:"accountName"\`
	AccountNumber        string \`json:"accountNumber"\`
	Amount               *int64 \`json:"amount"\` // kobo; a pointer, so a missing amount is told apart from 0
	TransactionReference string \`json:"transactionReference"\`
	StatusCode           string \`json:"statusCode"\`
}

// PhoneTransferData is the data of a PHONE_TRANSFER event. Amounts are kobo.
type PhoneTransferData struct {
	AppWalletMobile      string \`json:"appWalletMobile"\`
	Amount               *int64 \`json:"amount"\` // kobo
	RecipientMobile      string \`json:"recipientMobile"\`
	TransactionReference string \`json:"transactionReference"\`
}

// walletEvent is a checked event: its type, message, reference and amount in kobo.
type walletEvent struct {
	Type, Message, Reference string
	AmountKobo               int64
	Bank                     *BankTransferData
	Phone                    *PhoneTransferData
}

// parseWalletWebhook checks the body's shape; a JSON number with a fraction fails to decode into int64.
func parseWalletWebhook(body []byte) (*walletEvent, error) {
	var hook WalletWebhook
	if err := json.Unmarshal(body, &hook); err != nil {
		return nil, fmt.Errorf("the body is not a wallet event: %w", err)
	}
	p := hook.Payload
	if p.Message == "" || len(p.Data) == 0 {
		return nil, fmt.Errorf("expected {payload: {message, type, data}}")
	}
	switch p.Type {
	case "BANK_TRANSFER":
		var d BankTransferData
		if err := json.Unmarshal(p.Data, &d); err != nil {
			return nil, fmt.Errorf("data: %w", err)
		}
		if d.AccountName == "" || d.AccountNumber == "" || d.StatusCode == "" || d.TransactionReference == "" || d.Amount == nil || *d.Amount < 0 {
			return nil, fmt.Errorf("BANK_TRANSFER needs accountName, accountNumber, amount (kobo), transactionReference and statusCode")
		}
		return &walletEvent{Type: p.Type, Message: p.Message, Reference: d.TransactionReference, AmountKobo: *d.Amount, Bank: &d}, nil
	case "PHONE_TRANSFER":
		var d PhoneTransferData
		if err := json.Unmarshal(p.Data, &d); err != nil {
			return nil, fmt.Errorf("data: %w", err)
		}
		if d.AppWalletMobile == "" || d.RecipientMobile == "" || d.TransactionReference == "" || d.Amount == nil || *d.Amount < 0 {
			return nil, fmt.Errorf("PHONE_TRANSFER needs appWalletMobile, amount (kobo), recipientMobile and transactionReference")
		}
		return &walletEvent{Type: p.Type, Message: p.Message, Reference: d.TransactionReference, AmountKobo: *d.Amount, Phone: &d}, nil
	}
	return nil, fmt.Errorf("type must be BANK_TRANSFER or PHONE_TRANSFER")
}

// The transfers and statuses already handled. In memory for a start (lost on restart): keep them
// in your app's database (a unique column, written in the same transaction as the work), so a
// restart or a second server still does each transfer's work once.
var (
	handledMu sync.Mutex
	handled   = map[string]bool{}
)

func firstTime(reference string) bool {
	handledMu.Lock()
	defer handledMu.Unlock()
	if handled[reference] {
		return false
	}
	handled[reference] = true
	return true
}

func forget(reference string) {
	handledMu.Lock()
	defer handledMu.Unlock()
	delete(handled, reference)
}

// This API signs no webhooks: anyone who finds this URL can POST to it. Before trusting an event,
// ask the API about its transaction, with your app key and the token of the wallet that sent it.
func walletBaseURL() string {
	if base := os.Getenv("WALLET_BASE_URL"); base != "" {
		return base
	}
	return "http://127.0.0.1:4010"
}

var requeryClient = &http.Client{Timeout: 10 * time.Second}

// requeriedAmount is the transaction's amount in kobo as the API knows it; known is false when it does not know it (a forged event).
func requeriedAmount(reference string) (amount int64, known bool, err error) {
	appKey, token := os.Getenv("WALLET_APP_KEY"), os.Getenv("WALLET_ACCESS_TOKEN")
	if appKey == "" || token == "" {
		return 0, false, fmt.Errorf("set WALLET_APP_KEY and WALLET_ACCESS_TOKEN: every event is requeried before it is trusted")
	}
	req, err := http.NewRequest(http.MethodGet, walletBaseURL()+"/v1/transactions/"+url.PathEscape(reference), nil)
	if err != nil {
		return 0, false, err
	}
	req.Header.Set("X-App-Key", appKey)
	req.Header.Set("X-App-Wallet-Access-Token", token)
	res, err := requeryClient.Do(req)
	if err != nil {
		return 0, false, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return 0, false, nil
	}
	var body struct {
		Success bool \`json:"success"\`
		Data    struct {
			Transaction struct {
				Amount *int64 \`json:"amount"\`
			} \`json:"transaction"\`
		} \`json:"data"\`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != http.StatusOK || !body.Success || body.Data.Transaction.Amount == nil {
		return 0, false, fmt.Errorf("the requery answered %d", res.StatusCode)
	}
	return *body.Data.Transaction.Amount, true, nil
}

// whenGenuine does the work only for a transfer the API knows, of the amount the event says.
func whenGenuine(e *walletEvent) {
	amount, known, err := requeriedAmount(e.Reference)
	if err != nil {
		forget(e.Reference + " " + e.Message) // not done: a redelivery may try again
		log.Printf("[wallet webhook] %s failed: %v", e.Reference, err)
		return
	}
	if !known || amount != e.AmountKobo {
		log.Printf("[wallet webhook] ignored %s %s: the API does not know this transfer (a forged event?)", e.Type, e.Reference)
		return
	}
	handleWalletWebhook(e)
}

// handleWalletWebhook is your work for one event: it runs once per transactionReference and status, after the answer went out.
func handleWalletWebhook(e *walletEvent) {
	log.Printf("[wallet webhook] processed %s %s %s (%d kobo = NGN %d.%02d)", e.Type, e.Message, e.Reference, e.AmountKobo, e.AmountKobo/100, e.AmountKobo%100)
}

func answer(w http.ResponseWriter, status int, body map[string]any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// WalletWebhookHandler answers the POSTs of the service.
func WalletWebhookHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		answer(w, http.StatusMethodNotAllowed, map[string]any{"error": "POST only"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 64<<10))
	if err != nil {
		answer(w, http.StatusBadRequest, map[string]any{"error": "the body could not be read"})
		return
	}
	event, err := parseWalletWebhook(body)
	if err != nil {
		log.Printf("[wallet webhook] rejected: %v", err)
		answer(w, http.StatusBadRequest, map[string]any{"error": err.Error()})
		return
	}
	// Only SUCCESS and FAILED settle a transfer: an older PENDING that comes late must not undo them.
	if event.Message != "SUCCESS" && event.Message != "FAILED" {
		log.Printf("[wallet webhook] %s %s %s: not a final status, acknowledged", event.Message, event.Type, event.Reference)
		answer(w, http.StatusOK, map[string]any{"received": true})
		return
	}
	// One key per transfer and status, claimed before the work: a copy is a duplicate, a reversal is not.
	if !firstTime(event.Reference + " " + event.Message) {
		log.Printf("[wallet webhook] duplicate %s %s: already processed, acknowledged again", event.Type, event.Reference)
		answer(w, http.StatusOK, map[string]any{"received": true, "duplicate": true})
		return
	}
	answer(w, http.StatusOK, map[string]any{"received": true})
	go whenGenuine(event) // after the answer: the sender waits only a few seconds
}

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.HandleFunc("${path}", WalletWebhookHandler)
	listener, err := net.Listen("tcp", ":"+port)
	if err != nil {
		log.Fatal(err)
	}
	// Said once the port is open: whatever waits for this line can send at once.
	log.Printf("[wallet webhook] listening on :%s${path}", port)
	log.Fatal(http.Serve(listener, nil))
}
`;
