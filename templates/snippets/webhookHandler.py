from flask import Flask, request

app = Flask(__name__)
# References already handled: a redelivery must not act twice (keep these in your database).
handled_transfers: set = set()


@app.post("⟨1:/webhooks/wallet⟩")
def wallet_webhook():
    payload = (request.get_json(silent=True) or {}).get("payload") or {}
    data = payload.get("data") or {}
    kind, reference = payload.get("type"), data.get("transactionReference")
    if kind not in ("BANK_TRANSFER", "PHONE_TRANSFER") or not reference:
        return "", 400
    if reference not in handled_transfers:
        handled_transfers.add(reference)
        app.logger.info("%s %s: %s (%s kobo)", kind, reference, payload.get("message"), data.get("amount"))
    return "", 200
