// The sandbox from Go, standard library only: `go test ./...` in this folder.
//
// TestMain starts `npx wallet-sandbox --port 0 --json`, reads where it is from its one JSON
// line, runs the tests, and stops the sandbox with SIGTERM. Each test resets it to the scenario
// first (POST /__sandbox/reset) and signs a wallet in with OTP; they send a bank transfer and a
// phone transfer, and assert on the request journal, the webhooks and the integration review's
// findings over the admin HTTP API.
package wallet

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

const appKey = "sk_test_my_shop_ci_0001" // the scenario's app
const ada = "2348031112222"              // the scenario's wallet: passcode 424242, 1500000 kobo
const chidi = "2348033334444"            // 500000 kobo

// The ready line: the field this test reads (it has the apps, the wallets and the pid too).
type ready struct {
	URL string `json:"url"`
}

var sandbox ready

func TestMain(m *testing.M) {
	// Under the CLI (`npx wallet-sandbox --scenario ../wallet-sandbox.json --fail-on-findings -- go test ./...`)
	// the tests use its sandbox, and the CLI fails the run on what any test did, whatever a reset emptied.
	if url := os.Getenv("WALLET_BASE_URL"); url != "" {
		sandbox.URL = url
		os.Exit(m.Run())
	}
	cmd := exec.Command("npx", "--no-install", "wallet-sandbox", "--port", "0", "--json", "--scenario", "../wallet-sandbox.json")
	cmd.Stderr = os.Stderr // logs go to stderr; stdout has the one line
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		panic(err)
	}
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil {
		fmt.Fprintln(os.Stderr, "wallet-sandbox exited before it was ready:", cmd.Wait())
		os.Exit(1)
	}
	if err := json.Unmarshal(line, &sandbox); err != nil {
		panic(err)
	}
	code := m.Run()
	// Ending npx is enough: the sandbox ends with the process that started it.
	_ = cmd.Process.Signal(syscall.SIGTERM)
	_ = cmd.Wait()
	os.Exit(code)
}

// call sends a JSON request with the app's key (and a wallet token when given) and decodes the answer.
func call(t *testing.T, method, path string, body any, token string) (int, map[string]any) {
	t.Helper()
	var reader io.Reader
	if body != nil {
		encoded, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		reader = bytes.NewReader(encoded)
	}
	request, err := http.NewRequest(method, sandbox.URL+path, reader)
	if err != nil {
		t.Fatal(err)
	}
	request.Header.Set("X-App-Key", appKey)
	request.Header.Set("Content-Type", "application/json")
	if token != "" {
		request.Header.Set("X-App-Wallet-Access-Token", token)
	}
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	var answer map[string]any
	if err := json.NewDecoder(response.Body).Decode(&answer); err != nil {
		t.Fatal(err)
	}
	return response.StatusCode, answer
}

// data walks an answer's nested objects: data(answer, "data", "transaction").
func data(answer map[string]any, keys ...string) map[string]any {
	for _, key := range keys {
		answer, _ = answer[key].(map[string]any)
	}
	return answer
}

// setUp puts the sandbox back to the scenario (balances, journal, tokens, the app's settings), as
// each test starts, and signs Ada in: her access token.
func setUp(t *testing.T) string {
	t.Helper()
	call(t, "POST", "/__sandbox/reset", map[string]any{}, "")
	call(t, "POST", "/v1/users/auth", map[string]any{"mobile": ada, "factor": "sms"}, "")
	_, signedIn := call(t, "POST", "/v1/users/auth", map[string]any{"mobile": ada, "factor": "sms", "passcode": "424242"}, "")
	token, _ := data(signedIn, "data")["accessToken"].(string)
	return token
}

// receive starts your app's webhook endpoint for the test and makes it the app's callback URL. It
// answers at once, then confirms the transfer with the API (this API signs no webhooks: an event
// trusted without a requery is a finding), and passes the event on.
func receive(t *testing.T, token string) chan map[string]any {
	t.Helper()
	hooks := make(chan map[string]any, 10)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var hook map[string]any
		_ = json.NewDecoder(r.Body).Decode(&hook)
		w.WriteHeader(http.StatusOK)
		go func() {
			reference, _ := data(hook, "payload", "data")["transactionReference"].(string)
			requery, _ := http.NewRequest("GET", sandbox.URL+"/v1/transactions/"+reference, nil)
			requery.Header.Set("X-App-Key", appKey)
			requery.Header.Set("X-App-Wallet-Access-Token", token)
			if answer, err := http.DefaultClient.Do(requery); err == nil {
				answer.Body.Close()
			}
			hooks <- hook
		}()
	}))
	t.Cleanup(receiver.Close)
	call(t, "PUT", "/v1/apps/settings", map[string]any{"callbackURL": receiver.URL + "/webhooks/wallet"}, "")
	return hooks
}

// nextHook is the data of the next event the receiver got.
func nextHook(t *testing.T, hooks chan map[string]any) map[string]any {
	t.Helper()
	select {
	case hook := <-hooks:
		return data(hook, "payload", "data")
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook within 5 s")
		return nil
	}
}

