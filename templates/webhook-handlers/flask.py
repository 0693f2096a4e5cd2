"""Wallet webhooks for a Flask app (written by Wallet Console: Create Webhook Handler).

Run it:  flask --app wallet_webhook run --port 5000   (or register `blueprint` in your own app)
It serves POST /webhooks/wallet; point the app's callbackURL at it. The service retries a delivery until
it gets a 2xx answer, and may send one event more than once.

How it works (no event is lost, none is done twice):
1. Check: a body that is not a wallet event is answered 400, so the service stops sending it.
2. Keep, then answer: the event goes into the inbox once per transactionReference and status
   (the claim is checked and made in one step, so two deliveries at once keep it once; a
   reversal, FAILED after SUCCESS, is not a duplicate), then 200 at once. A redelivery of one
   already kept is acknowledged and not kept twice. A status that is not final (an older
   PENDING that came late) is acknowledged and never processed: it must not undo a SUCCESS.
   Without WALLET_APP_KEY and a token it answers 503 and keeps nothing: the service sends the
   event again later.
3. Process, after the answer: this API signs no webhooks, so each event is requeried
   (GET /v1/transactions/:transactionReference) and your work runs only for a transfer the API
   knows, of the event's amount; any other is ignored (a forged event?).
4. Retry what failed: a 401 renews the access token with WALLET_REFRESH_TOKEN
   (POST /v1/users/accessToken) and asks again; a 5xx, a timeout or a failure of your work is
   tried again later (after 2 s, 10 s, 1 min, 5 min, then every 10 min) and never dropped.
The inbox is in memory in this scaffold: an event kept but not yet processed is lost when the
process stops. Keep it in your app's database instead (a table unique on transactionReference and status,
written before the 200; each event's state changed in the same transaction as your work).
It reads WALLET_BASE_URL, WALLET_APP_KEY, WALLET_REFRESH_TOKEN (the wallet's, to renew its access
token) and, to start with, WALLET_ACCESS_TOKEN. In VS Code, Wallet Console gives new terminals all
four with the setting walletConsole.terminal.includeAppKey on (the local sandbox's, never a live key).
"""
import json
import logging
import os
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Literal, Optional, Tuple, TypedDict, Union

from flask import Blueprint, Flask, jsonify, request

log = logging.getLogger("wallet_webhook")
logging.basicConfig(level=logging.INFO)

# Amounts are kobo (int; 100 kobo = 1 naira).
class BankTransferData(TypedDict):
    accountName: str
    accountNumber: str
    amount: int  # kobo
    transactionReference: str
    statusCode: str


class PhoneTransferData(TypedDict):
    appWalletMobile: str
    amount: int  # kobo
    recipientMobile: str
    transactionReference: str


class WalletWebhook(TypedDict):
    message: str  # "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet)
    type: Literal["BANK_TRANSFER", "PHONE_TRANSFER"]
    data: Union[BankTransferData, PhoneTransferData]


class InvalidWebhook(ValueError):
    pass


def _text(fields: Dict[str, Any], name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str) or value == "":
        raise InvalidWebhook(f"data.{name} must be a non-empty string")
    return value


def parse_wallet_webhook(body: Any) -> WalletWebhook:
    """The event in the body {"payload": {"message", "type", "data"}}; InvalidWebhook says why not."""
    payload = body.get("payload") if isinstance(body, dict) else None
    if not isinstance(payload, dict) or not isinstance(payload.get("message"), str) or not isinstance(payload.get("data"), dict):
        raise InvalidWebhook("expected {payload: {message, type, data}}")
    message: str = payload["message"]
    data: Dict[str, Any] = payload["data"]
    amount = data.get("amount")
    # bool is an int in Python: refuse it. Kobo are whole numbers, never floats.
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise InvalidWebhook("data.amount must be a whole number of kobo")
    reference = _text(data, "transactionReference")
    if payload.get("type") == "BANK_TRANSFER":
        bank: BankTransferData = {
            "accountName": _text(data, "accountName"),
            "accountNumber": _text(data, "accountNumber"),
            "amount": amount,
            "transactionReference": reference,
            "statusCode": _text(data, "statusCode"),
        }
        return {"message": message, "type": "BANK_TRANSFER", "data": bank}
    if payload.get("type") == "PHONE_TRANSFER":
        phone: PhoneTransferData = {
            "appWalletMobile": _text(data, "appWalletMobile"),
            "amount": amount,
            "recipientMobile": _text(data, "recipientMobile"),
            "transactionReference": reference,
        }
        return {"message": message, "type": "PHONE_TRANSFER", "data": phone}
    raise InvalidWebhook("type must be BANK_TRANSFER or PHONE_TRANSFER")


