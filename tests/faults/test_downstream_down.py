"""A downstream service that is down, in distributed mode: one `rondo serve` process per service on
loopback (SQLite per service in one data directory), a service killed with SIGKILL and restarted on the
same database and port.

* league killed: every gateway call that needs it answers UNAVAILABLE naming the league service and
  saying to retry; the gateway stores nothing (no event, the idempotency key is not burned); after the
  restart the same requests with the same keys complete once (one competition, one record, one draw,
  one event each), and repeating them again changes nothing;
* the solver killed in the middle of DrawCompetition (the ``solver.draw.before_solve`` fail point) and
  while it stays down: UNAVAILABLE, no draw stored; after the restart the retry stores one draw;
* the league killed inside the approval's transaction (``league.approve_draw.before_commit``): the draw
  is not approved and no ``draw.published`` is appended; the retry approves once, one event. Killed
  after the approval committed but before it answered (``league.approve_draw.after_commit``): the
  retry appends the missing ``draw.published`` once;
* the league killed after storing a keyed draw without a seed but before answering
  (``league.save_draw.after_commit``): the retry asks the solver the same question (the seed derives
  from the key) and answers the stored draw, one ``draw.proposed``;
* booking killed: SetAvailability and ConfirmMeeting answer UNAVAILABLE naming booking; after the
  restart the retries complete once (one booking, one ``schedule.booked``).
"""

from __future__ import annotations

import contextlib
import secrets
import subprocess
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from bench.cluster_load import kill_process_tree
from rondo.gateway.v1 import (
    calendar_pb2,
    common_pb2,
    competitions_pb2,
    draws_pb2,
    events_pb2,
    gateway_pb2_grpc,
    results_pb2,
    scheduling_pb2,
)
from rondo_app.demo import rondo_process
from rondo_app.registry import SERVICES, service
from rondo_runtime.config import Settings
from rondo_runtime.process import free_port
from tests import mahjong_season as season
from tests.accounts import Accounts
from tests.waiting import answered, refused_with, wait_until

pytestmark = [pytest.mark.faults, pytest.mark.slow]

RETRY_FOR_SECONDS = 60.0  # how long a client keeps retrying a call answered UNAVAILABLE


class Cluster:
    """The four services as four processes on 127.0.0.1 (the registry's list), each service with a
    database on its SQLite file in one data directory; one can be killed and started again."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self.ports = {s.name: free_port() for s in SERVICES}
        self.base = {
            "RONDO_LOG_LEVEL": "ERROR",
            "RONDO_METRICS_PORT": "-1",
            "RONDO_CALENDAR_PORT": "-1",
            "RONDO_DATA_DIR": str(data_dir),
            "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(24),
            "RONDO_REMINDER_INTERVAL_SECONDS": "0",  # no periodic call to booking while it is down
            "RONDO_SOLVER_WORKERS": "1",
            **{f"RONDO_{name.upper()}_ADDR": f"127.0.0.1:{port}" for name, port in self.ports.items()},
        }
        self.stack = contextlib.ExitStack()
        self.processes: dict[str, subprocess.Popen] = {}
        self.armed: set[str] = set()  # services started with extra settings (fail points)
        for s in SERVICES:
            self.start(s.name)
        self.raw_channel = grpc.insecure_channel(f"127.0.0.1:{self.ports['gateway']}")
        self.accounts = Accounts(self.raw_channel, Settings(data_dir=data_dir))
        self.gateway: gateway_pb2_grpc.GatewayServiceStub = self.accounts.organizer

    def start(self, name: str, **env: str) -> None:
        """``rondo serve NAME`` on its port and database; ``env``: e.g. ``RONDO_FAILPOINTS``."""
        address = f"127.0.0.1:{self.ports[name]}"
        full = {**self.base, "RONDO_PORT": str(self.ports[name]), **env}
        self.armed.discard(name)
        if env:
            self.armed.add(name)
        self.processes[name] = self.stack.enter_context(
            rondo_process(["serve", name], full, address, (service(name).grpc_service,))
        )

    def kill(self, name: str) -> None:
        """SIGKILL the service's process and its children (the solver's workers), by their pids."""
        kill_process_tree(self.processes.pop(name))

    def restart(self, name: str, **env: str) -> None:
        if name in self.processes:
            self.kill(name)
        self.start(name, **env)

    def restore(self) -> None:
        """Every service running again with its ordinary settings (after a test, whatever it left)."""
        for s in SERVICES:
            if s.name not in self.processes or s.name in self.armed:
                self.restart(s.name)

    def close(self) -> None:
        self.raw_channel.close()
        self.stack.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    running = Cluster(tmp_path_factory.mktemp("downstream-down"))
    yield running
    running.close()


@pytest.fixture(autouse=True)
def restored(cluster):
    yield
    cluster.restore()


def unavailable(call, request, service_name: str, timeout: float = 30) -> str:
    """The call answers UNAVAILABLE naming ``service_name`` and saying to retry; returns the message."""
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=timeout)
    error = caught.value
    assert error.code() == grpc.StatusCode.UNAVAILABLE, (error.code(), error.details())
    message = error.details() or ""
    assert f"the {service_name} service" in message and "retry" in message, message
    assert "127.0.0.1" not in message  # never an internal address
    return message


def retried(call, request, timeout: float = 30):
    """A client's retry of the same request (same key) while the gateway answers UNAVAILABLE (a
    restarted service is found again once the gateway's channel reconnects)."""
    return answered(
        lambda: call(request, timeout=timeout), refused_with(grpc.StatusCode.UNAVAILABLE), "the retried call", RETRY_FOR_SECONDS
    )


