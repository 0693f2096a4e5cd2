"""Wallet webhooks for a FastAPI app (written by Wallet Console: Create Webhook Handler).

Run it:  uvicorn wallet_webhook:app --port 8000   (or include `router` in your own app)
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

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse

log = logging.getLogger("wallet_webhook")
logging.basicConfig(level=logging.INFO)

# @include parts/python-payloads.py



# @include parts/python-inbox.py


router = APIRouter()


@router.post("/webhooks/wallet")
async def wallet_webhook(request: Request) -> JSONResponse:
    try:
        event = parse_wallet_webhook(json.loads(await request.body()))
    except (ValueError, UnicodeDecodeError) as error:  # not JSON, or not a wallet event: InvalidWebhook is a ValueError
        log.warning("rejected: %s", error)
        return JSONResponse({"error": str(error)}, status_code=400)
    reference = event["data"]["transactionReference"]
    if not is_final(event):  # an older PENDING that came late must not undo a SUCCESS or FAILED
        log.info("%s %s %s: not a final status, acknowledged", event["message"], event["type"], reference)
        return JSONResponse({"received": True})
    if not can_requery():
        log.warning("%s %s not kept, answered 503: %s", event["type"], reference, NOT_CONFIGURED)
        return JSONResponse({"error": "not set up to requery events: not kept, send it again later"}, status_code=503)
    # Kept first, then answered at once (the sender waits only a few seconds); processed after the answer.
    if keep(event):
        return JSONResponse({"received": True})
    log.info("duplicate %s %s: already kept, acknowledged again", event["type"], reference)
    return JSONResponse({"received": True, "duplicate": True})


app = FastAPI()
app.include_router(router)
