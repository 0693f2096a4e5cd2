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
