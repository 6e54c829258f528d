"""Cup projections (docs/rules.md ``cup.projection.*``): the places each player can still reach in a
knockout bracket, in the leagues' shape, against every outcome of the series left simulated here."""

from __future__ import annotations

import itertools

import pytest

from rondo_runtime.errors import InvalidArgument
from solver.domain.projection.cup import project_cup
from solver.domain.projection.cup.problem import CupProjectionProblem, CupStanding
from solver.domain.projection.problem import Cut, Fate, ProjectionStatus, SearchStatus
from tests.projection_brute_force import status_from

pytestmark = pytest.mark.domain

CUTS = (Cut("winner", 1), Cut("final", 2), Cut("podium", 3), Cut("medals", 4), Cut("top 6", 6))


@pytest.mark.rule("cup.projection.places-still-open")
@pytest.mark.rule("cup.projection.witness-and-need")
def test_a_quarter_finalist_is_alive_for_the_medals_and_the_winner_has_clinched():
    standings = (
        CupStanding("Q", 1),  # plays the quarter-final (3 stages: 8 positions)
        CupStanding("L", 1, in_cup=False),  # lost his quarter-final: places 5-8
        CupStanding("W", 3, place=1),
        CupStanding("S", 2, in_cup=False),  # lost his semi-final: plays for third place
    )
    result = project_cup(CupProjectionProblem(standings, 3, CUTS))
    q = result.of("Q", "medals")
    assert q.status is ProjectionStatus.ALIVE
    assert q.need is not None and q.need.wins == 1 and q.need.place == 1
    won = q.witness(Fate.IN)
    lost = q.witness(Fate.OUT)
    # wins the QF, loses the SF, wins the match for third place (stage 3, beside the final)
    assert won is not None and [(m.round, m.hanchans[0].scores[0][1]) for m in won.matches] == [(1, 1), (2, 0), (3, 1)]
    assert lost is not None and [(m.round, m.hanchans[0].scores[0][1]) for m in lost.matches] == [(1, 0)]
    winner = result.of("Q", "winner").need
    assert winner is not None and winner.wins == 3
    podium = result.of("Q", "podium").need
    assert podium is not None and podium.wins == 2  # the QF and the SF: third place is not sure otherwise
    assert result.of("Q", "top 6").status is ProjectionStatus.ORGANIZER_DECISION  # out in the QF: 5-8 straddles 6
    assert result.of("L", "medals").status is ProjectionStatus.ELIMINATED
    assert result.of("L", "medals").search(Fate.IN) is SearchStatus.IMPOSSIBLE
    for cut in CUTS:
        assert result.of("W", cut.name).status is ProjectionStatus.CLINCHED
    s = result.of("S", "podium")
    assert s.status is ProjectionStatus.ALIVE and s.need is not None and s.need.wins == 1
    third = s.witness(Fate.IN)
    assert third is not None and [(m.round, m.hanchans[0].scores) for m in third.matches] == [(3, (("S", 1),))]
    assert result.of("S", "medals").status is ProjectionStatus.CLINCHED


def simulate(alive: list[str], positions: int, third_place: bool) -> list[dict[str, tuple[int, int]]]:
    """Every outcome of the bracket from a stage of ``positions`` with ``alive`` in seed order (pairs by
    halves: i-th of the first half against i-th of the second): each player's place range."""
    if positions == 1:
        return [{alive[0]: (1, 1)}]
    half = len(alive) // 2
    pairs = list(zip(alive[:half], alive[half:], strict=True))
    out = []
    for winners in itertools.product((0, 1), repeat=len(pairs)):
        going_on = [pair[w] for pair, w in zip(pairs, winners, strict=True)]
        losers = [pair[1 - w] for pair, w in zip(pairs, winners, strict=True)]
        endings: list[dict[str, tuple[int, int]]]
        if positions == 4 and third_place:
            endings = [{losers[k]: (3, 3), losers[1 - k]: (4, 4)} for k in (0, 1)]
        else:
            endings = [dict.fromkeys(losers, (positions // 2 + 1, positions))]
        for rest in simulate(sorted(going_on), positions // 2, third_place):
            for ending in endings:
                out.append({**rest, **ending})
    return out


@pytest.mark.rule("cup.projection.places-still-open")
@pytest.mark.parametrize("third_place", [True, False])
@pytest.mark.parametrize("stage", [1, 2, 3])
def test_every_status_matches_the_exits_enumerated_from_a_bracket(stage, third_place):
    stages = 4  # 16 positions
    players = [f"S{i:02d}" for i in range(1, 17)]
    alive = players[: 2 ** (stages - stage + 1)]  # the best seeds won so far
    out_before = {p: next(s for s in range(1, stage) if players.index(p) >= 2 ** (stages - s)) for p in players if p not in alive}
    standings = tuple(CupStanding(p, stage) for p in alive) + tuple(
        CupStanding(p, s, in_cup=False) for p, s in out_before.items()
    )
    cuts = tuple(Cut(f"top {c}", c) for c in (1, 2, 3, 4, 6, 8, 12))
    result = project_cup(CupProjectionProblem(standings, stages, cuts, third_place_match=third_place))
    outcomes = simulate(alive, len(alive), third_place)
    for p in players:
        ranges = (
            {o[p] for o in outcomes} if p in alive else {(2 ** (stages - out_before[p]) + 1, 2 ** (stages - out_before[p] + 1))}
        )
        for cut in cuts:
            fates = {
                Fate.IN if last <= cut.places else Fate.OUT if first > cut.places else Fate.ORGANIZER_DECISION
                for first, last in ranges
            }
            assert result.of(p, cut.name).status is status_from(fates), (p, cut, ranges)


@pytest.mark.rule("cup.projection.places-still-open")
def test_bad_cup_problems_are_rejected_field_by_field():
    bad = CupProjectionProblem((CupStanding("A", 5), CupStanding("A", 1, place=9)), 3, (Cut("top", 0),), players=("Z",))
    with pytest.raises(InvalidArgument) as raised:
        project_cup(bad)
    assert {"standings[0].stage", "standings[1].player", "standings[1].place", "cuts[0].places", "players[0]"} <= {
        v.field for v in raised.value.violations
    }
