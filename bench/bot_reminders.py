"""A round's Sunday reminders delivered by the bot: ``python -m bench.bot_reminders [--players 200]``.

`rondo up` (embedded, SQLite, in a temporary directory; the gateway publishes due reminders every
second), a league of N players drawn and approved, every player's account linked to a Telegram user
(CreateTelegramLinkCode -> LinkTelegram, as /start CODE would), a club whose weekly reminder instant was
two minutes ago. The bot runs in this process (``BotService`` over aiogram) against the Bot API
stand-in (``bot.standin``), from the event log's end. Round 1 is then opened for scheduling: the gateway
publishes one ``reminder.due`` per match (N/4), and the bot tells each of the N players. Printed: the
messages, messages per second (from the first reminder event to the last sendMessage) and p50/p99 of
each message's delay from its event's creation to the stand-in receiving sendMessage."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import grpc
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp

from bot.app import AiogramSender, follow, make_bot
from bot.config import BotSettings
from bot.gateway import Gateway
from bot.service import BotService
from bot.standin import BotApiStandIn
from bot.store import Store
from rondo.gateway.v1 import (
    competitions_pb2,
    draws_pb2,
    events_pb2,
    gateway_pb2_grpc,
    identity_pb2,
    reminders_pb2,
    scheduling_pb2,
)

TIMEOUT = 60
KIROV = ZoneInfo("Europe/Kirov")
FIRST_USER = 700_000_000


def _ts(at: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(at)
    return out


def _stub(channel: grpc.Channel, token: str) -> gateway_pb2_grpc.GatewayServiceStub:
    from rondo_runtime.bearer import with_bearer

    return gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))


class Setup:
    def __init__(self, address: str, env: dict[str, str], players: int):
        from rondo_app.admin import create_organizer
        from rondo_runtime.config import Settings

        self.channel = grpc.insecure_channel(address)
        anonymous = gateway_pb2_grpc.GatewayServiceStub(self.channel)
        self.login = lambda name, secret: (
            anonymous.Login(identity_pb2.LoginRequest(name=name, password=secret), timeout=TIMEOUT).token
        )
        password = create_organizer("Bench organizer", Settings.from_env({**os.environ, **env})).password
        self.organizer = _stub(self.channel, self.login("Bench organizer", password))
        bot = self.organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="bench-bot", role=identity_pb2.ROLE_BOT)),
            timeout=TIMEOUT,
        )
        self.bot_token = bot.service_token
        self.bot = _stub(self.channel, self.bot_token)
        competition = self.organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=f"Bot bench {players}", ruleset="discard-league-2026"),
                idempotency_key="b",
            ),
            timeout=TIMEOUT,
        )
        self.cid = competition.id
        for i in range(players):
            self.organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(
                    competition_id=self.cid, name=f"Bench player {i:04d}", idempotency_key=f"p{i}"
                ),
                timeout=TIMEOUT,
            )
        view = self.organizer.DrawCompetition(
            draws_pb2.DrawCompetitionRequest(competition_id=self.cid, seed=1, time_limit_seconds=5, idempotency_key="b"),
            timeout=TIMEOUT,
        )
        self.organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=self.cid, draw_id=view.draw.id), timeout=TIMEOUT)
        self.player_ids = [p for t in view.draw.rounds[0].tables for p in t.player_ids]
        self.club = self.organizer.CreateClub(
            scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Bench club"), idempotency_key="c"), timeout=TIMEOUT
        )
        self.organizer.CreateRoom(
            scheduling_pb2.CreateRoomRequest(club_id=self.club.id, room=scheduling_pb2.Room(name="Room 1"), idempotency_key="r"),
            timeout=TIMEOUT,
        )
        instant = (datetime.now(UTC) - timedelta(minutes=2)).astimezone(KIROV)
        self.organizer.UpdateReminderSchedule(
            reminders_pb2.UpdateReminderScheduleRequest(
                reminder_schedule=reminders_pb2.ReminderSchedule(
                    club_id=self.club.id, weekday=instant.isoweekday(), local_time=f"{instant:%H:%M}"
                ),
                update_mask=FieldMask(paths=["weekday", "local_time"]),
            ),
            timeout=TIMEOUT,
        )
        with ThreadPoolExecutor(4) as pool:  # argon2 at every account and login: the slow part
            self.user_of = dict(pool.map(self._link, enumerate(self.player_ids)))

    def _link(self, item: tuple[int, str]) -> tuple[str, int]:
        i, player_id = item
        made = self.organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(
                account=identity_pb2.Account(name=f"player {player_id}", role=identity_pb2.ROLE_PLAYER)
            ),
            timeout=TIMEOUT,
        )
        self.organizer.LinkPlayer(
            identity_pb2.LinkPlayerRequest(account_id=made.account.id, competition_id=self.cid, player_id=player_id),
            timeout=TIMEOUT,
        )
        player = _stub(self.channel, self.login(f"player {player_id}", made.password))
        code = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
        user = FIRST_USER + i
        self.bot.LinkTelegram(
            identity_pb2.LinkTelegramRequest(code=code, telegram_user_id=user, chat_id=user, language="ru" if i % 2 else "en"),
            timeout=TIMEOUT,
        )
        return player_id, user

    def last_event(self) -> int:
        last, token = 0, ""
        while True:
            page = self.organizer.ListEvents(
                events_pb2.ListEventsRequest(after=last, page_size=1000, page_token=token), timeout=TIMEOUT
            )
            if page.events:
                last = page.events[-1].id
            token = page.next_page_token
            if not token:
                return last

    def open_round(self) -> None:
        start = datetime.now(UTC) - timedelta(days=1)
        self.organizer.OpenRoundScheduling(
            scheduling_pb2.OpenRoundSchedulingRequest(
                competition_id=self.cid,
                round=1,
                club_id=self.club.id,
                window_start=_ts(start),
                window_end=_ts(start + timedelta(days=7)),
            ),
            timeout=TIMEOUT,
        )

    def reminder_events(self, after: int) -> list[events_pb2.Event]:
        page = self.organizer.ListEvents(
            events_pb2.ListEventsRequest(after=after, kinds=["reminder.due"], competition_id=self.cid, page_size=1000),
            timeout=TIMEOUT,
        )
        return list(page.events)


async def _deliver(setup: Setup, address: str, api: BotApiStandIn, data_dir: Path, expected: int) -> tuple[float, int]:
    settings = BotSettings(
        service_token=setup.bot_token,
        telegram_token="123456:BENCH",
        gateway_addr=address,
        telegram_api_url=api.url,
        database_url=f"sqlite:///{data_dir / 'bot.db'}",
    )
    store = Store(settings.database_url)
    after = setup.last_event()
    store.set_cursor(after)  # from the log's end: only the round's reminders
    gateway = Gateway(address, settings.service_token)
    bot = make_bot(settings)
    service = BotService(gateway, store, AiogramSender(bot))
    follower = asyncio.create_task(follow(service, gateway, {}, 2.0))
    opened = time.time()
    await asyncio.to_thread(setup.open_round)
    while len(api.sent()) < expected:
        if time.time() - opened > 600:
            break
        await asyncio.sleep(0.05)  # the benchmark's own poll of the stand-in
    follower.cancel()
    await asyncio.gather(follower, return_exceptions=True)
    await bot.session.close()
    await gateway.close()
    store.close()
    return opened, after


def run(players: int) -> dict[str, float]:
    from rondo_app.demo import rondo_process
    from rondo_runtime.process import free_port

    port = free_port()
    address = f"127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="rondo-bench-bot-") as tmp, BotApiStandIn() as api:
        env = {
            "RONDO_PORT": str(port),
            "RONDO_INTERNAL_PORT": str(free_port()),
            "RONDO_METRICS_PORT": "-1",
            "RONDO_CALENDAR_PORT": "-1",
            "RONDO_REMINDER_INTERVAL_SECONDS": "1",
            "RONDO_DATA_DIR": tmp,
            "RONDO_LOG_LEVEL": "ERROR",
        }
        with rondo_process(["up"], env, address):
            began = time.perf_counter()
            setup = Setup(address, env, players)
            print(f"setup: {players} players linked in {time.perf_counter() - began:.1f} s", flush=True)
            _, after = asyncio.run(_deliver(setup, address, api, Path(tmp), players))
            events = setup.reminder_events(after)
            setup.channel.close()
    created = {p.id: e.created_at.ToDatetime(UTC).timestamp() for e in events for p in e.reminder_due.players}
    player_of = {user: player for player, user in setup.user_of.items()}
    sent = api.sent()
    delays = sorted(c.at - created[player_of[int(c.params["chat_id"])]] for c in sent)
    first = min(created.values()) if created else 0.0
    span = max(c.at for c in sent) - first if sent else 0.0
    quantiles = statistics.quantiles(delays, n=100, method="inclusive") if len(delays) > 1 else delays * 99
    return {
        "players": players,
        "reminder_events": len(events),
        "messages": len(sent),
        "seconds": round(span, 3),
        "messages_per_second": round(len(sent) / span, 1) if span > 0 else 0.0,
        "p50_ms": round(quantiles[49] * 1000, 1) if delays else 0.0,
        "p99_ms": round(quantiles[98] * 1000, 1) if delays else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_reminders", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200, help="linked players (a multiple of 4; default 200)")
    args = parser.parse_args(argv)
    if args.players < 8 or args.players % 4:
        parser.error("--players must be a multiple of 4, at least 8")
    report = run(args.players)
    print(
        f"bot reminders: {report['messages']} messages for {report['players']} linked players "
        f"({report['reminder_events']} reminder.due events) in {report['seconds']} s: "
        f"{report['messages_per_second']} messages/s; event -> sendMessage p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms"
    )
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0 if report["messages"] == report["players"] else 1


if __name__ == "__main__":
    sys.exit(main())
