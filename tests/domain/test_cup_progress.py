"""The open cup's progress (docs/rules.md ``cup.progress.*``; open-cup-2023 §1.6.1, §1.7, §3.3, §3.4.3,
§4.3, §6.3.1, §6.4).

League keeps the cup's state; the pairs of each stage come from the bracket (``league.domain.cup.bracket``,
from the survivors in seed order, as the stages do).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.cup.bracket import Entrant, Seed, stage_of
from league.domain.cup.knockout import (
    BADGE,
    FINAL,
    MEDAL,
    QUARTER_FINAL,
    SEMI_FINAL,
    THIRD_PLACE_MATCH,
    CupProgress,
    CupRules,
    Disqualification,
    Game,
    cup_progress,
)
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

EIGHT = [f"P{i}" for i in range(1, 9)]


def bracket_pairs(survivors: Sequence[tuple[str, int]]) -> list[list[str]]:
    """The bracket's literal pairing of a stage from the ordered survivors (3.4.2)."""
    stage = stage_of([Seed(n, Entrant(p)) for p, n in survivors])
    return [[s.id for s in m.players] for m in stage.matches]


def first_pairs(seeds: Sequence[str]) -> list[list[str]]:
    return bracket_pairs([(p, i) for i, p in enumerate(seeds, start=1)])


def won(stage: int, match: int, winner: str, wins: int = 2) -> list[Game]:
    return [Game(stage, match, n, winner) for n in range(1, wins + 1)]


def violations(err: pytest.ExceptionInfo[InvalidArgument]) -> dict[str, str]:
    return {v.field: v.description for v in err.value.violations}


def play_through(
    seeds: Sequence[str], decide, disqualifications: Sequence[Disqualification] = ()
) -> tuple[CupProgress, list[list[list[str]]], list[Game]]:
    """Play the cup to the end: ``decide(stage, match, players, pairs in the stage)`` returns that
    series' games."""
    pairings = [first_pairs(seeds)]
    games: list[Game] = []
    while True:
        k = len(pairings)
        for j, pair in enumerate(pairings[-1], start=1):
            if len(pair) == 2:
                games += decide(k, j, tuple(pair), len(pairings[-1]))
        progress = cup_progress(seeds, pairings, games, disqualifications)
        final = progress.stages[-1]
        if final.name == FINAL:
            third = final.third_place
            if third is not None and not third.is_pass and not third.decided:
                games += decide(k, THIRD_PLACE_MATCH, third.players, 1)
            return cup_progress(seeds, pairings, games, disqualifications), pairings, games
        pairings.append(bracket_pairs(progress.survivors))


@pytest.mark.rule("cup.progress.series-and-replays")
def test_series_first_to_the_target_with_drawn_games_replayed_3_3_2():
    pairings = [first_pairs(["A", "B", "C", "D"])]  # A v C, B v D
    assert pairings == [[["A", "C"], ["B", "D"]]]
    games = [
        Game(1, 1, 1, "A"),
        Game(1, 1, 2, None),  # drawn: replayed from the replay setting
        Game(1, 1, 3, None),  # the replay drawn too: replayed again
        Game(1, 1, 4, "C"),
        Game(1, 1, 5, "A"),
    ]
    progress = cup_progress(["A", "B", "C", "D"], pairings, games)
    m = progress.stages[0].matches[0]
    assert m.winner == "A" and m.losers == ("C",) and m.wins == (2, 1) and m.decided
    assert [(g.number, g.replay, g.setting) for g in m.games] == [
        (1, False, "X in the centre"),
        (2, False, "X in the centre"),
        (3, True, "4X at random"),
        (4, True, "4X at random"),
        (5, False, "X in the centre"),
    ]
    assert "drawn, does not count, replayed from 4X at random (3.3.2)" in m.games[1].text
    assert m.explanation == "A beat C 2-1: first to 2 wins; drawn games replayed and not counted (3.3.2)"
    other = progress.stages[0].matches[1]
    assert not other.decided and other.explanation == "B v D 0-0, first to 2 wins: undecided"
    assert progress.survivors == ()  # the semi-final is not finished
    assert progress.results["A"].why == ("still in the cup, advanced from the semi-final: " + m.explanation,)
    assert progress.results["B"].why == ("still in the cup, playing in the semi-final: " + other.explanation,)


