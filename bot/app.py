"""The bot's process: Telegram long polling (aiogram), the gateway's event stream with its durable
cursor, and the health/metrics HTTP server, in one event loop."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence

import grpc
from aiogram import Bot, Dispatcher, F, Router
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramRetryAfter
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import texts
from bot.config import BotSettings
from bot.gateway import Gateway, error_text
from bot.service import TELEGRAM_ERRORS, BotService, NotSent
from bot.store import Store
from rondo.gateway.v1 import identity_pb2

log = logging.getLogger("bot")
SHUTDOWN_GRACE_SECONDS = 10.0
CALLBACK_ANSWER_MAX = 200  # Telegram's limit of answerCallbackQuery's text
FLOOD_ATTEMPTS = 10  # Telegram's 429 (nothing sent): waited out this many times before giving up


class AiogramSender:
    """``Sender`` over aiogram: one retry after Telegram's own RetryAfter (nothing was sent then)."""

    def __init__(self, bot: Bot):
        self.bot = bot

    async def send(self, chat_id: int, text: str, buttons: Sequence[tuple[str, str]]) -> int:
        markup = (
            InlineKeyboardMarkup(
                inline_keyboard=[[InlineKeyboardButton(text=label, callback_data=data) for label, data in buttons]]
            )
            if buttons
            else None
        )
        for attempt in range(FLOOD_ATTEMPTS):
            try:
                message = await self.bot.send_message(chat_id, text, reply_markup=markup)
                return message.message_id
            except TelegramRetryAfter as e:  # refused before sending: safe to send again
                TELEGRAM_ERRORS.labels("sendMessage").inc()
                if attempt == FLOOD_ATTEMPTS - 1:
                    raise NotSent("flood control") from e
                await asyncio.sleep(min(e.retry_after, 60))
            except (TelegramForbiddenError, TelegramBadRequest) as e:
                raise NotSent(str(e)[:200]) from e
        raise NotSent("flood control")


def router(service: BotService) -> Router:
    r = Router()

    @r.message(CommandStart())
    async def on_start(message: Message) -> None:
        if message.from_user is None or message.chat.type != "private":
            return
        code = texts.start_code(message.text or "")
        answer = await service.start(message.from_user.id, message.chat.id, message.from_user.language_code or "", code)
        await message.answer(answer)

    @r.message(Command("stop"))
    async def on_stop(message: Message) -> None:
        if message.from_user is None:
            return
        await message.answer(await service.stop(message.from_user.id, message.from_user.language_code or ""))

    @r.message(F.text)
    async def on_other(message: Message) -> None:
        if message.from_user is None or message.chat.type != "private":
            return
        await message.answer(texts.text("start.help", texts.language(message.from_user.language_code or "")))

    @r.callback_query()
    async def on_press(query: CallbackQuery) -> None:
        answer, outcome = await service.press(query.from_user.id, query.data or "", query.from_user.language_code or "")
        if outcome is not None and isinstance(query.message, Message):  # the outcome shown, then the press answered
            original = query.message.text or ""
            try:
                await query.message.edit_text(f"{original}\n\n{outcome}"[: texts.MAX_MESSAGE], reply_markup=None)
            except TelegramBadRequest:  # e.g. "message is not modified" on a repeated press
                TELEGRAM_ERRORS.labels("editMessageText").inc()
        await query.answer(answer[:CALLBACK_ANSWER_MAX], show_alert=outcome is None)

    return r


async def _handle(service: BotService, event) -> None:
    await service.handle(event)
    await asyncio.to_thread(service.store.set_cursor, event.id)


async def follow(
    service: BotService, gateway: Gateway, state: dict[str, bool], reconnect_max: float, current: list | None = None
) -> None:
    """The event stream from the stored cursor; on any break, reconnect with exponential backoff
    (0.5 s doubling up to ``reconnect_max``, with jitter)."""
    pause = 0.5
    current = current if current is not None else [None]
    while True:
        after = await asyncio.to_thread(service.store.cursor)
        try:
            await gateway.call("WhoAmI", identity_pb2.WhoAmIRequest())  # the gateway answers, the token is good
            state["gateway"] = True
            async for event in gateway.watch(after):
                pause = 0.5
                # shielded: a shutdown lets the event's messages finish (``run`` waits for them)
                handling = asyncio.ensure_future(_handle(service, event))
                current[0] = handling
                await asyncio.shield(handling)
        except grpc.aio.AioRpcError as e:
            state["gateway"] = False
            log.warning("event stream broken after event %s (%s); reconnecting in %.1f s", after, error_text(e), pause)
        except Exception:  # the bot's database, a bug: logged, and the event is tried again from the cursor
            state["gateway"] = False
            log.exception("handling events after %s failed; trying again in %.1f s", after, pause)
        else:
            state["gateway"] = False
        await asyncio.sleep(pause * (0.5 + random.random() / 2))
        pause = min(pause * 2, reconnect_max)


def health_app(state: dict[str, bool], store: Store) -> web.Application:
    from rondo_runtime.db import database_reachable

    async def healthz(_: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(_: web.Request) -> web.Response:
        db = await asyncio.to_thread(database_reachable, store.engine)
        ready = db and state.get("gateway", False) and state.get("telegram", False)
        body = f"database {'ok' if db else 'down'}\ngateway {'ok' if state.get('gateway') else 'down'}\ntelegram {'ok' if state.get('telegram') else 'down'}\n"
        return web.Response(text=body, status=200 if ready else 503)

    async def metrics(_: web.Request) -> web.Response:
        return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    app = web.Application()
    app.add_routes([web.get("/healthz", healthz), web.get("/readyz", readyz), web.get("/metrics", metrics)])
    return app


def make_bot(settings: BotSettings) -> Bot:
    session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return Bot(settings.telegram_token, session=session)


async def run(settings: BotSettings) -> None:
    store = Store(settings.database_url)
    gateway = Gateway(settings.gateway_addr, settings.service_token)
    bot = make_bot(settings)
    service = BotService(gateway, store, AiogramSender(bot))
    state = {"gateway": False, "telegram": False}
    runner = None
    if settings.health_port is not None:
        runner = web.AppRunner(health_app(state, store))
        await runner.setup()
        site = web.TCPSite(runner, settings.health_host, settings.health_port)
        await site.start()
        port = runner.addresses[0][1] if runner.addresses else settings.health_port
        log.info("health on http://%s:%s", settings.health_host, port)
        print(f"rondo bot: health on http://{settings.health_host}:{port}", flush=True)
    dispatcher = Dispatcher()
    dispatcher.include_router(router(service))

    @dispatcher.startup()
    async def started() -> None:
        state["telegram"] = True

    current: list[asyncio.Future | None] = [None]
    follower = asyncio.create_task(follow(service, gateway, state, settings.reconnect_max_seconds, current))
    try:
        await dispatcher.start_polling(bot, polling_timeout=settings.poll_seconds, handle_signals=True, close_bot_session=False)
    finally:
        follower.cancel()
        await asyncio.gather(follower, return_exceptions=True)
        if current[0] is not None:  # the event being handled finishes its messages (or SHUTDOWN_GRACE passes)
            await asyncio.wait([current[0]], timeout=SHUTDOWN_GRACE_SECONDS)
        await bot.session.close()
        await gateway.close()
        if runner is not None:
            await runner.cleanup()
        store.close()
