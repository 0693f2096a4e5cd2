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
    # @include money-note.txt
    data = event["data"]
    log.info(
        "processed %s %s %s (%d kobo = NGN %.2f)",
        event["type"], event["message"], data["transactionReference"], data["amount"], data["amount"] / 100,
    )
