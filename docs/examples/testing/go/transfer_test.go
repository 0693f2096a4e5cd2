// The sandbox from Go, standard library only: `go test ./...` in this folder.
//
// TestMain starts `npx wallet-sandbox --port 0 --json`, reads where it is from its one JSON
// line, runs the tests, and stops the sandbox with SIGTERM. The test signs a wallet in with OTP,
// sends a bank transfer, and asserts on the request journal and on the webhook over the admin
// HTTP API.
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

// The ready line: the fields this test reads.
type ready struct {
	URL  string `json:"url"`
	Port int    `json:"port"`
	Apps []struct {
		Name       string `json:"name"`
		SandboxKey string `json:"sandboxKey"`
	} `json:"apps"`
}

var sandbox ready

func TestMain(m *testing.M) {
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

func TestBankTransferSettlesAndReachesTheWebhook(t *testing.T) {
	if len(sandbox.Apps) != 1 || sandbox.Apps[0].SandboxKey != appKey {
		t.Fatalf("the scenario's app: %+v", sandbox.Apps)
	}
	call(t, "POST", "/v1/users/auth", map[string]any{"mobile": ada, "factor": "sms"}, "")
	_, signedIn := call(t, "POST", "/v1/users/auth", map[string]any{"mobile": ada, "factor": "sms", "passcode": "424242"}, "")
	token, _ := data(signedIn, "data")["accessToken"].(string)

	// Your app's webhook endpoint: it answers at once, then confirms the transfer with the API
	// (this API signs no webhooks: an event trusted without a requery is a finding).
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
	defer receiver.Close()
	call(t, "PUT", "/v1/apps/settings", map[string]any{"callbackURL": receiver.URL + "/webhooks/wallet"}, "")

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
	select {
	case hook := <-hooks:
		got := data(hook, "payload", "data")
		if got["transactionReference"] != reference || got["statusCode"] != "000001" {
			t.Fatalf("webhook: %v", hook)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook within 5 s")
	}

	// The integration review found nothing that costs money in production (docs/integration-review.md).
	_, review := call(t, "GET", "/__sandbox/findings", nil, "")
	if findings, _ := data(review, "data")["findings"].([]any); len(findings) != 0 {
		t.Fatalf("findings: %v", findings)
	}
}
