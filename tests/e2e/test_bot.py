"""The Telegram bot end to end: `rondo up` (embedded), the bot as its own process (`python -m bot`),
and a local stand-in of the Bot API (``bot.standin``) that feeds the bot's long poll and records what it
sends. Players link with a code they made (CreateTelegramLinkCode -> /start CODE); a draw published,
a meeting proposed (Confirm books when all four confirmed), a result reported (Confirm / Dispute), a
reminder due; the bot killed in the middle and restarted sends nothing twice; nothing about one
player reaches another; a button pressed by someone else is refused."""

from __future__ import annotations

import collections
import os
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp

from bot.gateway import KINDS
from bot.standin import BotApiStandIn, Call, buttons
from bot.store import SENDING, Store
from rondo.gateway.v1 import (
    common_pb2,
    competitions_pb2,
    draws_pb2,
    identity_pb2,
    reminders_pb2,
    results_pb2,
    scheduling_pb2,
)
from tests.bot_process import BotProcess
from tests.typed_events import check_typed, every_event
from tests.waiting import wait_until

pytestmark = pytest.mark.e2e
KIROV = ZoneInfo("Europe/Kirov")
DAY0 = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)
BOT_NAME = "telegram-bot"


def ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


def slot(day: int, h1: int, m1: int, h2: int, m2: int = 0) -> common_pb2.TimeInterval:
    return common_pb2.TimeInterval(
        start=ts(DAY0 + timedelta(days=day, hours=h1, minutes=m1)), end=ts(DAY0 + timedelta(days=day, hours=h2, minutes=m2))
    )


@pytest.fixture(scope="module")
def api():
    with BotApiStandIn() as standin:
        yield standin


@pytest.fixture(scope="module")
def bot(embedded, api, tmp_path_factory):
    _, token = embedded.accounts.account(identity_pb2.ROLE_BOT, BOT_NAME)
    process = BotProcess(embedded.address, token, api, tmp_path_factory.mktemp("bot")).start()
    yield process
    assert process.stop() == 0


def league(stub, name: str, approve: bool = True) -> tuple[str, draws_pb2.Draw]:
    """A discard league of 8 players, drawn (and approved)."""
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026"), idempotency_key=name
        ),
        timeout=10,
    )
    for i in range(1, 9):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=competition.id, name=f"{name[:1]}{i}", idempotency_key=f"{name}{i}"
            ),
            timeout=10,
        )
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=7, time_limit_seconds=10, idempotency_key=name),
        timeout=30,
    )
    if approve:
        stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    return competition.id, view.draw


def club_with_a_room(stub, name: str, time_zone: str = "") -> scheduling_pb2.Club:
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name=name, time_zone=time_zone), idempotency_key=name),
        timeout=10,
    )
    stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id, idempotency_key=name),
        timeout=10,
    )
    return club


def round_one_opened(stub, cid: str, club_name: str, time_zone: str = "") -> None:
    """Round 1 of ``cid`` opened for scheduling in a new club with one room ("Room 1"), for the week
    from DAY0 (the club in ``time_zone``, Europe/Kirov when empty)."""
    club = club_with_a_room(stub, club_name, time_zone)
    stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid, round=1, club_id=club.id, window_start=slot(0, 0, 0, 1).start, window_end=slot(7, 0, 0, 1).start
        ),
        timeout=10,
    )


def texts(api: BotApiStandIn, chat: int) -> list[str]:
    return [c.params["text"] for c in api.sent(chat_id=chat)]


def link(deployment, api: BotApiStandIn, cid: str, player_id: str, user: int, language: str = "en") -> str:
    """The player's account makes a code; the Telegram user sends /start CODE: the bot's answer."""
    code = deployment.accounts.player(cid, player_id).CreateTelegramLinkCode(
        identity_pb2.CreateTelegramLinkCodeRequest(), timeout=10
    )
    before = len(api.sent(chat_id=user))
    api.message(user, f"/start {code.code}", language)
    wait_until(lambda: len(api.sent(chat_id=user)) > before, f"the bot answers /start of user {user}")
    return texts(api, user)[-1]


def last_event(stub) -> int:
    """The id of the gateway's latest event of a kind the bot follows."""
    return max((e.id for e in every_event(stub) if e.kind in KINDS), default=0)


