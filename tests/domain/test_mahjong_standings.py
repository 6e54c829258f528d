"""Mahjong league regular standings (docs/rules.md ``mahjong.standings.*``; discard-league-2026 §4, §6.1, §6.2)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.mahjong.scoring import Hanchan, Match, MatchLine, MatchResult, NoShow, Penalty
from league.domain.mahjong.standings import (
    Figures,
    Season,
    Standings,
    average_place,
    rank_standings,
    regular_standings,
    standings_as_dict,
)

pytestmark = pytest.mark.domain
RS = MAHJONG_LEAGUE
EIGHT = tuple(f"P{i}" for i in range(1, 9))

# Hanchan final scores that put the seats 1st, 2nd, 3rd, 4th (results +30 000, +7 000, −10 000, −27 000).
ORDERED = (45_000, 32_000, 25_000, 18_000)


def match(rnd: int, table: int, players, *scores, numbers=None, **kw) -> Match:
    hs = tuple(Hanchan(numbers[i] if numbers else i + 1, tuple(zip(players, s, strict=True))) for i, s in enumerate(scores))
    return Match(rnd, table, tuple(players), hs, **kw)


def rows(standings) -> list[tuple[str, str]]:
    return [(r.place, r.player) for r in standings.rows]


def figures(player: str, total: int, places) -> Figures:
    return Figures(player, total, tuple(Fraction(p) for p in places), (), False, ())


def line(result: MatchResult, player: str) -> MatchLine:
    """``player``'s line of a scored match; the test fails when the player is not in the match."""
    found = result.line(player)
    assert found is not None, f"{player} is not in match {result.match.label}"
    return found


@pytest.mark.rule("mahjong.standings.total-then-average-place")
def test_total_then_average_place_decides_the_top_8_cut():
    # P08 and P09 are level on total at the cut; the lower exact average place (7/3 < 5/2) goes through
    field = [figures(f"P{i:02}", 100_000 - i * 10_000, [2, 2, 3]) for i in range(1, 8)]
    field += [
        figures("P09", 20_000, [1, 4, 2, 3, 4, 1]),  # average 5/2
        figures("P08", 20_000, [2, 3, 2, 2, 3, 2]),  # average 7/3
        figures("P10", 10_000, [1, 1, 1]),  # better average, lower total: total comes first
    ]
    ranked, unresolved = rank_standings(field, RS)
    assert [(r.place, r.player) for r in ranked][6:] == [("7", "P07"), ("8", "P08"), ("9", "P09"), ("10", "P10")]
    assert ranked[7].separated_from_next == "equal total; average place 7/3 < 5/2"
    assert ranked[6].separated_from_next == "total 30 000 > 20 000"
    assert ranked[8].separated_from_next == "total 20 000 > 10 000"
    assert unresolved == ()


@pytest.mark.rule("mahjong.standings.total-then-average-place")
def test_total_is_the_sum_of_the_match_results():
    season = Season(
        RS,
        EIGHT,
        matches=(
            match(1, 1, EIGHT[:4], ORDERED, ORDERED, ORDERED),
            match(1, 2, EIGHT[4:], ORDERED, ORDERED, ORDERED),
            match(2, 1, ("P4", "P3", "P2", "P1"), ORDERED, ORDERED, ORDERED),
            match(2, 2, ("P5", "P6", "P7", "P8"), ORDERED, ORDERED, ORDERED),
        ),
    )
    s = regular_standings(season)
    by = {r.player: r.figures for r in s.rows}
    # P1: round 1 first three times (90 000 + match uma 15 000), round 2 last three times (−81 000 − 15 000)
    assert by["P1"].total == 105_000 - 96_000
    assert by["P1"].average_place == Fraction(5, 2) and by["P1"].hanchans == 6
    assert by["P5"].total == 2 * 105_000 and rows(s)[0] == ("1", "P5")


