"""Every public List over real gRPC, the whole system in one process on SQLite and on PostgreSQL
(rondo_runtime/paging.py: the owner reads one keyset page, the gateway passes it through): pages of 2
walk exactly the list one page of 500 shows, in the same order; no page reads more than 3 rows of its
list's table (counted by the database: a List that reads the whole list and slices it fails); items
added between two pages (a competition, a room named before the position, a booking) make no page skip
or repeat one; a token is refused with another query's filters, mangled, or too long."""

from __future__ import annotations

import re
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import Engine, event
from sqlmodel import Session

from booking.adapters.mediation_repository import MediationRepository
from booking.adapters.reminder_repository import ReminderRepository
from booking.domain.intervals import Interval
from booking.domain.mediation import Mediation, Timeout
from booking.domain.reminders import DueReminder, Reminder, ReminderReason
from booking.domain.scheduling import Match
from league.adapters.repository import LeagueRepository
from league.domain.model import Draw, DrawStatistics, DrawStatus
from league.domain.records import PenaltyEntry, ResultRecord
from league.domain.stages import Stage
from rondo.gateway.v1 import (
    calendar_pb2,
    competitions_pb2,
    draws_pb2,
    events_pb2,
    gateway_pb2,
    identity_pb2,
    mediation_pb2,
    reminders_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from rondo_app.registry import NAMES, SERVICES
from rondo_runtime.db import make_engine
from rondo_runtime.paging import MAX_TOKEN_LENGTH
from tests.conftest import create_test_database, drop_database
from tests.faults.conftest import InProcessServer

pytestmark = pytest.mark.integration
TIMEOUT = 30
START = (datetime.now(UTC) + timedelta(days=3)).replace(hour=0, minute=0, second=0, microsecond=0)


def ts(hours: float) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(START + timedelta(hours=hours))
    return out


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def server(request, tmp_path_factory) -> Iterator[InProcessServer]:
    urls: dict[str, str] = {}
    if request.param == "postgresql":
        pg = request.getfixturevalue("pg_server_url")
        urls = {s.name: create_test_database(pg) for s in SERVICES if s.database}
    running = InProcessServer(list(NAMES), tmp_path_factory.mktemp("pages"), database_urls=urls)
    yield running
    running.close()
    for url in urls.values():
        drop_database(url)


@pytest.fixture(scope="module")
def made(server):
    """4 clubs, one with 5 rooms, 6 bookings and 5 reminders; 5 competitions, one with 7 players, 3
    ruleset changes, 5 draws, 5 stages, 5 records of one match, 5 mediations and 5 time-outs (those
    written straight into the owners' databases: making them through the API needs a season)."""
    assert server.accounts is not None
    stub = server.accounts.stub(server.accounts.organizer_token)
    clubs = [
        stub.CreateClub(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name=name)), timeout=TIMEOUT)
        for name in ("Beta", "alpha", "Gamma", "delta")
    ]
    club = clubs[0]
    rooms = [room(stub, club.id, name) for name in ("Room 3", "Room 1", "room 2", "Room 5", "Room 4")]
    for i in range(6):
        book(stub, club.id, rooms[i % 2].id, 2 * i)
    competitions = [
        stub.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=f"League {i}", ruleset="discard-league-2026")
            ),
            timeout=TIMEOUT,
        )
        for i in range(5)
    ]
    cid = competitions[0].id
    for i in range(7):
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=f"Player {i}"), timeout=TIMEOUT)
    for places in (4, 8, 4):
        stub.ChangeRuleset(
            competitions_pb2.ChangeRulesetRequest(competition_id=cid, overrides_json=f'{{"playoff_places": {places}}}'),
            timeout=TIMEOUT,
        )
    for i in range(3):
        stub.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=f"Judge {i}", role=identity_pb2.ROLE_JUDGE)),
            timeout=TIMEOUT,
        )
    _, bot_token = server.accounts.account(identity_pb2.ROLE_BOT, "Pages bot")
    players = [p.id for p in stub.ListPlayers(competitions_pb2.ListPlayersRequest(competition_id=cid), timeout=TIMEOUT).players]
    write_league_lists(owner_url(server, LeagueRepository), cid, players)
    write_booking_lists(owner_url(server, MediationRepository), club.id, cid, players)
    return stub, club, cid, server.accounts.stub(bot_token)


def owner_url(server: InProcessServer, repository: type) -> str:
    """The database of the service whose package holds ``repository``."""
    owner = repository.__module__.split(".")[0]
    assert owner in NAMES
    return server.settings.database_url(owner)


def write(url: str, repository: Callable[[Session], Any], work: Callable[[Any], None]) -> None:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            work(repository(session))
            session.commit()
    finally:
        engine.dispose()


