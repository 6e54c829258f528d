"""A local stand-in of the Telegram Bot API, for the tests and ``bench.bot_reminders``: an HTTP server
on loopback (``RONDO_TELEGRAM_API_URL`` points the bot at it) serving getMe, getUpdates (long poll, fed
by ``message`` and ``press``), sendMessage, answerCallbackQuery and editMessageText, and recording
every call it answered. It runs in its own thread with its own event loop, so a synchronous test can
drive it."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_USER = {"id": 4242, "is_bot": True, "first_name": "Rondo", "username": "rondo_test_bot"}
MAX_POLL_SECONDS = 50


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    at: float = field(default_factory=time.time)


class BotApiStandIn:
    def __init__(self, host: str = "127.0.0.1"):
        self.host = host
        self.port = 0
        self.calls: list[Call] = []
        self._lock = threading.Lock()
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1)
        self._messages: dict[tuple[int, int], dict[str, Any]] = {}
        self._loop = asyncio.new_event_loop()
        self._new_update: asyncio.Condition | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="bot-api-standin", daemon=True)
        self._runner: web.AppRunner | None = None
        self._gate: asyncio.Event | None = None
        self._refusals: list[tuple[int, str, dict[str, Any]]] = []
        self.held = 0
        """sendMessage calls recorded (Telegram sent them) whose answers are held (``hold``)."""

    # ---------------------------------------------------------------- lifecycle
    def start(self) -> BotApiStandIn:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    async def _start(self) -> None:
        self._new_update = asyncio.Condition()
        self._gate = asyncio.Event()
        self._gate.set()
        app = web.Application()
        app.router.add_route("POST", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def __enter__(self) -> BotApiStandIn:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    # ---------------------------------------------------------------- the test's side
    def message(self, user_id: int, text: str, language_code: str = "en") -> None:
        """A private message from ``user_id`` (a command when it starts with "/")."""
        entities = []
        if text.startswith("/"):
            entities = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        self._push(
            {
                "message": {
                    "message_id": next(self._message_ids),
                    "date": int(time.time()),
                    "chat": {"id": user_id, "type": "private"},
                    "from": _user(user_id, language_code),
                    "text": text,
                    "entities": entities,
                }
            }
        )

    def press(self, user_id: int, sent: Call, data: str, language_code: str = "en") -> None:
        """``user_id`` presses the button ``data`` of the message ``sent`` (a recorded sendMessage)."""
        chat_id = int(sent.params["chat_id"])
        message = self._messages[(chat_id, int(sent.params["_message_id"]))]
        self._push(
            {
                "callback_query": {
                    "id": str(next(self._update_ids) + 10_000),
                    "from": _user(user_id, language_code),
                    "chat_instance": str(chat_id),
                    "message": message,
                    "data": data,
                }
            }
        )

    def hold(self) -> None:
        """From now on sendMessage delivers (records) each message but holds its answer until
        ``release``: the bot then waits with the message sent and not yet known to be (a crash there is
        the crash between sending and recording)."""
        self._loop.call_soon_threadsafe(self._gate_clear)

    def release(self) -> None:
        self._loop.call_soon_threadsafe(self._gate_set)

    def _gate_clear(self) -> None:
        assert self._gate is not None
        self._gate.clear()

    def _gate_set(self) -> None:
        assert self._gate is not None
        self._gate.set()

    def refuse(self, status: int, description: str, **parameters: Any) -> None:
        """The next sendMessage is refused as Telegram refuses (e.g. 429 with ``retry_after``, 403 for a
        bot the user blocked) and not recorded."""
        self._refusals.append((status, description, parameters))

    def sent(self, method: str = "sendMessage", chat_id: int | None = None) -> list[Call]:
        with self._lock:
            return [
                c for c in self.calls if c.method == method and (chat_id is None or int(c.params.get("chat_id", 0)) == chat_id)
            ]

    def _push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)

        async def push() -> None:
            assert self._new_update is not None
            async with self._new_update:
                self._updates.append(update)
                self._new_update.notify_all()

        asyncio.run_coroutine_threadsafe(push(), self._loop).result(10)

    # ---------------------------------------------------------------- the Bot API's side
    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if method == "sendMessage" and self._refusals:
            status, description, parameters = self._refusals.pop(0)
            body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
            if parameters:
                body["parameters"] = parameters
            return web.json_response(body, status=status)
        params: dict[str, Any] = dict(await request.post())
        for name in ("reply_markup", "allowed_updates"):
            if isinstance(params.get(name), str):
                params[name] = json.loads(params[name])
        handler = getattr(self, f"_api_{method}", None)
        if handler is None:
            result: Any = True
        else:
            result = await handler(params)
        if method != "getUpdates":
            with self._lock:
                self.calls.append(Call(method, params))
        if method == "sendMessage" and self._gate is not None and not self._gate.is_set():
            self.held += 1
            await self._gate.wait()
        return web.json_response({"ok": True, "result": result})

    async def _api_getMe(self, params: dict[str, Any]) -> dict[str, Any]:
        return BOT_USER

    async def _api_getUpdates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        timeout = min(float(params.get("timeout") or 0), MAX_POLL_SECONDS)
        assert self._new_update is not None
        async with self._new_update:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
            if not self._updates and timeout > 0:
                try:
                    await asyncio.wait_for(self._new_update.wait(), timeout)
                except TimeoutError:
                    pass
            return list(self._updates)

    async def _api_sendMessage(self, params: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        message_id = next(self._message_ids)
        params["_message_id"] = message_id
        message = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private"},
            "from": BOT_USER,
            "text": params.get("text", ""),
        }
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        self._messages[(chat_id, message_id)] = message
        return message

    async def _api_editMessageText(self, params: dict[str, Any]) -> dict[str, Any]:
        key = (int(params["chat_id"]), int(params["message_id"]))
        message = dict(self._messages.get(key, {"message_id": key[1], "date": 0, "chat": {"id": key[0], "type": "private"}}))
        message["text"] = params.get("text", "")
        message.pop("reply_markup", None)
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        self._messages[key] = message
        return message


def _user(user_id: int, language_code: str) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": f"User {user_id}", "language_code": language_code}


def buttons(call: Call) -> list[tuple[str, str]]:
    """(label, callback data) of every inline button of a recorded sendMessage."""
    markup = call.params.get("reply_markup") or {}
    return [(b["text"], b["callback_data"]) for row in markup.get("inline_keyboard", []) for b in row]
