"""The mahjong playoff as stored stages, pure: round 1 from the final standings, the checks of a
playoff table's results, a table's finishing order, what a correction changes (docs/rules.md
mahjong.playoff.*, mahjong.records.correction-*; league/domain/mahjong/progress.py)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.mahjong import progress as mp
from league.domain.mahjong.standings import Figures, Standings, rank_standings, regular_standings
from league.domain.model import Competition, Player
from league.domain.records import GameEntry, HanchanEntry, NoShowEntry, ResultRecord, ruleset_for, season_of
from league.domain.rulesets import PROGRESS, RESULT_CHECKS
from league.domain.stage_kinds import CompetitionState, check_fixed_rounds
from league.domain.stages import Stage
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests import mahjong_results
from tests import mahjong_season as season

pytestmark = pytest.mark.domain
AT = datetime(2026, 3, 1, tzinfo=UTC)
IDS = [f"P{i:02d}" for i in range(1, 17)]
COMPETITION = Competition("c1", "Autumn league", "discard-league-2026", 4, 4, AT, published_draw_id="d1")
PLAYERS = tuple(Player(p, "c1", p, i) for i, p in enumerate(IDS, start=1))
ROUNDS = mahjong_results.draw_rounds(IDS)


def _record(n: int, rnd: int, table: int, content, stage: int = 1, replaces: str | None = None) -> ResultRecord:
    return ResultRecord(f"r{n}", "c1", n, rnd, table, content, "judge", AT, replaces_record_id=replaces, stage=stage)


def _regular_records(skip: int = 0) -> list[ResultRecord]:
    out: list[ResultRecord] = []
    matches = [(r, t, seats) for r, tables in enumerate(ROUNDS, start=1) for t, seats in enumerate(tables, start=1)]
    for r, t, seats in matches[: len(matches) - skip]:
        for h in (1, 2, 3):
            out.append(_record(len(out) + 1, r, t, HanchanEntry(h, tuple(season.scores(seats, 1, r, t, h).items()))))
    return out


def _standings_of(records: tuple[ResultRecord, ...]) -> Standings:
    ruleset = ruleset_for("discard-league-2026", 4, 4)
    return regular_standings(season_of(ruleset, IDS, [], ROUNDS, records))


def _state(records: list[ResultRecord], stages: tuple[Stage, ...] = ()) -> CompetitionState:
    frozen = tuple(records)
    return CompetitionState(COMPETITION, PLAYERS, ROUNDS, stages, frozen, standings=lambda: _standings_of(frozen))


def _stage_from(plan, rounds, number: int) -> Stage:
    details = {**plan.details, "groups": [[n, list(p)] for n, p in plan.groups]}
    return Stage(f"s{number}", "c1", number, plan.kind, plan.name, rounds, AT, "organizer", details=details, basis=plan.basis)


def test_the_discard_league_registers_its_progress_and_the_playoff_check():
    assert isinstance(PROGRESS["discard-league-2026"], mp.MahjongProgress)
    assert RESULT_CHECKS[mp.KIND] is mp.check_playoff_result


@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
def test_round_1_needs_every_regular_match_and_names_at_most_ten_then_counts():
    with pytest.raises(FailedPrecondition) as error:
        mp.MahjongProgress().next_stage(_state(_regular_records(skip=13)))
    message = error.value.message
    assert "13 match(es) still missing hanchans" in message and message.endswith("and 3 more")
    assert message.count("of 3 hanchans") == 10


@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
def test_round_1_plan_is_the_top_8_in_regular_order_seated_by_league():
    records = _regular_records()
    plan = mp.MahjongProgress().next_stage(_state(records))
    top = tuple(row.player for row in _standings_of(tuple(records)).rows[:8])
    assert (plan.number, plan.name, plan.rounds) == (2, "round 1", ((top[0::2], top[1::2]),))
    assert plan.groups == (("round 1", top),) and plan.basis == {"regular_places": list(top)}


def _tied_at(places: tuple[int, int]) -> Standings:
    """Standings of 16 where the players at ``places`` share total and average place."""
    figures = []
    for i, p in enumerate(IDS, start=1):
        total = 100_000 - 1_000 * (places[0] if i in places else i)
        figures.append(Figures(p, total, (Fraction(2),) * 12, (), False, ()))
    rows, unresolved = rank_standings(figures, ruleset_for("discard-league-2026", 4, 4))
    return Standings("mahjong-league", rows, unresolved, ())


@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
@pytest.mark.parametrize(("places", "text"), [((8, 9), "places 8-9 tied"), ((3, 4), "places 3-4 tied")])
def test_a_tie_left_to_the_organizer_at_the_cut_or_inside_the_top_8_blocks_round_1(places, text):
    state = dataclasses.replace(_state(_regular_records()), standings=lambda: _tied_at(places))
    with pytest.raises(FailedPrecondition) as error:
        mp.MahjongProgress().next_stage(state)
    assert text in error.value.message and "organizer decision required" in error.value.message


@pytest.mark.rule("mahjong.playoff.round-1-tables")
def test_the_round_1_seating_is_places_1357_and_2468():
    plan = mp.MahjongProgress().next_stage(_state(_regular_records()))
    top = plan.groups[0][1]
    assert plan.rounds == ((top[0::2], top[1::2]),) == ((mp.round_1_tables(top)),)
    check_fixed_rounds(plan, ())  # league's own seating: nothing to send
    with pytest.raises(InvalidArgument) as error:
        check_fixed_rounds(plan, ((top[:4], top[4:]),))
    assert [v.field for v in error.value.violations] == ["rounds"]


def _round_1_stage() -> tuple[Stage, list[ResultRecord]]:
    records = _regular_records()
    plan = mp.MahjongProgress().next_stage(_state(records))
    top = plan.groups[0][1]
    return _stage_from(plan, ((top[0::2], top[1::2]),), 2), records


@pytest.mark.rule("mahjong.playoff.stage-results")
def test_a_playoff_table_takes_three_hanchans_without_match_uma_and_no_game():
    stage, _ = _round_1_stage()
    seats = stage.rounds[0][0]
    first = HanchanEntry(1, tuple(season.scores(seats, 2, 1, 1, 1).items()))
    mp.check_playoff_result(stage, 1, 1, seats, [], first)
    with pytest.raises(InvalidArgument) as fourth:
        mp.check_playoff_result(stage, 1, 1, seats, [], HanchanEntry(4, first.scores))
    assert fourth.value.violations[0].field.startswith("hanchan")
    with pytest.raises(InvalidArgument) as again:
        mp.check_playoff_result(stage, 1, 1, seats, [first], first)
    assert [v.field for v in again.value.violations] == ["hanchan.number"]
    with pytest.raises(InvalidArgument) as game:
        mp.check_playoff_result(stage, 1, 1, seats, [], GameEntry(1, seats[0], seats[1], "1-0"))
    assert [v.field for v in game.value.violations] == ["game"]
    final = dataclasses.replace(stage, details={**stage.details, "playoff_stage": "final"})
    mp.check_playoff_result(final, 1, 1, seats, [], HanchanEntry(5, first.scores))  # the final has 5


@pytest.mark.rule("mahjong.playoff.substitutes-recounted")
def test_a_table_order_by_match_sum_with_a_substitute_listed_for_recounting():
    stage, records = _round_1_stage()
    seats = stage.rounds[0][0]
    sat = [*seats[:3], season.SUBSTITUTE]
    n = len(records)
    records.append(_record(n + 1, 1, 1, NoShowEntry(seats[3], season.SUBSTITUTE), stage=2))
    for h in (1, 2, 3):
        scores = season.ranked_scores(sat, [season.SUBSTITUTE, *seats[:3]], 2, 1, h)
        records.append(_record(n + 1 + h, 1, 1, HanchanEntry(h, tuple(scores.items())), stage=2))
    (a, b) = mp.table_outcomes(_state(records, (stage,)), stage)
    assert a.complete and not b.complete and a.substitutes == (season.SUBSTITUTE,)
    assert a.order == (season.SUBSTITUTE, *seats[:3], seats[3])  # the no-show last: -80 000 and no hanchan
    assert a.result().order[0] == season.SUBSTITUTE


@pytest.mark.rule("mahjong.playoff.places-only")
@given(st.permutations(range(4)))
@settings(max_examples=30, deadline=None)
def test_a_table_finishes_in_the_order_its_hanchans_were_won(order):
    stage, records = _round_1_stage()
    seats = stage.rounds[0][1]
    best = [seats[i] for i in order]
    n = len(records)
    for h in (1, 2, 3):
        records.append(_record(n + h, 1, 2, HanchanEntry(h, tuple(season.ranked_scores(seats, best, 2, 2, h).items())), stage=2))
    (_, b) = mp.table_outcomes(_state(records, (stage,)), stage)
    assert b.order == tuple(best) and not b.unresolved


@pytest.mark.rule("mahjong.records.correction-recomputes-derived")
def test_a_correction_that_changes_no_place_says_no_derived_change():
    stage, records = _round_1_stage()
    before = _state(records, (stage,))
    original = records[0]
    assert isinstance(original.content, HanchanEntry)
    scores = dict(original.content.scores)
    low = sorted(scores, key=scores.__getitem__)
    scores[low[0]] += 1
    scores[low[1]] -= 1
    fixed = _record(len(records) + 1, 1, 1, HanchanEntry(1, tuple(scores.items())), replaces=original.id)
    effects = mp.correction_effects(before, _state([*records, fixed], (stage,)))
    assert effects.changes[0] == "no derived change" and not effects.later_stage_conflicts


@pytest.mark.rule("mahjong.playoff.stale-after-correction")
def test_a_stale_playoff_names_who_it_seats_and_who_qualifies_and_a_keep_covers_exactly_its_conflict():
    from datetime import UTC, datetime

    from league.domain.mahjong.playoff_basis import PlayoffDecision, PlayoffDecisionKind, playoff_conflict, top_places

    stored = tuple(f"p{i}" for i in range(1, 9))
    assert playoff_conflict(2, stored, stored, [], {}) is None
    # the same eight, places 1 and 3 swapped: the same tables (1, 3, 5, 7 / 2, 4, 6, 8 as sets): no conflict
    swapped = ("p3", "p2", "p1", *stored[3:])
    assert playoff_conflict(2, stored, swapped, [], {}) is None
    moved = ("p2", "p1", *stored[2:])  # p1 and p2 change tables
    conflict = playoff_conflict(2, stored, moved, [], {"p1": "Anna"})
    assert conflict is not None and conflict.open and "same eight players" in conflict.explanation
    qualified = (*stored[:7], "p9")
    conflict = playoff_conflict(2, stored, qualified, [], {"p8": "Boris", "p9": "Vera"})
    assert conflict is not None and (conflict.seated_not_qualified, conflict.qualified_not_seated) == (("p8",), ("p9",))
    assert "seats Boris, whom the corrected standings no longer qualify; they qualify Vera instead" in conflict.explanation
    keep = PlayoffDecision("d", "c", 1, PlayoffDecisionKind.KEEP, "played", "org", datetime.now(UTC), stored, qualified)
    kept = playoff_conflict(2, stored, qualified, [keep], {})
    assert kept is not None and not kept.open and kept.kept == keep
    other = playoff_conflict(2, stored, (*stored[:7], "p10"), [keep], {})  # another conflict: open again
    assert other is not None and other.open
    assert top_places([f"p{i}" for i in range(1, 10)], ["8-9"]) is None  # an undecided tie at the cut
    assert top_places([f"p{i}" for i in range(1, 10)], ["10-11"]) == stored