def write_league_lists(url: str, cid: str, players: list[str]) -> None:
    """5 draws (the last approved: its round 1, table 1 is the first 4 players), 5 stages and 5 records
    of round 1, table 1 (the last replaces the second)."""
    at = datetime.now(UTC)
    seats = tuple(players[:4])

    def work(repo: LeagueRepository) -> None:
        for version in range(1, 6):
            status = DrawStatus.APPROVED if version == 5 else DrawStatus.SUPERSEDED
            draw = Draw(
                str(uuid.uuid4()), cid, version, status, version, ((seats,),), DrawStatistics((0,), (0,), True, "test"), at
            )
            repo.add_draw(draw)
        repo.session.flush()
        repo.set_published_draw(cid, draw.id)
        for number in range(2, 7):
            repo.add_stage(Stage(str(uuid.uuid4()), cid, number, "test-stage", f"stage {number}", (), at, "Pages"))
        records: list[str] = []
        for sequence in range(1, 6):
            records.append(str(uuid.uuid4()))
            replaces = records[1] if sequence == 5 else None
            content = PenaltyEntry(players[0], -sequence, "late")
            repo.add_record(
                ResultRecord(records[-1], cid, sequence, 1, 1, content, "Pages", at, replaces, "fixed" if replaces else "")
            )
            repo.session.flush()

    write(url, LeagueRepository, work)


def write_booking_lists(url: str, club_id: str, cid: str, players: list[str]) -> None:
    """5 reminders of a club's match (published, their window long closed: the gateway's reminder task
    leaves them be), 5 mediations and 5 time-outs of the competition."""
    past = Interval(START - timedelta(days=400), START - timedelta(days=399))

    def work(repo: ReminderRepository) -> None:
        match = Match(str(uuid.uuid4()), f"{cid}/pages", club_id, tuple(players[:4]), past, 60)
        repo.add_match(match, past.start)
        repo.session.flush()
        for i in range(5):
            due = DueReminder(
                match.id, match.key, club_id, START + timedelta(hours=i), past, match.player_ids, ReminderReason.NO_PROPOSAL
            )
            repo.add_reminder(Reminder(str(uuid.uuid4()), due, past.start, published_at=past.start))
        mediations = MediationRepository(repo.session)
        for i in range(5):
            requested = START - timedelta(days=10 - i)
            mediations.add_mediation(
                Mediation(
                    str(uuid.uuid4()), cid, 1, i + 1, 1, players[0], players[1], requested, date(2027, 1, 4), (), None, requested
                )
            )
            mediations.add_timeout(
                Timeout(str(uuid.uuid4()), cid, 1, players[i], date(2027, 2, 1 + i), date(2027, 2, 8 + i), requested)
            )

    write(url, ReminderRepository, work)


def room(stub, club_id: str, name: str):
    return stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(club_id=club_id, room=scheduling_pb2.Room(name=name)), timeout=TIMEOUT
    )


def book(stub, club_id: str, room_id: str, hour: float):
    return stub.BookActivity(
        calendar_pb2.BookActivityRequest(club_id=club_id, room_id=room_id, title="Evening", start=ts(hour), end=ts(hour + 1)),
        timeout=TIMEOUT,
    )


class RowsRead:
    """The most rows one SELECT returned from each table while ``on``, counted by the database itself:
    each statement is run again as ``SELECT count(*) FROM (statement)`` on its own connection."""

    FROM = re.compile(r"\b(?:FROM|JOIN)\s+\"?(\w+)\"?", re.IGNORECASE)

    def __init__(self) -> None:
        self.on = False
        self.most: dict[str, int] = {}
        self.lock = threading.Lock()

    def __call__(self, conn, cursor, statement: str, parameters, context, executemany: bool) -> None:
        if not self.on or executemany or not statement.lstrip().upper().startswith("SELECT") or "FOR UPDATE" in statement:
            return
        again = cursor.connection.cursor()
        try:
            again.execute(f"SELECT count(*) FROM ({statement}) AS rows_read", parameters)
            (rows,) = again.fetchone()
        finally:
            again.close()
        with self.lock:
            for table in set(self.FROM.findall(statement)):
                self.most[table] = max(self.most.get(table, 0), rows)


@pytest.fixture
def rows_read() -> Iterator[RowsRead]:
    counter = RowsRead()
    event.listen(Engine, "after_cursor_execute", counter)
    yield counter
    event.remove(Engine, "after_cursor_execute", counter)


def walk(call: Callable, request: Message, items: str, size: int, between: Callable[[int], None] = lambda turn: None):
    """Every page of ``request`` of ``size`` in turn (``between(turn)`` after each but the last), and the pages."""
    seen, token, pages = [], "", 0
    while True:
        asked = type(request)()
        asked.CopyFrom(request)
        asked.page_size, asked.page_token = size, token
        page = call(asked, timeout=TIMEOUT)
        seen += [x.SerializeToString(deterministic=True) for x in getattr(page, items)]
        pages, token = pages + 1, page.next_page_token
        if not token:
            return seen, pages
        between(pages)
        assert pages < 200


