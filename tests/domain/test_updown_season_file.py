"""The Up&Down season file, read by the one loader entry point (``load_season`` dispatches on
``ruleset``); every error names ``games[i].field``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from league.adapters.season_file import load_season
from league.domain.mahjong.standings import Season
from league.domain.updown.standings import Game, GameResult, UpdownSeason, updown_standings, updown_standings_as_dict
from rondo_runtime.errors import InvalidArgument
from tests.season_damage import CHANGES, damaged, fields_named

pytestmark = pytest.mark.domain
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "updown-season.json"
VARIANT = {"base": "updown", "leaders": 1, "outsiders": 1, "cycles": 1}


def load(data) -> UpdownSeason:
    season = load_season(json.dumps(data))
    assert isinstance(season, UpdownSeason)
    return season


def errors(data) -> list[str]:
    with pytest.raises(InvalidArgument) as error:
        load_season(json.dumps(data))
    return [f"{x.field}: {x.description}" for x in error.value.violations]


@pytest.mark.rule("updown.scoring.points")
def test_the_documented_minimal_file_is_read_through_load_season():
    season = load(
        {
            "ruleset": VARIANT,
            "stage": 1,
            "players": ["A", "B", "C"],
            "games": [
                {"round": 1, "white": "A", "black": "B", "result": "1-0"},
                {"round": 2, "white": "C", "black": "A", "result": "-/+", "long": True},
            ],
        }
    )
    assert season.players == ("A", "B", "C") and season.ruleset.leaders == 1
    assert season.games == (Game(1, "A", "B", GameResult.WHITE_WON), Game(2, "C", "A", GameResult.BLACK_TECHNICAL_WIN, long=True))
    assert [(r.player, r.points) for r in updown_standings(season).rows][0] == ("A", 3)
    # the mahjong league still goes the other way
    mahjong = load_season((EXAMPLE.parent / "mahjong-league-season.json").read_text(encoding="utf-8"))
    assert isinstance(mahjong, Season)


@pytest.mark.rule("updown.scoring.unplayed-and-late")
def test_bad_games_are_named_by_index_and_field_all_together():
    found = errors(
        {
            "ruleset": VARIANT,
            "players": ["A", "B", "C"],
            "withdrawn": ["Z"],
            "games": [
                {"round": 0, "white": "A", "black": "X", "result": "1-0", "colour": "white"},
                {"round": 1, "white": "A", "black": "A", "result": "2-0", "long": "yes"},
                {"round": 1, "white": "A", "black": "B", "result": "1-0"},
                {"round": 1, "white": "B", "black": "A", "result": "0-1"},
                {"round": 1, "white": "B", "black": "A", "result": "0-1", "after_deadline": True},
            ],
        }
    )
    assert "games[0].round: a round number from 1 to 1000, got 0" in found
    assert "games[0].black: 'X' is not in players" in found
    assert "games[1].black: 'A' cannot play himself" in found
    assert any(x.startswith("games[1].result: one of 1-0, 0-1, +/-, -/+, -/-") for x in found)
    assert "games[1].long: true or false, got 'yes'" in found
    assert any(x.startswith("games[0].colour: unknown field") for x in found)
    assert any(x.startswith("games[3]: B and A already met 1 time(s) (games[2])") for x in found)
    assert "withdrawn[0]: 'Z' is not in players" in found
    assert not any(x.startswith("games[4]") for x in found)  # a late game does not count as a meeting


def test_stage_two_needs_its_group_and_carried_points():
    found = errors({"ruleset": "updown", "stage": 2, "players": ["A", "B"], "carried": {"A": 3, "Q": 1}, "games": []})
    assert any(x.startswith("group: stage 2 is played in a group") for x in found)
    assert "carried.Q: 'Q' is not in players" in found and "carried: no points carried for 'B'" in found
    found = errors({"ruleset": {"base": "updown", "leaders": -1, "colour": 1}, "players": ["A", "B"]})
    assert any(x.startswith("ruleset.colour: unknown ruleset field") for x in found)


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_the_example_has_a_technical_result_a_withdrawal_and_shared_places():
    season = load_season(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(season, UpdownSeason) and len(season.players) == 12 and season.cycles == 2
    out = updown_standings_as_dict(updown_standings(season))
    assert set(out) == {"standings", "unresolved", "final", "to_play", "progress", "progress_ru"} and out["unresolved"] == []
    assert out["final"] and out["to_play"] == 0 and not any(r["provisional"] for r in out["standings"])
    by = {r["player"]: r for r in out["standings"]}
    assert by["P12"]["withdrawn"] and "his 8 remaining games are technical losses 0-1" in by["P12"]["notes"][0]
    assert by["P03"]["place"] == by["P04"]["place"] == "6-7" and by["P03"]["fate"] == "stop"
    assert any(g.result is GameResult.WHITE_TECHNICAL_WIN for g in season.games)
    assert all(isinstance(r["points"], int) and isinstance(r["sonneborn_berger"], int) for r in out["standings"])


# --- hypothesis: the parser and the scorer never fail other than by naming a field -------------------

EXAMPLE_DATA = json.loads(EXAMPLE.read_text(encoding="utf-8"))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CHANGES)
def test_property_any_damage_to_the_example_is_a_named_error_or_standings_of_every_player(changes):
    data = damaged(EXAMPLE_DATA, changes)
    try:
        season = load_season(json.dumps(data))
    except InvalidArgument as error:
        tops = {"season", "ruleset", "stage", "group", "carried", "players", "withdrawn", "games", "file"}
        assert fields_named(error.violations, tops)
        return
    if isinstance(season, UpdownSeason):  # a damaged ruleset may name another reader
        assert sorted(r.player for r in updown_standings(season).rows) == sorted(season.players)