@pytest.mark.rule("cup.progress.series-and-replays")
def test_series_length_is_ruleset_data_per_stage():
    rules = CupRules(series_wins=1, stage_series_wins=((FINAL, 3),))
    pairings = [[["A", "C"], ["B", "D"]], [["A", "B"]]]
    games = [Game(1, 1, 1, "A"), Game(1, 2, 1, "B"), *won(2, 1, "A", 2), Game(2, 0, 1, "C")]
    progress = cup_progress(["A", "B", "C", "D"], pairings, games, rules=rules)
    assert progress.stages[0].decided and not progress.stages[1].matches[0].decided  # 2-0 of a first-to-3
    assert progress.stages[1].third_place is not None and progress.stages[1].third_place.winner == "C"


@pytest.mark.rule("cup.progress.series-and-replays")
def test_bad_results_name_their_field():
    seeds = ["A", "B", "C", "D"]
    pairings = [[["A", "C"], ["B", "D"]]]
    with pytest.raises(InvalidArgument) as err:
        cup_progress(seeds, pairings, [Game(1, 1, 1, "B")])
    assert violations(err) == {"games[0].winner": "'B' is not in pair 1 of the semi-final (A v C)"}
    with pytest.raises(InvalidArgument) as err:
        cup_progress(seeds, pairings, [Game(1, 1, 1, "A"), Game(1, 1, 1, "C")])
    assert "games[1].number" in violations(err) and "one result per game" in violations(err)["games[1].number"]
    with pytest.raises(InvalidArgument) as err:
        cup_progress(seeds, pairings, [Game(2, 1, 1, "A")])
    assert "not reached" in violations(err)["games[0].stage"]
    with pytest.raises(InvalidArgument) as err:
        cup_progress(seeds, pairings, [Game(1, 1, 2, "A")])
    assert "game 1 of pair 1 of the semi-final (A v C) is missing" in violations(err)["games[0].number"]
    with pytest.raises(InvalidArgument) as err:
        cup_progress(seeds, pairings, [*won(1, 1, "A"), Game(1, 1, 3, "C")])
    assert "already decided by game 2" in violations(err)["games[2].number"]
    with pytest.raises(InvalidArgument) as err:
        cup_progress(seeds, pairings, [Game(1, 1, 1, absent=("D",))])
    assert violations(err) == {"games[0].absent": "'D' is not in pair 1 of the semi-final (A v C)"}
    with pytest.raises(InvalidArgument) as err:  # the next stage before this one is finished
        cup_progress(seeds, [*pairings, [["A", "B"]]], won(1, 1, "A"))
    assert "the semi-final is not finished (pair 2 (B v D) undecided)" in violations(err)["pairings[1]"]
    with pytest.raises(InvalidArgument) as err:  # the pairs must be exactly the survivors
        cup_progress(seeds, [*pairings, [["A", "C"]]], [*won(1, 1, "A"), *won(1, 2, "B")])
    assert violations(err)["pairings[1][0]"] == "'C' is no longer in the cup; pair only the survivors"


@pytest.mark.rule("cup.progress.technical-defeat")
def test_an_absent_player_loses_the_game_technically_and_the_series_goes_on_4_3():
    pairings = [[["A", "C"], ["B", "D"]]]
    games = [Game(1, 1, 1, absent=("C",)), Game(1, 1, 2, "C"), Game(1, 1, 3, absent=("C",))]
    progress = cup_progress(["A", "B", "C", "D"], pairings, games)
    m = progress.stages[0].matches[0]
    assert m.winner == "A" and m.wins == (2, 1) and m.technical
    assert m.games[0].technical_losers == ("C",) and m.games[0].winner == "A"
    assert m.games[0].text == "game 1 (start: X in the centre): C absent, technical win for A (4.3)"
    assert m.explanation == "A beat C technically 2-1: first to 2 wins"
    assert progress.results["C"].technical_defeats == 2 and progress.results["A"].technical_defeats == 0


