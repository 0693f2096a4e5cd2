// handledTransfers holds the references already handled: a redelivery must not act twice
// (keep these in your database). Needs "encoding/json", "log", "net/http" and "sync".
var handledTransfers sync.Map

// WalletWebhook handles POST ⟨1:/webhooks/wallet⟩: http.HandleFunc("⟨1:/webhooks/wallet⟩", WalletWebhook).
func WalletWebhook(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var event struct {
		Payload struct {
			Type    string `json:"type"`
			Message string `json:"message"`
			Data    struct {
				TransactionReference string `json:"transactionReference"`
				Amount               int64  `json:"amount"`
			} `json:"data"`
		} `json:"payload"`
	}
	if err := json.NewDecoder(r.Body).Decode(&event); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	p := event.Payload
	if (p.Type != "BANK_TRANSFER" && p.Type != "PHONE_TRANSFER") || p.Data.TransactionReference == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
	if _, seen := handledTransfers.LoadOrStore(p.Data.TransactionReference, true); seen {
		return
	}
	log.Printf("%s %s: %s (%d kobo)", p.Type, p.Data.TransactionReference, p.Message, p.Data.Amount)
}
