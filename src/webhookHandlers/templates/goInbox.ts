// The inbox of the Go net/http handler: the wallet API's settings and token renewal, the requery,
// and the inbox that keeps each event until it is processed, retrying what failed (howItWorks.ts
// says it in the handler's header). Standard library only; gofmt-clean (tabs), for Go 1.19 and later.

import { RETRY_SECONDS } from './howItWorks';

const settings = `// The wallet API, and the wallet whose token requeries: WALLET_REFRESH_TOKEN renews the token.
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
}`;

const tokens = `// renewAccessToken gets a new access token from the refresh token (POST /v1/users/accessToken),
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
		Success bool \`json:"success"\`
		Data    struct {
			AccessToken string \`json:"accessToken"\`
		} \`json:"data"\`
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
}`;

const inbox = `// The inbox: each event kept, by transactionReference and status, and how far it got (waiting, to
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
	retrySeconds = []int{${RETRY_SECONDS.join(', ')}}
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
}`;

/** The settings, token renewal, requery and inbox, before handleWalletWebhook (goNetHttp.ts). */
export const goInbox = (): string => `${settings}

${tokens}

${inbox}`;
