import os
import requests

WALLET_BASE_URL = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")


def _wallet_headers(access_token: str) -> dict:
    return {"X-App-Key": os.environ.get("WALLET_APP_KEY", ""), "X-App-Wallet-Access-Token": access_token}


def send_to_bank(access_token: str, account_number: str, bank_code: str, amount_kobo: int) -> dict:
    """Sends amount_kobo (1/100 naira: ⟨1:50000⟩ is N500.00) to a bank account, once.

    Its outcome: "success", "pending", "unknown" or, for a refusal (4xx), "failed".
    """
    if not isinstance(amount_kobo, int) or amount_kobo <= 0:
        raise ValueError("amount_kobo is a whole number of kobo above 0")
    headers = _wallet_headers(access_token)
    # 1. Name enquiry: whose account is it? Show account_name to the user before sending.
    verify = requests.get(
        f"{WALLET_BASE_URL}/v1/queries/verify",
        params={"accountNumber": account_number, "bankCode": bank_code},
        headers=headers,
        timeout=30,
    )
    verified = verify.json()
    if not verify.ok or not verified.get("success"):
        return {"outcome": "failed"}
    account_name = verified["data"]["accountName"]
    # 2. The transfer: one POST, no retry (a retry could pay twice).
    try:
        res = requests.post(
            f"{WALLET_BASE_URL}/v1/users/transfers/bank",
            json={"accountName": account_name, "accountNumber": account_number, "bankCode": bank_code, "amount": amount_kobo},
            headers=headers,
            timeout=⟨2:30⟩,
        )
        body = res.json()
    except (requests.RequestException, ValueError):
        # An answer that never came means outcome unknown, never failed: the money may have moved.
        # Requery the transfer by its reference (or read the history) before showing a result or
        # sending again.
        return {"outcome": "unknown", "accountName": account_name}
    reference = ((body.get("data") or {}).get("transaction") or {}).get("transactionReference")
    # A 5xx answer to a money-moving request does not mean that no money moved: the provider may
    # have moved it and then failed. Do not send it again; requery the transfer by its reference (or
    # read the history) and go by what the requery says.
    if res.status_code >= 500:
        return {"outcome": "unknown", "accountName": account_name, "reference": reference}
    if not res.ok or not body.get("success") or not reference:
        return {"outcome": "failed", "accountName": account_name}
    # 3. It answers at once, most often pending.
    # statusCode 000002 is pending, not paid: neither credit nor refund it yet; requery it by its
    # reference (or wait for its webhook) until it is 000001 (paid) or 000000 (failed, the money
    # returned).
    return {"outcome": requery_bank_transfer(access_token, reference), "reference": reference, "accountName": account_name}


def requery_bank_transfer(access_token: str, reference: str) -> str:
    """The outcome of a bank transfer by its reference: 000001 success (paid), 000002 pending (not paid yet: requery), 000000 failed (the money returned)."""
    try:
        res = requests.get(
            f"{WALLET_BASE_URL}/v1/users/transfers/requery/bank/{reference}",
            headers=_wallet_headers(access_token),
            timeout=30,
        )
        code = ((res.json().get("data") or {}).get("transaction") or {}).get("statusCode")
    except (requests.RequestException, ValueError):
        return "unknown"  # still unknown: ask again later
    return {"000001": "success", "000000": "failed", "000002": "pending"}.get(code, "unknown")
