// The Go net/http webhook handler the command writes. Where no Go toolchain is installed the tests
// check what they can without one (package, imports used, braces balanced, tabs).

import { goInbox } from './goInbox';
import { howItWorks } from './howItWorks';

import { statusCodeNote } from './moneyNote';

export const goHandler = (
  path: string,
): string => `// Wallet webhooks with Go's net/http (written by Wallet Console: Create Webhook Handler).
//
// Run it: go run wallet_webhook.go   (or register WalletWebhookHandler on your own mux)
// It serves POST ${path} on :8080 (PORT overrides); point the app's callbackURL at it.
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
//
${howItWorks('// ')}

package main

import (
	"bytes"
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

${goInbox()}

// handleWalletWebhook is your work for one event: it runs once per transactionReference and status, after the answer went out.
func handleWalletWebhook(e *walletEvent) {
${statusCodeNote('\t// ')}
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
	if !canRequery() {
		log.Printf("[wallet webhook] %s %s not kept, answered 503: %s", event.Type, event.Reference, notConfigured)
		answer(w, http.StatusServiceUnavailable, map[string]any{"error": "not set up to requery events: not kept, send it again later"})
		return
	}
	// Kept first, then answered at once (the sender waits only a few seconds); processed after the answer.
	if keep(event) {
		answer(w, http.StatusOK, map[string]any{"received": true})
		return
	}
	log.Printf("[wallet webhook] duplicate %s %s: already kept, acknowledged again", event.Type, event.Reference)
	answer(w, http.StatusOK, map[string]any{"received": true, "duplicate": true})
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
