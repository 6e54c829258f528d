"""The solver's ProjectStandings over real gRPC on loopback (the solver alone, its worker pool): a
mahjong problem as data answered with every player's status, witnesses and need, equal to
``project_mahjong`` on the same problem; bad input named by the request's own fields; a player the
budget did not reach is UNKNOWN, a result (docs/rules.md ``mahjong.projection.*``)."""

from __future__ import annotations

from fractions import Fraction

import grpc
import pytest

from rondo.gateway.v1 import results_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.grpc_errors import field_violations
from solver.domain.projection.cup import project_cup
from solver.domain.projection.cup.problem import CupProjectionProblem, CupStanding
from solver.domain.projection.mahjong import project_mahjong
from solver.domain.projection.problem import Cut, MahjongProjectionProblem, RemainingMatch, Standing
from solver.domain.projection.updown import project_updown
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding
from tests.integration.test_solver_grpc import solver  # noqa: F401 - the module's real solver server

pytestmark = pytest.mark.integration

PLAYERS = ("a", "b", "c", "d", "e", "f", "g", "h")
TOTALS = (3_000_000, 2_900_000, 100_000, 0, -5_000, -2_000_000, -2_100_000, -2_200_000)
STATUS = {v: k.removeprefix("PROJECTION_STATUS_").lower() for k, v in results_pb2.ProjectionStatus.items()}


def request(**changes) -> solver_pb2.ProjectStandingsRequest:
    """Round 2 of 2 left, one hanchan a match; "a" and "b" far ahead, "f" to "h" far behind, "c", "d"
    and "e" fighting for the 3rd place of the top 3."""
    out = solver_pb2.ProjectStandingsRequest(
        mahjong=solver_pb2.MahjongProjectionProblem(
            standings=[
                solver_pb2.ProjectionStanding(player_id=p, total=str(t), place_sum="5/2", hanchans=1)
                for p, t in zip(PLAYERS, TOTALS, strict=True)
            ],
            remaining=[
                solver_pb2.RemainingMahjongMatch(round=2, table=1, player_ids=["a", "c", "e", "g"], hanchans=1),
                solver_pb2.RemainingMahjongMatch(round=2, table=2, player_ids=["b", "d", "f", "h"], hanchans=1),
            ],
            hanchan_uma=[15_000, 5_000, -5_000, -15_000],
            match_uma=[15_000, 5_000, -5_000, -15_000],
            split_ties=True,
            tie_breaks=["total", "average_place"],
        ),
        cuts=[results_pb2.ProjectionCut(name="prize", places=3)],
        player_ids=["a", "d", "h"],
        time_limit_seconds=120,
    )
    for name, value in changes.items():
        if isinstance(value, list):
            del getattr(out, name)[:]
            getattr(out, name).extend(value)
        else:
            setattr(out, name, value)
    return out


def problem() -> MahjongProjectionProblem:
    return MahjongProjectionProblem(
        standings=tuple(Standing(p, t, Fraction(5, 2), 1) for p, t in zip(PLAYERS, TOTALS, strict=True)),
        remaining=(RemainingMatch(2, 1, ("a", "c", "e", "g"), 1), RemainingMatch(2, 2, ("b", "d", "f", "h"), 1)),
        cuts=(Cut("prize", 3),),
        players=("a", "d", "h"),
        time_limit_s=60,
    )


@pytest.mark.rule("mahjong.projection.within-budget")
def test_project_standings_answers_what_project_mahjong_proves(solver):  # noqa: F811
    answer = solver.ProjectStandings(request(), timeout=180)
    expected = project_mahjong(problem())
    assert [(p.player_id, p.cut) for p in answer.projections] == [("a", "prize"), ("d", "prize"), ("h", "prize")]
    assert [STATUS[p.status] for p in answer.projections] == [p.status.value for p in expected.projections]
    assert [STATUS[p.status] for p in answer.projections][0] == "clinched" and STATUS[
        answer.projections[2].status
    ] == "eliminated"
    alive = answer.projections[1]
    assert STATUS[alive.status] == "alive" and {w.fate for w in alive.witnesses} == {
        results_pb2.PROJECTION_FATE_IN,
        results_pb2.PROJECTION_FATE_OUT,
    }
    for witness in alive.witnesses:
        for match in witness.matches:
            for h in match.hanchans:
                assert sum(h.scores) == 120_000 and len(h.player_ids) == 4 and h.number == 1
    assert alive.HasField("need") and answer.unreached_player_ids == [] and answer.method


def test_bad_projection_input_is_named_by_the_request_s_fields(solver):  # noqa: F811
    broken = request()
    broken.mahjong.standings[0].total = "1.5"
    broken.mahjong.remaining[0].carried.extend(["x"])
    with pytest.raises(grpc.RpcError) as error:
        solver.ProjectStandings(broken, timeout=30)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert {f for f, _ in field_violations(error.value)} == {"mahjong.standings[0].total", "mahjong.remaining[0].carried[0]"}
    wrong = request(player_ids=["zz"])
    wrong.mahjong.remaining[1].player_ids[0] = "a"  # "a" twice in round 2
    del wrong.cuts[:]
    with pytest.raises(grpc.RpcError) as error:
        solver.ProjectStandings(wrong, timeout=30)
    assert {f for f, _ in field_violations(error.value)} == {"mahjong.remaining", "cuts", "player_ids[0]"}
    with pytest.raises(grpc.RpcError) as error:
        solver.ProjectStandings(request(time_limit_seconds=700), timeout=30)
    assert {f for f, _ in field_violations(error.value)} == {"time_limit_seconds"}
    with pytest.raises(grpc.RpcError) as error:
        solver.ProjectStandings(solver_pb2.ProjectStandingsRequest(), timeout=30)
    assert {f for f, _ in field_violations(error.value)} == {"problem"}


