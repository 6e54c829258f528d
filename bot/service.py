"""What the bot does: turns the gateway's events into messages for the linked players they concern,
and the players' commands and button presses into the gateway's RPCs made for them.

Handlers stay thin: the I/O (gateway calls, the store, Telegram) is here, the words in ``bot.texts``.
Each message goes to a link's own chat and says only what that player may see: their own tables, their
match's meetings, results reported at their table, their own standings row; never an interval (the
bot is never given one).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC
from typing import Protocol

import grpc
from prometheus_client import Counter, Gauge, Histogram

from bot import texts
from bot.gateway import Gateway, error_text
from bot.store import ButtonSpec, Claim, Store
from rondo.gateway.v1 import (
    competitions_pb2,
    draws_pb2,
    events_pb2,
    identity_pb2,
    reminders_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)

log = logging.getLogger(__name__)

MESSAGES = Counter("rondo_bot_messages_sent_total", "Messages the bot sent to Telegram, by kind.", ["kind"])
EVENTS = Counter("rondo_bot_events_processed_total", "Gateway events the bot handled, by kind.", ["kind"])
TELEGRAM_ERRORS = Counter("rondo_bot_telegram_errors_total", "Telegram Bot API calls that failed, by method.", ["method"])
PRESSES = Counter("rondo_bot_button_presses_total", "Buttons pressed, by action and outcome.", ["action", "outcome"])
CURSOR = Gauge("rondo_bot_cursor", "The id of the last gateway event the bot handled.")
CURSOR_LAG = Gauge("rondo_bot_cursor_lag_seconds", "How old the last handled event was when the bot handled it.")
DELIVERY = Histogram(
    "rondo_bot_event_to_send_seconds",
    "From an event's creation to its message's sendMessage answered.",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)

ACTIONS = ("confirm_meeting", "confirm_result", "dispute_result")
#: After every complete round with games left, each linked player's status at each cut is asked for (their
#: own projection: bounds and witnesses settle most questions in a fraction of a second, docs/benchmarks.md
#: "Projections"). A decided status (clinched, eliminated, an organizer's decision) is told once, the round
#: it is first proven; "still alive, and what you need" only once this few rounds are left (the last), so
#: the bot does not repeat "alive" every week.
PROJECTION_ROUNDS_LEFT = 1
DECIDED = ("clinched", "eliminated", "organizer_decision")
PROJECTION_BUDGET_SECONDS = 20.0
LINKS_TTL_SECONDS = 5.0
#: How long a club's time zone and room names are kept before they are asked for again.
CLUB_TTL_SECONDS = 60.0
SENDING_AT_ONCE = 8
ACK_ATTEMPTS = 6
RETRIED = (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.ABORTED, grpc.StatusCode.NOT_FOUND)


class Sender(Protocol):
    """Telegram, as the bot uses it (``bot.telegram.AiogramSender``; the tests' stand-in behind it)."""

    async def send(self, chat_id: int, text: str, buttons: Sequence[tuple[str, str]]) -> int: ...


class NotSent(Exception):
    """Telegram refused the message for good (blocked bot, unknown chat): recorded, never retried."""


@dataclass(frozen=True)
class Outgoing:
    key: str
    kind: str
    link: identity_pb2.TelegramLink
    text: str
    buttons: tuple[tuple[str, ButtonSpec], ...] = ()


@dataclass(frozen=True)
class _Club:
    """What the bot writes about a club: its time zone and its rooms' names by id."""

    at: float
    time_zone: str = ""
    rooms: dict[str, str] = field(default_factory=dict)

    def room(self, room_id: str) -> str:
        return self.rooms.get(room_id, room_id) or "—"


@dataclass
class _Links:
    at: float = -1e9
    links: list[identity_pb2.TelegramLink] = field(default_factory=list)


#: A gateway answer that may differ if asked again: the event is not handled (the cursor stays), the
#: stream reconnects and the event comes again (its claimed messages are not sent twice).
TRANSIENT = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.ABORTED,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.UNAUTHENTICATED,
    }
)


def raise_transient(error: grpc.aio.AioRpcError) -> None:
    """Re-raises ``error`` when asking again may answer otherwise; a refusal for good (NOT_FOUND,
    PERMISSION_DENIED, INVALID_ARGUMENT, FAILED_PRECONDITION) is the caller's to skip."""
    if error.code() in TRANSIENT:
        raise error