def wait_handled(bot: BotProcess, event_id: int) -> None:
    """Until the bot's cursor (its /metrics) has reached ``event_id``: everything before it was handled."""

    def cursor() -> float:
        found = re.search(r"^rondo_bot_cursor (\S+)$", bot.get("/metrics")[1], re.M)
        return float(found.group(1)) if found else 0.0

    wait_until(lambda: cursor() >= event_id, f"the bot handled event {event_id}")


def linked_league(deployment, api: BotApiStandIn, name: str, first_user: int, linked: int = 4, russian: tuple[int, ...] = ()):
    """A league drawn and approved, and the first ``linked`` players of round 1's table 1 linked to
    Telegram users ``first_user``, ``first_user + 1``, ... (those in ``russian`` in Russian): (competition
    id, draw, the table's players, player -> Telegram user)."""
    cid, draw = league(deployment.gateway, name)
    players = list(draw.rounds[0].tables[0].player_ids)
    users = {p: first_user + i for i, p in enumerate(players[:linked])}
    for p, user in users.items():
        link(deployment, api, cid, p, user, "ru" if user in russian else "en")
    return cid, draw, players, users


def message_with(api: BotApiStandIn, chat: int, part: str) -> Call:
    wait_until(lambda: any(part in t for t in texts(api, chat)), f"a message to {chat} with {part!r}")
    return next(c for c in api.sent(chat_id=chat) if part in c.params["text"])


def press(api: BotApiStandIn, user: int, sent: Call, label: str) -> tuple[str, str | None]:
    """``user`` presses ``label`` on ``sent``: (answerCallbackQuery's text, the edited text or None)."""
    data = dict(buttons(sent))[label]
    answers, edits = len(api.sent("answerCallbackQuery")), len(api.sent("editMessageText"))
    api.press(user, sent, data)
    wait_until(lambda: len(api.sent("answerCallbackQuery")) > answers, f"{user}'s press answered")
    answer = api.sent("answerCallbackQuery")[-1].params.get("text", "")
    edited = api.sent("editMessageText")[edits:]
    return answer, (edited[-1].params["text"] if edited else None)


@pytest.mark.rule("access.telegram.start-code-links")
def test_a_player_links_with_their_code_and_gets_their_own_tables_when_the_draw_is_published(embedded, api, bot):
    stub = embedded.gateway
    cid, draw = league(stub, "Linked league", approve=False)
    players = list(draw.rounds[0].tables[0].player_ids)
    ru, en = 1001, 1002
    api.message(1000, "/start", "en")
    wait_until(lambda: texts(api, 1000), "the bot answers /start without a code")
    assert "web app" in texts(api, 1000)[0]
    api.message(1000, "/start WRONG-CODE-0123456789", "ru")
    wait_until(lambda: len(texts(api, 1000)) == 2, "the bot answers a wrong code")
    assert "неверен" in texts(api, 1000)[1]
    assert (
        link(embedded, api, cid, players[0], ru, "ru-RU")
        == f"Привязано к аккаунту player {players[0]}. Я буду писать сюда о ваших матчах. /stop отвязывает."
    )
    assert link(embedded, api, cid, players[1], en, "en").startswith(f"Linked as player {players[1]}.")

    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
    seating = stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=10)
    for user, player, header in (
        (ru, players[0], "Жеребьёвка турнира «Linked league» опубликована"),
        (en, players[1], "The draw of “Linked league” is published"),
    ):
        sent = message_with(api, user, header).params["text"].splitlines()
        mine = [
            (r.number, t.number, ", ".join(t.player_names)) for r in seating.rounds for t in r.tables if player in t.player_ids
        ]
        assert len(sent) == 1 + len(mine) == 1 + len(seating.rounds)  # their own table of each round, nothing else
        for line, (round_, table, names) in zip(sent[1:], mine):
            assert line.endswith(f" {round_}, {'стол' if user == ru else 'table'} {table}: {names}")
    assert texts(api, 1003) == []  # nobody else


