"""The gateway's orchestration on in-memory fakes: the real league use cases behind a fake downstream
client, a scripted solver, the event log and idempotency keys in memory. These tests check what the
gateway sends and stores, not the optimizer: no sockets, no database, milliseconds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gateway.adapters.downstream import Downstream
from gateway.adapters.events import EventLog
from gateway.adapters.idempotency import GatewayKeys
from gateway.service import SOLVER_MARGIN_SECONDS
from league.domain.model import DrawStatus
from league.service import League
from rondo.gateway.v1 import common_pb2, draws_pb2, results_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, Unavailable
from rondo_runtime.idempotency import REUSED_MESSAGE
from tests.unit.fakes import public_methods
from tests.unit.gateway_fakes import (
    DEFAULT_TIMEOUT_SECONDS,
    FakeDownstream,
    FakeEventLog,
    FakeGatewayKeys,
    GuardedGateway,
    canned_rounds,
)

pytestmark = pytest.mark.unit


class Gateway(GuardedGateway):
    """The gateway's guarded servicer over the fakes, called as a client would (``await`` hidden), as
    the organizer by default. One event loop lives as long as the gateway, as in a server: what a call
    leaves running in the background (freeing a failed request's key) finishes before the next call."""

    def __init__(self) -> None:
        super().__init__()
        self.league: League = self.downstream.league_service

    def competition(self, players: int = 8, rounds: int = 3, withdrawn: int | None = None):
        """A competition with ``players`` registered (ratings 1500 + i); ``withdrawn``: that one left."""
        competition = self.league.competitions.create("Spring league", "discard-league-2026", rounds, 4)
        roster = [self.league.roster.register(competition.id, f"Player {i}", rating=1500 + i) for i in range(players)]
        if withdrawn is not None:
            self.league.roster.withdraw(competition.id, roster[withdrawn].id, "moved away")
        return competition, roster

    def published(self, players: int = 8, rounds: int = 3):
        """A competition whose first draw (the solver's canned one) is approved."""
        competition, roster = self.competition(players, rounds)
        view = self("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id))
        self("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id))
        return competition, roster, view.draw.id

    def draws(self, competition_id: str):
        return self.league.draws.list(competition_id)


@pytest.fixture
def gateway() -> Iterator[Gateway]:
    gateway = Gateway()
    yield gateway
    gateway.close()


def test_the_fakes_have_every_public_method_of_the_real_adapters():
    assert public_methods(Downstream) <= public_methods(FakeDownstream)
    assert {"league", "solver", "timeout_s"} <= set(vars(FakeDownstream()))  # Downstream's attributes
    assert public_methods(EventLog) <= public_methods(FakeEventLog)
    assert public_methods(GatewayKeys) <= public_methods(FakeGatewayKeys)


def test_draw_competition_sends_the_active_roster_and_stores_a_proposed_draw(gateway):
    competition, roster = gateway.competition(players=9, withdrawn=4)
    separation = draws_pb2.Separation(player_ids=[roster[0].id, roster[1].id])
    view = gateway(
        "DrawCompetition",
        draws_pb2.DrawCompetitionRequest(
            competition_id=competition.id, seed=11, time_limit_seconds=2.5, separations=[separation], seat_balance=True
        ),
    )

    [sent] = gateway.downstream.solver.requests
    active = [p for p in roster if p.id != roster[4].id]
    assert [(p.id, p.rating) for p in sent.players] == [(p.id, p.rating) for p in active]  # registration order
    assert (sent.rounds, sent.table_size) == (competition.rounds, competition.table_size)
    assert sent.time_limit_seconds == 2.5  # the budget unchanged: the solver owns the budget rule
    assert (sent.seed, sent.seat_balance) == (11, True)
    assert [(list(s.player_ids), s.weight) for s in sent.separations] == [(list(separation.player_ids), 0)]

    [draw] = gateway.draws(competition.id)
    assert draw.status is DrawStatus.PROPOSED and view.draw.id == draw.id
    assert view.draw.status == draws_pb2.DRAW_STATUS_PROPOSED
    assert (draw.seed, draw.statistics.method, draw.statistics.proven_optimal) == (11, "fake-rotation", False)
    assert draw.statistics.objective[:3] == (0, 2, 3) and draw.statistics.lower_bound[:2] == (0, 1)
    assert [list(table) for table in draw.rounds[0]] == [[p.id for p in active[:4]], [p.id for p in active[4:]]]
    assert (view.status, view.wall_time_seconds) == (common_pb2.SOLVE_STATUS_FEASIBLE, 0.25)
    assert gateway.events.events == [
        ("draw.proposed", competition.id, draw.id, {"version": 1, "status": draws_pb2.DRAW_STATUS_PROPOSED})
    ]


def test_an_infeasible_answer_stores_nothing(gateway):
    competition, _ = gateway.competition()
    gateway.downstream.solver.answer(
        solver_pb2.DrawTablesResponse(status=common_pb2.SOLVE_STATUS_INFEASIBLE, conflicts=["separations[0]", "pins[1]"])
    )
    view = gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id))
    assert view.status == common_pb2.SOLVE_STATUS_INFEASIBLE and not view.HasField("draw")
    assert list(view.conflicts) == ["separations[0]", "pins[1]"]
    assert gateway.draws(competition.id) == [] and gateway.events.events == []
    assert "league.SaveDraw" not in gateway.downstream.called()


@pytest.mark.rule("mahjong.draw.organizer-approves")
def test_approve_draw_publishes_the_proposal_and_appends_draw_published(gateway):
    competition, _ = gateway.competition()
    proposed = gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id)).draw
    approved = gateway("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=proposed.id))
    assert approved.status == draws_pb2.DRAW_STATUS_APPROVED and approved.id == proposed.id
    assert not approved.proven_optimal and approved.approved_at.seconds > 0
    assert gateway.league.competitions.get(competition.id).published_draw_id == proposed.id
    assert gateway.events.for_competition(competition.id) == [("draw.proposed", proposed.id), ("draw.published", proposed.id)]
    assert gateway.events.events[-1][3] == {"version": 1, "status": draws_pb2.DRAW_STATUS_APPROVED}


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_redraw_sends_league_s_plan_to_the_solver_and_stores_the_played_rounds_as_played(gateway):
    competition, roster, published_id = gateway.published(players=8, rounds=3)
    published = gateway.league.draws.get(competition.id)
    gateway.league.roster.withdraw(competition.id, roster[2].id, "moved away")
    newcomer = gateway.league.roster.register(competition.id, "Newcomer")
    pin = draws_pb2.Pin(player_id=newcomer.id, round=2, table=1)  # competition numbering
    view = gateway(
        "Redraw",
        draws_pb2.RedrawRequest(
            competition_id=competition.id, played_rounds=1, reason="Player 2 withdrew", pins=[pin], time_limit_seconds=3
        ),
    )

    [_, sent] = gateway.downstream.solver.requests  # the first draw's, then the redraw's
    active = [p.id for p in roster if p.id != roster[2].id] + [newcomer.id]
    assert [p.id for p in sent.players] == active and sent.rounds == 2 and sent.table_size == 4
    assert list(sent.history) == _rounds_pb(published.rounds[:1])
    assert list(sent.previous) == _rounds_pb(published.rounds[1:])
    assert [(p.player_id, p.round, p.table) for p in sent.pins] == [(newcomer.id, 1, 1)]  # shifted past the played round
    assert sent.time_limit_seconds == 3

    [_, redraw] = gateway.draws(competition.id)
    assert view.draw.id == redraw.id and redraw.status is DrawStatus.PROPOSED
    assert redraw.rounds[0] == published.rounds[0]  # the withdrawn player still sits in the played round
    assert redraw.rounds[1:] == tuple(tuple(tuple(t.player_ids) for t in r.tables) for r in canned_rounds(active, 2, 4))
    assert (redraw.replaces_draw_id, redraw.played_rounds, redraw.reason) == (published_id, 1, "Player 2 withdrew")
    assert redraw.players_moved == view.draw.players_moved and view.draw.HasField("players_moved")
    assert gateway.events.for_competition(competition.id)[-1] == ("draw.proposed", redraw.id)


def test_a_draw_and_a_redraw_are_each_prepare_solve_save(gateway):
    """league asks the solver's question (PrepareDraw / PrepareRedraw), the solver answers, league stores:
    three downstream calls each (a draw made five before: GetCompetition, ListPlayers, GetDrawSeed too)."""
    competition, _, _ = gateway.published()
    assert gateway.downstream.called()[:3] == ["league.PrepareDraw", "solver.DrawTables", "league.SaveDraw"]
    gateway.downstream.calls.clear()
    gateway("Redraw", draws_pb2.RedrawRequest(competition_id=competition.id, played_rounds=1, reason="the venue moved"))
    assert gateway.downstream.called() == ["league.PrepareRedraw", "solver.DrawTables", "league.SaveDraw"]


@pytest.mark.rule("draw.trust.seed-commitment")
def test_the_draw_seed_is_the_committed_one_else_the_organizer_s_else_the_key_s(gateway):
    competition, _ = gateway.competition()
    draw = draws_pb2.DrawCompetitionRequest(competition_id=competition.id, idempotency_key="draw-1")
    gateway("DrawCompetition", draw)
    gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=7))
    gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id))
    keyed, named, unset = gateway.downstream.solver.requests
    [prepare, *_] = [c.request for c in gateway.downstream.calls if c.method == "PrepareDraw"]
    assert keyed.seed == prepare.options.key_seed and prepare.options.HasField("key_seed")
    assert not prepare.options.HasField("seed")
    assert named.seed == 7 and not unset.HasField("seed")  # without a key the solver picks one

    committed, _ = gateway.competition()
    gateway.league.trust.commit_draw_seed(committed.id, "organizer")
    with pytest.raises(FailedPrecondition) as error:
        gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=committed.id, seed=7))
    assert error.value.reason == "DRAW_SEED_COMMITTED"
    first = gateway.league.trust.next_draw_seed(committed.id)
    gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=committed.id, idempotency_key="draw-2"))
    assert gateway.downstream.solver.requests[-1].seed == first


