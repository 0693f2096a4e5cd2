import os
import requests

WALLET_BASE_URL = os.environ.get("WALLET_BASE_URL", "http://127.0.0.1:4010")
WALLET_HEADERS = {"X-App-Key": os.environ.get("WALLET_APP_KEY", "")}


def send_wallet_passcode(mobile: str) -> None:
    """Step 1: check the mobile (234 and 10 digits, e.g. ⟨1:2348000000000⟩) and text it a passcode."""
    validate = requests.post(f"{WALLET_BASE_URL}/v1/users/auth/validate", json={"mobile": mobile}, headers=WALLET_HEADERS, timeout=30)
    validate.raise_for_status()
    send = requests.post(f"{WALLET_BASE_URL}/v1/users/auth", json={"mobile": mobile, "factor": "sms"}, headers=WALLET_HEADERS, timeout=30)
    send.raise_for_status()


def verify_wallet_passcode(mobile: str, passcode: str) -> dict:
    """Step 2: the passcode the user typed, for {accessToken, refreshToken, expiresIn}."""
    res = requests.post(
        f"{WALLET_BASE_URL}/v1/users/auth",
        json={"mobile": mobile, "factor": "sms", "passcode": passcode},
        headers=WALLET_HEADERS,
        timeout=30,
    )
    body = res.json()
    if not res.ok or not body.get("success"):
        raise RuntimeError(body.get("error") or f"verify passcode: HTTP {res.status_code}")
    return body["data"]