def lists(stub, club, cid, bot) -> dict[str, tuple[Callable, Message, str] | None]:
    """Every public List RPC: its call, a request of it, and its repeated field."""
    week = {"from": ts(-1), "to": ts(24 * 7)}
    return {
        "ListAccounts": (stub.ListAccounts, identity_pb2.ListAccountsRequest(), "accounts"),
        "ListAuditLog": (stub.ListAuditLog, identity_pb2.ListAuditLogRequest(), "entries"),
        "ListTelegramLinks": (bot.ListTelegramLinks, identity_pb2.ListTelegramLinksRequest(), "links"),
        "ListCompetitions": (stub.ListCompetitions, competitions_pb2.ListCompetitionsRequest(), "competitions"),
        "ListPlayers": (stub.ListPlayers, competitions_pb2.ListPlayersRequest(competition_id=cid), "players"),
        "ListRulesetVersions": (
            stub.ListRulesetVersions,
            competitions_pb2.ListRulesetVersionsRequest(competition_id=cid),
            "ruleset_versions",
        ),
        "ListRulesets": (stub.ListRulesets, competitions_pb2.ListRulesetsRequest(), "rulesets"),
        "ListDraws": (stub.ListDraws, draws_pb2.ListDrawsRequest(competition_id=cid), "draws"),
        "ListResultRecords": (
            stub.ListResultRecords,
            results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=1),
            "result_records",
        ),
        "ListStages": (stub.ListStages, stages_pb2.ListStagesRequest(competition_id=cid), "stages"),
        "ListClubs": (stub.ListClubs, scheduling_pb2.ListClubsRequest(), "clubs"),
        "ListRooms": (stub.ListRooms, scheduling_pb2.ListRoomsRequest(club_id=club.id), "rooms"),
        "ListBookings": (stub.ListBookings, calendar_pb2.ListBookingsRequest(club_id=club.id, **week), "bookings"),
        "ListEvents": (stub.ListEvents, events_pb2.ListEventsRequest(), "events"),
        "ListReminders": (stub.ListReminders, reminders_pb2.ListRemindersRequest(club_id=club.id, **week), "reminders"),
        "ListMediations": (stub.ListMediations, mediation_pb2.ListMediationsRequest(competition_id=cid), "mediations"),
        "ListTimeouts": (stub.ListTimeouts, mediation_pb2.ListTimeoutsRequest(competition_id=cid), "timeouts"),
    }