def test_the_solver_s_invalid_argument_names_players_not_ids(gateway):
    competition, roster, _ = gateway.published()
    gateway.league.roster.withdraw(competition.id, roster[5].id, "moved away")
    gateway.league.roster.register(competition.id, "Newcomer")
    gone = roster[5]
    gateway.downstream.solver.answer(
        InvalidArgument.single("separations[0].player_ids", f"{gone.id!r} is not among the players to draw")
    )
    with pytest.raises(InvalidArgument) as error:
        gateway(
            "Redraw",
            draws_pb2.RedrawRequest(
                competition_id=competition.id,
                played_rounds=1,
                reason="withdrawal",
                separations=[draws_pb2.Separation(player_ids=[gone.id, roster[0].id])],
            ),
        )
    [violation] = error.value.violations
    assert violation.field == "separations[0].player_ids"
    assert gone.name in violation.description and gone.id not in violation.description  # a withdrawn player's name too
    assert gone.id not in error.value.message
    assert len(gateway.draws(competition.id)) == 1


def test_every_downstream_timeout_derives_from_the_incoming_deadline(gateway):
    competition, _ = gateway.competition()
    view = gateway(
        "DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id, time_limit_seconds=60), deadline=3.0
    )
    gateway("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), deadline=2.0)
    gateway("GetSeating", draws_pb2.GetSeatingRequest(competition_id=competition.id), deadline=1.0)
    called = gateway.downstream.calls
    assert [f"{c.service}.{c.method}" for c in called] == [
        "league.PrepareDraw",
        "solver.DrawTables",
        "league.SaveDraw",
        "league.ApproveDraw",
        "league.GetDraw",
        "league.ListPlayers",
    ]
    limits = [3.0] * 3 + [2.0] + [1.0] * 2
    for call, limit in zip(called, limits):
        assert call.timeout_s is not None and 0 < call.timeout_s <= limit, call
    assert gateway.downstream.solver.requests[0].time_limit_seconds == 60  # the solver keeps within the deadline itself


def test_without_a_deadline_league_gets_the_default_and_the_solver_its_budget_and_a_margin(gateway):
    competition, _ = gateway.competition()
    gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id, time_limit_seconds=120))
    timeouts = {f"{c.service}.{c.method}": c.effective_s for c in gateway.downstream.calls}
    assert timeouts["league.PrepareDraw"] == timeouts["league.SaveDraw"] == DEFAULT_TIMEOUT_SECONDS
    assert timeouts["solver.DrawTables"] == 120 + SOLVER_MARGIN_SECONDS