// balance is Ada's balance in kobo, as the app reads it.
func balance(t *testing.T, token string) float64 {
	t.Helper()
	_, answer := call(t, "GET", "/v1/users/balance", nil, token)
	kobo, _ := data(answer, "data", "user")["balance"].(float64)
	return kobo
}

// expectNoFindings fails the test on what the integration review flags (docs/integration-review.md):
// errors and warnings, as the Node package's expectNoFindings() counts them. The read gives the
// receiver's requery, on its way, half a second to come.
func expectNoFindings(t *testing.T) {
	t.Helper()
	_, review := call(t, "GET", "/__sandbox/findings?severity=warning", nil, "")
	findings, _ := data(review, "data")["findings"].([]any)
	for _, each := range findings {
		finding, _ := each.(map[string]any)
		t.Errorf("%v %v: %v", finding["severity"], finding["rule"], finding["title"])
	}
}

func TestBankTransferSettlesAndReachesTheWebhook(t *testing.T) {
	token := setUp(t)
	hooks := receive(t, token)

	// The app verifies the account first and sends the name the API answers for it.
	_, verified := call(t, "GET", "/v1/queries/verify?accountNumber=0123456789&bankCode=000014", nil, token)
	name := data(verified, "data")["accountName"]
	transfer := map[string]any{"accountNumber": "0123456789", "bankCode": "000014", "accountName": name, "amount": 250000}
	status, sent := call(t, "POST", "/v1/users/transfers/bank", transfer, token)
	if status != http.StatusOK || data(sent, "data", "transaction")["statusCode"] != "000002" {
		t.Fatalf("transfer: %d %v", status, sent)
	}
	reference := data(sent, "data", "transaction")["transactionReference"]

	// The journal: what the app sent, as the sandbox received it. waitMs: the answer comes once a
	// request the filter takes is there (408 if none in time).
	status, journal := call(t, "GET", "/__sandbox/requests?method=POST&path=/v1/users/transfers/bank&waitMs=5000", nil, "")
	requests, _ := data(journal, "data")["requests"].([]any)
	if status != http.StatusOK || len(requests) != 1 {
		t.Fatalf("bank transfers in the journal: %d", len(requests))
	}
	var body map[string]any
	_ = json.Unmarshal([]byte(requests[0].(map[string]any)["requestBody"].(string)), &body)
	if body["amount"] != float64(250000) {
		t.Fatalf("amount sent: %v", body["amount"])
	}

	call(t, "POST", "/__sandbox/clock/advance", map[string]any{"seconds": 10}, "") // settles it
	if hook := nextHook(t, hooks); hook["transactionReference"] != reference || hook["statusCode"] != "000001" {
		t.Fatalf("webhook: %v", hook)
	}
	expectNoFindings(t)
}

func TestPhoneTransferToAValidatedMobileMovesTheMoneyAtOnce(t *testing.T) {
	token := setUp(t)
	hooks := receive(t, token)

	// The app checks the mobile it pays before paying it (a typo would pay a stranger).
	call(t, "POST", "/v1/users/auth/validate", map[string]any{"mobile": chidi}, token)
	status, sent := call(t, "POST", "/v1/users/transfers/phone", map[string]any{"mobile": chidi, "amount": 120000}, token)
	if status != http.StatusOK || balance(t, token) != 1500000-120000 {
		t.Fatalf("transfer: %d %v", status, sent)
	}
	if hook := nextHook(t, hooks); hook["transactionReference"] != data(sent, "data", "transaction")["reference"] {
		t.Fatalf("webhook: %v", hook)
	}
	expectNoFindings(t)
}

func TestATransferTheWalletCannotAffordIsRefusedAndMovesNothing(t *testing.T) {
	token := setUp(t)
	call(t, "POST", "/v1/users/auth/validate", map[string]any{"mobile": chidi}, token)
	status, answer := call(t, "POST", "/v1/users/transfers/phone", map[string]any{"mobile": chidi, "amount": 2000000}, token)
	if status != http.StatusBadRequest || answer["errorCode"] != "50001" || balance(t, token) != 1500000 {
		t.Fatalf("insufficient funds: %d %v", status, answer)
	}
	expectNoFindings(t)
}

func TestEachTestStartsFromTheScenario(t *testing.T) {
	token := setUp(t)
	// The tests before this one paid out; the reset gave Ada her 1500000 kobo back, and the journal
	// holds this test's requests only (setUp's sign-in).
	if kobo := balance(t, token); kobo != 1500000 {
		t.Fatalf("balance: %v", kobo)
	}
	_, journal := call(t, "GET", "/__sandbox/requests", nil, "")
	requests, _ := data(journal, "data")["requests"].([]any)
	var sent []string
	for _, each := range requests {
		request, _ := each.(map[string]any)
		sent = append(sent, fmt.Sprintf("%v %v", request["method"], request["path"]))
	}
	if fmt.Sprint(sent) != "[POST /v1/users/auth POST /v1/users/auth GET /v1/users/balance]" {
		t.Fatalf("journal: %v", sent)
	}
	expectNoFindings(t)
}