@pytest.mark.rule("mahjong.standings.organizer-decision")
def test_organizer_decision_for_a_tie_the_chain_cannot_break():
    # P2 and P3 share 2nd-3rd (equal total, equal average place): never silently ordered; a one-round
    # season, so the tie is final (mahjong.standings.provisional-until-played)
    season = Season(
        dataclasses.replace(RS, rounds=1),
        EIGHT,
        matches=(
            match(
                1,
                1,
                ("P1", "P2", "P3", "P4"),
                (50_000, 25_000, 25_000, 20_000),
                (50_000, 25_000, 25_000, 20_000),
                (50_000, 25_000, 25_000, 20_000),
            ),
            match(1, 2, EIGHT[4:], ORDERED, ORDERED, ORDERED),
        ),
    )
    s = regular_standings(season)
    table = {r.player: r for r in s.rows}
    assert table["P2"].place == table["P3"].place == "4-5"
    assert table["P2"].figures.total == table["P3"].figures.total
    assert [(t.place, t.players) for t in s.unresolved] == [("4-5", ("P2", "P3"))]
    assert s.unresolved[0].reason == "equal total; equal average place; organizer decision required"
    assert table["P2"].separated_from_next == "equal total; equal average place; organizer decision required"
    out = standings_as_dict(s)
    assert out["unresolved"] == [
        {
            "place": "4-5",
            "players": ["P2", "P3"],
            "reason": "equal total; equal average place; organizer decision required",
            "reason_ru": "равная сумма очков; равное среднее место; требуется решение организатора",
            "at_cut": False,
        }
    ]


@pytest.mark.rule("mahjong.standings.organizer-decision")
def test_organizer_decision_flags_a_tie_across_the_top_8_cut():
    field = [figures(f"P{i:02}", 100_000 - i * 10_000, [2, 2, 3]) for i in range(1, 8)]
    field += [figures("P08", 0, [2, 3]), figures("P09", 0, [3, 2]), figures("P10", -1, [1])]
    ranked, unresolved = rank_standings(field, RS)
    assert [r.place for r in ranked][7:] == ["8-9", "8-9", "10"]
    assert unresolved[0].at_cut and unresolved[0].players == ("P08", "P09")


@pytest.mark.rule("mahjong.standings.substitutes-not-ranked")
def test_substitutes_not_ranked_their_games_stay_in_history():
    # SUB1 replaces P4 and wins every hanchan: he is not ranked, P1 is still the match's 2nd for the match uma
    season = Season(
        RS,
        EIGHT,
        substitutes=("SUB1",),
        matches=(
            match(1, 1, ("SUB1", "P1", "P2", "P3"), ORDERED, ORDERED, ORDERED, no_shows=(NoShow("P4", "SUB1"),)),
            match(1, 2, EIGHT[4:], ORDERED, ORDERED, ORDERED),
        ),
    )
    s = regular_standings(season)
    assert "SUB1" not in {r.player for r in s.rows} and len(s.rows) == 8
    assert line(s.history[0], "SUB1").total == 90_000 + 15_000
    p1 = next(r for r in s.rows if r.player == "P1").figures
    assert p1.total == 21_000 + 5_000 and p1.average_place == 2
    assert next(r for r in s.rows if r.player == "P4").figures.total == -80_000


@pytest.mark.rule("mahjong.standings.withdrawn-leave")
def test_withdrawn_leave_the_standings_history_kept():
    season = Season(
        RS,
        EIGHT,
        withdrawn=("P1",),
        matches=(match(1, 1, EIGHT[:4], ORDERED, ORDERED, ORDERED), match(1, 2, EIGHT[4:], ORDERED, ORDERED, ORDERED)),
    )
    s = regular_standings(season)
    assert "P1" not in {r.player for r in s.rows}
    assert rows(s)[:3] == [("1", "P5"), ("2-3", "P2"), ("2-3", "P6")]  # 7 ranked; P1's result is not a place
    assert len(s.rows) == 7
    assert line(s.history[0], "P1").total == 105_000  # his games are history, and shaped everyone's match uma
    assert next(r for r in s.rows if r.player == "P2").figures.total == 21_000 + 5_000


