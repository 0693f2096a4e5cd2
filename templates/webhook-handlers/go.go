// Wallet webhooks with Go's net/http (written by Wallet Console: Create Webhook Handler).
//
// Run it: go run wallet_webhook.go   (or register WalletWebhookHandler on your own mux)
// It serves POST /webhooks/wallet on :8080 (PORT overrides); point the app's callbackURL at it.
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
//
// @include parts/how-it-works.txt

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
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Data    json.RawMessage `json:"data"`
	} `json:"payload"`
}

// BankTransferData is the data of a BANK_TRANSFER event. Amounts are kobo (100 kobo = 1 naira).
type BankTransferData struct {
	AccountName          string `json:"accountName"`
	AccountNumber        string `json:"accountNumber"`
	Amount               *int64 `json:"amount"` // kobo; a pointer, so a missing amount is told apart from 0
	TransactionReference string `json:"transactionReference"`
	StatusCode           string `json:"statusCode"`
}

// PhoneTransferData is the data of a PHONE_TRANSFER event. Amounts are kobo.
type PhoneTransferData struct {
	AppWalletMobile      string `json:"appWalletMobile"`
	Amount               *int64 `json:"amount"` // kobo
	RecipientMobile      string `json:"recipientMobile"`
	TransactionReference string `json:"transactionReference"`
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

// The wallet API, and the wallet whose token requeries: WALLET_REFRESH_TOKEN renews the token.
const defaultBaseURL = "http://127.0.0.1:4010"

var (
	walletBaseURL      = envOr("WALLET_BASE_URL", defaultBaseURL)
	walletAppKey       = os.Getenv("WALLET_APP_KEY")
	walletRefreshToken = os.Getenv("WALLET_REFRESH_TOKEN")
	tokenMu            sync.Mutex
	accessToken        = os.Getenv("WALLET_ACCESS_TOKEN")
	walletClient       = &http.Client{Timeout: 10 * time.Second}
)

const notConfigured = "set WALLET_APP_KEY and WALLET_REFRESH_TOKEN (or WALLET_ACCESS_TOKEN): every event is requeried before it is trusted"

func envOr(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

func currentToken() string {
	tokenMu.Lock()
	defer tokenMu.Unlock()
	return accessToken
}

// canRequery says whether it can requery at all; without it an event is answered 503 and not kept, and the service sends it again later.
func canRequery() bool {
	return walletAppKey != "" && (currentToken() != "" || walletRefreshToken != "")
}

// renewAccessToken gets a new access token from the refresh token (POST /v1/users/accessToken),
// unless another goroutine renewed it since refused was sent: a burst of 401s renews it once.
func renewAccessToken(refused string) error {
	tokenMu.Lock()
	defer tokenMu.Unlock()
	if accessToken != refused {
		return nil
	}
	if walletRefreshToken == "" {
		return fmt.Errorf("the wallet access token was refused and WALLET_REFRESH_TOKEN is not set to renew it")
	}
	body, err := json.Marshal(map[string]string{"refreshToken": walletRefreshToken})
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, walletBaseURL+"/v1/users/accessToken", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-App-Key", walletAppKey)
	req.Header.Set("Content-Type", "application/json")
	res, err := walletClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var answer struct {
		Success bool `json:"success"`
		Data    struct {
			AccessToken string `json:"accessToken"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || res.StatusCode != http.StatusOK || !answer.Success || answer.Data.AccessToken == "" {
		return fmt.Errorf("renewing the access token answered %d: connect the wallet again and set its new WALLET_REFRESH_TOKEN", res.StatusCode)
	}
	accessToken = answer.Data.AccessToken
	log.Printf("[wallet webhook] renewed the wallet access token")
	return nil
}

// walletGet is a GET of the wallet API with the wallet's token; a 401 renews the token and asks once more.
func walletGet(path string) (*http.Response, error) {
	if currentToken() == "" {
		if err := renewAccessToken(""); err != nil {
			return nil, err
		}
	}
	for renewed := false; ; renewed = true {
		sent := currentToken()
		req, err := http.NewRequest(http.MethodGet, walletBaseURL+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("X-App-Key", walletAppKey)
		req.Header.Set("X-App-Wallet-Access-Token", sent)
		res, err := walletClient.Do(req)
		if err != nil || res.StatusCode != http.StatusUnauthorized || renewed {
			return res, err
		}
		res.Body.Close()
		if err := renewAccessToken(sent); err != nil {
			return nil, err
		}
	}
}

// requeriedAmount is the transaction's amount in kobo as the API knows it; known is false when it
// does not know it (a forged event). Any other answer is an error: the event is tried again later.
func requeriedAmount(reference string) (amount int64, known bool, err error) {
	res, err := walletGet("/v1/transactions/" + url.PathEscape(reference))
	if err != nil {
		return 0, false, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return 0, false, nil
	}
	var body struct {
		Success bool `json:"success"`
		Data    struct {
			Transaction struct {
				Amount *int64 `json:"amount"`
			} `json:"transaction"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != http.StatusOK || !body.Success || body.Data.Transaction.Amount == nil {
		return 0, false, fmt.Errorf("the requery answered %d", res.StatusCode)
	}
	return *body.Data.Transaction.Amount, true, nil
}

// The inbox: each event kept, by transactionReference and status, and how far it got (waiting, to
// process or to retry; processing; done; ignored). In memory for a start: keep it in your app's
// database (see the header), so a restart or a second server loses none.
type keptEvent struct {
	event *walletEvent
	state string
	tries int
	timer *time.Timer
}

var (
	inboxMu      sync.Mutex
	inbox        = map[string]*keptEvent{}
	retrySeconds = []int{2, 10, 60, 300, 600}
)

// keep keeps the event once per transactionReference and status (a copy is a duplicate, a reversal is
// not) and starts its processing; false for one kept already.
// Checked and claimed under one lock: two deliveries at once keep it once.
func keep(e *walletEvent) bool {
	key := e.Reference + " " + e.Message
	inboxMu.Lock()
	defer inboxMu.Unlock()
	if kept, found := inbox[key]; found {
		if kept.state == "waiting" {
			processLater(kept, 0) // delivered again while it waits: try it now
		}
		return false
	}
	kept := &keptEvent{event: e, state: "waiting"}
	inbox[key] = kept
	processLater(kept, 0)
	return true
}

// processLater (re)starts the timer that processes the event; inboxMu is held.
func processLater(kept *keptEvent, seconds int) {
	if kept.timer != nil {
		kept.timer.Stop()
	}
	kept.timer = time.AfterFunc(time.Duration(seconds)*time.Second, func() { process(kept) })
}

// process requeries the event, then does your work; what failed stays in the inbox and is tried again later.
func process(kept *keptEvent) {
	if !claim(kept) {
		return
	}
	e := kept.event
	amount, known, err := requeriedAmount(e.Reference)
	switch {
	case err != nil:
		retryLater(kept, err)
	case !known || amount != e.AmountKobo:
		log.Printf("[wallet webhook] ignored %s %s: the API does not know this transfer (a forged event?)", e.Type, e.Reference)
		settle(kept, "ignored")
	default:
		handleWalletWebhook(e)
		settle(kept, "done")
	}
}

// claim marks a waiting event as processing: a redelivery meanwhile does not run it twice.
func claim(kept *keptEvent) bool {
	inboxMu.Lock()
	defer inboxMu.Unlock()
	if kept.state != "waiting" {
		return false
	}
	kept.state = "processing"
	return true
}

func settle(kept *keptEvent, state string) {
	inboxMu.Lock()
	defer inboxMu.Unlock()
	kept.state = state
}

// retryLater keeps the event waiting and tries it again after the next delay of retrySeconds.
func retryLater(kept *keptEvent, err error) {
	inboxMu.Lock()
	defer inboxMu.Unlock()
	next := len(retrySeconds) - 1
	if kept.tries < next {
		next = kept.tries
	}
	kept.tries++
	kept.state = "waiting"
	log.Printf("[wallet webhook] %s not processed yet (%v): kept, trying again in %d s", kept.event.Reference, err, retrySeconds[next])
	processLater(kept, retrySeconds[next])
}

// handleWalletWebhook is your work for one event: it runs once per transactionReference and status, after the answer went out.
func handleWalletWebhook(e *walletEvent) {
	// @include parts/money-note.txt
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
	http.HandleFunc("/webhooks/wallet", WalletWebhookHandler)
	listener, err := net.Listen("tcp", ":"+port)
	if err != nil {
		log.Fatal(err)
	}
	// Said once the port is open: whatever waits for this line can send at once.
	log.Printf("[wallet webhook] listening on :%s/webhooks/wallet", port)
	log.Fatal(http.Serve(listener, nil))
}