@pytest.mark.rule("access.bot.button-for-its-player")
@pytest.mark.rule("access.bot.own-messages-only")
def test_a_proposed_meeting_is_confirmed_with_the_button_and_booked_by_the_fourth(embedded, api, bot):
    stub = embedded.gateway
    cid, draw, players, users = linked_league(embedded, api, "Meeting league", 2001)
    round_one_opened(stub, cid, "Bot club")
    key = f"{cid}/1/1/1"
    private = slot(3, 10, 7, 12, 53)  # only the first player's: never in anyone's message
    for i, p in enumerate(players):
        mine = [slot(1, 14, 0, 23), *([private] if i == 0 else [])]
        embedded.accounts.player(cid, p).SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=p, intervals=mine), timeout=10
        )
    proposed = stub.ProposeRoundSchedule(
        scheduling_pb2.ProposeRoundScheduleRequest(
            competition_id=cid, round=1, meeting_minutes=240, time_limit_seconds=5, idempotency_key="botauto"
        ),
        timeout=60,
    )
    meeting = next(m.meeting for m in proposed.matches if m.match_key == key)
    offers = {p: message_with(api, user, "a meeting is proposed") for p, user in users.items()}
    assert all(buttons(sent) == [("Confirm", buttons(sent)[0][1])] for sent in offers.values())
    start = meeting.slot.start.ToDatetime(UTC).astimezone(KIROV)  # the club's zone (the default)
    assert f"{start:%A}, {start:%B} {start.day}, {start.year}, {start:%H:%M}" in offers[players[0]].params["text"]
    assert "(Europe/Kirov), room “Room 1”" in offers[players[0]].params["text"]  # the room by name, not its id

    # someone else (not linked at all) presses the first player's button: refused, nothing confirmed
    answer, edited = press(api, 2999, offers[players[0]], "Confirm")
    assert answer == "This button is not for your Telegram account." and edited is None

    def card() -> scheduling_pb2.MatchCard:
        return embedded.accounts.player(cid, players[1]).GetMatchCard(
            scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=10
        )

    assert list(next(m for m in card().meetings if m.id == meeting.id).confirmed_by) == []
    # a linked player presses another linked player's button: refused too
    answer, edited = press(api, users[players[1]], offers[players[0]], "Confirm")
    assert answer == "This button is not for your Telegram account." and edited is None

    for i, p in enumerate(players):
        answer, edited = press(api, users[p], offers[p], "Confirm")
        assert answer == "Done." and edited is not None
        if i < 3:
            assert edited.endswith(f"✅ You confirmed. Waiting for the others ({i + 1} of 4).")
        else:
            assert "✅ Everyone confirmed: the meeting is booked" in edited
    assert card().state == scheduling_pb2.CARD_STATE_BOOKED
    for user in users.values():
        message_with(api, user, "the meeting is booked for")
    audit = stub.ListAuditLog(identity_pb2.ListAuditLogRequest(page_size=500), timeout=10).entries
    confirmations = [e for e in audit if e.rpc == "ConfirmMeeting" and key in e.summary]
    assert len(confirmations) == 4 and all(e.via == BOT_NAME for e in confirmations)  # each the player's, through the bot

    # nothing private: the first player's interval in no message; the other table's players told nothing
    everything = "\n".join(c.params.get("text", "") for c in api.calls)
    assert "10:07" not in everything and "12:53" not in everything
    others = set(draw.rounds[0].tables[1].player_ids)
    assert not others & set(users)