@pytest.mark.rule("mahjong.standings.partial-match")
def test_partial_match_gives_provisional_figures_and_says_what_is_missing():
    season = Season(
        RS,
        EIGHT,
        matches=(
            match(1, 1, EIGHT[:4], ORDERED, ORDERED, numbers=(1, 3)),  # hanchan 2 not played yet
            match(1, 2, EIGHT[4:], ORDERED, ORDERED, ORDERED),
        ),
    )
    s = regular_standings(season)
    p1 = next(r for r in s.rows if r.player == "P1").figures
    assert p1.provisional and p1.total == 60_000 and p1.hanchans == 2  # no match uma yet
    assert "round 1 table 1: 2 of 3 hanchans played (missing 2); provisional, match uma pending" in p1.notes
    p5 = next(r for r in s.rows if r.player == "P5").figures
    assert not p5.provisional and p5.total == 105_000


@pytest.mark.rule("mahjong.standings.partial-match")
def test_a_player_without_a_match_in_an_entered_round_is_provisional():
    season = Season(RS, EIGHT, matches=(match(1, 1, EIGHT[:4], ORDERED, ORDERED, ORDERED),))
    p5 = next(r for r in regular_standings(season).rows if r.player == "P5").figures
    assert p5.provisional and "no match entered for round 1; provisional" in p5.notes


def test_penalties_and_chombo_appear_in_the_notes_with_their_reason():
    hs = tuple(Hanchan(n, tuple(zip(EIGHT[:4], ORDERED, strict=True)), (("P2", 1),) if n != 2 else ()) for n in (1, 2, 3))
    season = Season(
        RS,
        EIGHT,
        matches=(
            Match(1, 1, EIGHT[:4], hs, penalties=(Penalty("P3", 2_000, "phone at the table"),)),
            match(1, 2, EIGHT[4:], ORDERED, ORDERED, ORDERED),
        ),
    )
    by = {r.player: r.figures for r in regular_standings(season).rows}
    assert by["P2"].notes == ("round 1 hanchan 1: chombo x1 -40 000", "round 1 hanchan 3: chombo x1 -40 000")
    assert by["P3"].notes == ("round 1: penalty -2 000 (phone at the table)",)


# --- properties ---------------------------------------------------------------------------------------

SIXTEEN = tuple(f"P{i:02}" for i in range(1, 17))


@st.composite
def seasons(draw) -> Season:
    rng = random.Random(draw(st.integers(0, 2**32)))
    matches = []
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        order = list(SIXTEEN)
        rng.shuffle(order)
        for t in range(4):
            players = order[4 * t : 4 * t + 4]
            played = draw(st.integers(0, 3))
            hs = []
            for n in range(1, played + 1):
                three = [draw(st.sampled_from([10_000, 25_000, 30_000, 40_000])) for _ in range(3)]
                hs.append(Hanchan(n, tuple(zip(players, [*three, 120_000 - sum(three)], strict=True))))
            matches.append(Match(rnd, t + 1, tuple(players), tuple(hs)))
    return Season(RS, SIXTEEN, matches=tuple(matches))


