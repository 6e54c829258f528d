"""The open cup as a season file (``rondo standings CUP.json``): read by the one loader entry point
(``load_season`` dispatches on ``ruleset``), seeded, paired and scored by the code the service plans and
checks its cup stages with (docs/rules.md ``cup.season-file.same-scorer``); every error names its field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.adapters.season_file import load_season
from league.domain.cup import knockout as cup
from league.domain.cup.progress import CupSeasonScore, cup_score_as_dict, score_cup_season
from league.domain.cup.season import CupSeason
from rondo_runtime.errors import InvalidArgument
from tests.season_damage import CHANGES, damaged, fields_named

pytestmark = pytest.mark.domain
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "open-cup-season.json"
EXAMPLE_DATA: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
EIGHT = [f"E{i}" for i in range(1, 9)]


def score(data: Any) -> CupSeasonScore:
    season = load_season(json.dumps(data, ensure_ascii=False))
    assert isinstance(season, CupSeason)
    return score_cup_season(season)


def errors(data: Any) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as error:
        score(data)
    return {x.field: x.description for x in error.value.violations}


def eight(*series: dict, dqs: tuple = (), ruleset: Any = "open-cup") -> dict:
    """Eight entrants E1..E8, E1 the best rated: the quarter-final pairs E1 v E5, E2 v E6, ..."""
    return {
        "ruleset": ruleset,
        "entrants": [{"name": e, "rating": 2000 - i} for i, e in enumerate(EIGHT)],
        "series": list(series),
        "disqualifications": list(dqs),
    }


def qf(*results: str, players=("E1", "E5"), stage: int = 1) -> dict:
    return {"stage": stage, "players": list(players), "games": list(results)}


@pytest.mark.rule("cup.season-file.same-scorer")
def test_the_example_is_a_complete_40_player_cup_with_a_replay_technical_defeats_and_a_disqualification():
    result = score(EXAMPLE_DATA)
    progress = result.progress
    assert len(result.seeding.seeds) == 40 and progress.finished
    assert [s.name for s in result.stages] == ["1/32 final", "1/16 final", "1/8 final", "quarter-final", "semi-final", "final"]
    assert progress.places == ("P01", "P02", "P03", "P04")
    # P01 lost two games technically: he keeps the medal, not the prize (1.7.2)
    assert [progress.results[p].prize_place for p in progress.places] == [None, 2, 3, 4]
    first = progress.stages[0]
    replayed = next(m for m in first.matches if "P01" in m.players)
    assert [g.replay for g in replayed.games] == [False, True, False] and replayed.winner == "P01"
    double = next(m for m in first.matches if "P08" in m.players)  # both absent in game 1: the series goes on
    assert double.winner == "P40" and double.wins == (2, 0) and double.games[0].technical_losers == ("P40", "P08")
    assert progress.results["P08"].technical_defeats == 1 and progress.results["P40"].technical_defeats == 1
    assert sum(m.is_pass for m in first.matches) == 24  # the literal pairing: seeds 9-32 pass
    dq = next(m for m in progress.stages[1].matches if "P05" in m.players)
    assert dq.technical and dq.winner == "P22" and progress.results["P05"].disqualified
    assert result.stages[-1].third_place_table == 2 and progress.stages[-1].third_place is not None
    assert result.next_stage.startswith("the cup is over")
    data = cup_score_as_dict(result)
    assert [(p["place"], p["player"], p["prize"]) for p in data["places"]] == [
        (1, "P01", False),
        (2, "P02", True),
        (3, "P03", True),
        (4, "P04", True),
    ]
    assert data["finished"] and len(data["results"]) == 40 and data["stages"][0]["pairings"][0]["games"][0]["winner"] is None


@pytest.mark.rule("cup.season-file.same-scorer")
def test_a_cup_in_progress_says_what_is_open_and_what_comes_next():
    result = score(eight(qf("1-0")))
    assert not result.progress.finished and len(result.stages) == 1
    assert "stage 1 (quarter-final) is not finished" in result.next_stage and "pairing 1" in result.next_stage
    result = score(eight(*(qf("1-0", "1-0", players=(f"E{i}", f"E{i + 4}")) for i in range(1, 5))))
    assert result.next_stage == "next: stage 2 (semi-final): E3 v E1; E4 v E2"  # blue to the lower rating (4.1.2)


@pytest.mark.rule("cup.season-file.same-scorer")
def test_titles_and_ratings_seed_like_the_solver_title_first_then_rating_then_the_list_order():
    data = eight()
    data["entrants"][7] = {"name": "E8", "title": "КМС"}  # unrated, but titled: seed 1
    data["entrants"][1] = {"name": "E2"}  # unrated, untitled: after every rated entrant
    seeds = [s.id for s in score(data).seeding.seeds]
    assert seeds == ["E8", "E1", "E3", "E4", "E5", "E6", "E7", "E2"]
    assert score(eight()).stages[0].tables == (("E5", "E1"), ("E6", "E2"), ("E7", "E3"), ("E8", "E4"))


def test_a_variant_plays_longer_series():
    found = score(eight(qf("1-0", "1-0"), ruleset={"base": "open-cup", "series_wins": 3}))
    assert not found.progress.stages[0].matches[0].decided
    final3 = {"base": "open-cup", "name": "club cup", "stage_series_wins": {"final": 3}}
    assert score(eight(ruleset=final3)).rules.wins_needed("final") == 3


@pytest.mark.rule("cup.season-file.same-scorer")
def test_a_malformed_file_names_the_series_the_game_and_the_field():
    assert errors(eight(qf("1-0", "2-0"))) == {"series[0].games[1]": "one of 1-0, 0-1, =, +/-, -/+, -/- (for 'E1'), got '2-0'"}
    found = errors(eight(qf("1-0", players=("E1", "E2"))))
    assert (
        list(found) == ["series[0].players"] and "do not play each other in stage 1 (quarter-final)" in found["series[0].players"]
    )
    found = errors(eight(qf("1-0", "1-0", "1-0")))
    assert list(found) == ["series[0].games[2]"] and "already decided by game 2" in found["series[0].games[2]"]
    found = errors(eight(qf("1-0"), qf("1-0", players=("E3", "E1"), stage=2)))
    assert list(found) == ["series[1].stage"] and found["series[1].stage"].startswith("stage 2 is not reached: stage 1")
    found = errors(eight(dqs=({"player": "E1", "stage": 1, "reason": " "},)))
    assert list(found) == ["disqualifications[0].reason"]
    found = errors(eight(qf("1-0"), qf("1-0")))
    assert found == {"series[1].players": "E1 v E5 in stage 1 is already series[0]"}
    found = errors({"ruleset": {"base": "open-cup", "series_wins": 0, "colour": "blue"}, "entrants": EIGHT})
    assert set(found) == {"ruleset.colour"}
    assert set(errors({"ruleset": {"base": "open-cup", "series_wins": 0}, "entrants": EIGHT})) == {"ruleset.series_wins"}
    found = errors({"ruleset": "open-cup", "entrants": ["A", "A", " B", {"name": "C", "rating": "high"}], "seeds": []})
    assert set(found) == {"entrants[1]", "entrants[2]", "entrants[3].rating", "season.seeds"}
    assert errors({"ruleset": "open-cup", "entrants": EIGHT[:7]}) == {
        "entrants": "the cup needs at least 8 entrants (open-cup-2023 2.3), got 7"
    }
    found = errors(eight({"stage": 1, "players": ["E1", "Z9"], "games": ["1-0"]}, {"stage": 0, "players": ["E1"]}))
    assert set(found) == {"series[0].players[1]", "series[1].stage", "series[1].players"}


def test_games_against_a_disqualified_player_are_refused_and_a_double_technical_defeat_in_a_medal_match_is_a_game():
    four = [qf("1-0", "1-0", players=(f"E{i}", f"E{i + 4}")) for i in range(1, 5)]
    result = score(eight(*four, qf("-/-", "1-0", "1-0", players=("E1", "E3"), stage=2)))  # 4.3.3: the series goes on
    (semi,) = [m for m in result.progress.stages[1].matches if "E1" in m.players]
    assert semi.winner == "E1" and sorted(semi.wins) == [0, 2]
    dq = {"player": "E1", "stage": 1, "reason": "unsporting conduct"}
    found = errors(eight(*four[1:], qf("1-0", players=("E3", "E1"), stage=2), dqs=(dq,)))
    assert "series[3].players" in found or "series[3].games[0]" in found


# --- hypothesis: the parser and the scorer never fail other than by naming a field -------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CHANGES)
def test_property_any_damage_to_the_example_is_a_named_error_or_a_consistent_cup(changes):
    data = damaged(EXAMPLE_DATA, changes)
    try:
        result = score(data)
    except InvalidArgument as error:
        assert fields_named(error.violations, {"season", "ruleset", "entrants", "series", "disqualifications", "file"})
        return
    progress = result.progress
    assert set(progress.results) == {s.id for s in result.seeding.seeds}
    placed = [p for p in progress.places if p]
    assert len(placed) == len(set(placed))
    if progress.finished:
        assert progress.places[0] is not None


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(len(EXAMPLE_DATA["series"]))))
def test_property_the_order_of_the_series_in_the_file_changes_nothing(order):
    data = copy.deepcopy(EXAMPLE_DATA)
    data["series"] = [EXAMPLE_DATA["series"][i] for i in order]
    shuffled = score(data).progress
    expected = score(EXAMPLE_DATA).progress
    assert shuffled.places == expected.places and shuffled.results == expected.results


def test_the_rules_of_the_file_are_the_cup_domain_s():
    assert cup.CUP_RULESETS["open-cup"] is cup.OPEN_CUP_2023
    with pytest.raises(InvalidArgument):
        cup.cup_variant("open-cup", {"stage_series_wins": {"finale": 3}})
