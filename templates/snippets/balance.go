// ⟨1:walletBalance⟩ returns the wallet's balance in kobo (1/100 naira): 526548935 is N5,265,489.35.
// Needs "encoding/json", "fmt", "net/http" and "os".
func ⟨1:walletBalance⟩(accessToken string) (int64, error) {
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	req, err := http.NewRequest(http.MethodGet, baseURL+"/v1/users/balance", nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	req.Header.Set("X-App-Wallet-Access-Token", accessToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var body struct {
		Success bool   `json:"success"`
		Error   string `json:"error"`
		Data    struct {
			User struct {
				Balance int64 `json:"balance"`
			} `json:"user"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return 0, err
	}
	if res.StatusCode >= 300 || !body.Success {
		return 0, fmt.Errorf("balance: HTTP %d: %s", res.StatusCode, body.Error)
	}
	return body.Data.User.Balance, nil
}
