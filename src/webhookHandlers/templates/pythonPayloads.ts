// The payload types, their check and the after-the-answer runner, shared by the Python handlers (FastAPI, Flask): plain
// standard library, so the check is the same whatever the framework.

export const pythonPayloads = (): string => `# Amounts are kobo (int; 100 kobo = 1 naira).
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


# The transfers and statuses already handled. In memory for a start (per process, lost on restart):
# keep them in your app's database (a unique column, written in the same transaction as the work),
# so a restart or a second worker still does each transfer's work once.
_handled: Set[str] = set()
_handled_lock = threading.Lock()


def is_final(event: WalletWebhook) -> bool:
    """SUCCESS and FAILED settle a transfer; anything else (an older PENDING that came late) must not undo them."""
    return event["message"] in ("SUCCESS", "FAILED")


def handled_key(event: WalletWebhook) -> str:
    """One key per transfer and status: a copy of an event is a duplicate, a reversal (FAILED after SUCCESS) is not."""
    return f"{event['data']['transactionReference']} {event['message']}"


def first_time(key: str) -> bool:
    """True once per key, claimed in one step: a copy of the event, even one that comes meanwhile, answers False."""
    with _handled_lock:
        if key in _handled:
            return False
        _handled.add(key)
        return True


def forget(key: str) -> None:
    """The work failed: let a redelivery try again."""
    with _handled_lock:
        _handled.discard(key)


def handle_wallet_webhook(event: WalletWebhook) -> None:
    """Your work for one event: runs once per transactionReference and status, after the answer went out."""
    data = event["data"]
    log.info(
        "processed %s %s %s (%d kobo = NGN %.2f)",
        event["type"], event["message"], data["transactionReference"], data["amount"], data["amount"] / 100,
    )


# This API signs no webhooks: anyone who finds this URL can POST to it. Before trusting an event,
# ask the API about its transaction, with your app key and the token of the wallet that sent it.
WALLET_BASE_URL = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")


def requeried_amount(reference: str) -> Optional[int]:
    """The transaction's amount in kobo as the API knows it, or None when it does not know it (a forged event)."""
    app_key = os.environ.get("WALLET_APP_KEY")
    token = os.environ.get("WALLET_ACCESS_TOKEN")
    if not app_key or not token:
        raise RuntimeError("set WALLET_APP_KEY and WALLET_ACCESS_TOKEN: every event is requeried before it is trusted")
    url = f"{WALLET_BASE_URL}/v1/transactions/{urllib.parse.quote(reference, safe='')}"
    request = urllib.request.Request(url, headers={"X-App-Key": app_key, "X-App-Wallet-Access-Token": token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            body = json.load(response)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise
    amount = body.get("data", {}).get("transaction", {}).get("amount") if body.get("success") is True else None
    if not isinstance(amount, int):
        raise RuntimeError("the requery answered without a transaction")
    return amount


def _safely(event: WalletWebhook) -> None:
    """Runs the work after the answer went out, for a transfer the API knows; a failure is logged and the event may come again."""
    try:
        data = event["data"]
        if requeried_amount(data["transactionReference"]) != data["amount"]:
            log.warning("ignored %s %s: the API does not know this transfer (a forged event?)", event["type"], data["transactionReference"])
            return
        handle_wallet_webhook(event)
    except Exception:
        forget(handled_key(event))
        log.exception("%s failed", event["data"]["transactionReference"])
`;
