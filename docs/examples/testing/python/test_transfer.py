"""The sandbox from Python, standard library only: `python3 -m unittest discover -s python`.

Starts `npx wallet-sandbox --port 0 --json`, reads where it is from its one JSON line, and resets
it to the scenario before each test (POST /__sandbox/reset). The tests sign a wallet in with OTP,
pay a mobile and a bank account, and assert on the request journal, on the webhooks and on the
integration review's findings over the admin HTTP API; then it ends npx, which ends the sandbox
under it.
"""

import json
import os
import subprocess
import threading
import unittest
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCENARIO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "wallet-sandbox.json")
APP_KEY = "sk_test_my_shop_ci_0001"  # the scenario's app
ADA = "2348031112222"  # the scenario's wallet: passcode 424242, 1500000 kobo
CHIDI = "2348033334444"  # 500000 kobo


def start_sandbox():
    # Under the CLI (`npx wallet-sandbox --scenario wallet-sandbox.json --fail-on-findings -- python3 -m
    # unittest discover -s python`) the tests use its sandbox, and the CLI fails the run on what any
    # test did, whatever a reset emptied since.
    if os.environ.get("WALLET_BASE_URL"):
        return None, os.environ["WALLET_BASE_URL"]
    process = subprocess.Popen(
        ["npx", "--no-install", "wallet-sandbox", "--port", "0", "--json", "--scenario", SCENARIO],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()  # the one line, once it serves; logs go to stderr
    if not line:
        raise RuntimeError(f"wallet-sandbox exited with {process.wait()} before it was ready")
    return process, json.loads(line)["url"]


def call(url, path, body=None, method=None, token=None):
    headers = {"X-App-Key": APP_KEY, "Content-Type": "application/json"}
    if token:
        headers["X-App-Wallet-Access-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


class Receiver(BaseHTTPRequestHandler):
    """Your app's webhook endpoint: keeps what it receives, answers at once, then confirms the
    transfer with the API (this API signs no webhooks: an event trusted without a requery is a
    finding)."""

    received = []
    url = None  # the API's base URL and the wallet's token, once the app has signed it in
    token = None

    def do_POST(self):
        length = int(self.headers["Content-Length"])
        hook = json.loads(self.rfile.read(length))
        Receiver.received.append(hook)
        self.send_response(200)
        self.send_header("Content-Length", "0")  # the answer is whole: the sandbox has it now
        self.end_headers()
        self.wfile.flush()
        reference = hook["payload"]["data"]["transactionReference"]
        call(Receiver.url, f"/v1/transactions/{reference}", token=Receiver.token)

    def log_message(self, *args):
        pass


class TransferTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.process, cls.url = start_sandbox()
        cls.receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=cls.receiver.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.receiver.shutdown()
        if cls.process:  # ending npx is enough: the sandbox ends with the process that started it
            cls.process.terminate()
            cls.process.wait(timeout=10)

    def setUp(self):
        # The scenario's world again (balances, journal, tokens, the app's settings), then what the
        # app does first: its callback URL, and Ada signed in.
        call(self.url, "/__sandbox/reset", {})
        Receiver.received.clear()
        callback = f"http://127.0.0.1:{self.receiver.server_address[1]}/webhooks/wallet"
        call(self.url, "/v1/apps/settings", {"callbackURL": callback}, method="PUT")
        call(self.url, "/v1/users/auth", {"mobile": ADA, "factor": "sms"})
        _, signed_in = call(self.url, "/v1/users/auth", {"mobile": ADA, "factor": "sms", "passcode": "424242"})
        self.token = signed_in["data"]["accessToken"]
        Receiver.url, Receiver.token = self.url, self.token

    def assertNoFindings(self):
        """Nothing the integration review flags (docs/integration-review.md): errors and warnings, as
        the Node package's expectNoFindings() counts them. The read gives the receiver's requery, on
        its way, half a second to come."""
        _, answer = call(self.url, "/__sandbox/findings?severity=warning")
        self.assertEqual([f"{f['severity']} {f['rule']}: {f['title']}" for f in answer["data"]["findings"]], [])

    def wait_for_webhook(self, reference):
        delivered = f"/__sandbox/events?reference={urllib.parse.quote(reference)}&delivered=true&waitMs=5000"
        status, answer = call(self.url, delivered)
        self.assertEqual(status, 200)
        return answer["data"]["events"][0]

    def test_phone_transfer_to_a_validated_mobile_moves_the_money_at_once(self):
        # The app checks the mobile it pays before paying it (a typo would pay a stranger).
        call(self.url, "/v1/users/auth/validate", {"mobile": CHIDI}, token=self.token)
        status, sent = call(self.url, "/v1/users/transfers/phone", {"mobile": CHIDI, "amount": 120000}, token=self.token)
        self.assertEqual(status, 200)
        reference = sent["data"]["transaction"]["reference"]
        _, balance = call(self.url, "/v1/users/balance", token=self.token)
        self.assertEqual(balance["data"]["user"]["balance"], 1500000 - 120000)

        self.assertEqual(self.wait_for_webhook(reference)["type"], "PHONE_TRANSFER")
        self.assertEqual(Receiver.received[-1]["payload"]["data"]["transactionReference"], reference)
        self.assertNoFindings()

    def test_bank_transfer_settles_and_reaches_the_webhook(self):
        # The app verifies the account first and sends the name the API answers for it.
        _, verified = call(self.url, "/v1/queries/verify?accountNumber=0123456789&bankCode=000014", token=self.token)
        name = verified["data"]["accountName"]
        transfer = {"accountNumber": "0123456789", "bankCode": "000014", "accountName": name, "amount": 250000}
        status, sent = call(self.url, "/v1/users/transfers/bank", transfer, token=self.token)
        self.assertEqual(status, 200)
        self.assertEqual(sent["data"]["transaction"]["statusCode"], "000002")  # pending
        reference = sent["data"]["transaction"]["transactionReference"]

        # The journal: what the app sent, as the sandbox received it.
        # waitMs: the answer comes once a request the filter takes is there (408 if none in time).
        journal = "/__sandbox/requests?method=POST&path=/v1/users/transfers/bank&waitMs=5000"
        status, answer = call(self.url, journal)
        self.assertEqual(status, 200)
        requests = answer["data"]["requests"]
        self.assertEqual(len(requests), 1)
        self.assertEqual(json.loads(requests[0]["requestBody"])["amount"], 250000)

        call(self.url, "/__sandbox/clock/advance", {"seconds": 10})  # settles it

        self.assertEqual(self.wait_for_webhook(reference)["type"], "BANK_TRANSFER")
        self.assertEqual(Receiver.received[-1]["payload"]["data"]["statusCode"], "000001")
        self.assertNoFindings()

    def test_a_transfer_the_wallet_cannot_afford_is_refused_and_moves_nothing(self):
        call(self.url, "/v1/users/auth/validate", {"mobile": CHIDI}, token=self.token)
        status, answer = call(self.url, "/v1/users/transfers/phone", {"mobile": CHIDI, "amount": 2000000}, token=self.token)
        self.assertEqual((status, answer["errorCode"]), (400, "50001"))  # insufficient funds
        _, balance = call(self.url, "/v1/users/balance", token=self.token)
        self.assertEqual(balance["data"]["user"]["balance"], 1500000)
        self.assertNoFindings()

    def test_each_test_starts_from_the_scenario(self):
        # The tests before this one paid out; the reset gave Ada her 1500000 kobo back, and the
        # journal holds this test's requests only (setUp's settings and sign-in).
        _, balance = call(self.url, "/v1/users/balance", token=self.token)
        self.assertEqual(balance["data"]["user"]["balance"], 1500000)
        _, answer = call(self.url, "/__sandbox/requests")
        sent = [f"{request['method']} {request['path']}" for request in answer["data"]["requests"]]
        self.assertEqual(sent, ["PUT /v1/apps/settings", "POST /v1/users/auth", "POST /v1/users/auth", "GET /v1/users/balance"])
        self.assertNoFindings()


if __name__ == "__main__":
    unittest.main()