def test_pages_of_two_walk_exactly_the_one_big_page_of_every_list(made):
    stub, club, cid, bot = made
    every = lists(stub, club, cid, bot)
    assert set(every) == {
        m.name for m in gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"].methods if m.name.startswith("List")
    }
    for rpc, entry in every.items():
        if entry is None:
            continue
        call, request, items = entry
        whole, pages = walk(call, request, items, 500)
        assert pages == 1, rpc
        paged, pages = walk(call, request, items, 2)
        assert paged == whole, rpc
        assert pages == max(1, -(-len(whole) // 2)) or rpc == "ListEvents", (rpc, pages, len(whole))
    assert len(walk(stub.ListRooms, scheduling_pb2.ListRoomsRequest(club_id=club.id), "rooms", 500)[0]) >= 5


#: The table each List of league and booking pages (the gateway's own Lists, keyset since they were
#: written, have tests/integration/test_gateway_storage.py; ListRulesets is the catalogue in the code).
TABLES = {
    "ListCompetitions": "competitions",
    "ListPlayers": "players",
    "ListRulesetVersions": "ruleset_versions",
    "ListDraws": "draws",
    "ListResultRecords": "result_records",
    "ListStages": "stages",
    "ListClubs": "clubs",
    "ListRooms": "rooms",
    "ListBookings": "bookings",
    "ListReminders": "reminders",
    "ListMediations": "mediations",
    "ListTimeouts": "mediation_timeouts",
}


def test_a_page_reads_at_most_one_row_more_than_it_shows(made, rows_read):
    """Page 1 costs what the last page costs: no List reads its whole list (at least 4 items each here)
    and slices it; a page of 2 reads at most 3 rows of its table, in one statement or another."""
    every = lists(*made)
    for rpc, table in TABLES.items():
        call, request, items = every[rpc]  # type: ignore[misc]
        assert len(walk(call, request, items, 500)[0]) >= 4, rpc
        token, pages = "", 0
        while True:
            asked = type(request)()
            asked.CopyFrom(request)
            asked.page_size, asked.page_token = 2, token
            rows_read.most.clear()
            rows_read.on = True
            token = call(asked, timeout=TIMEOUT).next_page_token
            rows_read.on = False
            pages += 1
            assert 0 < rows_read.most.get(table, 0) <= 3, (rpc, pages, rows_read.most)
            if not token:
                break
        assert pages >= 2, rpc


def test_items_added_between_pages_are_neither_skipped_nor_repeated(made):
    stub, club, _, _ = made
    names = lambda found: [scheduling_pb2.Room.FromString(r).name for r in found]  # noqa: E731
    added = iter(["Room 0", "Room 9", "A room", "Room 45"])  # before the position, after it, before, between
    listed, _ = walk(
        stub.ListRooms,
        scheduling_pb2.ListRoomsRequest(club_id=club.id),
        "rooms",
        2,
        lambda turn: room(stub, club.id, next(added)) if turn <= 4 else None,
    )
    everything, _ = walk(stub.ListRooms, scheduling_pb2.ListRoomsRequest(club_id=club.id), "rooms", 500)
    assert len(set(listed)) == len(listed)  # nothing twice
    assert set(names(listed)) >= {"Room 1", "room 2", "Room 3", "Room 4", "Room 5", "Room 9"}  # nothing skipped
    assert [n for n in names(everything) if n in names(listed)] == names(listed)  # in the list's own order

    before = len(walk(stub.ListCompetitions, competitions_pb2.ListCompetitionsRequest(), "competitions", 500)[0])
    late: list[str] = []

    def create(turn: int) -> None:
        late.append(
            stub.CreateCompetition(
                competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name=f"Late {turn}")),
                timeout=TIMEOUT,
            ).id
        )

    seen, _ = walk(stub.ListCompetitions, competitions_pb2.ListCompetitionsRequest(), "competitions", 2, create)
    ids = [competitions_pb2.Competition.FromString(c).id for c in seen]
    assert len(ids) == len(set(ids)) == before + len(late) and ids[-len(late) :] == late  # the newest at the end

    week = {"from": ts(-1), "to": ts(24 * 7)}
    rooms = stub.ListRooms(scheduling_pb2.ListRoomsRequest(club_id=club.id), timeout=TIMEOUT).rooms
    hours = iter([0.5, 100.0, 1.5])  # between bookings already seen, after them all, before
    seen, _ = walk(
        stub.ListBookings,
        calendar_pb2.ListBookingsRequest(club_id=club.id, **week),
        "bookings",
        2,
        lambda turn: book(stub, club.id, rooms[-1].id, next(hours)) if turn <= 3 else None,
    )
    starts = [calendar_pb2.Booking.FromString(b).slot.start.ToDatetime() for b in seen]
    ids = [calendar_pb2.Booking.FromString(b).id for b in seen]
    assert len(ids) == len(set(ids)) and starts == sorted(starts) and len(ids) >= 6 + 1  # the late one comes


def test_a_token_of_another_query_a_mangled_or_an_overlong_one_is_refused_naming_page_token(made):
    stub, club, cid, bot = made
    first = stub.ListRooms(scheduling_pb2.ListRoomsRequest(club_id=club.id, page_size=1), timeout=TIMEOUT)
    other_club = stub.ListClubs(scheduling_pb2.ListClubsRequest(), timeout=TIMEOUT).clubs[0]
    assert other_club.id != club.id
    for request, said in (
        (scheduling_pb2.ListRoomsRequest(club_id=other_club.id, page_token=first.next_page_token), "another query"),
        (
            scheduling_pb2.ListRoomsRequest(club_id=club.id, page_token=first.next_page_token[:-3]),
            "not a page token of this list",
        ),
        (scheduling_pb2.ListRoomsRequest(club_id=club.id, page_token="x" * (MAX_TOKEN_LENGTH + 1)), "too long"),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            stub.ListRooms(request, timeout=TIMEOUT)
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "page_token" in refused.value.details() and said in refused.value.details(), refused.value.details()
    players = stub.ListPlayers(competitions_pb2.ListPlayersRequest(competition_id=cid, page_size=2), timeout=TIMEOUT)
    with pytest.raises(grpc.RpcError) as refused:  # the same list's token, other filters
        stub.ListPlayers(
            competitions_pb2.ListPlayersRequest(competition_id=cid, include_inactive=True, page_token=players.next_page_token),
            timeout=TIMEOUT,
        )
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "another query" in refused.value.details()
    with pytest.raises(grpc.RpcError) as refused:  # refused by the gateway before the owner is asked
        stub.ListResultRecords(results_pb2.ListResultRecordsRequest(competition_id=cid, page_size=-1), timeout=TIMEOUT)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "page_size" in refused.value.details()