@pytest.mark.rule("access.bot.button-for-its-player")
@pytest.mark.rule("access.bot.options-ready-count-only")
def test_a_players_own_proposal_reaches_the_table_with_the_confirm_button(embedded, api, bot):
    """...its time in the club's zone (Tokyo here: the next day's night), the date in words in each
    player's language, the room by name."""
    stub = embedded.gateway
    cid, draw, players, users = linked_league(embedded, api, "Proposal league", 2101, russian=(2104,))
    round_one_opened(stub, cid, "Proposal club", "Asia/Tokyo")
    english = {p: u for p, u in users.items() if u != 2104}
    key = f"{cid}/1/1/1"
    for p in players:
        embedded.accounts.player(cid, p).SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=p, intervals=[slot(2, 15, 0, 22)]), timeout=10
        )
    # the last answer completed the table: one "schedule.options-ready" event (a count, no interval),
    # and each linked player told how many common options their card now shows, in their language
    card = embedded.accounts.player(cid, players[0]).GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=10)
    assert card.options and not card.pending_player_ids
    ready = [e for e in every_event(stub, cid) if e.kind == "schedule.options-ready"]
    assert len(ready) == 1 and check_typed(ready[0]) == "schedule.options-ready" and ready[0].subject_id == key.split("/", 1)[0]
    assert ready[0].schedule_options_ready.options == len(card.options) and "interval" not in str(ready[0].payload)
    told = {p: message_with(api, u, f"your table has answered: {len(card.options)} common options") for p, u in english.items()}
    assert len(told) == 3 and all(
        len([t for t in texts(api, u) if "your table has answered" in t]) == 1 for u in english.values()
    )
    message_with(api, 2104, f"ваш стол ответил: общих вариантов — {len(card.options)}")
    option = slot(2, 17, 0, 21)
    embedded.accounts.player(cid, players[0]).ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(match_key=key, start=option.start, end=option.end, idempotency_key="own"), timeout=10
    )
    tokyo = (DAY0 + timedelta(days=2, hours=17)).astimezone(ZoneInfo("Asia/Tokyo"))
    when = f"{tokyo:%A}, {tokyo:%B} {tokyo.day}, {tokyo.year}, 02:00–06:00 (Asia/Tokyo)"  # no room yet
    offers = {p: message_with(api, user, "a meeting is proposed") for p, user in english.items()}
    assert all(when in sent.params["text"] and [label for label, _ in buttons(sent)] == ["Confirm"] for sent in offers.values())
    russian = message_with(api, 2104, "предложена встреча")
    assert f"{tokyo.day} " in russian.params["text"] and f"{tokyo.year} г., 02:00–06:00 (Asia/Tokyo)" in (russian.params["text"])
    assert [label for label, _ in buttons(russian)] == ["Подтвердить"]
    answer, edited = press(api, users[players[2]], offers[players[2]], "Confirm")
    assert edited is not None and edited.endswith("✅ You confirmed. Waiting for the others (1 of 4).")


@pytest.mark.rule("access.bot.button-for-its-player")
def test_a_reported_result_is_confirmed_and_disputed_with_the_buttons(embedded, api, bot):
    stub = embedded.gateway
    cid, draw, players, users = linked_league(embedded, api, "Result league", 3001, russian=(3003,))
    reporter, confirmer, disputer, silent = players
    scores = dict(zip(players, (45000, 35000, 25000, 15000)))
    record = embedded.accounts.player(cid, reporter).ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            reported_by_player_id=reporter,
            hanchan=results_pb2.HanchanResult(number=1, scores=scores),
            idempotency_key="botreport",
        ),
        timeout=10,
    )
    assert record.status == results_pb2.RECORD_STATUS_REPORTED
    told = {
        p: message_with(api, users[p], "hanchan 1" if users[p] != 3003 else "ханчана 1") for p in (confirmer, disputer, silent)
    }
    assert "45000" in told[confirmer].params["text"] and [label for label, _ in buttons(told[confirmer])] == [
        "Confirm",
        "Dispute",
    ]
    assert [label for label, _ in buttons(told[disputer])] == ["Подтвердить", "Оспорить"]
    answer, edited = press(api, users[confirmer], told[confirmer], "Confirm")
    assert edited is not None and edited.endswith("✅ You confirmed the result.")
    answer, edited = press(api, users[disputer], told[disputer], "Оспорить")
    assert edited is not None and edited.endswith("⚠️ Вы оспорили результат: решит судья.")
    records = stub.ListResultRecords(
        results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=1), timeout=10
    ).result_records
    stored = next(r for r in records if r.id == record.id)
    assert stored.status == results_pb2.RECORD_STATUS_DISPUTED
    assert [(r.verdict, r.player_id) for r in stored.reviews] == [
        (results_pb2.REVIEW_VERDICT_CONFIRM, confirmer),
        (results_pb2.REVIEW_VERDICT_DISPUTE, disputer),
    ]
    assert not any("hanchan" in t for t in texts(api, users[reporter]))  # the reporter knows

    # /stop: unlinked; the bot acts for them no more
    api.message(users[silent], "/stop", "en")
    message_with(api, users[silent], "Unlinked.")
    answer, edited = press(api, users[silent], told[silent], "Confirm")
    assert edited is None and answer.startswith("❌ Not done: ") and "not linked" in answer
    # a Russian player's refusal is in Russian (the gateway's own localized message)
    api.message(users[disputer], "/stop", "ru")
    message_with(api, users[disputer], "Аккаунт отвязан.")
    again = next(c for c in api.sent(chat_id=users[disputer]) if "ханчана 1" in c.params["text"])
    answer, edited = press(api, users[disputer], again, "Подтвердить")
    assert edited is None and answer.startswith("❌ Не выполнено: ") and "not linked" not in answer