@pytest.mark.rule("cup.progress.double-technical-defeat")
def test_both_absent_both_lose_that_game_and_the_series_goes_on_4_3_3():
    pairings = [first_pairs(EIGHT)]  # P1 v P5, P2 v P6, P3 v P7, P4 v P8
    # P2 leads 1-0 when both are absent in game 2: that game is lost by both, the series goes on
    games = [*won(1, 1, "P1"), Game(1, 2, 1, "P2"), Game(1, 2, 2, absent=("P2", "P6")), *won(1, 3, "P3"), *won(1, 4, "P8")]
    progress = cup_progress(EIGHT, pairings, games)
    m = progress.stages[0].matches[1]
    assert m.winner is None and not m.decided and m.losers == () and m.wins == (1, 0)
    assert m.games[1].technical_losers == ("P2", "P6") and m.games[1].winner is None
    assert (
        m.games[1].text
        == "game 2 (start: X in the centre): both absent, both lose this game technically (4.3.3); the series goes on"
    )
    assert "P2" not in {p for p, _ in progress.survivors} and not progress.stages[0].decided
    games.append(Game(1, 2, 3, "P2"))  # game 3 is no replay: a regular start
    progress = cup_progress(EIGHT, pairings, games)
    m = progress.stages[0].matches[1]
    assert m.winner == "P2" and m.wins == (2, 0) and m.games[2].setting == m.games[0].setting
    assert m.explanation == "P2 beat P6 2-0: first to 2 wins; both absent in game 2: both lost it technically (4.3.3)"
    assert progress.survivors == (("P1", 1), ("P2", 2), ("P3", 3), ("P8", 8))
    assert progress.results["P2"].technical_defeats == 1 and progress.results["P6"].technical_defeats == 1
    # the same in a medal match: the semi-final goes on after a game both missed
    semi = cup_progress(
        ["A", "B", "C", "D"],
        [[["A", "C"], ["B", "D"]]],
        [Game(1, 1, 1, absent=("A", "C")), Game(1, 1, 2, "A"), Game(1, 1, 3, "A")],
    )
    assert semi.stages[0].matches[0].winner == "A"


@pytest.mark.rule("cup.progress.third-place-and-final-places")
@pytest.mark.rule("cup.final.third-place-match")
@pytest.mark.rule("cup.final.places-1-to-4")
def test_semi_final_losers_play_for_third_and_places_1_to_4_get_medals_3_4_3_1_6_1():
    progress, pairings, _ = play_through(EIGHT, lambda k, j, players, _: won(k, j, min(players, key=EIGHT.index)))
    assert [s.name for s in progress.stages] == [QUARTER_FINAL, SEMI_FINAL, FINAL]
    assert pairings[1:] == [[["P1", "P3"], ["P2", "P4"]], [["P1", "P2"]]]
    third = progress.stages[2].third_place
    assert third is not None and third.players == ("P3", "P4") and third.winner == "P3"
    assert progress.finished and progress.places == ("P1", "P2", "P3", "P4")
    r = progress.results
    assert [(r[p].place, r[p].award, r[p].prize_place) for p in ("P1", "P2", "P3", "P4")] == [
        (1, MEDAL, 1),
        (2, MEDAL, 2),
        (3, MEDAL, 3),
        (4, MEDAL, 4),
    ]
    for p in ("P5", "P6", "P7", "P8"):
        assert (r[p].place, r[p].award, r[p].eliminated_in) == (None, BADGE, QUARTER_FINAL)
    assert r["P3"].why[0] == "place 3 from the third-place match (3.4.3): P3 beat P4 2-0: first to 2 wins"
    assert r["P7"].why[0] == "went out in the quarter-final: P3 beat P7 2-0: first to 2 wins"


@pytest.mark.rule("cup.progress.prize-eligibility")
def test_a_prize_needs_at_most_one_technical_defeat_1_7_2():
    pairings = [[["A", "C"], ["B", "D"]], [["A", "B"]]]
    games = [
        Game(1, 1, 1, "A"),
        Game(1, 1, 2, absent=("A",)),  # A: one technical defeat
        Game(1, 1, 3, "A"),
        *won(1, 2, "B"),
        *won(2, 1, "A"),
        Game(2, 0, 1, absent=("D",)),
        Game(2, 0, 2, absent=("D",)),  # D: two technical defeats
    ]
    progress = cup_progress(["A", "B", "C", "D"], pairings, games)
    r = progress.results
    assert progress.places == ("A", "B", "C", "D")
    assert (r["A"].technical_defeats, r["A"].prize_place) == (1, 1)
    assert (r["D"].technical_defeats, r["D"].prize_place, r["D"].award) == (2, None, MEDAL)
    assert r["D"].why[-1] == "no prize for place 4: 2 technical defeats, at most 1 allowed (1.7.2)"