def test_a_solver_that_is_down_is_unavailable_and_nothing_is_stored(gateway):
    competition, _ = gateway.competition()
    gateway.downstream.solver.down()
    request = draws_pb2.DrawCompetitionRequest(competition_id=competition.id, idempotency_key="draw-1")
    with pytest.raises(Unavailable) as error:
        gateway("DrawCompetition", request)
    assert error.value.code == "UNAVAILABLE" and "solver" in error.value.message
    assert gateway.draws(competition.id) == [] and gateway.events.events == []
    assert gateway("DrawCompetition", request).draw.version == 1  # the key was freed: the retry draws


def test_a_failed_save_appends_no_event_and_a_retry_with_the_key_completes_exactly_once(gateway):
    competition, _ = gateway.competition()
    request = draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=5, idempotency_key="draw-1")
    gateway.downstream.fail("league", "SaveDraw", Unavailable("the league service did not answer in time; try again"))
    with pytest.raises(Unavailable):
        gateway("DrawCompetition", request)
    assert gateway.draws(competition.id) == [] and gateway.events.events == []
    assert not gateway.league.competitions.get(competition.id).published_draw_id  # nothing approved

    first = gateway("DrawCompetition", request)
    again = gateway("DrawCompetition", request)
    assert again.draw.id == first.draw.id and again.draw.version == 1
    assert [d.id for d in gateway.draws(competition.id)] == [first.draw.id]
    assert gateway.events.for_competition(competition.id) == [("draw.proposed", first.draw.id)]
    assert len(gateway.downstream.solver.requests) == 2  # the failed attempt and the retry; the replay solves nothing
    assert [row.resource_id for row in gateway.keys.snapshot().values()] == [first.draw.id]

    other = draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=6, idempotency_key="draw-1")
    with pytest.raises(InvalidArgument) as error:
        gateway("DrawCompetition", other)
    assert [v.field for v in error.value.violations] == ["idempotency_key"] and REUSED_MESSAGE in error.value.message


