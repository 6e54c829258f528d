"""Round robin by the FIDE Berger tables and groups (docs/rules.md `updown.*`; updown-league-2007 §3.2, §4.3, §4.4)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.updown.berger import (
    RatedPlayer,
    berger_table,
    group_round_robins,
    groups,
    round_robin,
    split_into_groups,
)
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

# FIDE Handbook C.05, Annex 1 (Berger tables), (white, black).
FIDE_4 = (((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
FIDE_6 = (
    ((1, 6), (2, 5), (3, 4)),
    ((6, 4), (5, 3), (1, 2)),
    ((2, 6), (3, 1), (4, 5)),
    ((6, 5), (1, 4), (2, 3)),
    ((3, 6), (4, 2), (5, 1)),
)
FIDE_8 = (
    ((1, 8), (2, 7), (3, 6), (4, 5)),
    ((8, 5), (6, 4), (7, 3), (1, 2)),
    ((2, 8), (3, 1), (4, 7), (5, 6)),
    ((8, 6), (7, 5), (1, 4), (2, 3)),
    ((3, 8), (4, 2), (5, 1), (6, 7)),
    ((8, 7), (1, 6), (2, 5), (3, 4)),
    ((4, 8), (5, 3), (6, 2), (7, 1)),
)
FIDE_10_LAST = ((5, 10), (6, 4), (7, 3), (8, 2), (9, 1))


def ids(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def as_numbers(rnd) -> list[tuple[int, int]]:
    return [(int(p.first[1:]), int(p.second[1:])) for p in rnd.pairings]


def fields(err) -> list[str]:
    return [v.field for v in err.value.violations]


@pytest.mark.rule("updown.schedule.berger-tables")
def test_berger_n4_table():
    assert berger_table(4) == FIDE_4


def test_berger_n6_table():
    assert berger_table(6) == FIDE_6


def test_berger_n8_round1():
    assert berger_table(8)[0] == ((1, 8), (2, 7), (3, 6), (4, 5))


def test_berger_n8_round2():
    assert berger_table(8)[1] == ((8, 5), (6, 4), (7, 3), (1, 2))


@pytest.mark.rule("updown.schedule.berger-tables")
def test_berger_n8_full_table():
    assert berger_table(8) == FIDE_8


def test_berger_n10_last_round():
    assert berger_table(10)[-1] == FIDE_10_LAST


@pytest.mark.rule("updown.schedule.berger-tables")
def test_single_round_robin_follows_berger_numbers_in_given_order_4_4():
    sch = round_robin(ids(8))
    assert len(sch.rounds) == 7 and sch.cycles == 1
    assert [as_numbers(r) for r in sch.rounds] == [list(r) for r in FIDE_8]
    assert all(r.bye is None for r in sch.rounds)


@pytest.mark.rule("updown.schedule.odd-bye")
def test_odd_players_highest_number_is_the_bye():
    sch = round_robin(ids(7))
    assert [r.bye for r in sch.rounds] == ["p1", "p5", "p2", "p6", "p3", "p7", "p4"]  # partners of 8
    assert as_numbers(sch.rounds[0]) == [(2, 7), (3, 6), (4, 5)]
    assert [r.bye for r in round_robin(ids(5)).rounds] == ["p1", "p4", "p2", "p5", "p3"]


@pytest.mark.rule("updown.schedule.double-round-robin")
def test_double_round_robin_second_cycle_reverses_colours_4_3():
    sch = round_robin(ids(6), cycles=2)
    assert len(sch.rounds) == 10
    second = sch.rounds[5:]
    assert [r.cycle for r in second] == [2] * 5
    assert [[(b, a) for a, b in as_numbers(r)] for r in second] == [list(r) for r in FIDE_6]


@pytest.mark.rule("updown.schedule.double-round-robin")
def test_double_round_robin_swaps_last_two_rounds_of_first_cycle_fide():
    sch = round_robin(ids(8), cycles=2)
    assert [r.berger_round for r in sch.rounds] == [1, 2, 3, 4, 5, 7, 6] + [1, 2, 3, 4, 5, 6, 7]
    assert [r.number for r in sch.rounds] == list(range(1, 15))
    plain = round_robin(ids(8), cycles=2, swap_last_two_rounds=False)
    assert [r.berger_round for r in plain.rounds] == list(range(1, 8)) * 2
    # a single round robin is never reordered
    assert [r.berger_round for r in round_robin(ids(8)).rounds] == list(range(1, 8))


@pytest.mark.rule("updown.schedule.double-round-robin")
def test_double_round_robin_never_three_same_colours_in_a_row_with_fide_swap():
    for n in range(3, 17):
        assert _max_colour_streak(round_robin(ids(n), cycles=2)) <= 2, n
    assert _max_colour_streak(round_robin(ids(8), cycles=2, swap_last_two_rounds=False)) == 3


def _max_colour_streak(sch) -> int:
    worst = 0
    for p in sch.players:
        seq = [("W" if g.first == p else "B") for r in sch.rounds for g in r.pairings if p in (g.first, g.second)]
        run = 1
        for a, b in zip(seq, seq[1:]):
            run = run + 1 if a == b else 1
            worst = max(worst, run)
    return worst


def test_two_players_double_round_robin():
    sch = round_robin(["a", "b"], cycles=2)
    assert [(g.first, g.second) for r in sch.rounds for g in r.pairings] == [("a", "b"), ("b", "a")]


# ----------------------------------------------------------------------------------------- groups


def rated(*ratings) -> list[RatedPlayer]:
    return [RatedPlayer(f"r{i}", r) for i, r in enumerate(ratings, start=1)]


@pytest.mark.rule("updown.groups.snake-or-random")
def test_snake_seeding_by_rating_into_groups():
    players = rated(1000, 1800, 1200, 1600, 1400, 2000, None, 1100, 1900)
    g = split_into_groups(players, 3)
    assert [grp.name for grp in g] == ["1", "2", "3"]
    # ranked: r6 2000, r9 1900, r2 1800 | r4 1600, r5 1400, r3 1200 | r8 1100, r1 1000, r7 unrated
    assert [grp.ids for grp in g] == [("r6", "r3", "r8"), ("r9", "r5", "r1"), ("r2", "r4", "r7")]


def test_snake_seeding_equal_ratings_keep_input_order():
    g = split_into_groups(rated(1500, 1500, 1500, 1500), 2)
    assert [grp.ids for grp in g] == [("r1", "r4"), ("r2", "r3")]


@pytest.mark.rule("updown.groups.snake-or-random")
def test_groups_of_at_most_group_size_4_3():
    g = groups(rated(*range(25)), 12)
    assert sorted(len(grp.players) for grp in g) == [8, 8, 9]
    assert [len(grp.players) for grp in groups(rated(*range(24)), 12)] == [12, 12]
    assert len(groups(rated(*range(24)), 0)) == 1
    assert len(groups(rated(*range(24)), None)) == 1


@pytest.mark.rule("updown.groups.snake-or-random")
def test_random_split_reproducible_from_seed_3_2():
    players = rated(*range(30))
    a = split_into_groups(players, 3, method="random", seed=7)
    assert a == split_into_groups(players, 3, method="random", seed=7)
    assert a != split_into_groups(players, 3, method="random", seed=8)
    assert sorted(p.id for grp in a for p in grp.players) == sorted(p.id for p in players)
    assert [len(grp.players) for grp in a] == [10, 10, 10]


def test_group_round_robins_number_players_in_group_order():
    out = group_round_robins(rated(*range(16)), cycles=2, group_size=8)
    assert len(out) == 2
    for grp, sch in out:
        assert sch.players == grp.ids and len(sch.rounds) == 14


# ----------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("players", "cycles", "field", "words"),
    [
        (["a"], 1, "players", "at least 2"),
        (["a", "a"], 1, "players[1]", "already players[0]"),
        (["a", ""], 1, "players[1]", "non-empty"),
        ("abc", 1, "players", "list"),
        (["a", "b"], 3, "cycles", "1 (single round robin) or 2"),
        (["a", "b"], 0, "cycles", "1 (single"),
        (["a", "b"], True, "cycles", "1 (single"),
    ],
)
def test_round_robin_bad_input_names_the_field(players, cycles, field, words):
    with pytest.raises(InvalidArgument) as err:
        round_robin(players, cycles)
    assert field in fields(err)
    assert words in err.value.message


@pytest.mark.parametrize("n", [0, 3, -2, 7])
def test_berger_table_needs_an_even_count(n):
    with pytest.raises(InvalidArgument) as err:
        berger_table(n)
    assert fields(err) == ["players"]


@pytest.mark.parametrize(
    ("call", "field", "words"),
    [
        (lambda: split_into_groups(rated(1, 2, 3, 4, 5), 3), "n_groups", "at most 2 groups"),
        (lambda: split_into_groups(rated(1, 2, 3, 4), 0), "n_groups", "at least 1"),
        (lambda: split_into_groups(rated(1), 1), "players", "at least 2"),
        (lambda: split_into_groups(rated(1, 2) + [RatedPlayer("r1", 3)], 1), "players[2].id", "already"),
        # cast(Any, ...): deliberately ill-typed input, as it can arrive from outside
        (lambda: split_into_groups([RatedPlayer("a", cast(Any, 1.5)), RatedPlayer("b")], 1), "players[0].rating", "whole"),
        (lambda: split_into_groups(cast(Any, ["a", "b"]), 1), "players[0]", "RatedPlayer"),
        (lambda: split_into_groups(rated(1, 2, 3, 4), 2, method=cast(Any, "alphabetical")), "method", "snake"),
        (lambda: split_into_groups(rated(1, 2, 3, 4), 2, method="random"), "seed", "integer seed"),
        (lambda: groups(rated(1, 2, 3, 4, 5), 1), "group_size", "at least 2"),
        (lambda: groups(rated(1, 2, 3, 4, 5), 2), "group_size", "fewer than 2 players"),
        (lambda: group_round_robins(rated(1, 2, 3, 4), cycles=4), "cycles", "1 (single"),
    ],
)
def test_group_bad_input_names_the_field(call, field, words):
    with pytest.raises(InvalidArgument) as err:
        call()
    assert field in fields(err)
    assert words in err.value.message


# ------------------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 24), st.sampled_from([1, 2]), st.booleans())
def test_property_every_pair_meets_once_per_cycle_and_plays_at_most_once_a_round(n, cycles, swap):
    sch = round_robin(ids(n), cycles, swap_last_two_rounds=swap)
    per_cycle = n - 1 + n % 2
    assert len(sch.rounds) == per_cycle * cycles
    for cycle in range(1, cycles + 1):
        rounds = [r for r in sch.rounds if r.cycle == cycle]
        met = Counter(frozenset((g.first, g.second)) for r in rounds for g in r.pairings)
        assert set(met) == {frozenset(p) for p in combinations(sch.players, 2)}
        assert set(met.values()) == {1}
        byes = [r.bye for r in rounds]
        assert (byes == [None] * per_cycle) if n % 2 == 0 else (Counter(byes) == Counter(sch.players))
    for r in sch.rounds:
        seen = [p for g in r.pairings for p in (g.first, g.second)] + ([r.bye] if r.bye else [])
        assert sorted(seen) == sorted(sch.players)  # everyone once: plays or has the bye


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 24))
def test_property_colour_balance_single_within_one_double_exactly_equal(n):
    for cycles in (1, 2):
        sch = round_robin(ids(n), cycles)
        whites = Counter(g.first for r in sch.rounds for g in r.pairings)
        blacks = Counter(g.second for r in sch.rounds for g in r.pairings)
        for p in sch.players:
            if cycles == 1:
                assert abs(whites[p] - blacks[p]) <= 1
            else:
                assert whites[p] == blacks[p]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(0, 3000)), min_size=2, max_size=60),
    st.integers(1, 30),
    st.sampled_from(["snake", "random"]),
)
def test_property_groups_partition_players_with_sizes_within_one(ratings, n_groups, method):
    players = rated(*ratings)
    if len(players) // n_groups < 2:
        with pytest.raises(InvalidArgument):
            split_into_groups(players, n_groups, method=method, seed=1)
        return
    g = split_into_groups(players, n_groups, method=method, seed=1)
    assert len(g) == n_groups
    assert sorted(p.id for grp in g for p in grp.players) == sorted(p.id for p in players)
    sizes = [len(grp.players) for grp in g]
    assert max(sizes) - min(sizes) <= 1
    if method == "snake":  # the k-th strongest of every group are in the k-th "lap" of the snake
        ranked = sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0)))
        lap = {p.id: i // n_groups for i, p in enumerate(ranked)}
        for grp in g:
            assert [lap[p.id] for p in grp.players] == list(range(len(grp.players)))