def handle_wallet_webhook(event: WalletWebhook) -> None:
    """Your work for one event: runs once per transactionReference and status, after the answer went out."""
    # The statusCode of a BANK_TRANSFER event: 000001 success (paid), 000002 pending (not paid yet:
    # requery), 000000 failed (the money returned). statusCode 000002 is pending, not paid: neither
    # credit nor refund it yet; requery it by its reference (or wait for its webhook) until it is
    # 000001 (paid) or 000000 (failed, the money returned).
    data = event["data"]
    log.info(
        "processed %s %s %s (%d kobo = NGN %.2f)",
        event["type"], event["message"], data["transactionReference"], data["amount"], data["amount"] / 100,
    )



# The wallet API, and the wallet whose token requeries: WALLET_REFRESH_TOKEN renews the token.
WALLET_BASE_URL = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
WALLET_APP_KEY = os.environ.get("WALLET_APP_KEY", "")
WALLET_REFRESH_TOKEN = os.environ.get("WALLET_REFRESH_TOKEN", "")
_token = {"access": os.environ.get("WALLET_ACCESS_TOKEN", "")}
_token_lock = threading.Lock()
NOT_CONFIGURED = "set WALLET_APP_KEY and WALLET_REFRESH_TOKEN (or WALLET_ACCESS_TOKEN): every event is requeried before it is trusted"


def can_requery() -> bool:
    """Whether it can requery at all; without it an event is answered 503 and not kept, and the service sends it again later."""
    return bool(WALLET_APP_KEY) and bool(_token["access"] or WALLET_REFRESH_TOKEN)


