"""Pins and seat balance on a club night (docs/rules.md ``draw.sit-out.pins-play``,
``draw.sit-out.seat-balance-counts-games``): a pinned player plays the pinned round at the pinned
table, so never sits it out; pins that leave no fair sit-outs are refused naming the pin, in English
and Russian; seat balance evens the seats over the games each player actually plays."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_runtime import error_catalogue
from rondo_runtime.errors import InvalidArgument
from solver.domain.draw import solve_draw
from solver.domain.draw.cpsat.sit_out_schedule import cpsat_schedule
from solver.domain.draw.problem import Pin, SolveStatus
from solver.domain.draw.seats import seat_counts, seat_imbalance
from solver.domain.draw.sit_outs import sit_out_problems, sitting_out
from solver.domain.draw.validate import check_draw
from tests.domain.test_draw_sit_outs import club_night, evenings

pytestmark = pytest.mark.domain


@pytest.mark.rule("draw.sit-out.pins-play")
@settings(max_examples=25, deadline=None)
@given(evenings(), st.integers(0, 2**31 - 1), st.data())
def test_a_pinned_player_plays_the_pinned_round_at_the_pinned_table(evening, seed, data) -> None:
    n, k, rounds, requested = evening
    count = requested or n % k
    tables = (n - count) // k
    player = data.draw(st.integers(0, n - 1))
    pinned_round = data.draw(st.integers(0, rounds - 1))
    pin = Pin(f"P{player}", pinned_round, data.draw(st.integers(0, tables - 1)))
    problem = club_night(n, k, rounds, requested, seed=seed, work=600, pins=(pin,))
    result = solve_draw(problem)  # one pin always leaves fair sit-outs: the search or the exact model finds them
    assert result.status in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE)
    assert check_draw(problem, result.draw) == []  # the sit-out rules and the pin
    assert pin.player in result.draw[pin.round][pin.table]
    assert pin.player not in result.sit_outs[pin.round]


@pytest.mark.rule("draw.sit-out.pins-play")
def test_a_pin_the_greedy_schedule_breaks_is_kept_by_the_schedule_search() -> None:
    # 21 at tables of 4, 9 sit out a round, 3 rounds: whoever has not sat out by round 3 must then;
    # P1 pinned in round 3 sits out in round 1 or 2 instead
    pin = Pin("P1", 2, 0)
    problem = club_night(21, 4, 3, 9, seed=0, work=600, pins=(pin,))
    result = solve_draw(problem)
    assert check_draw(problem, result.draw) == [] and "P1" in result.draw[2][0]
    assert any("P1" in sitting for sitting in result.sit_outs[:2])


@pytest.mark.rule("draw.sit-out.pins-play")
def test_a_pin_the_depth_first_search_gives_up_on_is_kept_by_the_exact_model() -> None:
    # 19 at tables of 2, 17 sit out each of 7 rounds: the 14 who play play once, each when every other
    # has sat out as often; P0, pinned in the last round, must not have played before
    pin = Pin("P0", 6, 0)
    problem = club_night(19, 2, 7, 17, seed=109, work=600, pins=(pin,))
    result = solve_draw(problem)
    assert check_draw(problem, result.draw) == [] and "P0" in result.draw[6][0]
    players = problem.players
    served = (("P1",), ("P2",))
    schedule = cpsat_schedule(players, 1, 3, {"P1": 1, "P2": 1}, {"P1": 0, "P2": 1}, 2, 3, 1, frozenset({(0, "P3")}))
    assert schedule is not None and sit_out_problems(players, schedule, 1, served) == []
    assert all("P3" not in sitting for sitting in schedule[:1])
    # everyone pinned in round 1: nobody can sit out, the model says so
    everyone = frozenset((0, p) for p in players)
    assert cpsat_schedule(players, 17, 1, {}, {}, 0, 1, 1, everyone) is None


@pytest.mark.rule("draw.sit-out.pins-play")
def test_pins_that_leave_no_fair_sit_outs_are_refused_in_english_and_russian() -> None:
    # 9 players at tables of 4, one sits out each of 9 rounds: everyone sits out exactly once, so a
    # player pinned in every round leaves the evening unfair
    pins = tuple(Pin("P4", r, 0) for r in range(9))
    with pytest.raises(InvalidArgument) as refused:
        solve_draw(club_night(9, 4, 9, work=600, pins=pins))
    (violation,) = refused.value.violations
    assert violation.reason == "SIT_OUT_PINNED_UNFAIR" and violation.field.startswith("pins[")
    params = dict(violation.params)
    assert params["player"] == "P4" and params["rounds"] == "1, 2, 3, 4, 5, 6, 7, 8, 9"
    assert "P4 is pinned in rounds 1, 2" in violation.description and "no fair sit-outs were found" in violation.description
    russian = error_catalogue.localized("SIT_OUT_PINNED_UNFAIR", params, violation.description)["ru"]
    assert "P4" in russian and "закреплён" in russian
    # pinned in eight rounds of nine, P4 sits out the ninth
    result = solve_draw(club_night(9, 4, 9, work=600, pins=pins[:8]))
    assert result.sit_outs[8] == ("P4",)


@pytest.mark.rule("draw.sit-out.pins-play")
def test_pins_over_a_tables_seats_or_beyond_the_tables_played_are_refused_as_in_any_draw() -> None:
    crowded = tuple(Pin(f"P{i}", 0, 0) for i in range(5))
    assert solve_draw(club_night(10, 4, 2, pins=crowded)).conflicts == tuple(f"pins[{i}]" for i in range(5))
    with pytest.raises(InvalidArgument) as refused:
        solve_draw(club_night(10, 4, 2, pins=(Pin("P0", 0, 2),)))  # 2 sit out: tables 0 and 1 play
    assert [v.field for v in refused.value.violations] == ["pins[0].table"]


@pytest.mark.rule("draw.sit-out.seat-balance-counts-games")
@settings(max_examples=25, deadline=None)
@given(evenings(), st.integers(0, 2**31 - 1))
def test_seat_balance_counts_the_games_each_player_plays(evening, seed) -> None:
    n, k, rounds, requested = evening
    problem = club_night(n, k, rounds, requested, seed=seed, work=600, seat_balance=True)
    result = solve_draw(problem)
    assert check_draw(problem, result.draw) == []
    assert result.seat_imbalance == seat_imbalance(result.draw, k) <= 1
    games = Counter(p for rnd in result.draw for table in rnd for p in table)
    for player, seats in seat_counts(result.draw, k).items():
        assert sum(seats) == games[player]  # counted over the games played, sit-outs are no seat
        assert max(seats) - min(seats) <= 1
    assert result.sit_outs == sitting_out(problem.players, result.draw)