def test_the_key_sent_to_league_is_scoped_to_the_caller_and_method(gateway):
    competition, _ = gateway.competition()
    gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id, idempotency_key="draw-1"))
    [save] = [c.request for c in gateway.downstream.calls if c.method == "SaveDraw"]
    assert save.idempotency_key not in ("", "draw-1") and len(save.idempotency_key) == 64


def test_list_tables_names_the_players_of_the_published_draw(gateway):
    competition, roster, published_id = gateway.published(players=8, rounds=2)
    gateway.league.roster.withdraw(competition.id, roster[0].id, "moved away")  # still named: history
    tables = gateway("GetSeating", draws_pb2.GetSeatingRequest(competition_id=competition.id))
    names = {p.id: p.name for p in roster}
    published = gateway.league.draws.get(competition.id)
    assert (tables.draw_id, tables.version) == (published_id, 1)
    assert [r.number for r in tables.rounds] == [1, 2] and [t.number for t in tables.rounds[0].tables] == [1, 2]
    for named, seats in zip(tables.rounds, published.rounds):
        assert [list(t.player_ids) for t in named.tables] == [list(table) for table in seats]
        assert [list(t.player_names) for t in named.tables] == [[names[pid] for pid in table] for table in seats]
    assert tables.rounds[0].tables[0].player_names[0] == "Player 0"


def _rounds_pb(rounds) -> list[common_pb2.Round]:
    return [common_pb2.Round(tables=[common_pb2.Table(player_ids=list(table)) for table in rnd]) for rnd in rounds]


def test_an_accepted_record_appends_standings_changed_and_a_refused_one_nothing(gateway):
    competition, roster, _ = gateway.published(players=8, rounds=2)
    seats = list(gateway.league.draws.get(competition.id).rounds[0][0])
    scores = dict(zip(seats, (45_000, 35_000, 25_000, 15_000), strict=True))
    request = results_pb2.RecordHanchanRequest(
        competition_id=competition.id,
        round=1,
        table=1,
        hanchan=results_pb2.HanchanResult(number=1, scores=scores),
        recorded_by="judge",
        idempotency_key="h-1",
    )
    record = gateway("RecordHanchan", request)
    assert gateway.events.for_competition(competition.id)[-1] == ("standings.changed", record.id)
    assert gateway.events.events[-1][3] == {
        "stage": 1,
        "round": 1,
        "table": 1,
        "record_kind": "hanchan",
        "replaces_record_id": "",
    }
    [sent] = [c.request for c in gateway.downstream.calls if c.method == "RecordHanchan"]
    assert sent.idempotency_key not in ("", "h-1") and len(sent.idempotency_key) == 64  # scoped like RegisterPlayer's
    events = len(gateway.events.events)
    bad = results_pb2.RecordHanchanRequest()
    bad.CopyFrom(request)
    bad.hanchan.number = 2
    bad.hanchan.scores[seats[0]] = 0
    bad.idempotency_key = "h-2"
    with pytest.raises(InvalidArgument) as error:
        gateway("RecordHanchan", bad)
    assert [v.field for v in error.value.violations] == ["hanchan.scores"]
    assert len(gateway.events.events) == events
    standings = gateway("GetStandings", results_pb2.GetStandingsRequest(competition_id=competition.id))
    assert [r.total for r in standings.rows][:1] and standings.rows[0].provisional