@pytest.mark.rule("schedule.reminder.bot-optional")
@pytest.mark.rule("access.bot.own-messages-only")
def test_a_due_reminder_reaches_the_linked_players_of_its_match_and_is_acknowledged(embedded, api, bot):
    stub = embedded.gateway
    cid, draw, players, users = linked_league(embedded, api, "Reminded bot league", 4001, linked=2)
    elsewhere = draw.rounds[0].tables[1].player_ids[0]  # a player of the other table, linked too
    link(embedded, api, cid, elsewhere, 4009)
    club = club_with_a_room(stub, "Reminding club")
    instant = (datetime.now(UTC) - timedelta(minutes=2)).astimezone(KIROV)
    stub.UpdateReminderSchedule(
        reminders_pb2.UpdateReminderScheduleRequest(
            reminder_schedule=reminders_pb2.ReminderSchedule(
                club_id=club.id, weekday=instant.isoweekday(), local_time=f"{instant:%H:%M}"
            ),
            update_mask=FieldMask(paths=["weekday", "local_time"]),
        ),
        timeout=10,
    )
    start = datetime.now(UTC) - timedelta(days=1)
    stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid, round=1, club_id=club.id, window_start=ts(start), window_end=ts(start + timedelta(days=7))
        ),
        timeout=10,
    )
    for user in users.values():
        sent = message_with(api, user, "Reminder — Round 1, table 1 is not scheduled yet")
        assert "availability" in sent.params["text"]
    message_with(api, 4009, "Reminder — Round 1, table 2 is not scheduled yet")
    # each is told of their own match only (the names and reasons of the other are not theirs)
    wait_handled(bot, last_event(stub))
    assert not any("table 2" in t for u in users.values() for t in texts(api, u))
    assert not any("table 1" in t for t in texts(api, 4009))
    span = reminders_pb2.ListRemindersRequest(club_id=club.id, to=ts(start + timedelta(days=7)), match_key_prefix=f"{cid}/1/1/1")
    getattr(span, "from").CopyFrom(ts(start))
    wait_until(
        lambda: all(r.acknowledged_by == BOT_NAME for r in stub.ListReminders(span, timeout=10).reminders),
        "acknowledged by the bot",
    )


@pytest.mark.rule("access.bot.delivery-never-twice")
def test_the_bot_killed_while_sending_resumes_from_its_cursor_and_sends_nothing_twice(embedded, api, bot):
    stub = embedded.gateway
    cid, draw = league(stub, "Restart league", approve=False)
    players = [p for t in draw.rounds[0].tables for p in t.player_ids]
    users = {p: 5001 + i for i, p in enumerate(players)}
    for p, user in users.items():
        link(embedded, api, cid, p, user)
    api.hold()  # Telegram takes the next message but the bot never hears back
    try:
        stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
        wait_until(lambda: api.held >= 1, "a draw message sent, its answer held")
        bot.kill()
    finally:
        api.release()
    status, _ = bot.get("/healthz")
    assert status == 0  # gone
    bot.start()
    # every player's draw message at most once: sent before the kill (its answer held, so the bot never
    # knew) or after the restart; one claimed and not yet sent when the bot was killed stays lost
    store = Store(bot.env["RONDO_BOT_DATABASE_URL"])
    try:
        wait_handled(bot, last_event(stub))
        draw_sent = {u: sum("“Restart league” is published" in t for t in texts(api, u)) for u in users.values()}
        claimed = {d.chat_id: d.state for d in store.deliveries() if d.chat_id in draw_sent and d.key.startswith("event:")}
    finally:
        store.close()
    assert set(draw_sent.values()) <= {0, 1} and set(claimed) == set(users.values())
    lost = [u for u, n in draw_sent.items() if n == 0]
    assert all(claimed[u] == SENDING for u in lost) and len(lost) < len(users)
    # and it goes on from its cursor: a result reported now reaches the table's other players
    table = list(draw.rounds[0].tables[0].player_ids)
    embedded.accounts.player(cid, table[0]).ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            reported_by_player_id=table[0],
            hanchan=results_pb2.HanchanResult(number=1, scores=dict(zip(table, (30000, 30000, 30000, 30000)))),
            idempotency_key="restart-report",
        ),
        timeout=10,
    )
    for p in table[1:]:
        message_with(api, users[p], "reported hanchan 1")
    assert bot.get("/metrics")[1].count("rondo_bot_messages_sent_total{") >= 1
    # every message of the whole module once: the one whose answer never came was not sent again,
    # and nothing before the cursor was replayed
    counted = collections.Counter((int(c.params["chat_id"]), c.params["text"]) for c in api.sent())
    assert [k for k, n in counted.items() if n > 1] == []
    status, metrics = bot.get("/metrics")
    assert status == 200 and 'rondo_bot_messages_sent_total{kind="result.reported"}' in metrics
    assert bot.get("/readyz")[0] == 200