def events(stub, competition_id: str) -> list[tuple[str, str]]:
    listed = stub.ListEvents(events_pb2.ListEventsRequest(competition_id=competition_id, page_size=1000), timeout=10)
    return [(e.kind, e.subject_id) for e in listed.events]


def competition(stub, name: str, players: int = 8, key: str = "") -> tuple[str, list[str]]:
    created = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026"), idempotency_key=key
        ),
        timeout=10,
    )
    ids = [
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=created.id, name=f"{name} P{i}"), timeout=10).id
        for i in range(1, players + 1)
    ]
    return created.id, ids


def draw_request(cid: str, key: str) -> draws_pb2.DrawCompetitionRequest:
    return draws_pb2.DrawCompetitionRequest(competition_id=cid, seed=3, time_limit_seconds=2, idempotency_key=key)


def drawn(stub, name: str) -> tuple[str, draws_pb2.Draw]:
    cid, _ = competition(stub, name)
    return cid, stub.DrawCompetition(draw_request(cid, f"{name}-draw"), timeout=60).draw


def draws(stub, cid: str) -> list[draws_pb2.Draw]:
    return list(stub.ListDraws(draws_pb2.ListDrawsRequest(competition_id=cid), timeout=10).draws)


def paused(pool: ThreadPoolExecutor, call, request, marker: Path) -> Future:
    """Sends ``request`` until a server process pauses with it at its fail point (it writes ``marker``);
    answers UNAVAILABLE until the gateway's channel reaches the service just started are sent again."""
    sent: list[Future] = []

    def reached() -> bool:
        sent.append(pool.submit(call, request, timeout=120))
        wait_until(lambda: marker.exists() or sent[-1].done(), "the call paused or answered")
        if marker.exists():
            return True
        error = sent[-1].exception()
        assert isinstance(error, grpc.RpcError) and error.code() == grpc.StatusCode.UNAVAILABLE, error
        return False

    wait_until(reached, "the call reached the fail point", RETRY_FOR_SECONDS)
    return sent[-1]


def test_league_down_answers_unavailable_stores_nothing_and_the_same_keys_complete_once_after_the_restart(cluster):
    stub = cluster.gateway
    cid, _ = competition(stub, "Kept league")
    draw = stub.DrawCompetition(draw_request(cid, "kept-draw"), timeout=60).draw
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
    undrawn, _ = competition(stub, "Undrawn league")
    before = events(stub, cid)
    seats = list(draw.rounds[0].tables[0].player_ids)
    create = competitions_pb2.CreateCompetitionRequest(
        competition=competitions_pb2.Competition(name="Made while league was down"), idempotency_key="made-once"
    )
    record = results_pb2.RecordHanchanRequest(
        competition_id=cid,
        round=1,
        table=1,
        hanchan=results_pb2.HanchanResult(number=1, scores=season.scores(seats, "down", 1)),
        idempotency_key="recorded-once",
    )
    draw_later = draw_request(undrawn, "drawn-once")

    cluster.kill("league")
    for call, request in ((stub.CreateCompetition, create), (stub.RecordHanchan, record), (stub.DrawCompetition, draw_later)):
        for _ in range(2):  # a retry while league is still down is answered the same way
            unavailable(call, request, "league")
    assert events(stub, cid) == before and events(stub, undrawn) == []  # nothing appended

    cluster.start("league")  # the same database and port
    made = retried(stub.CreateCompetition, create)
    stored = retried(stub.RecordHanchan, record)
    proposal = retried(stub.DrawCompetition, draw_later, timeout=60)
    # the same requests once more: the first answers, nothing made twice
    assert stub.CreateCompetition(create, timeout=10).id == made.id
    assert stub.RecordHanchan(record, timeout=10).id == stored.id
    assert stub.DrawCompetition(draw_later, timeout=60).draw.id == proposal.draw.id

    listed = stub.ListCompetitions(competitions_pb2.ListCompetitionsRequest(page_size=1000), timeout=10).competitions
    assert [c.id for c in listed if c.name == "Made while league was down"] == [made.id]
    history = stub.ListResultRecords(results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=1), timeout=10)
    assert [r.id for r in history.result_records] == [stored.id]
    assert events(stub, cid) == [*before, ("standings.changed", stored.id)]
    assert [d.id for d in draws(stub, undrawn)] == [proposal.draw.id]
    assert events(stub, undrawn) == [("draw.proposed", proposal.draw.id)]