def _renew_access_token(refused: str) -> None:
    """A new access token from the refresh token (POST /v1/users/accessToken), unless another thread renewed it since `refused` was sent."""
    with _token_lock:
        if _token["access"] != refused:
            return
        if not WALLET_REFRESH_TOKEN:
            raise RuntimeError("the wallet access token was refused and WALLET_REFRESH_TOKEN is not set to renew it")
        request = urllib.request.Request(
            f"{WALLET_BASE_URL}/v1/users/accessToken",
            data=json.dumps({"refreshToken": WALLET_REFRESH_TOKEN}).encode(),
            headers={"X-App-Key": WALLET_APP_KEY, "Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                body = json.load(response)
        except urllib.error.HTTPError as error:
            raise RuntimeError(
                f"renewing the access token answered {error.code}: connect the wallet again and set its new WALLET_REFRESH_TOKEN"
            ) from None
        token = body.get("data", {}).get("accessToken") if isinstance(body, dict) and body.get("success") is True else None
        if not isinstance(token, str) or token == "":
            raise RuntimeError("renewing the access token answered without a token")
        _token["access"] = token
        log.info("renewed the wallet access token")


def _wallet_get(path: str) -> Tuple[int, Any]:
    """A GET of the wallet API with the wallet's token: (status, JSON body); a 401 renews the token and asks once more."""
    if not _token["access"]:
        _renew_access_token("")
    status, body = 0, None
    for renewed in (False, True):
        sent = _token["access"]
        request = urllib.request.Request(
            f"{WALLET_BASE_URL}{path}", headers={"X-App-Key": WALLET_APP_KEY, "X-App-Wallet-Access-Token": sent}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            status, body = error.code, None
        if status != 401 or renewed:
            break
        _renew_access_token(sent)
    return status, body


def requeried_amount(reference: str) -> Optional[int]:
    """The transaction's amount in kobo as the API knows it, or None when it does not know it (a forged event). Anything else raises: tried again later."""
    status, body = _wallet_get(f"/v1/transactions/{urllib.parse.quote(reference, safe='')}")
    if status == 404:
        return None
    ok = status == 200 and isinstance(body, dict) and body.get("success") is True
    amount = body.get("data", {}).get("transaction", {}).get("amount") if ok else None
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise RuntimeError(f"the requery answered {status}")
    return amount


# The inbox: each event kept, by transactionReference and status, and how far it got (waiting, to
# process or to retry; processing; done; ignored). In memory for a start: keep it in your app's
# database (see the header), so a restart or a second worker loses none.
class _Kept:
    def __init__(self, event: WalletWebhook) -> None:
        self.event = event
        self.state = "waiting"
        self.tries = 0
        self.timer: Optional[threading.Timer] = None


_inbox: Dict[str, _Kept] = {}
_inbox_lock = threading.Lock()
RETRY_SECONDS = [2, 10, 60, 300, 600]


def is_final(event: WalletWebhook) -> bool:
    """SUCCESS and FAILED settle a transfer; anything else (an older PENDING that came late) must not undo them."""
    return event["message"] in ("SUCCESS", "FAILED")


def handled_key(event: WalletWebhook) -> str:
    """One key per transfer and status: a copy of an event is a duplicate, a reversal (FAILED after SUCCESS) is not."""
    return f"{event['data']['transactionReference']} {event['message']}"


def keep(event: WalletWebhook) -> bool:
    """Keeps the event once per transactionReference and status and starts its processing; False for one kept already."""
    key = handled_key(event)
    with _inbox_lock:  # checked and claimed under one lock: two deliveries at once keep it once
        kept = _inbox.get(key)
        if kept is None:
            kept = _inbox[key] = _Kept(event)
            _process_later(kept, 0)
            return True
        if kept.state == "waiting":
            _process_later(kept, 0)  # delivered again while it waits: try it now
        return False


def _process_later(kept: _Kept, seconds: int) -> None:
    """With _inbox_lock held: (re)starts the timer that processes the event."""
    if kept.timer is not None:
        kept.timer.cancel()
    kept.timer = threading.Timer(seconds, _process, args=(kept,))
    kept.timer.daemon = True
    kept.timer.start()


def _process(kept: _Kept) -> None:
    """Requeries the event, then does your work; what failed stays in the inbox and is tried again later."""
    with _inbox_lock:
        if kept.state != "waiting":
            return
        kept.state = "processing"  # claimed: a redelivery meanwhile does not run it twice
    event, data = kept.event, kept.event["data"]
    try:
        if requeried_amount(data["transactionReference"]) != data["amount"]:
            log.warning("ignored %s %s: the API does not know this transfer (a forged event?)", event["type"], data["transactionReference"])
            kept.state = "ignored"
            return
        handle_wallet_webhook(event)
        kept.state = "done"
    except Exception as error:  # noqa: BLE001 - whatever failed is kept and tried again
        with _inbox_lock:
            seconds = RETRY_SECONDS[min(kept.tries, len(RETRY_SECONDS) - 1)]
            kept.tries += 1
            kept.state = "waiting"
            _process_later(kept, seconds)
        log.warning("%s not processed yet (%s): kept, trying again in %d s", data["transactionReference"], error, seconds)


blueprint = Blueprint("wallet_webhook", __name__)


@blueprint.post("/webhooks/wallet")
def wallet_webhook():
    body = request.get_json(silent=True)  # None when the body is not JSON
    try:
        event = parse_wallet_webhook(body)
    except InvalidWebhook as error:
        log.warning("rejected: %s", error)
        return jsonify(error=str(error)), 400
    reference = event["data"]["transactionReference"]
    if not is_final(event):  # an older PENDING that came late must not undo a SUCCESS or FAILED
        log.info("%s %s %s: not a final status, acknowledged", event["message"], event["type"], reference)
        return jsonify(received=True), 200
    if not can_requery():
        log.warning("%s %s not kept, answered 503: %s", event["type"], reference, NOT_CONFIGURED)
        return jsonify(error="not set up to requery events: not kept, send it again later"), 503
    # Kept first, then answered at once (the sender waits only a few seconds); processed after the answer.
    if keep(event):
        return jsonify(received=True), 200
    log.info("duplicate %s %s: already kept, acknowledged again", event["type"], reference)
    return jsonify(received=True, duplicate=True), 200


app = Flask(__name__)
app.register_blueprint(blueprint)
