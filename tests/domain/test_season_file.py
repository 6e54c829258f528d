"""The season file: parsed into domain objects, every error naming the match and the field, nothing
returned on error (docs/rules.md ``mahjong.scoring.*``; the format is in docs/organizer/season-files.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from league.adapters.season_file import load_season, parse_season
from league.domain.mahjong.matches import parse_match
from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.mahjong.scoring import Hanchan, NoShow, Penalty
from league.domain.mahjong.standings import Season, regular_standings
from rondo_runtime.errors import InvalidArgument
from tests.season_damage import CHANGES, damaged, fields_named

pytestmark = pytest.mark.domain
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "mahjong-league-season.json"

BASE: dict[str, Any] = {  # decoded JSON
    "ruleset": "mahjong-league",
    "players": [f"P0{i}" for i in range(1, 9)],
    "substitutes": ["SUB1"],
    "withdrawn": [],
    "matches": [
        {
            "round": 1,
            "table": 1,
            "players": ["P01", "P06", "P08", "SUB1"],
            "hanchans": [
                {"scores": {"P01": 6400, "P06": 2400, "P08": 52900, "SUB1": 58300}, "chombo": {"P08": 1}},
                {"scores": {"P01": 30000, "P06": 30000, "P08": 30000, "SUB1": 30000}},
            ],
            "penalties": [{"player": "P01", "points": 5000, "reason": "slow play after a warning"}],
            "no_show": [{"player": "P03", "substitute": "SUB1"}],
        },
        {
            "round": 1,
            "table": 2,
            "players": ["P02", "P04", "P05", "P07"],
            "hanchans": [{"scores": {"P02": 45000, "P04": 32000, "P05": 25000, "P07": 18000}}],
        },
    ],
}


def season(**changes):
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def errors(data) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as err:
        parse_season(data)
    return {v.field: v.description for v in err.value.violations}


def with_match(i: int, edit) -> dict:
    data = season()
    edit(data["matches"][i])
    return data


def test_a_valid_file_becomes_domain_objects():
    s = parse_season(season())
    assert s.ruleset is MAHJONG_LEAGUE and s.players[0] == "P01" and s.substitutes == ("SUB1",)
    m = s.matches[0]
    assert (m.round, m.table, m.players) == (1, 1, ("P01", "P06", "P08", "SUB1"))
    assert m.hanchans[0] == Hanchan(1, (("P01", 6400), ("P06", 2400), ("P08", 52900), ("SUB1", 58300)), (("P08", 1),))
    assert m.penalties == (Penalty("P01", 5000, "slow play after a warning"),)
    assert m.no_shows == (NoShow("P03", "SUB1"),)


def test_the_shipped_example_is_a_complete_24_player_season():
    s = load_season(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(s, Season)  # load_season dispatches on ruleset: this one is a mahjong league
    assert len(s.players) == 24 and len(s.matches) == 24 and {m.round for m in s.matches} == {1, 2, 3, 4}
    assert all(len(m.hanchans) == 3 for m in s.matches)
    assert any(h.chombo for m in s.matches for h in m.hanchans)
    assert any(m.no_shows for m in s.matches) and any(m.penalties for m in s.matches)
    st = regular_standings(s)
    assert len(st.rows) == 24 and not any(r.figures.provisional for r in st.rows)


@pytest.mark.rule("mahjong.scoring.sum-120000")
def test_scores_not_summing_to_120000_name_match_hanchan_and_field():
    data = with_match(1, lambda m: m["hanchans"][0]["scores"].update(P07=17000))
    assert errors(data) == {"matches[1].hanchans[0].scores": "sum is 119 000, must be 120 000"}
    with pytest.raises(InvalidArgument) as err:
        parse_season(data)
    assert err.value.message == "matches[1].hanchans[0].scores: sum is 119 000, must be 120 000"


def test_a_player_not_at_that_table():
    def edit(m):
        m["hanchans"][0]["scores"] = {"P02": 45000, "P04": 32000, "P05": 25000, "P01": 18000}

    e = errors(with_match(1, edit))
    assert e["matches[1].hanchans[0].scores.P01"] == "'P01' is not at this table (round 1, table 2: P02, P04, P05, P07)"
    assert e["matches[1].hanchans[0].scores"] == "no final score for P07 (round 1, table 2: P02, P04, P05, P07)"
    e = errors(with_match(1, lambda m: m["hanchans"][0].update(chombo={"P08": 1})))
    assert "matches[1].hanchans[0].chombo.P08" in e
    e = errors(with_match(1, lambda m: m.update(penalties=[{"player": "P01", "points": 1000, "reason": "x"}])))
    assert "matches[1].penalties[0].player" in e


def test_a_hanchan_number_out_of_range():
    e = errors(with_match(1, lambda m: m["hanchans"][0].update(number=4)))
    assert e == {"matches[1].hanchans[0].number": "hanchan number 4 is out of range; a match has hanchans 1-3"}
    e = errors(with_match(0, lambda m: m["hanchans"][1].update(number=1)))
    assert e == {"matches[0].hanchans[1].number": "hanchan 1 is already matches[0].hanchans[0]"}
    e = errors(with_match(1, lambda m: m["hanchans"].extend([m["hanchans"][0]] * 3)))
    assert "matches[1].hanchans" in e and "a match has 3" in e["matches[1].hanchans"]


def test_a_round_out_of_range_or_a_table_twice():
    assert "matches[1].round" in errors(with_match(1, lambda m: m.update(round=5)))
    e = errors(with_match(1, lambda m: m.update(table=1)))
    assert e == {"matches[1].table": "round 1 table 1 is already matches[0]"}


@pytest.mark.rule("mahjong.scoring.penalty-reason")
def test_a_penalty_without_a_reason():
    e = errors(with_match(0, lambda m: m["penalties"][0].pop("reason")))
    assert e == {"matches[0].penalties[0].reason": "a penalty needs its reason (recorded in the match protocol)"}
    e = errors(with_match(0, lambda m: m["penalties"][0].update(reason="   ")))
    assert list(e) == ["matches[0].penalties[0].reason"]
    e = errors(with_match(0, lambda m: m["penalties"][0].update(points=-5000)))
    assert list(e) == ["matches[0].penalties[0].points"]


def test_an_unknown_ruleset():
    assert errors(season(ruleset="mahjong")) == {"ruleset": "unknown ruleset 'mahjong'; known: mahjong-league"}
    assert list(errors(season(ruleset=None))) == ["ruleset"]


def test_a_ruleset_variant_is_data_in_the_file():
    s = parse_season(
        season(ruleset={"base": "mahjong-league", "name": "club cup", "hanchan_uma": [20000, 10000, -10000, -20000]})
    )
    assert s.ruleset.name == "club cup" and s.ruleset.hanchan_uma == (20000, 10000, -10000, -20000)
    assert s.ruleset.chombo_penalty == 40_000
    e = errors(season(ruleset={"base": "mahjong-league", "uma": [1]}))
    assert list(e) == ["ruleset.uma"]
    e = errors(season(ruleset={"base": "mahjong-league", "tie_breaks": ["average_place", "coin"]}))
    assert list(e) == ["ruleset.tie_breaks[1]"]


def test_roster_problems():
    assert list(errors(season(players=[*BASE["players"], "P09", "P10", "P11"]))) == ["players"]  # not a multiple of 4
    assert errors(season(substitutes=["P01", "SUB1"])) == {
        "substitutes[0]": "'P01' is a main participant; a technical substitute is not"
    }
    assert list(errors(season(withdrawn=["SUB1"]))) == ["withdrawn[0]"]
    assert "players[1]" in errors(season(players=["P01", "P01", *BASE["players"][2:]]))


def test_a_seat_by_someone_unknown_or_a_player_twice_in_a_round():
    e = errors(with_match(1, lambda m: m["players"].__setitem__(3, "P99")))
    assert e["matches[1].players[3]"] == "'P99' is neither a main participant nor a substitute"
    e = errors(with_match(1, lambda m: m.update(players=["P02", "P04", "P05"])))
    assert "matches[1].players" in e
    e = errors(with_match(1, lambda m: m.update(players=["P02", "P04", "P05", "P01"], hanchans=[])))
    assert e == {"matches[1].players[3]": "'P01' already plays round 1 in matches[0]; one match per round"}
    e = errors(with_match(1, lambda m: m.update(players=["P02", "P04", "P05", "P03"], hanchans=[])))
    assert e == {"matches[1].players[3]": "'P03' already plays round 1 in matches[0]; one match per round"}


def test_no_show_problems():
    e = errors(with_match(0, lambda m: m.update(no_show=[{"player": "P01", "substitute": "SUB1"}])))
    assert list(e) == ["matches[0].no_show[0].player"]
    e = errors(with_match(0, lambda m: m.update(no_show=[{"player": "P03", "substitute": "P06"}])))
    assert e == {"matches[0].no_show[0].substitute": "'P06' is not listed in substitutes"}
    e = errors(with_match(0, lambda m: m.update(no_show=[{"player": "P03"}])))
    assert list(e) == ["matches[0].no_show[0].substitute"]


def test_types_typos_and_duplicate_keys_are_errors_not_guesses():
    e = errors(with_match(1, lambda m: m["hanchans"][0]["scores"].update(P07=18000.0)))
    assert list(e) == ["matches[1].hanchans[0].scores.P07"] and "got 18000.0" in e["matches[1].hanchans[0].scores.P07"]
    e = errors(with_match(1, lambda m: m.update(hanchan=[])))
    assert list(e) == ["matches[1].hanchan"]
    text = json.dumps(season()).replace('"P02": 45000', '"P02": 45000, "P02": 44000')
    with pytest.raises(InvalidArgument) as err:
        load_season(text)
    assert [v.field for v in err.value.violations] == ["matches[1].hanchans[0].scores.P02"]


def test_one_match_parses_alone_against_a_roster():
    m = parse_match(BASE["matches"][1], MAHJONG_LEAGUE, BASE["players"], field="result")
    assert m.players == ("P02", "P04", "P05", "P07") and len(m.hanchans) == 1
    bad = copy.deepcopy(BASE["matches"][1])
    bad["hanchans"][0]["scores"]["P07"] = 0
    with pytest.raises(InvalidArgument) as err:
        parse_match(bad, MAHJONG_LEAGUE, BASE["players"], field="result")
    assert [v.field for v in err.value.violations] == ["result.hanchans[0].scores"]


def test_invalid_json_names_line_and_column():
    with pytest.raises(InvalidArgument) as err:
        load_season('{"ruleset": "mahjong-league",\n "players": [}')
    v = err.value.violations[0]
    assert v.field == "file" and "line 2 column" in v.description


def test_nesting_too_deep_is_a_clear_error():
    with pytest.raises(InvalidArgument) as err:
        load_season("[" * 100_000 + "]" * 100_000)
    assert err.value.violations[0].field == "file"


def test_every_problem_reported_together_and_nothing_returned():
    data = season()
    data["matches"][0]["penalties"][0]["reason"] = ""
    data["matches"][1]["hanchans"][0]["scores"]["P07"] = 0
    data["matches"][1]["round"] = 9
    e = errors(data)
    assert {"matches[0].penalties[0].reason", "matches[1].hanchans[0].scores", "matches[1].round"} <= set(e)


# --- hypothesis: the parser and the scorer never fail other than by naming a field -------------------

EXAMPLE_DATA = json.loads(EXAMPLE.read_text(encoding="utf-8"))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CHANGES)
def test_property_any_damage_to_the_example_is_a_named_error_or_standings_of_everyone_ranked(changes):
    data = damaged(EXAMPLE_DATA, changes)
    try:
        s = load_season(json.dumps(data))
    except InvalidArgument as error:
        assert fields_named(error.violations, {"season", "ruleset", "players", "substitutes", "withdrawn", "matches", "file"})
        return
    assert isinstance(s, Season)
    standings = regular_standings(s)
    ranked = [p for p in s.players if p not in s.withdrawn]
    assert sorted(r.player for r in standings.rows) == sorted(ranked)