def test_the_solver_killed_during_a_draw_stores_no_draw_and_the_retry_stores_one(cluster, tmp_path):
    stub = cluster.gateway
    cid, _ = competition(stub, "Solver league")
    marker = tmp_path / "solver-paused"
    cluster.restart("solver", RONDO_FAILPOINTS=f"solver.draw.before_solve={marker}")
    request = draw_request(cid, "solved-once")
    with ThreadPoolExecutor(1) as pool:
        pending = paused(pool, stub.DrawCompetition, request, marker)  # the gateway waits for the solver
        cluster.kill("solver")
        with pytest.raises(grpc.RpcError) as during:
            pending.result(timeout=60)
    assert during.value.code() == grpc.StatusCode.UNAVAILABLE and "the solver service" in (during.value.details() or "")
    unavailable(stub.DrawCompetition, request, "solver")  # still down: the same key is not taken
    assert draws(stub, cid) == [] and events(stub, cid) == []

    cluster.start("solver")
    proposal = retried(stub.DrawCompetition, request, timeout=60)
    assert proposal.draw.version == 1 and proposal.status in (common_pb2.SOLVE_STATUS_OPTIMAL, common_pb2.SOLVE_STATUS_FEASIBLE)
    assert stub.DrawCompetition(request, timeout=60).draw.id == proposal.draw.id
    assert [d.id for d in draws(stub, cid)] == [proposal.draw.id]
    assert events(stub, cid) == [("draw.proposed", proposal.draw.id)]


def test_an_approval_whose_storing_failed_is_not_approved_and_not_published_and_the_retry_publishes_once(cluster, tmp_path):
    stub = cluster.gateway
    cid, draw = drawn(stub, "Approved league")
    approve = draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id)
    marker = tmp_path / "approval-paused"
    cluster.restart("league", RONDO_FAILPOINTS=f"league.approve_draw.before_commit={marker}")
    with ThreadPoolExecutor(1) as pool:
        pending = paused(pool, stub.ApproveDraw, approve, marker)  # inside the transaction: written, not committed
        cluster.kill("league")
        with pytest.raises(grpc.RpcError) as failed:
            pending.result(timeout=60)
    assert failed.value.code() == grpc.StatusCode.UNAVAILABLE and "the league service" in (failed.value.details() or "")
    cluster.start("league")
    stored = retried(stub.GetDraw, draws_pb2.GetDrawRequest(competition_id=cid, draw_id=draw.id))
    assert stored.status == draws_pb2.DRAW_STATUS_PROPOSED  # not approved
    with pytest.raises(grpc.RpcError) as unpublished:
        stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=10)
    assert unpublished.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert events(stub, cid) == [("draw.proposed", draw.id)]

    approved = stub.ApproveDraw(approve, timeout=10)
    again = stub.ApproveDraw(approve, timeout=10)  # approving twice publishes nothing twice
    assert approved.status == again.status == draws_pb2.DRAW_STATUS_APPROVED and approved.approved_at == again.approved_at
    assert events(stub, cid) == [("draw.proposed", draw.id), ("draw.published", draw.id)]


def test_an_approval_stored_but_not_answered_is_published_once_by_the_retry(cluster, tmp_path):
    stub = cluster.gateway
    cid, draw = drawn(stub, "Half approved league")
    approve = draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id)
    marker = tmp_path / "approved-unanswered"
    cluster.restart("league", RONDO_FAILPOINTS=f"league.approve_draw.after_commit={marker}")
    with ThreadPoolExecutor(1) as pool:
        pending = paused(pool, stub.ApproveDraw, approve, marker)  # committed; the answer never leaves league
        cluster.kill("league")
        with pytest.raises(grpc.RpcError) as lost:
            pending.result(timeout=60)
    assert lost.value.code() == grpc.StatusCode.UNAVAILABLE
    cluster.start("league")
    assert events(stub, cid) == [("draw.proposed", draw.id)]  # the gateway never saw it approved
    assert retried(stub.ApproveDraw, approve).status == draws_pb2.DRAW_STATUS_APPROVED
    stub.ApproveDraw(approve, timeout=10)
    assert events(stub, cid) == [("draw.proposed", draw.id), ("draw.published", draw.id)]
    assert stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=10).draw_id == draw.id


