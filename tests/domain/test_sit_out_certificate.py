"""League's own count of a club night's sit-outs (docs/rules.md ``draw.sit-out.*``): the certificate's
checker refuses a forged certificate with an unfair sit-out or a false repeat count, and SaveDraw
refuses to store an unfair one."""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import pytest

from league.domain.certificate import meeting_figures, sit_out_problems
from league.domain.model import Competition, Player, validate_draw_to_store
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

NOW = datetime(2026, 12, 5, tzinfo=UTC)
ROSTER = [f"p{i}" for i in range(1, 10)]  # 9 players at tables of 4: one sits out a round
# rounds 1-3: p9, p8, p7 sit out
TABLES = [
    [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]],
    [["p1", "p5", "p9", "p3"], ["p2", "p6", "p4", "p7"]],
    [["p1", "p6", "p8", "p9"], ["p2", "p5", "p3", "p4"]],
]


def certificate() -> dict:
    most, repeats = meeting_figures(TABLES)
    return {
        "draw": {"played_rounds": 0, "version": 1},
        "solver_request": {"players": [{"id": p} for p in ROSTER], "tableSize": 4, "sitOut": {}},
        "tables": copy.deepcopy(TABLES),
        "objective": [0, most, repeats, 0, 0],
        "sitting_out": 1,
        "sit_outs": [["p9"], ["p8"], ["p7"]],
    }


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_a_fair_club_night_certificate_passes_the_checker() -> None:
    assert sit_out_problems(certificate()) == []
    assert sit_out_problems({**certificate(), "sitting_out": 0}) == []  # not a club night: nothing to check


@pytest.mark.rule("draw.sit-out.everyone-once-before-twice")
def test_a_forged_certificate_with_a_player_sitting_out_twice_is_refused() -> None:
    forged = certificate()
    # round 2: p9 sits out again, p8 plays in his seat; the listed sit-outs and figures forged to match
    forged["tables"][1][0][2] = "p8"
    forged["sit_outs"][1] = ["p9"]
    most, repeats = meeting_figures(forged["tables"])
    forged["objective"] = [0, most, repeats, 0, 0]
    problems = sit_out_problems(forged)
    assert "draw.sit-out.everyone-once-before-twice: after round 2 some sat out 2 times, others 0" in problems
    assert any(p.startswith("draw.sit-out.spread") for p in problems)


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_a_certificate_whose_sit_outs_are_not_the_tables_or_whose_repeats_are_false_is_refused() -> None:
    listed = certificate()
    listed["sit_outs"][0] = ["p1"]
    assert "the sit-outs listed are not the players the published tables leave out" in sit_out_problems(listed)
    claimed = certificate()
    claimed["objective"][2] -= 1
    assert any("repeated meetings (sum of C(m, 2))" in p for p in sit_out_problems(claimed))


def players() -> list[Player]:
    return [Player(p, "c", p.upper(), i) for i, p in enumerate(ROSTER, 1)]


@pytest.mark.rule("draw.sit-out.everyone-once-before-twice")
def test_league_stores_a_fair_club_night_and_refuses_an_unfair_one() -> None:
    competition = Competition("c", "Club night", "discard-league-2026", 4, 4, NOW)
    fair = tuple(tuple(tuple(t) for t in rnd) for rnd in [*TABLES, [["p1", "p2", "p7", "p8"], ["p3", "p4", "p5", "p9"]]])
    validate_draw_to_store(competition, fair, players(), sitting_out=1)
    # round 4 sits p9 out again before p1..p6 sat out once
    unfair = fair[:3] + ((("p1", "p2", "p7", "p8"), ("p3", "p4", "p5", "p6")),)
    with pytest.raises(InvalidArgument) as refused:
        validate_draw_to_store(competition, unfair, players(), sitting_out=1)
    (violation,) = refused.value.violations
    assert violation.field == "rounds[3]" and violation.reason == "SIT_OUT_UNFAIR"
    # without the sit-out count, leaving a player out is refused as before
    with pytest.raises(InvalidArgument):
        validate_draw_to_store(competition, fair, players())
