"""The ruleset catalogue ListRulesets answers (league/domain/catalogue.py): every ruleset CreateCompetition
accepts, with the very defaults it applies (docs/rules.md draw.competition.ruleset-defaults)."""

from __future__ import annotations

from league.domain.catalogue import RulesetKind, catalogue
from league.domain.model import DEFAULT_RULESET, RULESETS, validate_new_competition


def test_the_catalogue_lists_every_ruleset_with_the_defaults_create_competition_applies():
    listed = catalogue()
    assert [r.name for r in listed] == sorted(RULESETS)
    for r in listed:
        _, ruleset, rounds, table_size = validate_new_competition("A club's season", r.name, 0, 0)
        assert (ruleset, rounds, table_size) == (r.name, r.default_rounds, r.default_table_size)
        assert r.description and r.description_ru and r.description != r.description_ru
        assert r.stages and len(r.stages) == len(r.stages_ru) and r.version
    assert [r.name for r in listed if r.default] == [DEFAULT_RULESET]
    assert {r.name: r.kind for r in listed} == {
        "discard-league-2026": RulesetKind.MAHJONG_LEAGUE,
        "open-cup-2023": RulesetKind.CUP,
        "updown-league-2007": RulesetKind.UPDOWN,
    }