def lang(link: identity_pb2.TelegramLink) -> str:
    return texts.language(link.language)


class BotService:
    #: The clock of the club cache (a test's own).
    clock = staticmethod(time.monotonic)

    def __init__(self, gateway: Gateway, store: Store, sender: Sender):
        self.gateway = gateway
        self.store = store
        self.sender = sender
        self._links = _Links()
        self._names: dict[str, str] = {}
        self._clubs: dict[str, _Club] = {}
        self._background: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ links
    async def links(self) -> list[identity_pb2.TelegramLink]:
        if time.monotonic() - self._links.at > LINKS_TTL_SECONDS:
            self._links = _Links(time.monotonic(), await self.gateway.links())
        return self._links.links

    def forget_links(self) -> None:
        self._links = _Links()

    async def linked(self, competition_id: str, player_ids: Sequence[str]) -> list[tuple[identity_pb2.TelegramLink, str]]:
        """(link, player id) for each given player of the competition with a linked account."""
        wanted = set(player_ids)
        out = []
        for link in await self.links():
            for p in link.players:
                if p.competition_id == competition_id and p.player_id in wanted:
                    out.append((link, p.player_id))
        return out

    async def link_of(self, telegram_user_id: int) -> identity_pb2.TelegramLink | None:
        for link in await self.links():
            if link.telegram_user_id == telegram_user_id:
                return link
        return None

    # ------------------------------------------------------------------ events
    async def handle(self, event: events_pb2.Event) -> None:
        """Every message ``event`` causes, each claimed then sent (at most once per key and chat)."""
        plan = getattr(self, "_plan_" + event.kind.replace(".", "_").replace("-", "_"), None)
        outgoing: list[Outgoing] = await plan(event) if plan else []
        created = event.created_at.ToDatetime(UTC).timestamp() if event.HasField("created_at") else None
        delivered = 0
        # a few messages at a time: claimed in one commit, sent side by side (different chats), then
        # recorded in one commit; a crash loses at most the batch in flight, never sends one twice
        for at in range(0, len(outgoing), SENDING_AT_ONCE):
            batch = outgoing[at : at + SENDING_AT_ONCE]
            claims = [
                Claim(
                    out.key, out.link.chat_id, out.link.telegram_user_id, lang(out.link), tuple(spec for _, spec in out.buttons)
                )
                for out in batch
            ]
            claimed = await asyncio.to_thread(self.store.claim_all, claims)
            results = await asyncio.gather(*(self.send(out, ids, created) for out, ids in zip(batch, claimed) if ids is not None))
            await asyncio.to_thread(self.store.finish_all, [r for r in results if r is not None])
            delivered += sum(1 for r in results if r is not None and not r[3])
        if event.kind == "reminder.due" and delivered:
            task = asyncio.create_task(self._acknowledge(event.subject_id))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        EVENTS.labels(event.kind).inc()
        CURSOR.set(event.id)
        if created is not None:
            CURSOR_LAG.set(max(0.0, time.time() - created))

    async def send(self, out: Outgoing, button_ids: list[int], created: float | None) -> tuple[str, int, int | None, str] | None:
        """A claimed message sent: (key, chat, message id, error) to record; None when the outcome is
        unknown (it stays claimed, never sent again)."""
        chat = out.link.chat_id
        buttons = [(label, f"b:{button_id}") for (label, _), button_id in zip(out.buttons, button_ids)]
        try:
            message_id = await self.sender.send(chat, out.text, buttons)
        except NotSent as e:
            TELEGRAM_ERRORS.labels("sendMessage").inc()
            return out.key, chat, None, str(e) or "refused"
        except Exception:  # unknown outcome: stays "sending", never retried (at most once)
            TELEGRAM_ERRORS.labels("sendMessage").inc()
            log.warning("sendMessage for %s to chat %s failed; not retried", out.key, chat, exc_info=True)
            return None
        MESSAGES.labels(out.kind).inc()
        if created is not None:
            DELIVERY.observe(max(0.0, time.time() - created))
        return out.key, chat, message_id, ""

    async def _acknowledge(self, reminder_id: str) -> None:
        """The reminder delivered: AcknowledgeReminder, in the background, tried again a few times (the
        gateway may still be marking it published, or be restarting)."""
        pause = 0.5
        for attempt in range(ACK_ATTEMPTS):
            try:
                await self.gateway.call("AcknowledgeReminder", reminders_pb2.AcknowledgeReminderRequest(reminder_id=reminder_id))
                return
            except grpc.aio.AioRpcError as e:
                if attempt == ACK_ATTEMPTS - 1 or e.code() not in RETRIED:
                    log.warning("AcknowledgeReminder %s failed: %s", reminder_id, error_text(e))
                    return
            await asyncio.sleep(pause)
            pause *= 2

    async def _club(self, club_id: str) -> _Club:
        """The club's time zone and room names (GetClub, ListRooms: open to any logged-in caller), kept
        ``CLUB_TTL_SECONDS``; an unknown or unreadable club: UTC and the rooms' ids."""
        cached = self._clubs.get(club_id)
        if cached is not None and self.clock() - cached.at <= CLUB_TTL_SECONDS:
            return cached
        if not club_id:
            return _Club(self.clock())
        try:
            club = await self.gateway.call("GetClub", scheduling_pb2.GetClubRequest(club_id=club_id))
            rooms: dict[str, str] = {}
            token = ""
            while True:
                page = await self.gateway.call(
                    "ListRooms", scheduling_pb2.ListRoomsRequest(club_id=club_id, page_size=500, page_token=token)
                )
                rooms.update((r.id, r.name) for r in page.rooms)
                token = page.next_page_token
                if not token or len(rooms) > 10_000:
                    break
        except grpc.aio.AioRpcError as e:
            raise_transient(e)
            log.info("club %s: %s", club_id, error_text(e))
            return _Club(self.clock())
        self._clubs[club_id] = _Club(self.clock(), club.time_zone, rooms)
        return self._clubs[club_id]

    async def _competition_name(self, competition_id: str) -> str:
        if competition_id not in self._names:
            c = await self.gateway.call("GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=competition_id))
            self._names[competition_id] = c.name or competition_id
        return self._names[competition_id]

    async def _seating(self, competition_id: str) -> draws_pb2.Seating | None:
        try:
            return await self.gateway.call("GetSeating", draws_pb2.GetSeatingRequest(competition_id=competition_id))
        except grpc.aio.AioRpcError as e:
            raise_transient(e)
            return None

    async def _plan_draw_published(self, event: events_pb2.Event) -> list[Outgoing]:
        seating = await self._seating(event.competition_id)
        if seating is None:
            return []
        name = await self._competition_name(event.competition_id)
        every = [pid for r in seating.rounds for t in r.tables for pid in t.player_ids]
        out = []
        for link, player_id in await self.linked(event.competition_id, every):
            language = lang(link)
            lines = [texts.text("draw.published", language, competition=name)]
            for r in seating.rounds:
                for t in r.tables:
                    if player_id in t.player_ids:
                        lines.append(
                            texts.text("draw.table", language, round=r.number, table=t.number, names=", ".join(t.player_names))
                        )
            out.append(Outgoing(f"event:{event.id}:{player_id}", "draw.published", link, "\n".join(lines)[: texts.MAX_MESSAGE]))
        return out

    async def _card(self, match_key: str, player_id: str, telegram_user_id: int) -> scheduling_pb2.MatchCard | None:
        """The match card as the linked player sees it (read for them: a card is its players' own)."""
        try:
            return await self.gateway.call(
                "GetMatchCard",
                scheduling_pb2.GetMatchCardRequest(match_key=match_key, viewer_player_id=player_id),
                telegram_user_id,
            )
        except grpc.aio.AioRpcError as e:
            raise_transient(e)
            log.info("GetMatchCard %s for %s: %s", match_key, player_id, error_text(e))
            return None

    async def _match_players(self, competition_id: str, stage: int, round_: int, table: int) -> list[str] | None:
        """The players drawn at a table of the regular stage (the published seating); None for a later
        stage (each linked player's own card then says whether it is theirs)."""
        if stage > 1:
            return None
        seating = await self._seating(competition_id)
        for r in seating.rounds if seating else ():
            for t in r.tables:
                if r.number == round_ and t.number == table:
                    return list(t.player_ids)
        return []

    async def _candidates(
        self, match_key: str
    ) -> tuple[tuple[str, int, int, int], list[str] | None, list[tuple[identity_pb2.TelegramLink, str]]] | None:
        """The match key's parts, the table's players (None for a later stage) and the linked ones who
        may be at it (a later stage: every linked player of the competition; their own card then says
        whether it is theirs); None for a key that is no match's."""
        parsed = texts.parse_match_key(match_key)
        if parsed is None:
            return None
        competition_id, stage, round_, table = parsed
        players = await self._match_players(competition_id, stage, round_, table)
        if players is None:
            every = [
                (link, p.player_id) for link in await self.links() for p in link.players if p.competition_id == competition_id
            ]
            return parsed, None, every
        return parsed, players, await self.linked(competition_id, players)

    async def _plan_meeting(self, event: events_pb2.Event, match_key: str, kind: str) -> list[Outgoing]:
        found = await self._candidates(match_key)
        if found is None:
            return []
        (competition_id, stage, round_, table), _, candidates = found
        out = []
        for link, player_id in candidates:
            card = await self._card(match_key, player_id, link.telegram_user_id)
            if card is None:
                continue
            meeting = next((m for m in card.meetings if m.id == event.subject_id), None)
            language = lang(link)
            when, room = "—", "—"
            if meeting is not None:
                club = await self._club(card.club_id)
                start, end = meeting.slot.start.ToDatetime(UTC), meeting.slot.end.ToDatetime(UTC)
                when = texts.when(start, end, language, club.time_zone)
                room = club.room(meeting.room_id)
            match = texts.match(language, stage, round_, table)
            buttons: tuple[tuple[str, ButtonSpec], ...] = ()
            if kind == "meeting.proposed":
                if meeting is None or meeting.status != scheduling_pb2.MEETING_STATUS_PROPOSED:
                    continue  # already booked or cancelled: its own event says so
                if player_id not in meeting.confirmed_by:
                    spec = ButtonSpec("confirm_meeting", competition_id, meeting.id, player_id, match_key)
                    buttons = ((texts.text("button.confirm", language), spec),)
            body = texts.text(kind, language, match=match, when=when, room=room)
            out.append(Outgoing(f"event:{event.id}:{player_id}", kind, link, body, buttons))
        return out

    async def _plan_schedule_proposed(self, event: events_pb2.Event) -> list[Outgoing]:
        return await self._plan_meeting(event, event.schedule_proposed.match_key, "meeting.proposed")

    async def _plan_schedule_booked(self, event: events_pb2.Event) -> list[Outgoing]:
        return await self._plan_meeting(event, event.schedule_booked.match_key, "meeting.booked")

    async def _plan_schedule_cancelled(self, event: events_pb2.Event) -> list[Outgoing]:
        c = event.schedule_cancelled
        kind = "meeting.cancelled_by_organizer" if c.by_organizer else "meeting.cancelled"
        return await self._plan_meeting(event, c.match_key, kind)

    async def _plan_schedule_options_ready(self, event: events_pb2.Event) -> list[Outgoing]:
        """Everyone at the table answered: each linked player of the match is told how many common
        options their card now shows (the count only: never anyone's intervals)."""
        ready = event.schedule_options_ready
        found = await self._candidates(ready.match_key)
        if found is None:
            return []
        (_, stage, round_, table), players, candidates = found
        out = []
        for link, player_id in candidates:
            if players is None and await self._card(ready.match_key, player_id, link.telegram_user_id) is None:
                continue  # a later stage: only the match's own players read its card
            language = lang(link)
            match = texts.match(language, stage, round_, table)
            key = "options.ready" if ready.options > 0 else "options.none"
            body = texts.text(key, language, match=match, options=ready.options)
            out.append(Outgoing(f"event:{event.id}:{player_id}", "schedule.options-ready", link, body))
        return out

    async def _plan_reminder_due(self, event: events_pb2.Event) -> list[Outgoing]:
        r = event.reminder_due
        parsed = texts.parse_match_key(r.match_key)
        key = f"reminder.{r.reason}"
        if parsed is None or key not in texts.KEYS:
            return []
        competition_id, stage, round_, table = parsed
        out = []
        for link, player_id in await self.linked(competition_id, [p.id for p in r.players]):
            language = lang(link)
            body = texts.text(key, language, match=texts.match(language, stage, round_, table))
            out.append(Outgoing(f"event:{event.id}:{player_id}", "reminder.due", link, body))
        return out

    async def _plan_standings_changed(self, event: events_pb2.Event) -> list[Outgoing]:
        s = event.standings_changed
        out: list[Outgoing] = []
        if s.HasField("record_kind") and s.HasField("round") and s.HasField("table"):
            out.extend(await self._plan_report(event, s))
        if s.record_kind == "game" and s.HasField("round") and s.HasField("table"):
            out.extend(await self._plan_stage_round(event.competition_id, s.stage or 1, s.round, s.table))
        out.extend(await self._plan_standings(event.competition_id))
        return out

    async def _plan_report(self, event: events_pb2.Event, s: events_pb2.StandingsChangedEvent) -> list[Outgoing]:
        """A result a player reported (REPORTED, no review yet): the table's other linked players get
        it with Confirm / Dispute."""
        try:
            records = await self.gateway.call(
                "ListResultRecords",
                results_pb2.ListResultRecordsRequest(
                    competition_id=event.competition_id, stage=s.stage, round=s.round, table=s.table, page_size=1000
                ),
            )
        except grpc.aio.AioRpcError as e:
            raise_transient(e)
            return []
        record = next((r for r in records.result_records if r.id == event.subject_id), None)
        if record is None or record.status != results_pb2.RECORD_STATUS_REPORTED or record.reviews:
            return []
        if record.WhichOneof("content") != "hanchan":
            return []
        names = await self._player_names(event.competition_id)
        scores = record.hanchan.scores
        others = [pid for pid in scores if pid != record.reported_by_player_id]
        out = []
        for link, player_id in await self.linked(event.competition_id, others):
            language = lang(link)
            body = texts.text(
                "result.reported",
                language,
                match=texts.match(language, record.stage or 1, record.round, record.table),
                reporter=names.get(record.reported_by_player_id, record.reported_by_player_id),
                number=record.hanchan.number,
                scores=", ".join(f"{names.get(pid, pid)} {score}" for pid, score in sorted(scores.items(), key=lambda i: -i[1])),
            )
            spec = dict(competition_id=event.competition_id, target_id=record.id, player_id=player_id)
            buttons = (
                (texts.text("button.confirm", language), ButtonSpec("confirm_result", **spec)),
                (texts.text("button.dispute", language), ButtonSpec("dispute_result", **spec)),
            )
            out.append(Outgoing(f"event:{event.id}:{player_id}", "result.reported", link, body, buttons))
        return out

    async def _player_names(self, competition_id: str) -> dict[str, str]:
        seating = await self._seating(competition_id)
        if seating is None:
            return {}
        return {pid: name for r in seating.rounds for t in r.tables for pid, name in zip(t.player_ids, t.player_names)}

    async def _plan_standings(self, competition_id: str) -> list[Outgoing]:
        """Once a round is complete, each linked player's own row (key: the round, whichever event)."""
        try:
            standings = await self.gateway.call("GetStandings", results_pb2.GetStandingsRequest(competition_id=competition_id))
        except grpc.aio.AioRpcError as e:
            raise_transient(e)
            return []
        if standings.after_round < 1:
            return []
        rows = {row.player_id: row for row in standings.rows}
        name = await self._competition_name(competition_id)
        out = []
        for link, player_id in await self.linked(competition_id, list(rows)):
            row = rows[player_id]
            body = texts.text(
                "standings.after_round",
                lang(link),
                competition=name,
                round=standings.after_round,
                place=row.place,
                total=row.total,
            )
            key = f"standings:{competition_id}:{standings.after_round}:{player_id}"
            out.append(Outgoing(key, "standings.after_round", link, body))
            if standings.rounds > standings.after_round:  # what each can still reach
                out.extend((await self._plan_projection(competition_id, name, link, player_id))[1])
        return out

    async def _plan_stage_round(self, competition_id: str, stage_number: int, round_: int, table: int) -> list[Outgoing]:
        """A game recorded in a stage of games (an Up&Down stage; a cup's): once its round is complete
        for its group, each linked player of the group hears their own statuses (``_plan_projection``,
        the mahjong league's path). The projection says whether the round is complete (its
        ``after_round``, the group's): the first linked player of the game's group answered short of the
        round stops the rest, so a game that leaves its round open costs one player's projection."""
        try:
            stage = await self.gateway.call(
                "GetStage", stages_pb2.GetStageRequest(competition_id=competition_id, number=stage_number)
            )
        except grpc.aio.AioRpcError as e:
            raise_transient(e)
            return []
        tables = stage.rounds[round_ - 1].tables if 0 < round_ <= len(stage.rounds) else []
        seats = set(tables[table - 1].player_ids) if 0 < table <= len(tables) else set()
        group = next((list(g.player_ids) for g in stage.groups if seats & set(g.player_ids)), None)
        if group is None:  # no groups named: every player of the stage
            group = sorted({p for r in stage.rounds for t in r.tables for p in t.player_ids})
        name = await self._competition_name(competition_id)
        # a cup's projection counts its stages decided (a stage is one round of series), a stage of
        # groups its rounds complete
        cup = stage.kind.startswith("cup")
        needed = stage_number if cup else round_
        out: list[Outgoing] = []
        for link, player_id in await self.linked(competition_id, group):
            after, told = await self._plan_projection(competition_id, name, link, player_id, "stage" if cup else "round")
            if 0 <= after < needed:
                return []  # the round (the cup's stage) is not over yet (the others' group is the same)
            out.extend(told)
        return out

    async def _plan_projection(
        self, competition_id: str, competition: str, link: identity_pb2.TelegramLink, player_id: str, unit: str = "round"
    ) -> tuple[int, list[Outgoing]]:
        """After a complete round, the linked player's status at each cut ("you have clinched the playoff
        (top 8)"), read for the player (their own projection only: a solve of one player, within
        ``PROJECTION_BUDGET_SECONDS``): the rounds complete as the projection counts them (the player's
        group's, in a stage of groups; -1 when it did not answer) and the messages. A decided status is
        keyed without the round, so it is delivered once however many rounds repeat it; an alive one is
        keyed by the round and told only with ``PROJECTION_ROUNDS_LEFT`` rounds left. Best effort: a
        competition without projections (another ruleset, no cut), a failed call, a status not proven
        in time or a stage already over sends nothing, and never holds the event back. The one path of
        every ruleset: the cuts and words are the gateway's; ``unit``: what the projection counts, the
        rounds complete or (a cup) the stages decided."""
        try:
            found = await self.gateway.call(
                "GetProjections",
                results_pb2.GetProjectionsRequest(
                    competition_id=competition_id, player_ids=[player_id], time_limit_seconds=PROJECTION_BUDGET_SECONDS
                ),
                link.telegram_user_id,
            )
        except grpc.aio.AioRpcError as e:
            log.info("GetProjections %s for %s: %s", competition_id, player_id, error_text(e))
            return -1, []
        rounds_left = found.rounds - found.after_round
        if found.after_round < 1 or rounds_left <= 0:
            return found.after_round, []
        cuts = {c.name: (c.title, c.title_ru) for c in found.cuts}
        status_of = {v: k for k, v in results_pb2.ProjectionStatus.items()}
        out = []
        for row in found.players:
            if row.player_id != player_id:
                continue
            for cut in row.cuts:
                status = status_of.get(cut.status, "").removeprefix("PROJECTION_STATUS_").lower()
                if status in ("unknown", "unspecified", ""):
                    continue
                body = texts.projection(
                    lang(link),
                    competition,
                    found.after_round,
                    status,
                    cuts.get(cut.cut, (cut.cut, cut.cut)),
                    (cut.text, cut.text_ru),
                    unit,
                )
                if status in DECIDED:
                    key = f"projection:{competition_id}:{cut.cut}:{status}:{player_id}"
                    out.append(Outgoing(key, "projection.decided", link, body))
                elif rounds_left <= PROJECTION_ROUNDS_LEFT:
                    key = f"projection:{competition_id}:{found.after_round}:{cut.cut}:{player_id}"
                    out.append(Outgoing(key, "projection.after_round", link, body))
        return found.after_round, out

    # ------------------------------------------------------------------ commands
    async def start(self, telegram_user_id: int, chat_id: int, language_code: str, code: str | None) -> str:
        language = texts.language(language_code)
        if code is None:
            return texts.text("start.help", language)
        request = identity_pb2.LinkTelegramRequest(
            code=code, telegram_user_id=telegram_user_id, chat_id=chat_id, language=language_code[:16]
        )
        try:
            link = await self.gateway.call("LinkTelegram", request)
        except grpc.aio.AioRpcError as e:
            if e.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                return texts.text("start.bad_code", language)
            return texts.text("error.unavailable", language)
        self.forget_links()
        return texts.text("start.linked", texts.language(link.language or language_code), name=link.account_name)

    async def stop(self, telegram_user_id: int, language_code: str) -> str:
        language = texts.language(language_code)
        try:
            await self.gateway.call("UnlinkTelegram", identity_pb2.UnlinkTelegramRequest(telegram_user_id=telegram_user_id))
        except grpc.aio.AioRpcError as e:
            if e.code() == grpc.StatusCode.NOT_FOUND:
                return texts.text("stop.not_linked", language)
            return texts.text("error.unavailable", language)
        self.forget_links()
        return texts.text("stop.done", language)

    async def press(self, telegram_user_id: int, data: str, language_code: str) -> tuple[str, str | None]:
        """A button pressed: (the short answer for answerCallbackQuery, the outcome line to add to the
        message, or None to leave it). A press by anyone but the Telegram user the button was shown to
        is refused before any call."""
        language = texts.language(language_code)
        button = None
        if data.startswith("b:") and data[2:].isdigit() and len(data) <= 20:  # at most 18 digits: an int64
            button = await asyncio.to_thread(self.store.button, int(data[2:]))
        if button is None or button.action not in ACTIONS:
            PRESSES.labels("unknown", "refused").inc()
            return texts.text("press.unknown", language), None
        if button.telegram_user_id != telegram_user_id:
            PRESSES.labels(button.action, "refused").inc()
            return texts.text("press.not_yours", language), None
        language = button.language
        if button.outcome:
            return texts.text("press.done", language), button.outcome
        key = f"telegram-button-{button.id}"
        try:
            if button.action == "confirm_meeting":
                meeting = await self.gateway.call(
                    "ConfirmMeeting",
                    scheduling_pb2.ConfirmMeetingRequest(
                        match_key=button.match_key, meeting_id=button.target_id, player_id=button.player_id, idempotency_key=key
                    ),
                    telegram_user_id,
                )
                if meeting.status == scheduling_pb2.MEETING_STATUS_BOOKED:
                    booked = await self._card(button.match_key, button.player_id, telegram_user_id)
                    room = (await self._club(booked.club_id)).room(meeting.room_id) if booked else meeting.room_id
                    outcome = texts.text("outcome.meeting_booked", language, room=room or "—")
                else:
                    card = await self._card(button.match_key, button.player_id, telegram_user_id)
                    players = len(card.answered_player_ids) + len(card.pending_player_ids) if card else 4
                    shown = next((m for m in card.meetings if m.id == meeting.id), meeting) if card else meeting
                    confirmed = max(len(shown.confirmed_by), len(meeting.confirmed_by), 1)  # at least this one
                    outcome = texts.text("outcome.meeting_confirmed", language, confirmed=confirmed, players=players)
            else:  # a reported result: confirmed or disputed, the record named the same way
                review = dict(
                    competition_id=button.competition_id,
                    record_id=button.target_id,
                    player_id=button.player_id,
                    idempotency_key=key,
                )
                if button.action == "confirm_result":
                    await self.gateway.call("ConfirmResult", results_pb2.ConfirmResultRequest(**review), telegram_user_id)
                    outcome = texts.text("outcome.result_confirmed", language)
                else:
                    reason = texts.text("dispute.reason", language)
                    await self.gateway.call(
                        "DisputeResult", results_pb2.DisputeResultRequest(**review, reason=reason), telegram_user_id
                    )
                    outcome = texts.text("outcome.result_disputed", language)
        except grpc.aio.AioRpcError as e:
            PRESSES.labels(button.action, "failed").inc()
            failed = texts.text("outcome.failed", language, reason=error_text(e, language))
            return failed, None  # the buttons stay: the player may try again
        PRESSES.labels(button.action, "done").inc()
        await asyncio.to_thread(self.store.finish_button, button.id or 0, outcome)
        return texts.text("press.done", language), outcome
