// The Flask (Python) webhook handler the command writes; `python3 -m py_compile` in the tests,
// and run with Flask's test client where Flask is installed.

import { pythonPayloads } from './pythonPayloads';

export const flaskHandler = (
  path: string,
): string => `"""Wallet webhooks for a Flask app (written by Wallet Console: Create Webhook Handler).

Run it:  flask --app wallet_webhook run --port 5000   (or register \`blueprint\` in your own app)
It serves POST ${path}; point the app's callbackURL at it. The service retries a delivery until
it gets a 2xx answer and may send one event more than once: this handler answers 2xx at once and
does the work once per transactionReference (and status), for a transfer the API knows: it requeries each
event at WALLET_BASE_URL with WALLET_APP_KEY and WALLET_ACCESS_TOKEN (your app's key, its wallet's token).
"""
import json
import logging
import os
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Literal, Optional, Set, TypedDict, Union

from flask import Blueprint, Flask, jsonify, request

log = logging.getLogger("wallet_webhook")
logging.basicConfig(level=logging.INFO)

${pythonPayloads()}

blueprint = Blueprint("wallet_webhook", __name__)


@blueprint.post("${path}")
def wallet_webhook():
    body = request.get_json(silent=True)  # None when the body is not JSON
    try:
        event = parse_wallet_webhook(body)
    except InvalidWebhook as error:
        log.warning("rejected: %s", error)
        return jsonify(error=str(error)), 400
    reference = event["data"]["transactionReference"]
    if not is_final(event):
        log.info("%s %s %s: not a final status, acknowledged", event["message"], event["type"], reference)
        return jsonify(received=True), 200
    if not first_time(handled_key(event)):
        log.info("duplicate %s %s: already processed, acknowledged again", event["type"], reference)
        return jsonify(received=True, duplicate=True), 200
    # Off the request: the answer goes out now (the sender waits only a few seconds).
    # For work that must survive a restart, use your job queue here.
    threading.Thread(target=_safely, args=(event,), daemon=True).start()
    return jsonify(received=True), 200


app = Flask(__name__)
app.register_blueprint(blueprint)
`;
