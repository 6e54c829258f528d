"""league/domain/rulesets.py lists every ruleset league plays, with its stage kinds and hooks, in one
place: nothing registers itself when a module is imported."""

import ast
from pathlib import Path

from league.domain import rulesets
from league.domain.model import RULESETS as DRAW_SHAPES

DOMAIN = Path(__file__).resolve().parents[2] / "league" / "domain"


def test_every_ruleset_is_listed_once_with_its_stage_kinds():
    names = [r.name for r in rulesets.RULESETS]
    assert sorted(names) == sorted(DRAW_SHAPES) and len(set(names)) == len(names)
    kinds = [k for r in rulesets.RULESETS for k in r.result_checks]
    assert len(kinds) == len(set(kinds)) == len(rulesets.RESULT_CHECKS)
    assert set(rulesets.MEETING_SHAPES) <= set(rulesets.RESULT_CHECKS)


def test_no_module_of_the_domain_fills_a_registry_at_import():
    """A subscript assignment at module level (``PROGRESS[x] = ...``) is a registration by import."""
    offenders = []
    for path in sorted(DOMAIN.rglob("*.py")):
        for node in ast.parse(path.read_text()).body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if any(isinstance(t, ast.Subscript) for t in targets):
                offenders.append(f"{path.relative_to(DOMAIN)}:{node.lineno}")
    assert offenders == []
