// WalletTokens is what a verified passcode answers; the access token lasts ExpiresIn seconds.
// Needs "bytes", "encoding/json", "fmt", "net/http" and "os".
type WalletTokens struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
	ExpiresIn    int64  `json:"expiresIn"`
}

func walletAuthPost(path string, fields map[string]string) (*http.Response, error) {
	baseURL := os.Getenv("WALLET_BASE_URL")
	if baseURL == "" {
		baseURL = "http://127.0.0.1:4010"
	}
	payload, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-App-Key", os.Getenv("WALLET_APP_KEY"))
	return http.DefaultClient.Do(req)
}

// SendWalletPasscode checks the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and texts it a passcode.
func SendWalletPasscode(mobile string) error {
	for _, step := range []struct {
		path   string
		fields map[string]string
	}{
		{"/v1/users/auth/validate", map[string]string{"mobile": mobile}},
		{"/v1/users/auth", map[string]string{"mobile": mobile, "factor": "sms"}},
	} {
		res, err := walletAuthPost(step.path, step.fields)
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode >= 300 {
			return fmt.Errorf("%s: HTTP %d", step.path, res.StatusCode)
		}
	}
	return nil
}

// VerifyWalletPasscode exchanges the passcode the user typed for the wallet's tokens.
func VerifyWalletPasscode(mobile, passcode string) (*WalletTokens, error) {
	res, err := walletAuthPost("/v1/users/auth", map[string]string{"mobile": mobile, "factor": "sms", "passcode": passcode})
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var body struct {
		Success bool         `json:"success"`
		Error   string       `json:"error"`
		Data    WalletTokens `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return nil, err
	}
	if res.StatusCode >= 300 || !body.Success {
		return nil, fmt.Errorf("verify passcode: HTTP %d: %s", res.StatusCode, body.Error)
	}
	return &body.Data, nil
}
