// The FastAPI (Python) webhook handler the command writes; `python3 -m py_compile` in the tests.

import { pythonPayloads } from './pythonPayloads';

export const fastApiHandler = (
  path: string,
): string => `"""Wallet webhooks for a FastAPI app (written by Wallet Console: Create Webhook Handler).

Run it:  uvicorn wallet_webhook:app --port 8000   (or include \`router\` in your own app)
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

from fastapi import APIRouter, BackgroundTasks, FastAPI, Request
from fastapi.responses import JSONResponse

log = logging.getLogger("wallet_webhook")
logging.basicConfig(level=logging.INFO)

${pythonPayloads()}

router = APIRouter()


@router.post("${path}")
async def wallet_webhook(request: Request, background: BackgroundTasks) -> JSONResponse:
    try:
        event = parse_wallet_webhook(json.loads(await request.body()))
    except (ValueError, UnicodeDecodeError) as error:  # not JSON, or not a wallet event: InvalidWebhook is a ValueError
        log.warning("rejected: %s", error)
        return JSONResponse({"error": str(error)}, status_code=400)
    reference = event["data"]["transactionReference"]
    if not is_final(event):
        log.info("%s %s %s: not a final status, acknowledged", event["message"], event["type"], reference)
        return JSONResponse({"received": True})
    if not first_time(handled_key(event)):
        log.info("duplicate %s %s: already processed, acknowledged again", event["type"], reference)
        return JSONResponse({"received": True, "duplicate": True})
    # Runs after the answer went out: the sender waits only a few seconds.
    background.add_task(_safely, event)
    return JSONResponse({"received": True})


app = FastAPI()
app.include_router(router)
`;
