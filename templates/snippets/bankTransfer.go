// SendToBank sends amountKobo (1/100 naira: ⟨1:50000⟩ is N500.00) to a bank account, once.
// Its outcome: "success", "pending", "unknown" or, for a refusal (4xx), "failed".
// Needs "bytes", "encoding/json", "fmt", "net/http", "net/url", "os" and "time".
func SendToBank(accessToken, accountNumber, bankCode string, amountKobo int64) (outcome, reference, accountName string, err error) {
	if amountKobo <= 0 {
		return "", "", "", fmt.Errorf("amountKobo is a whole number of kobo above 0")
	}
	// 1. Name enquiry: whose account is it? Show accountName to the user before sending.
	query := url.Values{"accountNumber": {accountNumber}, "bankCode": {bankCode}}
	var verified struct {
		Success bool `json:"success"`
		Data    struct {
			AccountName string `json:"accountName"`
		} `json:"data"`
	}
	status, err := walletCall(http.MethodGet, "/v1/queries/verify?"+query.Encode(), accessToken, nil, &verified, 30*time.Second)
	if err != nil || status >= 300 || !verified.Success {
		return "failed", "", "", err
	}
	accountName = verified.Data.AccountName
	// 2. The transfer: one POST, no retry (a retry could pay twice).
	payload := map[string]any{"accountName": accountName, "accountNumber": accountNumber, "bankCode": bankCode, "amount": amountKobo}
	var sent struct {
		Success bool `json:"success"`
		Data    struct {
			Transaction struct {
				TransactionReference string `json:"transactionReference"`
			} `json:"transaction"`
		} `json:"data"`
	}
	status, err = walletCall(http.MethodPost, "/v1/users/transfers/bank", accessToken, payload, &sent, ⟨2:30⟩*time.Second)
	reference = sent.Data.Transaction.TransactionReference
	// An answer that never came means outcome unknown, never failed: the money may have moved. Requery
	// the transfer by its reference (or read the history) before showing a result or sending again.
	// A 5xx answer to a money-moving request does not mean that no money moved: the provider may have
	// moved it and then failed. Do not send it again; requery the transfer by its reference (or read
	// the history) and go by what the requery says.
	if err != nil || status >= 500 {
		return "unknown", reference, accountName, nil
	}
	if status >= 300 || !sent.Success || reference == "" {
		return "failed", "", accountName, nil
	}
	// 3. It answers at once, most often pending.
	// statusCode 000002 is pending, not paid: neither credit nor refund it yet; requery it by its
	// reference (or wait for its webhook) until it is 000001 (paid) or 000000 (failed, the money
	// returned).
	return RequeryBankTransfer(accessToken, reference), reference, accountName, nil
}

// RequeryBankTransfer asks for a bank transfer's outcome:
// 000001 success (paid), 000002 pending (not paid yet: requery), 000000 failed (the money returned).
func RequeryBankTransfer(accessToken, reference string) string {
	var body struct {
		Data struct {
			Transaction struct {
				StatusCode string `json:"statusCode"`
			} `json:"transaction"`
		} `json:"data"`
	}
	path := "/v1/users/transfers/requery/bank/" + url.PathEscape(reference)
	if _, err := walletCall(http.MethodGet, path, accessToken, nil, &body, 30*time.Second); err != nil {
		return "unknown" // still unknown: ask again later
	}
	switch body.Data.Transaction.StatusCode {
	case "000001":
		return "success"
	case "000000":
		return "failed"
	case "000002":
		return "pending"
	}
	return "unknown"
}

func walletCall(method, path, accessToken string, payload any, answer any, timeout time.Duration) (int, error) {
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	var body bytes.Buffer
	if payload != nil {
		if err := json.NewEncoder(&body).Encode(payload); err != nil {
			return 0, err
		}
	}
	req, err := http.NewRequest(method, baseURL+path, &body)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	req.Header.Set("X-App-Wallet-Access-Token", accessToken)
	res, err := (&http.Client{Timeout: timeout}).Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	return res.StatusCode, json.NewDecoder(res.Body).Decode(answer)
}