def test_standings_after_a_complete_round_reach_each_linked_player_once_with_their_own_row(embedded, api, bot):
    stub = embedded.gateway
    cid, draw, first_table, users = linked_league(embedded, api, "Standings league", 6001, linked=2, russian=(6002,))
    for t, table in enumerate(draw.rounds[0].tables, start=1):
        seats = list(table.player_ids)
        for number in (1, 2, 3):
            stub.RecordHanchan(
                results_pb2.RecordHanchanRequest(
                    competition_id=cid,
                    round=1,
                    table=t,
                    hanchan=results_pb2.HanchanResult(number=number, scores=dict(zip(seats, (40000, 35000, 25000, 20000)))),
                    idempotency_key=f"standings-{t}-{number}",
                ),
                timeout=10,
            )
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    assert standings.after_round == 1
    rows = {r.player_id: r for r in standings.rows}
    en = message_with(api, users[first_table[0]], "standings after round 1").params["text"]
    assert (
        en
        == f"“Standings league”, standings after round 1: you are {rows[first_table[0]].place} with {rows[first_table[0]].total} points."
    )
    ru = message_with(api, users[first_table[1]], "таблица после тура 1").params["text"]
    assert f"у вас {rows[first_table[1]].place} место, {rows[first_table[1]].total} очков" in ru
    # a further change in the same round tells nobody again; only their own row, never another's
    stub.RecordPenalty(
        results_pb2.RecordPenaltyRequest(
            competition_id=cid,
            round=1,
            table=1,
            penalty=results_pb2.PenaltyEntry(player_id=first_table[3], points=10, reason="late"),
            idempotency_key="pen",
        ),
        timeout=10,
    )
    wait_handled(bot, last_event(stub))
    for user in users.values():
        assert sum("after round 1" in t or "после тура 1" in t for t in texts(api, user)) == 1


def test_a_configuration_error_exits_2_naming_the_variable(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("RONDO_")}
    env.update({"RONDO_BOT_SERVICE_TOKEN": "x", "RONDO_TELEGRAM_TOKEN": "nonsense", "RONDO_DATA_DIR": str(tmp_path)})
    done = subprocess.run([sys.executable, "-m", "bot"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "RONDO_TELEGRAM_TOKEN" in done.stderr and "nonsense" not in done.stderr


@pytest.mark.rule("mahjong.projection.status-in-words")
def test_with_only_the_last_round_left_each_linked_player_hears_their_status_once(embedded, api, bot):
    from tests.projection_season import ProjectedSeason

    stub = embedded.gateway
    season = ProjectedSeason(stub, "Projection bot league", decided=True)  # round 1 of 2 played
    leader, _, last = season.chosen()
    link(embedded, api, season.id, leader, 7001, "en")
    link(embedded, api, season.id, last, 7002, "ru")
    table = next(t for t, seats in enumerate(season.rounds[0], start=1) if last in seats)
    stub.RecordPenalty(  # one more change of the standings, after the links: the round's statuses are told once
        results_pb2.RecordPenaltyRequest(
            competition_id=season.id,
            round=1,
            table=table,
            penalty=results_pb2.PenaltyEntry(player_id=last, points=10, reason="late"),
            idempotency_key="projection-bot",
        ),
        timeout=10,
    )
    en = message_with(api, 7001, "you have clinched").params["text"]
    assert en == (
        "“Projection bot league”, with round 1 complete: you have clinched the playoff (top 4), whatever the games left bring."
    )
    ru = message_with(api, 7002, "недостижим").params["text"]
    assert ru == (
        "«Projection bot league», по итогам тура 1: плей-офф (топ-4) — теперь недостижимо, как бы ни сложились оставшиеся игры."
    )
    wait_handled(bot, last_event(stub))
    for user in (7001, 7002):
        assert sum("with round 1 complete" in t or "по итогам тура 1" in t for t in texts(api, user)) == 1