@pytest.mark.rule("cup.progress.disqualification")
def test_a_disqualified_player_is_never_replaced_and_later_opponents_win_technically_6_4():
    # 16 players; P2 is disqualified in the 1/8 final after winning his series: he has reached the
    # quarter-final only (no prize place secured), keeps his position, and his quarter-final
    # opponent wins technically. P10, whom he beat, keeps his result.
    seeds = [f"P{i}" for i in range(1, 17)]
    dq = [Disqualification("P2", 1, "help from another person (5.3.3 в)")]

    def best_seed_wins(k: int, j: int, players: tuple[str, ...], _pairs: int) -> list[Game]:
        if "P2" in players and k > 1:
            return []  # nobody plays a disqualified player
        return won(k, j, min(players, key=seeds.index))

    progress, pairings, games = play_through(seeds, best_seed_wins, dq)
    assert pairings[1] == [["P1", "P5"], ["P2", "P6"], ["P3", "P7"], ["P4", "P8"]]  # never replaced
    m = progress.stages[1].matches[1]
    assert m.winner == "P6" and m.technical and m.games == ()
    assert "P6 wins technically: P2 was disqualified" in m.explanation
    assert progress.places == ("P1", "P3", "P4", "P6")
    r = progress.results
    assert r["P2"].disqualified and (r["P2"].place, r["P2"].award, r["P2"].eliminated_in) == (None, None, None)
    assert (r["P10"].place, r["P10"].eliminated_in, r["P10"].award) == (None, "1/8 final", BADGE)
    assert "no prize place secured" in progress.explanation[0]
    with pytest.raises(InvalidArgument) as err:  # no games against a disqualified player
        cup_progress(seeds, pairings, [*games, Game(2, 2, 1, "P6")], dq)
    assert "his later opponents win technically" in violations(err)[f"games[{len(games)}].match"]


@pytest.mark.rule("cup.progress.disqualification")
def test_disqualified_in_an_undecided_series_his_opponent_wins_technically_6_4():
    pairings = [first_pairs(EIGHT)]
    games = [Game(1, 1, 1, "P5")]
    dq = [Disqualification("P5", 1, "someone else played on his profile (5.3.3 б)")]
    progress = cup_progress(EIGHT, pairings, games, dq)
    m = progress.stages[0].matches[0]
    assert m.winner == "P1" and m.wins == (0, 1) and m.games[0].winner == "P5"  # the game stands in the history
    assert progress.results["P5"].why[0].startswith("disqualified in stage 1")
    assert "no prize place secured" in progress.explanation[0]


@pytest.mark.rule("cup.progress.disqualification-lift")
def test_disqualified_after_securing_a_prize_place_everyone_he_beat_moves_up_6_4():
    # P2 beats P6 in the quarter-final, reaches the semi-final (4th place at worst: a prize place)
    # and is disqualified there. P4 wins technically; in the third-place match P3 wins
    # technically; P2's 4th place goes to P6 and P6's level (out in the quarter-final) is vacated.
    pairings = [first_pairs(EIGHT), [["P1", "P3"], ["P2", "P4"]], [["P1", "P4"]]]
    games = [*won(1, 1, "P1"), *won(1, 2, "P2"), *won(1, 3, "P3"), *won(1, 4, "P4"), *won(2, 1, "P1"), *won(3, 1, "P4")]
    dq = [Disqualification("P2", 2, "engine assistance (5.3.3 в)")]
    progress = cup_progress(EIGHT, pairings, games, dq)
    third = progress.stages[2].third_place
    assert third is not None and third.players == ("P2", "P3") and third.winner == "P3"
    assert progress.places == ("P4", "P1", "P3", "P6")
    r = progress.results
    assert (r["P6"].place, r["P6"].award, r["P6"].prize_place, r["P6"].eliminated_in) == (4, MEDAL, 4, None)
    assert "moved up one level from going out in the quarter-final to place 4: P2" in r["P6"].why[1]
    assert r["P2"].disqualified and r["P2"].place is None and r["P2"].prize_place is None
    assert [p for p in EIGHT if r[p].eliminated_in == QUARTER_FINAL] == ["P5", "P7", "P8"]  # not P6 any more


