import os
import requests


def ⟨1:wallet_balance⟩(access_token: str) -> int:
    """The wallet's balance in kobo (1/100 naira): 526548935 is N5,265,489.35."""
    base_url = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
    res = requests.get(
        f"{base_url}/v1/users/balance",
        headers={"X-App-Key": os.environ.get("WALLET_APP_KEY", ""), "X-App-Wallet-Access-Token": access_token},
        timeout=30,
    )
    body = res.json()
    if not res.ok or not body.get("success"):
        raise RuntimeError(body.get("error") or f"balance: HTTP {res.status_code}")
    return int(body["data"]["user"]["balance"])
