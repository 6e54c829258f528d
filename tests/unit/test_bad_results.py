"""Bad results through the league service, as issue 8 lists them, for the three rulesets: scores not
summing to 120 000, a player not at that table, a game number out of range, results for an unknown or
annulled match, a penalty without reason, a result for a finished stage. Each is a clear error naming
its field (or saying which state forbids it) and nothing is stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from league.domain.records import GameEntry, HanchanEntry, PenaltyEntry
from league.service import League
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests import mahjong_results
from tests import mahjong_season as season
from tests.unit import test_cup_stages as cup_helpers
from tests.unit import test_playoff_stages as playoff_helpers
from tests.unit import test_updown_stages as updown_helpers

pytestmark = pytest.mark.unit
BY = "judge"


def refused(uow: Any, cid: str, call: Callable[[], Any], error: type[Exception], says: str) -> Exception:
    """``call`` fails with ``error`` whose field (INVALID_ARGUMENT) or message (otherwise) has ``says``;
    nothing is stored."""
    stored = len(uow.repository.records(cid))
    with pytest.raises(error) as raised:
        call()
    got = raised.value
    if isinstance(got, InvalidArgument):
        assert says in [v.field for v in got.violations], got.violations
    else:
        assert says in str(got), str(got)
    assert len(uow.repository.records(cid)) == stored
    return got


@pytest.mark.rule("mahjong.scoring.sum-120000")
@pytest.mark.rule("mahjong.scoring.penalty-reason")
@pytest.mark.rule("mahjong.records.finished-stage-takes-no-new-results")
def test_mahjong_bad_results_are_refused_naming_the_field_and_store_nothing():
    league, uow, cid, ids = playoff_helpers._league(record_regular=False)
    rounds = mahjong_results.draw_rounds(ids)
    seats = list(rounds[0][0])
    good = season.scores(seats, 1, 1, 1, 1)

    def hanchan(number: int, scores: dict[str, int], round_no: int = 1, table: int = 1, stage: int = 1):
        return lambda: league.records.record_hanchan(
            cid, round_no, table, HanchanEntry(number, tuple(scores.items())), BY, stage=stage
        )

    short = {**good, seats[0]: good[seats[0]] - 1000}
    error = refused(uow, cid, hanchan(1, short), InvalidArgument, "hanchan.scores")
    assert "sum is 119 000, must be 120 000" in error.violations[0].description  # type: ignore[attr-defined]
    stranger = next(p for p in ids if p not in seats)
    wrong = {**{p: s for p, s in good.items() if p != seats[3]}, stranger: good[seats[3]]}
    refused(uow, cid, hanchan(1, wrong), InvalidArgument, f"hanchan.scores.{stranger}")
    for number in (0, 4):
        refused(uow, cid, hanchan(number, good), InvalidArgument, "hanchan.number")
    refused(uow, cid, hanchan(1, good, round_no=9), InvalidArgument, "round")
    refused(uow, cid, hanchan(1, good, table=99), InvalidArgument, "table")
    refused(uow, cid, hanchan(1, good, stage=7), InvalidArgument, "stage")
    refused(
        uow,
        cid,
        lambda: league.records.record_penalty(cid, 1, 1, PenaltyEntry(seats[0], 5000, "  "), BY),
        InvalidArgument,
        "penalty.reason",
    )
    refused(
        uow,
        cid,
        lambda: league.records.record_penalty(cid, 1, 1, PenaltyEntry(stranger, 5000, "slow play"), BY),
        InvalidArgument,
        "penalty.player",
    )
    # the regular stage is finished once the playoff is generated from it; the playoff's stages once complete
    playoff_helpers._record_regular(league, cid, ids)
    playoff_helpers._advance(league, cid)
    refused(
        uow,
        cid,
        lambda: league.records.record_penalty(cid, 1, 1, PenaltyEntry(seats[0], 5000, "slow play"), BY),
        FailedPrecondition,
        "the regular stage of competition",
    )
    playoff_helpers._play_stage(league, cid, 2)
    table = league.stages.get(cid, 2).rounds[0][0]
    refused(
        uow,
        cid,
        lambda: league.records.record_penalty(cid, 1, 1, PenaltyEntry(table[0], 5000, "slow play"), BY, stage=2),
        FailedPrecondition,
        "stage 2 (round 1) is completed",
    )


@pytest.mark.rule("updown.records.one-game-per-pairing")
@pytest.mark.rule("updown.records.annulled-and-withdrawn-take-no-results")
def test_updown_bad_results_unknown_annulled_and_withdrawn_matches_and_a_finished_stage_store_nothing():
    league, uow, cid, ids = updown_helpers.league_of(6)
    one = updown_helpers.advance(league, cid)
    a, b = one.rounds[0][0]

    def game(entry: GameEntry, round_no: int = 1, table: int = 1, stage: int = 1):
        return lambda: league.records.record_game(cid, stage, round_no, table, entry, BY)

    refused(uow, cid, game(GameEntry(2, a, b, "1-0")), InvalidArgument, "game.number")
    stranger = next(p for p in ids if p not in (a, b))
    refused(uow, cid, game(GameEntry(1, a, stranger, "1-0")), InvalidArgument, "game.first_player_id")
    refused(uow, cid, game(GameEntry(1, a, b, "1-0"), round_no=99), InvalidArgument, "round")
    refused(uow, cid, game(GameEntry(1, a, b, "1-0"), table=9), InvalidArgument, "table")
    refused(uow, cid, game(GameEntry(1, a, b, "1-0"), stage=2), InvalidArgument, "stage")
    # a thrown match annulled by the judge is final: no new result, no correction
    first = league.records.record_game(cid, 1, 1, 1, GameEntry(1, a, b, "1-0"), BY)
    annulled = league.records.correct(cid, first.id, GameEntry(1, a, b, "annulled"), "thrown (§9.2)", "referee")
    refused(uow, cid, game(GameEntry(1, a, b, "0-1")), FailedPrecondition, "was annulled")
    refused(
        uow,
        cid,
        lambda: league.records.correct(cid, annulled.id, GameEntry(1, a, b, "0-1"), "change of mind", "referee"),
        FailedPrecondition,
        "was annulled",
    )
    # a withdrawn player's games still to play are settled by the half rule (here: annulled)
    quitter = one.rounds[1][0][0]
    league.roster.withdraw(cid, quitter, "moved away")
    r, t = next(
        (r, t) for r, rnd in enumerate(one.rounds, 1) for t, pair in enumerate(rnd, 1) if quitter in pair and (r, t) != (1, 1)
    )
    x, y = one.rounds[r - 1][t - 1]
    refused(uow, cid, game(GameEntry(1, x, y, "1-0"), round_no=r, table=t), FailedPrecondition, "left the league")
    # every game in: stage 1 is finished
    gone = {quitter}
    updown_helpers.record_all(league, cid, league.stages.get(cid, 1), skip=lambda p, q: bool({p, q} & gone) or {p, q} == {a, b})
    assert league.stages.get(cid, 1).status.value == "completed"
    refused(uow, cid, game(GameEntry(1, a, b, "1-0")), FailedPrecondition, "completed")


@pytest.mark.rule("cup.records.series-games-in-order")
def test_cup_bad_results_a_game_number_out_of_range_a_stranger_and_a_finished_cup_store_nothing():
    uow: Any = cup_helpers.FakeUnitOfWork(cup_helpers.FakeLeagueRepository())
    league = League(uow, clock=cup_helpers.Clock())
    cid, ids = cup_helpers._cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    qf = cup_helpers._advance(league, cid)
    a, b = qf.rounds[0][0]

    def game(number: int, first: str, second: str, result: str = "1-0", stage: int = 1, table: int = 1):
        return lambda: cup_helpers._game(league, cid, stage, table, number, first, second, result)

    refused(uow, cid, game(2, a, b), InvalidArgument, "game.number")  # game 1 comes first
    refused(uow, cid, game(0, a, b), InvalidArgument, "game.number")
    refused(uow, cid, game(1, a, ids[1]), InvalidArgument, "game.second_player_id")
    refused(uow, cid, game(1, a, b, stage=4), InvalidArgument, "stage")
    refused(uow, cid, game(1, a, b, table=5), InvalidArgument, "table")
    for stage in range(3):
        cup_helpers._play_stage(league, cid, league.stages.get(cid, stage + 1) if stage else qf, seed_of)
        if not league.stages.prepare(cid).finished:
            cup_helpers._advance(league, cid)
    final = league.stages.get(cid, 3)
    x, y = final.rounds[0][0]
    refused(uow, cid, game(3, x, y, stage=3), FailedPrecondition, "completed")