UPDOWN = ("u1", "u2", "u3", "u4")


def updown_problem() -> UpDownProjectionProblem:
    """A group of 4 with the last round left: u1 ahead, u2 and u3 level behind him, u4 last; the top 2
    continue."""
    return UpDownProjectionProblem(
        standings=(UpDownStanding("u1", 3), UpDownStanding("u2", 2), UpDownStanding("u3", 1), UpDownStanding("u4", 0)),
        scored=(PairPoints("u1", "u2", 1), PairPoints("u1", "u3", 1), PairPoints("u1", "u4", 1), PairPoints("u2", "u3", 1)),
        remaining=(RemainingGame(3, 1, "u1", "u4"), RemainingGame(3, 2, "u2", "u3")),
        cuts=(Cut("leaders", 2),),
        time_limit_s=60,
    )


def updown_request() -> solver_pb2.ProjectStandingsRequest:
    """The same group as the request writes it (the proto's defaults say stage 2: set stage 1's)."""
    standing = solver_pb2.UpDownProjectionStanding
    return solver_pb2.ProjectStandingsRequest(
        updown=solver_pb2.UpDownProjectionProblem(
            standings=[standing(player_id=p, points=n) for p, n in zip(UPDOWN, (3, 2, 1, 0), strict=True)],
            scored=[
                solver_pb2.UpDownPairPoints(player_id=p, opponent_id=q, points=1)
                for p, q in (("u1", "u2"), ("u1", "u3"), ("u1", "u4"), ("u2", "u3"))
            ],
            remaining=[
                solver_pb2.RemainingUpDownGame(round=3, table=1, white_player_id="u1", black_player_id="u4"),
                solver_pb2.RemainingUpDownGame(round=3, table=2, white_player_id="u2", black_player_id="u3"),
            ],
            two_tied_sonneborn_berger=True,
            sb_counts_carried=True,
            unplayed_possible=True,
        ),
        cuts=[results_pb2.ProjectionCut(name="leaders", places=2)],
        time_limit_seconds=120,
    )


@pytest.mark.rule("updown.projection.within-budget")
def test_an_updown_group_is_answered_as_project_updown_proves_it(solver):  # noqa: F811
    answer = solver.ProjectStandings(updown_request(), timeout=180)
    expected = project_updown(updown_problem())
    assert [(p.player_id, p.cut) for p in answer.projections] == [(p.player, p.cut.name) for p in expected.projections]
    assert [STATUS[p.status] for p in answer.projections] == [p.status.value for p in expected.projections]
    assert len({STATUS[p.status] for p in answer.projections}) > 1  # not one status for everyone
    for got, want in zip(answer.projections, expected.projections, strict=True):
        assert got.HasField("need") is (want.need is not None)
        if want.need is not None:
            assert (got.need.wins if got.need.HasField("wins") else None, got.need.proven) == (want.need.wins, want.need.proven)
        assert len(got.witnesses) == len(want.witnesses)


@pytest.mark.rule("updown.projection.within-budget")
def test_a_bad_updown_problem_is_named_under_updown(solver):  # noqa: F811
    bad = updown_request()
    bad.updown.remaining[0].white_player_id = "nobody"
    with pytest.raises(grpc.RpcError) as caught:
        solver.ProjectStandings(bad, timeout=60)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert any(field.startswith("updown.remaining[0]") for field, _ in field_violations(caught.value))


CUP = (CupStanding("Q", 1), CupStanding("L", 1, in_cup=False), CupStanding("W", 3, place=1), CupStanding("S", 2, in_cup=False))
CUP_CUTS = (Cut("winner", 1), Cut("medals", 3))


@pytest.mark.rule("cup.projection.served")
def test_a_cup_bracket_is_answered_as_project_cup_reads_it(solver):  # noqa: F811
    request = solver_pb2.ProjectStandingsRequest(
        cup=solver_pb2.CupProjectionProblem(
            standings=[
                solver_pb2.CupProjectionStanding(player_id="Q", stage=1),
                solver_pb2.CupProjectionStanding(player_id="L", stage=1, out=True),
                solver_pb2.CupProjectionStanding(player_id="W", stage=3, place=1),
                solver_pb2.CupProjectionStanding(player_id="S", stage=2, out=True),
            ],
            stages=3,
            third_place_match=True,
        ),
        cuts=[results_pb2.ProjectionCut(name=c.name, places=c.places) for c in CUP_CUTS],
    )
    answer = solver.ProjectStandings(request, timeout=60)
    expected = project_cup(CupProjectionProblem(CUP, 3, CUP_CUTS))
    assert [(p.player_id, p.cut, STATUS[p.status]) for p in answer.projections] == [
        (p.player, p.cut.name, p.status.value) for p in expected.projections
    ]
    alive = next(p for p in answer.projections if p.player_id == "Q" and p.cut == "medals")
    want = expected.of("Q", "medals")
    assert STATUS[alive.status] == "alive" and want.need is not None and alive.need.wins == want.need.wins
    assert len(alive.witnesses) == len(want.witnesses) == 2
    bad = solver_pb2.ProjectStandingsRequest()
    bad.CopyFrom(request)
    bad.cup.stages = 0
    with pytest.raises(grpc.RpcError) as caught:
        solver.ProjectStandings(bad, timeout=60)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert any(field.startswith("cup.") for field, _ in field_violations(caught.value))