@pytest.mark.rule("cup.progress.disqualification-lift")
def test_a_disqualified_winner_lifts_his_whole_path_6_4():
    # P1 wins the final, then is disqualified during the final stage: P2 (final) takes 1st, P3
    # (semi-final) takes P2's 2nd, P5 (quarter-final) takes P3's 3rd; P4 keeps 4th.
    pairings = [first_pairs(EIGHT), [["P1", "P3"], ["P2", "P4"]], [["P1", "P2"]]]
    games = [
        *won(1, 1, "P1"),
        *won(1, 2, "P2"),
        *won(1, 3, "P3"),
        *won(1, 4, "P4"),
        *won(2, 1, "P1"),
        *won(2, 2, "P2"),
        *won(3, 1, "P1"),
        *won(3, THIRD_PLACE_MATCH, "P3"),
    ]
    progress = cup_progress(EIGHT, pairings, games, [Disqualification("P1", 3, "engine assistance (5.3.3 в)")])
    assert progress.places == ("P2", "P3", "P5", "P4")
    assert progress.results["P5"].award == MEDAL and progress.results["P5"].eliminated_in is None
    assert "everyone he beat moves up one level (P2, P3, P5)" in progress.explanation[0]


# ------------------------------------------------------------------------------------------ property


@st.composite
def random_cups(draw):
    n = draw(st.integers(4, 24))
    seeds = [f"S{i:02d}" for i in range(1, n + 1)]
    return seeds, random.Random(draw(st.integers(0, 2**32 - 1)))


def random_series(rng: random.Random):
    """``decide`` for :func:`play_through`: each series to two wins with drawn games, single and double
    absences at random."""

    def decide(stage: int, match: int, players: tuple[str, ...], pairs_in_stage: int) -> list[Game]:
        out: list[Game] = []
        number = 0
        wins = dict.fromkeys(players, 0)
        while max(wins.values()) < 2:
            number += 1
            roll = rng.random()
            if roll < 0.1:  # both absent (4.3.3): a game neither wins, the series goes on
                out.append(Game(stage, match, number, absent=players))
            elif roll < 0.2:
                out.append(Game(stage, match, number))
            elif roll < 0.3:
                gone = rng.choice(players)
                out.append(Game(stage, match, number, absent=(gone,)))
                wins[players[1] if gone == players[0] else players[0]] += 1
            else:
                w = rng.choice(players)
                out.append(Game(stage, match, number, w))
                wins[w] += 1
        return out

    return decide


@pytest.mark.rule("cup.progress.third-place-and-final-places")
@settings(max_examples=60, deadline=None)
@given(random_cups())
def test_property_a_full_bracket_yields_each_place_once_and_everyone_else_out_once(cup):
    seeds, rng = cup
    progress, _, _ = play_through(seeds, random_series(rng))
    assert progress.finished
    placed = [p for p in progress.places if p is not None]
    assert len(placed) == 4 and len(set(placed)) == 4
    for p in seeds:
        r = progress.results[p]
        exits = (r.place is not None) + (r.eliminated_in is not None)
        assert exits == 1, r
        assert (r.award == MEDAL) == (r.place is not None)


@pytest.mark.rule("cup.progress.disqualification-lift")
@settings(max_examples=40, deadline=None)
@given(random_cups(), st.booleans())
def test_property_one_disqualification_leaves_every_entrant_one_exit_and_places_unique(cup, finished_first):
    seeds, rng = cup
    cheat = rng.choice(seeds)

    def decide(stage: int, match: int, players: tuple[str, ...], _pairs: int) -> list[Game]:
        if cheat in players and stage > 1:
            return []  # his later opponents win technically
        if cheat in players and not finished_first:
            return [Game(stage, match, 1, cheat)]  # disqualified in the middle of his series
        return won(stage, match, rng.choice(players))

    progress, _, _ = play_through(seeds, decide, [Disqualification(cheat, 1, "engine assistance (5.3.3 в)")])
    assert progress.finished and cheat not in progress.places
    placed = [p for p in progress.places if p is not None]
    assert len(placed) == len(set(placed)) >= 3
    for p in seeds:
        r = progress.results[p]
        assert (r.place is not None) + (r.eliminated_in is not None) + r.disqualified == 1, r