def test_a_draw_stored_but_not_answered_is_answered_by_the_retry_and_proposed_once(cluster, tmp_path):
    stub = cluster.gateway
    cid, _ = competition(stub, "Unanswered draw league")
    request = draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=2, idempotency_key="lost-answer")
    marker = tmp_path / "draw-stored-unanswered"
    cluster.restart("league", RONDO_FAILPOINTS=f"league.save_draw.after_commit={marker}")
    with ThreadPoolExecutor(1) as pool:
        pending = paused(pool, stub.DrawCompetition, request, marker)  # committed; the answer never leaves league
        cluster.kill("league")
        with pytest.raises(grpc.RpcError) as lost:
            pending.result(timeout=60)
    assert lost.value.code() == grpc.StatusCode.UNAVAILABLE
    cluster.start("league")
    assert events(stub, cid) == []  # the gateway never saw the draw
    proposal = retried(stub.DrawCompetition, request, timeout=60)
    assert [d.id for d in draws(stub, cid)] == [proposal.draw.id]  # the draw stored first, not a second one
    assert stub.DrawCompetition(request, timeout=60).draw.id == proposal.draw.id
    assert events(stub, cid) == [("draw.proposed", proposal.draw.id)]


def _ts(at: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(at)
    return out


def test_booking_down_answers_unavailable_and_the_retried_answer_and_confirmation_book_once(cluster):
    stub = cluster.gateway
    cid, draw = drawn(stub, "Booked league")
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
    club = stub.CreateClub(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Down club")), timeout=10)
    stub.CreateRoom(scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name="Room 1")), timeout=10)
    start = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)
    opened = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid, round=1, club_id=club.id, window_start=_ts(start), window_end=_ts(start + timedelta(days=7))
        ),
        timeout=10,
    )
    match = opened.matches[0]
    key, players = match.match_key, list(match.player_ids)
    player = {p: cluster.accounts.player(cid, p) for p in players}
    free = [common_pb2.TimeInterval(start=_ts(start + timedelta(hours=17)), end=_ts(start + timedelta(hours=23)))]
    for p in players[:3]:
        player[p].SetAvailability(scheduling_pb2.SetAvailabilityRequest(match_key=key, intervals=free), timeout=10)

    last = player[players[3]]
    answer = scheduling_pb2.SetAvailabilityRequest(match_key=key, intervals=free)
    cluster.kill("booking")
    unavailable(last.SetAvailability, answer, "booking")
    cluster.start("booking")
    assert len(retried(last.SetAvailability, answer).intervals) == 1
    card = last.GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=10)
    assert card.state == scheduling_pb2.CARD_STATE_AGREEING and list(card.pending_player_ids) == []

    meeting = player[players[0]].ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(
            match_key=key, start=_ts(start + timedelta(hours=18)), end=_ts(start + timedelta(hours=22))
        ),
        timeout=10,
    )
    for p in players[:3]:
        player[p].ConfirmMeeting(scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting.id), timeout=10)
    confirm = scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting.id, idempotency_key="last-confirmation")
    cluster.kill("booking")
    unavailable(last.ConfirmMeeting, confirm, "booking")
    proposed = [
        ("draw.proposed", draw.id),
        ("draw.published", draw.id),
        ("schedule.options-ready", cid),  # the retried last answer completed the table, once
        ("schedule.proposed", meeting.id),
    ]
    assert events(stub, cid) == proposed  # the player's proposal, and nothing booked
    cluster.start("booking")
    booked = retried(last.ConfirmMeeting, confirm)
    assert booked.status == scheduling_pb2.MEETING_STATUS_BOOKED
    assert last.ConfirmMeeting(confirm, timeout=10).booking_id == booked.booking_id
    window = {"from": _ts(start), "to": _ts(start + timedelta(days=7))}
    listed = stub.ListBookings(calendar_pb2.ListBookingsRequest(club_id=club.id, **window), timeout=10).bookings
    assert [b.id for b in listed] == [booked.booking_id]
    assert events(stub, cid)[4:] == [("schedule.booked", meeting.id)]
