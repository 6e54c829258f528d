"""Up&Down league standings: Sonneborn-Berger and the tie-break chains (docs/rules.md
``updown.standings.*``; updown-league-2007 §6.1-§6.5)."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.updown import (
    EXTRA_MATCH,
    Game,
    GameResult,
    UpdownRuleset,
    UpdownSeason,
    effective_games,
    sonneborn_berger,
    updown_standings,
)

pytestmark = pytest.mark.domain
SIX = ("A", "B", "C", "D", "E", "F")
SINGLE = UpdownRuleset("single", cycles=1, leaders=0, outsiders=0)


def games(*results: tuple[str, str, str]) -> tuple[Game, ...]:
    return tuple(Game(1, w, b, GameResult(r)) for w, b, r in results)


def rows(season: UpdownSeason) -> list[tuple[str, str, int, int, str | None]]:
    return [(r.place, r.player, r.points, r.sonneborn_berger, r.separated_from_next) for r in updown_standings(season).rows]


def sb_by_opponent_totals(players, scored) -> dict[str, int]:
    """SB the other way round: for each opponent, the points I took from him × his stage score."""
    against: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
    for sg in scored:
        w, b = sg.game.white, sg.game.black
        against[w][b] += sg.white_points
        against[b][w] += sg.black_points
    final = {p: sum(against[p].values()) for p in players}
    return {p: sum(n * final[o] for o, n in against[p].items()) for p in players}


@pytest.mark.rule("updown.standings.sonneborn-berger")
def test_sonneborn_berger_is_points_scored_times_the_opponents_final_score():
    # A beats B, C, D; B beats C, D; C beats D: final scores 3, 2, 1, 0
    season = UpdownSeason(SINGLE, SIX[:4], games(*[(a, b, "1-0") for a, b in itertools.combinations(SIX[:4], 2)]))
    assert [(r[1], r[2], r[3]) for r in rows(season)] == [("A", 3, 3), ("B", 2, 1), ("C", 1, 0), ("D", 0, 0)]
    # a long match weighs twice on both sides of the product
    long = UpdownSeason(SINGLE, ("A", "B", "C"), (Game(1, "A", "B", GameResult("1-0"), long=True), *games(("B", "C", "1-0"))))
    assert sonneborn_berger(long.players, effective_games(long)[0]) == {"A": 2 * 1, "B": 1 * 0, "C": 0}


@pytest.mark.rule("updown.standings.sonneborn-berger")
def test_stage_two_sb_from_stage_two_games_only_while_points_carry():
    rs = UpdownRuleset("sl", leaders=2, outsiders=0, leaders_long=False)
    season = UpdownSeason(
        rs,
        ("A", "B", "C"),
        games(("A", "B", "1-0"), ("B", "C", "1-0"), ("C", "A", "1-0")),
        stage=2,
        group="leaders",
        carried={"A": 10, "B": 4, "C": 7},
    )
    out = {r.player: r for r in updown_standings(season).rows}
    assert {p: (r.points, r.carried, r.sonneborn_berger) for p, r in out.items()} == {
        "A": (11, 10, 1),
        "B": (5, 4, 1),
        "C": (8, 7, 1),  # SB: each beat a stage-2 score of 1, carried points not used
    }


@pytest.mark.rule("updown.standings.sonneborn-berger")
@settings(max_examples=60, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2**32 - 1), st.booleans())
def test_sb_computed_two_independent_ways_agrees_and_does_not_depend_on_entry_order(n, seed, double):
    rnd = random.Random(seed)
    players = tuple(f"P{i}" for i in range(n))
    results = [r.value for r in GameResult]
    gs = []
    for cycle in range(2 if double else 1):
        for a, b in itertools.combinations(players, 2):
            w, bl = (a, b) if cycle == 0 else (b, a)
            gs.append(
                Game(cycle + 1, w, bl, GameResult(rnd.choice(results)), long=rnd.random() < 0.2, thrown=rnd.random() < 0.05)
            )
    rs = UpdownRuleset("x", cycles=2 if double else 1, leaders=0, outsiders=0)
    season = UpdownSeason(rs, players, tuple(gs))
    scored = effective_games(season)[0]
    assert sonneborn_berger(players, scored) == sb_by_opponent_totals(players, scored)
    shuffled = list(gs)
    rnd.shuffle(shuffled)
    assert rows(season) == rows(UpdownSeason(rs, players, tuple(shuffled)))


@pytest.mark.rule("updown.standings.two-tied")
def test_two_tied_head_to_head_first():
    season = UpdownSeason(
        SINGLE,
        SIX[:4],
        games(("A", "B", "1-0"), ("A", "C", "1-0"), ("B", "C", "1-0"), ("B", "D", "1-0"), ("C", "D", "1-0"), ("D", "A", "1-0")),
    )
    assert [(r[0], r[1], r[4]) for r in rows(season)] == [
        ("1", "A", "equal points; head-to-head 1 > 0"),
        ("2", "B", "points 2 > 1"),
        ("3", "C", "equal points; head-to-head 1 > 0"),
        ("4", "D", None),
    ]


@pytest.mark.rule("updown.standings.two-tied")
def test_two_tied_equal_head_to_head_then_sonneborn_berger():
    season = UpdownSeason(
        SINGLE,
        SIX,
        games(
            ("A", "B", "-/-"),
            ("A", "C", "0-1"),
            ("A", "D", "0-1"),
            ("A", "E", "0-1"),
            ("A", "F", "1-0"),
            ("B", "C", "0-1"),
            ("B", "D", "1-0"),
            ("B", "E", "0-1"),
            ("B", "F", "0-1"),
            ("C", "D", "0-1"),
            ("C", "E", "0-1"),
            ("C", "F", "1-0"),
            ("D", "E", "1-0"),
            ("D", "F", "1-0"),
            ("E", "F", "0-1"),
        ),
    )
    out = rows(season)
    assert out[4] == ("5", "B", 1, 4, "equal points; equal head-to-head; Sonneborn-Berger 4 > 2")  # B beat D (4 points)
    assert out[5] == ("6", "A", 1, 2, None)  # A beat F (2 points)


@pytest.mark.rule("updown.standings.two-tied")
def test_two_tied_with_everything_equal_need_an_extra_match_never_ordered_silently():
    rs = UpdownRuleset("cut", cycles=1, leaders=1, outsiders=0)
    standings = updown_standings(
        UpdownSeason(rs, ("A", "B", "C"), games(("A", "B", "-/-"), ("A", "C", "1-0"), ("B", "C", "1-0")))
    )
    assert [(r.place, r.player, r.fate) for r in standings.rows][:2] == [
        ("1-2", "A", "undecided: leaders or stop"),
        ("1-2", "B", "undecided: leaders or stop"),
    ]
    (tie,) = standings.unresolved
    assert tie.place == "1-2" and tie.players == ("A", "B") and tie.at_cut
    assert tie.reason == f"equal points; equal head-to-head; equal Sonneborn-Berger; {EXTRA_MATCH}"


@pytest.mark.rule("updown.standings.several-tied")
def test_several_tied_mini_table_among_them():
    season = UpdownSeason(
        SINGLE,
        SIX,
        games(
            ("A", "B", "1-0"),
            ("A", "C", "1-0"),
            ("A", "D", "0-1"),
            ("A", "E", "0-1"),
            ("A", "F", "0-1"),
            ("B", "C", "1-0"),
            ("B", "D", "1-0"),
            ("B", "E", "0-1"),
            ("B", "F", "0-1"),
            ("C", "D", "1-0"),
            ("C", "E", "0-1"),
            ("C", "F", "1-0"),
            ("D", "E", "1-0"),
            ("D", "F", "1-0"),
            ("E", "F", "0-1"),
        ),
    )
    assert [(r[0], r[1], r[2], r[4]) for r in rows(season)] == [
        ("1", "D", 3, "equal points; mini-table 2 > 1"),
        ("2", "F", 3, "equal points; mini-table 1 > 0"),
        ("3", "E", 3, "points 3 > 2"),
        ("4", "A", 2, "equal points; mini-table 2 > 1"),
        ("5", "B", 2, "equal points; mini-table 1 > 0"),
        ("6", "C", 2, None),
    ]


@pytest.mark.rule("updown.standings.several-tied")
def test_several_tied_equal_mini_table_then_sb_and_two_left_go_to_the_two_player_rule():
    season = UpdownSeason(
        SINGLE,
        SIX,
        games(
            ("A", "B", "1-0"),
            ("A", "C", "0-1"),
            ("A", "D", "0-1"),
            ("A", "E", "0-1"),
            ("A", "F", "1-0"),
            ("B", "C", "1-0"),
            ("B", "D", "0-1"),
            ("B", "E", "1-0"),
            ("B", "F", "0-1"),
            ("C", "D", "0-1"),
            ("C", "E", "0-1"),
            ("C", "F", "1-0"),
            ("D", "E", "1-0"),
            ("D", "F", "1-0"),
            ("E", "F", "1-0"),
        ),
    )
    assert rows(season)[2:5] == [
        ("3", "B", 2, 5, "equal points; equal mini-table; Sonneborn-Berger 5 > 3"),
        ("4", "C", 2, 3, "equal points; equal mini-table; equal Sonneborn-Berger; head-to-head 1 > 0"),  # §6.2.4
        ("5", "A", 2, 3, "points 2 > 1"),
    ]


@pytest.mark.rule("updown.standings.several-tied")
def test_example_three_way_tie_at_the_leaders_cut_resolved_by_mini_table_then_sb():
    from pathlib import Path

    from league.domain.season_file import load_season

    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "updown-season.json"
    season = load_season(path.read_text(encoding="utf-8"))
    assert isinstance(season, UpdownSeason)
    out = {r.player: r for r in updown_standings(season).rows}
    assert [(out[p].place, out[p].points, out[p].fate) for p in ("P06", "P05", "P07")] == [
        ("3", 14, "leaders"),
        ("4", 14, "leaders"),
        ("5", 14, "stop"),
    ]
    assert out["P06"].separated_from_next == "equal points; equal mini-table; equal head-to-head; Sonneborn-Berger 142 > 122"
    assert out["P05"].separated_from_next == "equal points; mini-table 2 > 1"
    assert out["P07"].sonneborn_berger > out["P05"].sonneborn_berger  # the mini-table comes before SB


@pytest.mark.rule("updown.standings.shared-places")
def test_players_who_stop_with_everything_equal_share_the_place():
    rs = UpdownRuleset("cut", cycles=1, leaders=1, outsiders=1)
    standings = updown_standings(
        UpdownSeason(
            rs,
            ("A", "B", "C", "D"),
            games(
                ("A", "B", "1-0"), ("A", "C", "1-0"), ("A", "D", "1-0"), ("B", "C", "-/-"), ("B", "D", "1-0"), ("C", "D", "1-0")
            ),
        )
    )
    assert [(r.place, r.player, r.fate) for r in standings.rows] == [
        ("1", "A", "leaders"),
        ("2-3", "B", "stop"),
        ("2-3", "C", "stop"),
        ("4", "D", "outsiders"),
    ]
    assert standings.unresolved == ()  # no extra match for those who stop
    assert "share the place" in (standings.rows[1].separated_from_next or "")


@pytest.mark.rule("updown.standings.several-tied")
def test_two_left_equal_after_mini_table_and_sb_get_the_two_player_rule_without_repeating_sb():
    # A, B, C: 0-0 among themselves; SB puts B first, A and C stay equal (head-to-head 0-0 as well)
    results = [
        ("A", "B", "-/-"), ("A", "C", "-/-"), ("A", "D", "0-1"), ("A", "E", "1-0"), ("A", "F", "0-1"),
        ("B", "C", "-/-"), ("B", "D", "1-0"), ("B", "E", "0-1"), ("B", "F", "0-1"), ("C", "D", "0-1"),
        ("C", "E", "1-0"), ("C", "F", "0-1"), ("D", "E", "0-1"), ("D", "F", "1-0"), ("E", "F", "0-1"),
    ]  # fmt: skip
    equal = "equal points; equal mini-table; equal Sonneborn-Berger; equal head-to-head"
    stopping = updown_standings(UpdownSeason(SINGLE, SIX, games(*results)))
    assert [(r.place, r.player, r.separated_from_next) for r in stopping.rows][3:] == [
        ("4", "B", "equal points; equal mini-table; Sonneborn-Berger 3 > 2"),
        ("5-6", "A", f"{equal}; they share the place (updown-league-2007 §6.5: no extra match for those who stop)"),
        ("5-6", "C", None),
    ]
    assert stopping.unresolved == ()
    continuing = updown_standings(UpdownSeason(UpdownRuleset("all", cycles=1, leaders=6, outsiders=0), SIX, games(*results)))
    (tie,) = continuing.unresolved
    assert (tie.place, tie.players, tie.reason, tie.at_cut) == ("5-6", ("A", "C"), f"{equal}; {EXTRA_MATCH}", False)