@pytest.mark.rule("cup.records.correction-recomputes-derived")
def test_as_paired_a_stage_keeps_its_players_after_a_confirmed_correction_and_says_who_went_out_before_it():
    qf = first_pairs(EIGHT)  # P1 v P5, P2 v P6, P3 v P7, P4 v P8
    games = [g for m, pair in enumerate(qf, start=1) for g in won(1, m, pair[0])]
    sf = bracket_pairs([("P1", 1), ("P2", 2), ("P3", 3), ("P4", 4)])
    # the quarter-final pair 1 corrected afterwards: P5 won it, but the semi-final was paired with P1
    corrected = [g for g in games if g.match != 1] + won(1, 1, "P5")
    with pytest.raises(InvalidArgument) as error:
        cup_progress(EIGHT, [qf, sf], corrected)
    assert "pairings[1][0]" in violations(error)  # strictly, P1 is no longer in the cup
    progress = cup_progress(EIGHT, [qf, sf], corrected + won(2, 1, "P1") + won(2, 2, "P2"), as_paired=True)
    semi = progress.stages[1]
    assert semi.paired_anyway == ("P1",) and semi.not_paired == ("P5",)
    assert progress.results["P5"].eliminated_in == SEMI_FINAL and progress.results["P5"].award == BADGE
    assert progress.results["P1"].eliminated_in is None and progress.survivors == (("P1", 1), ("P2", 2))
    assert any("keeps the players it was paired with" in line for line in progress.explanation)
    # the third-place match as paired stands too
    final = [["P1", "P2"]]
    done = cup_progress(
        EIGHT,
        [qf, sf, final],
        corrected + won(2, 1, "P1") + won(2, 2, "P2") + won(3, 1, "P1") + won(3, THIRD_PLACE_MATCH, "P3"),
        as_paired=True,
        third_place=("P4", "P3"),
    )
    assert done.finished and done.places == ("P1", "P2", "P3", "P4")


@pytest.mark.rule("cup.progress.places-final-when-decided")
def test_no_place_is_given_until_the_medal_matches_are_decided_a_final_won_with_the_third_place_match_open():
    seeds = EIGHT
    better = lambda k, j, players, _: won(k, j, min(players, key=EIGHT.index))  # noqa: E731
    pairings = [first_pairs(seeds)]
    games: list[Game] = []
    for k in (1, 2):
        games += [g for j, pair in enumerate(pairings[-1], start=1) for g in better(k, j, tuple(pair), 0)]
        pairings.append(bracket_pairs(cup_progress(seeds, pairings, games).survivors))
    games += won(3, 1, "P1")  # the final is decided, the match for third place is not
    progress = cup_progress(seeds, pairings, games)
    assert progress.stages[-1].name == FINAL and not progress.finished and progress.places == ()
    assert all(r.place is None and r.prize_place is None for r in progress.results.values())
    third = progress.stages[-1].third_place
    assert third is not None and set(third.players) == {"P3", "P4"}
    for p in ("P3", "P4"):  # not "went out in the semi-final, a badge": the match for third place decides
        assert progress.results[p].award is None and progress.results[p].eliminated_in is None
        assert progress.results[p].why == (f"still in the cup, playing the match for third place (3.4.3): {third.explanation}",)
    assert progress.results["P5"].award == BADGE  # out in the quarter-final: that is final
    games += won(3, THIRD_PLACE_MATCH, "P4")
    progress = cup_progress(seeds, pairings, games)
    assert progress.finished and progress.places == ("P1", "P2", "P4", "P3")


@pytest.mark.rule("cup.forfeit.both-absent")
def test_a_pair_whose_players_are_both_out_removes_both_and_the_next_list_is_padded_4_3_3():
    pairings = [first_pairs(EIGHT)]  # P1 v P5, P2 v P6, P3 v P7, P4 v P8
    dq = [Disqualification("P4", 1, "absent (4.3.3)"), Disqualification("P8", 1, "absent (4.3.3)")]
    progress = cup_progress(EIGHT, pairings, [*won(1, 1, "P1"), *won(1, 2, "P2"), *won(1, 3, "P3")], dq)
    assert [p for p, _ in progress.survivors] == ["P1", "P2", "P3"]
    assert bracket_pairs(progress.survivors) == [["P1", "P3"], ["P2"]]  # padded to 4: P2 passes (3.4.1.2)
    # in a semi-final nothing fills the final: the arbiter decides (5.2.2 г)
    semi = [*pairings, bracket_pairs([("P1", 1), ("P2", 2), ("P3", 3), ("P4", 4)])]
    quarter = [*won(1, 1, "P1"), *won(1, 2, "P2"), *won(1, 3, "P3"), *won(1, 4, "P4")]
    with pytest.raises(InvalidArgument) as err:
        cup_progress(EIGHT, semi, quarter, [Disqualification("P1", 2, "absent"), Disqualification("P3", 2, "absent")])
    assert "the arbiter decides" in " ".join(violations(err).values())
