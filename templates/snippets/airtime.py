import os
import requests


def buy_airtime(access_token: str, mobile: str, amount_kobo: int, provider: str = "⟨2|mtn,glo,airtel,etisalat⟩") -> dict:
    """Buys amount_kobo of airtime (1/100 naira: ⟨1:10000⟩ is N100.00) for a mobile (234 and 10 digits), once.

    provider is mtn, glo, airtel or etisalat. Its outcome: "success", "unknown" or, for a
    refusal (4xx), "failed".
    """
    if not isinstance(amount_kobo, int) or amount_kobo <= 0:
        raise ValueError("amount_kobo is a whole number of kobo above 0")
    base_url = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
    try:
        res = requests.post(
            f"{base_url}/v1/users/payments/bills/vtu",
            json={"mobile": mobile, "amount": amount_kobo, "provider": provider},
            headers={"X-App-Key": os.environ.get("WALLET_APP_KEY", ""), "X-App-Wallet-Access-Token": access_token},
            timeout=30,
        )
        body = res.json()
    except (requests.RequestException, ValueError):
        # An answer that never came means outcome unknown, never failed: the money may have moved.
        # Requery the transfer by its reference (or read the history) before showing a result or
        # sending again.
        return {"outcome": "unknown"}
    # A 5xx answer to a money-moving request does not mean that no money moved: the provider may
    # have moved it and then failed. Do not send it again; requery the transfer by its reference (or
    # read the history) and go by what the requery says.
    if res.status_code >= 500:
        return {"outcome": "unknown"}
    if not res.ok or not body.get("success"):
        return {"outcome": "failed", "error": body.get("error")}
    return {"outcome": "success", "reference": ((body.get("data") or {}).get("transaction") or {}).get("reference")}
