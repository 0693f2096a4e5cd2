"""Wallet webhooks for a Flask app (written by Wallet Console: Create Webhook Handler).

Run it:  flask --app wallet_webhook run --port 5000   (or register `blueprint` in your own app)
It serves POST /webhooks/wallet; point the app's callbackURL at it. The service retries a delivery until
it gets a 2xx answer, and may send one event more than once.

@include parts/how-it-works.txt
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

# @include parts/python-payloads.py



# @include parts/python-inbox.py


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