@pytest.mark.rule("mahjong.standings.total-then-average-place")
@settings(max_examples=40, deadline=None)
@given(seasons(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_the_order_results_were_entered(season, rnd):
    shuffled = list(season.matches)
    rnd.shuffle(shuffled)
    shuffled = [Match(m.round, m.table, m.players, tuple(rnd.sample(m.hanchans, len(m.hanchans)))) for m in shuffled]
    again = Season(season.ruleset, season.players, matches=tuple(shuffled))
    assert standings_as_dict(regular_standings(again)) == standings_as_dict(regular_standings(season))


@settings(max_examples=40, deadline=None)
@given(seasons())
def test_average_place_computed_two_ways_agrees(season):
    s = regular_standings(season)
    for row in s.rows:
        # way 2: from the hanchans of the history, counting how often each place was taken
        counts: Counter[Fraction] = Counter()
        for r in s.history:
            for h in r.hanchans:
                counts.update(x.place for x in h.lines if x.player == row.player)
        n = sum(counts.values())
        expected = None if n == 0 else Fraction(sum(p * c for p, c in counts.items())) / n
        assert row.figures.average_place == expected == average_place(row.figures.places)
        assert row.figures.hanchans == n


@settings(max_examples=40, deadline=None)
@given(seasons())
def test_places_are_ranges_covering_every_ranked_player_once(season):
    s = regular_standings(season)
    covered = []
    for r in s.rows:
        first, _, last = r.place.partition("-")
        covered.append((int(first), int(last or first)))
    assert sorted({c for c in covered}) == sorted(set(covered))
    assert sum(last - first + 1 for first, last in set(covered)) == len(s.rows) == 16
    for a, b in zip(s.rows, s.rows[1:], strict=False):
        assert a.figures.total >= b.figures.total
        if a.place == b.place:
            assert a.separated_from_next is not None
            ending = "tied so far, order not final" if s.in_progress else "organizer decision required"
            assert a.separated_from_next.endswith(ending)


@pytest.mark.rule("mahjong.standings.advancement-explained")
def test_each_row_says_whether_the_player_continues_to_the_playoff_and_why():
    field = [figures(f"P{i:02}", 100_000 - i * 10_000, [2, 2, 3]) for i in range(1, 8)]
    field += [figures("P09", 20_000, [1, 4, 2, 3, 4, 1]), figures("P08", 20_000, [2, 3, 2, 2, 3, 2]), figures("P10", 10_000, [1])]
    rows, unresolved = rank_standings(field, RS)
    standings = Standings(RS.name, rows, unresolved, (), RS.playoff_places)
    assert standings.advancement(rows[7]) == (
        "playoff",
        "place 8: the playoff takes places 1-8 of the regular stage (discard-league-2026 §1, §2)",
    )
    assert standings.advancement(rows[8]) == (
        "out",
        "place 9: the playoff takes places 1-8; the season ends here (discard-league-2026 §1)",
    )
    tied = [*field[:7], figures("P08", 0, [2, 3]), figures("P09", 0, [3, 2]), figures("P10", -1, [1])]
    rows, unresolved = rank_standings(tied, RS)
    standings = Standings(RS.name, rows, unresolved, (), RS.playoff_places)
    assert standings.advancement(rows[7])[0] == "undecided: playoff or out"
    assert "places 8-9 straddle the playoff cut at 8" in standings.advancement(rows[8])[1]
    assert Standings(RS.name, rows, unresolved, ()).advancement(rows[0]) == ("", "")  # no playoff: nothing to say
    assert standings_as_dict(standings)["standings"][0]["fate"] == "playoff"


# --- mid-season: provisional until the games that decide it are played ---------------------------------

SIXTEEN = tuple(f"P{i:02}" for i in range(1, 17))


def _draw16() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Four rounds of four tables: round r seats player (i + 5r) mod 16 in seat i (no pair twice)."""
    return tuple(tuple(tuple(SIXTEEN[(i + r * 5) % 16] for i in range(t * 4, t * 4 + 4)) for t in range(4)) for r in range(4))


def _played(rounds: int, last_table_hanchans: int = 3) -> tuple[Match, ...]:
    """Rounds 1..``rounds`` of the draw, every table 1st-2nd-3rd-4th in seat order; the last table of
    the last round with ``last_table_hanchans`` hanchans."""
    out = []
    for r, tables in enumerate(_draw16()[:rounds], start=1):
        for t, seats in enumerate(tables, start=1):
            n = last_table_hanchans if (r, t) == (rounds, 4) else 3
            out.append(match(r, t, seats, *([ORDERED] * n)))
    return tuple(out)


@pytest.mark.rule("mahjong.standings.provisional-until-played")
def test_after_round_1_of_4_every_row_and_fate_is_provisional_and_a_tie_is_not_yet_a_decision():
    s = regular_standings(Season(RS, SIXTEEN, matches=_played(1), tables=(4, 4, 4, 4)))
    assert (s.rounds, s.after_round, s.in_progress, s.final) == (4, 1, True, False)
    assert s.progress() == (
        "after round 1 of 4: places and fates are provisional",
        "после тура 1 из 4: места и итоги предварительные",
    )
    assert all(s.provisional(row) and not row.figures.provisional for row in s.rows)  # own figures complete
    # the four winners of round 1 are tied so far (equal total, equal average place): not a decision yet
    assert [r.place for r in s.rows[:4]] == ["1-4"] * 4
    assert s.unresolved == ()
    assert s.rows[0].separated_from_next == "equal total; equal average place; tied so far, order not final"
    fate, why = s.advancement(s.rows[8])
    assert fate == "out" and why.startswith("provisional, after round 1 of 4: places 9-12 below the playoff cut at 8")
    assert "the season ends here" not in why
    assert s.advancement(s.rows[0])[1].startswith("provisional, after round 1 of 4: places 1-4 within the playoff cut")
    out = standings_as_dict(s)
    assert (out["after_round"], out["rounds"], out["final"]) == (1, 4, False)
    assert all(row["provisional"] for row in out["standings"]) and out["unresolved"] == []


@pytest.mark.rule("mahjong.standings.provisional-until-played")
def test_a_round_is_complete_only_when_every_drawn_table_has_every_hanchan():
    one_missing = regular_standings(Season(RS, SIXTEEN, matches=_played(4, last_table_hanchans=2), tables=(4, 4, 4, 4)))
    assert one_missing.after_round == 3 and one_missing.in_progress and not one_missing.final
    assert one_missing.progress()[0] == "after round 3 of 4: places and fates are provisional"
    no_table_4 = tuple(m for m in _played(4) if (m.round, m.table) != (2, 4))  # never entered: not complete either
    skipped = regular_standings(Season(RS, SIXTEEN, matches=no_table_4, tables=(4, 4, 4, 4)))
    assert (
        skipped.complete_rounds == (1, 3, 4)
        and skipped.progress()[0] == "3 of 4 rounds complete: places and fates are provisional"
    )
    # a season file names no draw: a round has as many tables as the most any round has (16 / 4 at least)
    assert regular_standings(Season(RS, SIXTEEN, matches=no_table_4)).complete_rounds == (1, 3, 4)
    nothing = regular_standings(Season(RS, SIXTEEN))
    assert nothing.progress()[0] == "no round of 4 complete yet: places and fates are provisional" and nothing.unresolved == ()


@pytest.mark.rule("mahjong.standings.provisional-until-played")
@pytest.mark.rule("mahjong.standings.advancement-explained")
def test_after_the_last_round_the_places_and_fates_are_final():
    s = regular_standings(Season(RS, SIXTEEN, matches=_played(4), tables=(4, 4, 4, 4)))
    assert (s.after_round, s.in_progress, s.final) == (4, False, True)
    assert s.progress() == ("final, after round 4 of 4", "итог, после тура 4 из 4")
    assert not any(s.provisional(row) for row in s.rows)
    ninth = s.rows[8]
    low, _, high = ninth.place.partition("-")
    if int(low) > 8:
        assert s.advancement(ninth)[1].endswith("the season ends here (discard-league-2026 §1)")
    # whatever is still tied now is the organizer's (mahjong.standings.organizer-decision)
    for tie in s.unresolved:
        assert tie.reason.endswith("organizer decision required")
