"""The open cup in the stages framework, pure (docs/rules.md ``cup.stages.*``, ``cup.records.*``):
seeding from the roster, the plan of each stage from the stored stages and records, the check of a
recorded game, and the one converter from records to the cup domain."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.cup import knockout as cup
from league.domain.cup import progress as cup_progress
from league.domain.cup.progress import CupProgressRules, check_cup_game, cup_input, cup_seeding, game_of
from league.domain.model import Competition, Player, PlayerStatus
from league.domain.records import GameEntry, ResultRecord
from league.domain.rulesets import PROGRESS, RESULT_CHECKS
from league.domain.stage_kinds import CompetitionState, check_fixed_rounds
from league.domain.stages import Stage
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

pytestmark = pytest.mark.domain
T0 = datetime(2026, 5, 1, tzinfo=UTC)
CUP = Competition("c", "Cup", "open-cup-2023", 6, 2, T0)


def _players(n: int, rating=lambda i: 3000 - i) -> tuple[Player, ...]:
    return tuple(Player(f"p{i:02d}", "c", f"P{i:02d}", i, PlayerStatus.MAIN, rating(i)) for i in range(1, n + 1))


def _stage(number: int, name: str, tables, basis=None, details=None) -> Stage:
    return Stage(
        f"s{number}",
        "c",
        number,
        "cup-knockout",
        name,
        (tuple(tuple(t) for t in tables),),
        T0,
        "x",
        details=details or {},
        basis=basis or {},
    )


def _record(seq: int, stage: int, table: int, entry: GameEntry) -> ResultRecord:
    return ResultRecord(f"r{seq}", "c", seq, 1, table, entry, "x", T0 + timedelta(minutes=seq), stage=stage)


def test_the_cup_is_registered_in_the_stages_framework():
    assert isinstance(PROGRESS["open-cup-2023"], CupProgressRules)
    assert RESULT_CHECKS["cup-knockout"] is check_cup_game


@pytest.mark.rule("cup.stages.seeded-from-the-roster")
def test_seeds_by_rating_then_registration_without_the_withdrawn_and_at_least_8():
    players = _players(10, rating=lambda i: 1500 if i in (3, 4) else (None if i == 10 else 2000 - i))
    players = players[:8] + (Player("p09", "c", "P09", 9, PlayerStatus.WITHDRAWN, 5000),) + players[9:]
    seeding = cup_seeding(players)
    assert [s.id for s in seeding.seeds][:2] == ["p01", "p02"]
    assert [s.id for s in seeding.seeds][-3:] == ["p03", "p04", "p10"]  # equal rating: earlier registration; unrated last
    assert "p09" not in {s.id for s in seeding.seeds}
    with pytest.raises(FailedPrecondition, match="the cup needs at least 8 players"):
        cup_seeding(_players(7))


@pytest.mark.rule("cup.stages.seeded-from-the-roster")
def test_over_64_the_best_64_play_and_the_plan_names_who_is_left_out():
    state = CompetitionState(CUP, _players(70), (), (), ())
    plan = CupProgressRules().next_stage(state)
    assert plan.name == "1/32 final" and len(plan.rounds) == 1 and len(plan.rounds[0]) == 32
    assert sorted(p for t in plan.rounds[0] for p in t) == [f"p{i:02d}" for i in range(1, 65)]
    assert plan.basis["cut"] == [f"p{i}" for i in range(65, 71)]
    assert any("left out" in n and "p70" in n for n in plan.notes)


@pytest.mark.rule("cup.stages.paired-from-survivors")
@pytest.mark.rule("cup.bracket.survivors-renumbered")
@pytest.mark.rule("cup.bracket.later-stages")
def test_stage_2_is_planned_from_the_survivors_in_seed_order_and_seated_by_the_literal_pairing():
    players = _players(8)
    ids = [p.id for p in players]
    first = _stage(
        1, "quarter-final", [(ids[4 + i], ids[i]) for i in range(4)], basis={"seeds": [[p, i + 1] for i, p in enumerate(ids)]}
    )
    records: list[ResultRecord] = []
    for t in range(1, 5):
        a, b = first.rounds[0][t - 1]
        winner_second = t != 3  # pairing 3: seed 7 beats seed 3
        for n in (1, 2):
            records.append(_record(len(records) + 1, 1, t, GameEntry(n, a, b, "0-1" if winner_second else "1-0")))
    state = CompetitionState(CUP, players, (), (first,), tuple(records))
    rules = CupProgressRules()
    assert rules.stage_complete(state, first)
    plan = rules.next_stage(state)
    assert plan.number == 2 and plan.name == "semi-final"
    assert plan.basis["survivors"] == [["p01", 1], ["p02", 2], ["p04", 4], ["p07", 7]]
    assert plan.rounds == ((("p04", "p01"), ("p07", "p02")),)  # by halves, blue first (4.1.2)
    check_fixed_rounds(plan, plan.rounds)
    with pytest.raises(InvalidArgument) as error:
        check_fixed_rounds(plan, ((("p01", "p04"), ("p07", "p02")),))
    assert error.value.violations[0].field == "rounds"


@pytest.mark.rule("cup.stages.final-with-third-place")
@pytest.mark.rule("cup.final.third-place-match")
def test_the_final_stage_holds_the_final_and_the_third_place_match_seated_by_league():
    players = _players(4 + 4)
    ids = [p.id for p in players]
    sf = _stage(2, "semi-final", [("p03", "p01"), ("p04", "p02")])
    first = _stage(
        1, "quarter-final", [(ids[4 + i], ids[i]) for i in range(4)], basis={"seeds": [[p, i + 1] for i, p in enumerate(ids)]}
    )
    records = [_record(i * 2 + n, 1, i + 1, GameEntry(n, ids[4 + i], ids[i], "0-1")) for i in range(4) for n in (1, 2)]
    records += [_record(20 + n, 2, 1, GameEntry(n, "p03", "p01", "1-0")) for n in (1, 2)]  # seed 3 beats seed 1
    records += [_record(30 + n, 2, 2, GameEntry(n, "p04", "p02", "0-1")) for n in (1, 2)]
    state = CompetitionState(CUP, players, (), (first, sf), tuple(records))
    plan = CupProgressRules().next_stage(state)
    assert plan.name == "final"
    assert plan.rounds == ((("p03", "p02"), ("p04", "p01")),)  # blue to the lower rating in both (4.1.2)
    assert plan.details["third_place_table"] == 2 and plan.basis["semi_final_losers"] == ["p01", "p04"]
    final = _stage(3, "final", plan.rounds[0], details=plan.details)
    done = [_record(40 + n, 3, 1, GameEntry(n, "p03", "p02", "1-0")) for n in (1, 2)]
    done += [_record(50 + n, 3, 2, GameEntry(n, "p04", "p01", "0-1")) for n in (1, 2)]
    state = CompetitionState(CUP, players, (), (first, sf, final), tuple(records + done))
    assert cup_input(state).tables[(3, cup.THIRD_PLACE_MATCH)] == 2
    finished = CupProgressRules().next_stage(state)
    assert finished.finished and finished.number == 0 and "p03" in finished.notes[0]


@pytest.mark.rule("cup.records.series-games-in-order")
def test_a_game_is_checked_against_its_pairing_and_the_series_so_far():
    qf = _stage(1, "quarter-final", [("b", "a"), ("c",)])
    seats = ("b", "a")
    check_cup_game(qf, 1, 1, seats, [], GameEntry(1, "a", "b", "="))
    with pytest.raises(InvalidArgument, match="does not play in pairing 1") as error:
        check_cup_game(qf, 1, 1, seats, [], GameEntry(1, "a", "x", "1-0"))
    assert error.value.violations[0].field == "game.second_player_id"
    with pytest.raises(InvalidArgument, match="the next game of pairing 1 of the quarter-final is game 2, not 3"):
        check_cup_game(qf, 1, 1, seats, [GameEntry(1, "b", "a", "=")], GameEntry(3, "b", "a", "1-0"))
    with pytest.raises(FailedPrecondition, match="pairing 1 of the quarter-final is decided: a won 2-0"):
        check_cup_game(
            qf, 1, 1, seats, [GameEntry(1, "b", "a", "0-1"), GameEntry(2, "a", "b", "+/-")], GameEntry(3, "b", "a", "1-0")
        )
    with pytest.raises(FailedPrecondition, match="is a pass"):
        check_cup_game(qf, 1, 2, ("c",), [], GameEntry(1, "c", "d", "1-0"))
    final = _stage(3, "final", [("b", "a"), ("d", "c")], details={"third_place_table": 2})
    # both absent (4.3.3): a game neither wins, in a medal match too; the series goes on
    check_cup_game(final, 1, 2, ("d", "c"), [], GameEntry(1, "d", "c", "-/-"))
    check_cup_game(qf, 1, 1, seats, [GameEntry(1, "b", "a", "0-1"), GameEntry(2, "b", "a", "-/-")], GameEntry(3, "b", "a", "1-0"))


RESULTS = st.sampled_from(["1-0", "0-1", "=", "+/-", "-/+", "-/-"])
EIGHT = ["a", "b", "c", "d", "e", "f", "g", "h"]
QUARTER_FINAL = [[("b", "a"), ("d", "c"), ("f", "e"), ("h", "g")]]


@pytest.mark.rule("cup.records.series-games-in-order")
@given(st.lists(RESULTS, max_size=8))
def test_property_the_check_accepts_a_series_exactly_as_far_as_the_cup_domain_does(results):
    """Recording games one by one, the check refuses the first game the cup domain would refuse."""
    qf = _stage(1, "quarter-final", [("b", "a")])
    live: list[GameEntry] = []
    for n, r in enumerate(results, start=1):
        entry = GameEntry(n, "b", "a", r)
        try:
            check_cup_game(qf, 1, 1, ("b", "a"), live, entry)
        except (InvalidArgument, FailedPrecondition):
            with pytest.raises(InvalidArgument):
                cup.cup_progress(EIGHT, QUARTER_FINAL, [game_of(g, 1, 1) for g in [*live, entry]])
            return
        live.append(entry)
        cup.cup_progress(EIGHT, QUARTER_FINAL, [game_of(g, 1, 1) for g in live])


@pytest.mark.rule("cup.records.series-games-in-order")
def test_the_converter_reads_every_result_notation():
    g = GameEntry(1, "x", "y", "1-0")
    assert game_of(g, 2, 3) == cup.Game(2, 3, 1, "x", ())
    assert game_of(GameEntry(1, "x", "y", "0-1"), 1, 1).winner == "y"
    assert game_of(GameEntry(1, "x", "y", "="), 1, 1) == cup.Game(1, 1, 1, None, ())
    assert game_of(GameEntry(1, "x", "y", "+/-"), 1, 1).absent == ("y",)
    assert game_of(GameEntry(1, "x", "y", "-/+"), 1, 1).absent == ("x",)
    assert game_of(GameEntry(1, "x", "y", "-/-"), 1, 1).absent == ("x", "y")
    assert cup_progress.KIND == "cup-knockout"


def _series(results: list[str]) -> list[str]:
    """The games of one series as far as they go: up to a winner of 2 (both absent is a game neither wins)."""
    out: list[str] = []
    wins = {"first": 0, "second": 0}
    for r in results:
        out.append(r)
        if r in ("1-0", "+/-"):
            wins["first"] += 1
        elif r in ("0-1", "-/+"):
            wins["second"] += 1
        if max(wins.values()) == 2:
            break
    return out


@pytest.mark.rule("cup.records.correction-recomputes-derived")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(RESULTS, min_size=1, max_size=6), min_size=4, max_size=4), st.integers(0, 100), RESULTS)
def test_property_a_correction_followed_by_its_reverse_restores_the_bracket_exactly(per_table, which, other):
    tables = QUARTER_FINAL[0]
    qf = _stage(1, "quarter-final", tables, basis={"seeds": [[p, i] for i, p in enumerate(EIGHT, start=1)]})
    records: list[ResultRecord] = []
    for t, results in enumerate(per_table, start=1):
        for n, r in enumerate(_series(results), start=1):
            records.append(_record(len(records) + 1, 1, t, GameEntry(n, *tables[t - 1], r)))
    original = records[which % len(records)]
    fix = dataclasses.replace(
        original,
        id="fix",
        sequence=len(records) + 1,
        content=dataclasses.replace(original.content, result=other),
        replaces_record_id=original.id,
    )
    back = dataclasses.replace(original, id="back", sequence=len(records) + 2, replaces_record_id="fix")
    state = CompetitionState(CUP, _players(8), (), (qf,), tuple(records))
    restored = dataclasses.replace(state, records=(*records, fix, back))
    try:
        _, expected = cup_progress.cup_state(state)
    except FailedPrecondition:  # a series the domain refuses (a double technical defeat is fine here)
        return
    _, got = cup_progress.cup_state(restored)
    assert got == expected
    effects = CupProgressRules().correction_effects(dataclasses.replace(state, records=(*records, fix)), restored)
    assert effects.later_stage_conflicts == ()
