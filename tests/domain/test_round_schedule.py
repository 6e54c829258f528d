"""The round auto-scheduler (solver/domain/schedule): small instances with known optima, each model
module alone, the preference in the club's time, the reasons of matches left out, validation and the
capacity. Every schedule returned is checked with the solver-free ``check_schedule``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from rondo_runtime.errors import InvalidArgument
from solver.domain.capacity import MAX_SCHEDULE_OPTIONS, count_starts
from solver.domain.draw.problem import SolveStatus
from solver.domain.schedule.cpsat import one_option_per_match, players_never_overlap, rooms_never_overlap
from solver.domain.schedule.cpsat.model import ScheduleModel
from solver.domain.schedule.cpsat.solve import solve_schedule
from solver.domain.schedule.greedy import earliest_first
from solver.domain.schedule.preference import is_evening, start_cost
from solver.domain.schedule.problem import (
    Candidate,
    Placement,
    Preference,
    ScheduleMatch,
    ScheduleObjective,
    ScheduleProblem,
)
from solver.domain.schedule.starts import all_options, starts_in
from solver.domain.schedule.validate import check_schedule, validate_problem

pytestmark = pytest.mark.domain

# Monday 2026-03-02 18:00 in Kirov (UTC+3, no DST)
MONDAY_18 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


def at(day: int, hour: float) -> datetime:
    """Club time (Kirov) ``hour`` on ``day`` days after Monday 2026-03-02, as UTC."""
    return MONDAY_18 + timedelta(days=day, hours=hour - 18)


def cand(day: int, h1: float, h2: float, *rooms: str) -> Candidate:
    return Candidate(at(day, h1), at(day, h2), rooms or ("r1",))


def match(mid: str, players: tuple[str, ...], *candidates: Candidate, minutes: int = 240) -> ScheduleMatch:
    return ScheduleMatch(mid, players, minutes, candidates)


def problem(*matches: ScheduleMatch, rooms=("r1",), **kw) -> ScheduleProblem:
    kw.setdefault("reference", at(0, 0))
    kw.setdefault("time_limit_s", 10.0)
    return ScheduleProblem(tuple(matches), tuple(rooms), **kw)


def solved(p: ScheduleProblem):
    result = solve_schedule(p)
    assert check_schedule(p, result.placements) == []
    assert {m for m, _ in result.unplaced} | {x.match_id for x in result.placements} == {m.id for m in p.matches}
    return result


def where(result) -> dict[str, tuple[datetime, str]]:
    return {p.match_id: (p.start, p.room_id) for p in result.placements}


@pytest.mark.rule("schedule.auto.most-matches-placed")
def test_three_matches_competing_for_one_room_place_two_at_the_known_optimum():
    # m1 and m2 can only play Monday 18:00-22:00; m3 also Tuesday 18:00-22:00: one of m1/m2 is left out
    p = problem(
        match("m1", ("a1", "b1"), cand(0, 18, 22)),
        match("m2", ("a2", "b2"), cand(0, 18, 22)),
        match("m3", ("a3", "b3"), cand(0, 18, 22), cand(1, 18, 22)),
    )
    result = solved(p)
    assert result.status is SolveStatus.OPTIMAL
    # Monday 18:00 is 18 hours after the reference; Tuesday 18:00, 42 hours: both evening starts
    assert result.objective == result.bound == ScheduleObjective(2, 18 * 60 + 42 * 60)
    assert where(result)["m3"] == (at(1, 18), "r1")
    [(left_out, reason)] = result.unplaced
    assert left_out in ("m1", "m2") and "rooms are taken by match" in reason


@pytest.mark.rule("schedule.auto.most-matches-placed")
def test_the_solver_places_a_match_the_earliest_first_baseline_loses():
    # m1 may play Monday or Tuesday, m2 only Monday: earliest-first puts m1 on Monday and loses m2
    p = problem(
        match("m1", ("a1", "b1"), cand(0, 18, 22), cand(1, 18, 22)),
        match("m2", ("a2", "b2"), cand(0, 18, 22)),
    )
    greedy = earliest_first(p, all_options(p))
    assert len(greedy) == 1
    result = solved(p)
    assert result.status is SolveStatus.OPTIMAL and result.objective.matches_placed == 2
    assert where(result) == {"m1": (at(1, 18), "r1"), "m2": (at(0, 18), "r1")}
    assert any("earliest-first baseline: 1 placed" in n for n in result.notes)


@pytest.mark.rule("schedule.auto.no-double-booking")
def test_a_player_with_two_games_of_a_one_against_one_round_never_plays_both_at_once():
    # "a" plays m1 and m2; two rooms are free, but a cannot be in both: one game moves to Tuesday
    both = ("r1", "r2")
    p = problem(
        match("m1", ("a", "b"), cand(0, 18, 22, *both)),
        match("m2", ("a", "c"), cand(0, 18, 22, *both), cand(1, 18, 22, *both)),
        match("m3", ("d", "e"), cand(0, 18, 22, *both)),
        rooms=both,
    )
    result = solved(p)
    assert result.status is SolveStatus.OPTIMAL and result.objective.matches_placed == 3
    placed = where(result)
    assert placed["m1"][0] == at(0, 18) and placed["m2"][0] == at(1, 18) and placed["m3"][0] == at(0, 18)
    assert placed["m1"][1] != placed["m3"][1]  # same time: two rooms
    # without Tuesday, a's second game cannot be placed, and the reason names a and the game he plays
    p = problem(
        match("m1", ("a", "b"), cand(0, 18, 22, *both)),
        match("m2", ("a", "c"), cand(0, 18, 22, *both)),
        rooms=both,
    )
    result = solved(p)
    assert result.objective.matches_placed == 1
    [(_, reason)] = result.unplaced
    assert "player 'a' plays match" in reason


@pytest.mark.rule("schedule.auto.no-double-booking")
def test_check_schedule_finds_every_double_booking_without_a_solver():
    p = problem(match("m1", ("a", "b"), cand(0, 18, 23)), match("m2", ("a", "c"), cand(0, 18, 23)))
    bad = [Placement("m1", at(0, 18), at(0, 22), "r1", 0), Placement("m2", at(0, 19), at(0, 23), "r1", 0)]
    problems = check_schedule(p, bad)
    assert any("room 'r1'" in x for x in problems) and any("player 'a'" in x for x in problems)
    assert check_schedule(p, [Placement("m1", at(0, 17), at(0, 21), "r1", 0)]) == [
        "match 'm1' at 2026-03-02T14:00:00+00:00 in 'r1' is not inside one of its candidates"
    ]
    assert check_schedule(p, [Placement("m1", at(0, 18), at(0, 20), "r1", 0)])  # not the match's length


def _model(p: ScheduleProblem, *modules) -> tuple[ScheduleModel, cp_model.CpSolver]:
    model = ScheduleModel(p, all_options(p))
    for module in modules:
        module.add(model)
    model.cp.maximize(sum(model.x))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 10
    assert solver.solve(model.cp) == cp_model.OPTIMAL
    return model, solver


@pytest.mark.rule("schedule.auto.no-double-booking")
def test_each_constraint_module_alone():
    # two matches sharing player "a", one room, one 4-hour candidate each, 30-minute steps: 1 start each
    p = problem(match("m1", ("a", "b"), cand(0, 18, 22)), match("m2", ("a", "c"), cand(0, 18, 22)))
    assert _model(p)[1].objective_value == 2  # nothing forbids both
    assert _model(p, rooms_never_overlap)[1].objective_value == 1
    assert _model(p, players_never_overlap)[1].objective_value == 1
    # one match, a long candidate: many starts, one_option_per_match keeps one
    p = problem(match("m1", ("a", "b"), cand(0, 10, 23)))
    assert _model(p)[1].objective_value == len(all_options(p)) > 1
    assert _model(p, one_option_per_match)[1].objective_value == 1
    # rooms alone: two games of one player in two rooms at once are allowed by the room rule
    p = problem(
        match("m1", ("a", "b"), cand(0, 18, 22, "r1")), match("m2", ("a", "c"), cand(0, 18, 22, "r2")), rooms=("r1", "r2")
    )
    assert _model(p, rooms_never_overlap)[1].objective_value == 2
    assert _model(p, rooms_never_overlap, players_never_overlap)[1].objective_value == 1


@pytest.mark.rule("schedule.auto.objective")
def test_evening_beats_daytime_up_to_a_day_earlier_and_earlier_beats_later():
    # Monday 12:00 (daytime) vs Monday 19:00 (evening): the evening wins (7 h later < 24 h)
    p = problem(match("m1", ("a", "b"), cand(0, 12, 16), cand(0, 19, 23)))
    assert where(solved(p))["m1"][0] == at(0, 19)
    # Monday 12:00 vs Tuesday 19:00 (31 h later): the earlier daytime start wins
    p = problem(match("m1", ("a", "b"), cand(0, 12, 16), cand(1, 19, 23)))
    assert where(solved(p))["m1"][0] == at(0, 12)
    # two evenings: the earlier one; and the cost is exactly lateness + daytime penalty
    p = problem(match("m1", ("a", "b"), cand(2, 18, 22), cand(1, 18, 22)))
    result = solved(p)
    assert where(result)["m1"][0] == at(1, 18) and result.objective.preference_cost == (24 + 18) * 60
    zone = __import__("zoneinfo").ZoneInfo("Europe/Kirov")
    assert start_cost(at(0, 12), at(0, 0), zone, Preference()) == 12 * 60 + 24 * 60


@pytest.mark.rule("schedule.auto.objective")
def test_evening_is_read_in_the_club_zone_across_a_dst_change():
    from zoneinfo import ZoneInfo

    berlin = ZoneInfo("Europe/Berlin")  # CET -> CEST on Sunday 2026-03-29
    before = datetime(2026, 3, 28, 18, 30, tzinfo=berlin).astimezone(UTC)  # 17:30 UTC
    after = datetime(2026, 3, 29, 18, 30, tzinfo=berlin).astimezone(UTC)  # 16:30 UTC
    assert is_evening(before, berlin, Preference()) and is_evening(after, berlin, Preference())
    assert not is_evening(after - timedelta(hours=1), berlin, Preference())  # 17:30 local
    # a wrapping evening (20:00 - 01:00)
    late = Preference(evening_start=20 * 60, evening_end=60)
    assert is_evening(datetime(2026, 3, 29, 0, 30, tzinfo=berlin), berlin, late)
    assert not is_evening(datetime(2026, 3, 29, 1, 30, tzinfo=berlin), berlin, late)
    # after the change the first evening start is 18:00 CEST = 16:00 UTC (before it, 18:00 CET = 17:00 UTC)
    p = problem(
        ScheduleMatch("m1", ("a", "b"), 120, (Candidate(after - timedelta(hours=2), after + timedelta(hours=2), ("r1",)),)),
        time_zone="Europe/Berlin",
        reference=after - timedelta(hours=2),
        step_minutes=30,
    )
    assert where(solved(p))["m1"][0] == datetime(2026, 3, 29, 16, 0, tzinfo=UTC)


@pytest.mark.rule("schedule.auto.reasons")
def test_every_match_left_out_says_why():
    p = problem(
        match("none", ("a", "b")),
        match("short", ("c", "d"), cand(0, 18, 19)),
        match("first", ("e", "f"), cand(0, 18, 22)),
        match("second", ("g", "h"), cand(0, 18, 22)),
    )
    result = solved(p)
    reasons = dict(result.unplaced)
    assert reasons["none"].startswith("no common option")
    assert reasons["short"] == "no common option is 240 minutes long"
    assert "its only possible start conflicts" in reasons["second"] and "'first'" in reasons["second"]


@pytest.mark.rule("schedule.auto.time-limit")
def test_a_tiny_time_limit_still_answers_a_valid_schedule_with_its_bound():
    matches = [
        match(f"m{i}", (f"a{i}", f"b{i}"), *(cand(d, 10, 23, "r1", "r2") for d in range(7)), minutes=180) for i in range(12)
    ]
    p = problem(*matches, rooms=("r1", "r2"), time_limit_s=0.01, step_minutes=15)
    result = solved(p)
    assert result.status in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE)
    assert result.objective.matches_placed == 12 <= result.bound.matches_placed
    assert result.bound.preference_cost <= result.objective.preference_cost


@pytest.mark.rule("schedule.auto.time-limit")
def test_bad_input_names_every_field_before_any_solve():
    bad = ScheduleProblem(
        matches=(
            ScheduleMatch("m1", ("a", "a"), 0, (Candidate(at(0, 20), at(0, 18), ("r9",)),)),
            ScheduleMatch("m1", (), 60, (Candidate(at(0, 18), at(0, 20), ()),)),
        ),
        room_ids=("r1",),
        time_zone="Mars/Olympus",
        step_minutes=1,
    )
    with pytest.raises(InvalidArgument) as error:
        validate_problem(bad)
    assert {v.field for v in error.value.violations} == {
        "matches[1]",
        "matches[0].player_ids[1]",
        "matches[0].length_minutes",
        "matches[0].candidates[0].end",
        "matches[0].candidates[0].room_ids[0]",
        "matches[1].player_ids",
        "matches[1].candidates[0].room_ids",
        "time_zone",
        "start_step_minutes",
    }


@pytest.mark.rule("schedule.auto.time-limit")
def test_the_capacity_counts_options_without_enumerating_them():
    # a 62-day window free all day for 512 matches in 64 rooms at 5-minute steps: billions of options
    window = Candidate(at(0, 0), at(62, 0), tuple(f"r{i}" for i in range(64)))
    huge = ScheduleProblem(
        tuple(ScheduleMatch(f"m{i}", ("a", "b"), 60, (window,)) for i in range(512)),
        window.room_ids,
        step_minutes=5,
    )
    with pytest.raises(InvalidArgument) as error:
        validate_problem(huge)
    [violation] = error.value.violations
    assert violation.field == "matches" and f"{MAX_SCHEDULE_OPTIONS:,}".replace(",", " ") in violation.description


@settings(max_examples=200, deadline=None)
@given(
    start=st.integers(0, 24 * 60),
    span=st.integers(1, 3 * 24 * 60),
    length=st.integers(1, 600),
    step=st.integers(5, 240),
)
def test_count_starts_is_the_number_of_starts(start, span, length, step):
    c = Candidate(at(0, 0) + timedelta(minutes=start), at(0, 0) + timedelta(minutes=start + span), ("r1",))
    starts = starts_in(c, timedelta(minutes=length), step)
    assert count_starts(c, length, step) == len(starts)
    assert all(c.start <= s and s + timedelta(minutes=length) <= c.end for s in starts)
    assert sorted(set(starts)) == starts
