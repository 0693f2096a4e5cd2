// BuyAirtime buys amountKobo of airtime (1/100 naira: ⟨1:10000⟩ is N100.00) for a mobile, once.
// provider is mtn, glo, airtel or etisalat. Its outcome: "success", "unknown" or, for a
// refusal (4xx), "failed".
// Needs "bytes", "encoding/json", "fmt", "net/http", "os" and "time".
func BuyAirtime(accessToken, mobile string, amountKobo int64, provider string) (outcome, reference string, err error) {
	if amountKobo <= 0 {
		return "", "", fmt.Errorf("amountKobo is a whole number of kobo above 0")
	}
	if provider == "" {
		provider = "⟨2|mtn,glo,airtel,etisalat⟩"
	}
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	payload, err := json.Marshal(map[string]any{"mobile": mobile, "amount": amountKobo, "provider": provider})
	if err != nil {
		return "", "", err
	}
	req, err := http.NewRequest(http.MethodPost, baseURL+"/v1/users/payments/bills/vtu", bytes.NewReader(payload))
	if err != nil {
		return "", "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	req.Header.Set("X-App-Wallet-Access-Token", accessToken)
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		// An answer that never came means outcome unknown, never failed: the money may have moved.
		// Requery the transfer by its reference (or read the history) before showing a result or sending
		// again.
		return "unknown", "", nil
	}
	defer res.Body.Close()
	var body struct {
		Success bool   `json:"success"`
		Error   string `json:"error"`
		Data    struct {
			Transaction struct {
				Reference string `json:"reference"`
			} `json:"transaction"`
		} `json:"data"`
	}
	// A 5xx answer to a money-moving request does not mean that no money moved: the provider may have
	// moved it and then failed. Do not send it again; requery the transfer by its reference (or read
	// the history) and go by what the requery says.
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode >= 500 {
		return "unknown", "", nil
	}
	if res.StatusCode >= 300 || !body.Success {
		return "failed", "", fmt.Errorf("airtime: %s", body.Error)
	}
	return "success", body.Data.Transaction.Reference, nil
}
