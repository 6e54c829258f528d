"""Traceability that cannot rot: docs/rules.md and the tests' ``rule`` markers agree.

* every rule in docs/rules.md (a ``### `<id>``` heading) is checked by at least one test carrying
  ``@pytest.mark.rule("<id>")``; every marker names a rule that docs/rules.md has;
* ids are well formed (``<ruleset>.<area>.<rule>``) and unique; every entry has its Clause, Rule,
  Code and Test lines; every ``Code:`` path exists (and its ``::name`` is defined there); every
  ``Test:`` entry exists and carries the rule's marker;
* no Python file points at documents outside the repository.

Markers are read with ``ast`` from the test sources (decorators on test functions and their
classes, module-level ``pytestmark``, ``pytest.param(..., marks=...)``), so the check does not
depend on which tests a run selected.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeGuard

import pytest

pytestmark = pytest.mark.domain

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"

RULESETS = ("mahjong", "cup", "updown", "draw", "schedule", "access")
_WORD = r"[a-z0-9]+(?:-[a-z0-9]+)*"
ID_PATTERN = re.compile(rf"^(?:{'|'.join(RULESETS)})\.{_WORD}\.{_WORD}$")
HEADING = re.compile(r"^###\s+(.*)$")
FIELDS = ("Clause", "Rule", "Code", "Test")
REGULATIONS = ("discard-league-2026", "open-cup-2023", "updown-league-2007")


# ------------------------------------------------------------------------------- docs/rules.md


@dataclass
class Rule:
    id: str
    line: int
    fields: dict[str, str] = field(default_factory=dict)

    def items(self, name: str) -> list[str]:
        """The backticked items of a field (``Code:``/``Test:``)."""
        return re.findall(r"`([^`]+)`", self.fields.get(name, ""))


@cache
def parse_rules() -> tuple[tuple[Rule, ...], tuple[str, ...]]:
    """The rules of docs/rules.md and the problems found while reading it."""
    rules: list[Rule] = []
    problems: list[str] = []
    current: Rule | None = None
    for number, line in enumerate(RULES.read_text(encoding="utf-8").splitlines(), start=1):
        heading = HEADING.match(line)
        if heading:
            text = heading.group(1).strip()
            m = re.fullmatch(r"`([^`]+)`", text)
            if not m:
                problems.append(f"docs/rules.md:{number}: a level-3 heading must be one rule id in backticks, got {text!r}")
                current = None
                continue
            current = Rule(m.group(1), number)
            rules.append(current)
            continue
        if line.startswith("#"):
            current = None
            continue
        if current is not None:
            m = re.match(r"^- (\w+): (.*)$", line)
            if m and m.group(1) in FIELDS + ("Decision",):
                if m.group(1) in current.fields:
                    problems.append(f"docs/rules.md:{number}: {current.id} has two {m.group(1)} lines")
                current.fields[m.group(1)] = m.group(2).strip()
    return tuple(rules), tuple(problems)


# ------------------------------------------------------------------------------- test markers


@dataclass(frozen=True)
class Marker:
    rule_id: str | None  # None: not a single string literal
    where: str


def _is_rule_mark(call: ast.AST) -> TypeGuard[ast.Call]:
    """``pytest.mark.rule(...)`` or ``mark.rule(...)``."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) or call.func.attr != "rule":
        return False
    owner = call.func.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (isinstance(owner, ast.Name) and owner.id == "mark")


def _rule_marks(node: ast.AST, where: str) -> list[Marker]:
    out: list[Marker] = []
    for sub in ast.walk(node):
        if _is_rule_mark(sub):
            arg = sub.args[0] if len(sub.args) == 1 and not sub.keywords else None
            value = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
            out.append(Marker(value, f"{where}:{sub.lineno}"))
    return out


@dataclass
class MarkerIndex:
    by_test: dict[str, set[str]]  # "tests/x.py::test_name" -> rule ids its markers name
    all_markers: list[Marker]
    stray: list[str]  # rule markers on functions pytest does not collect as tests


def _is_pytestmark(stmt: ast.stmt) -> bool:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets)


def _ids(nodes: list[ast.expr] | list[ast.stmt], rel: str) -> set[str]:
    return {m.rule_id for node in nodes for m in _rule_marks(node, rel) if m.rule_id}


def _visit(body: list[ast.stmt], inherited: set[str], rel: str, index: MarkerIndex) -> None:
    """Attribute markers to the tests of ``body``: their own, their class's, their module's."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            own = _ids(stmt.decorator_list, rel) | _ids([s for s in stmt.body if _is_pytestmark(s)], rel)
            _visit(stmt.body, inherited | own, rel, index)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            own = _ids(stmt.decorator_list, rel)
            if stmt.name.startswith("test"):
                index.by_test.setdefault(f"{rel}::{stmt.name}", set()).update(inherited | own)
            elif own:
                index.stray.append(f"{rel}:{stmt.lineno}: {stmt.name} is not a test but carries a rule marker")


@cache
def collect_markers() -> MarkerIndex:
    index = MarkerIndex({}, [], [])
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        index.all_markers.extend(_rule_marks(tree, rel))
        _visit(tree.body, _ids([s for s in tree.body if _is_pytestmark(s)], rel), rel, index)
    return index


# ------------------------------------------------------------------------------------- the tests


def test_rules_document_parses_and_every_entry_is_complete():
    rules, found = parse_rules()
    problems = list(found)
    assert rules, "docs/rules.md has no rules"
    seen: dict[str, int] = {}
    for r in rules:
        if not ID_PATTERN.match(r.id):
            problems.append(
                f"docs/rules.md:{r.line}: malformed rule id {r.id!r}; use <ruleset>.<area>.<rule> with a ruleset "
                f"in {', '.join(RULESETS)} and lower-case words joined by hyphens"
            )
        if r.id in seen:
            problems.append(f"docs/rules.md:{r.line}: rule id {r.id!r} is already defined at line {seen[r.id]}")
        seen.setdefault(r.id, r.line)
        for name in FIELDS:
            if not r.fields.get(name):
                problems.append(f"docs/rules.md:{r.line}: {r.id} has no '- {name}:' line")
        clause = r.fields.get("Clause", "")
        if clause and not any(reg in clause for reg in REGULATIONS):
            problems.append(f"docs/rules.md:{r.line}: {r.id}: the Clause must name the regulation ({', '.join(REGULATIONS)})")
    assert not problems, "\n".join(problems)


def test_every_code_path_exists():
    rules, _ = parse_rules()
    problems = []
    for r in rules:
        items = r.items("Code")
        if not items:
            problems.append(f"{r.id}: no `path` in its Code line")
        for item in items:
            path, _, name = item.partition("::")
            target = ROOT / path
            if path.startswith("/") or ".." in Path(path).parts or not target.is_file():
                problems.append(f"{r.id}: Code path {path!r} does not exist (repo-relative file paths only)")
            elif name and not _defines(target, name):
                problems.append(f"{r.id}: {path} defines no top-level {name!r}")
    assert not problems, "\n".join(problems)


def _defines(path: Path, name: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and stmt.name == name:
            return True
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return True
    return False


def test_every_marker_names_a_documented_rule():
    rules, _ = parse_rules()
    known = {r.id for r in rules}
    problems = list(collect_markers().stray)
    for m in collect_markers().all_markers:
        if m.rule_id is None:
            problems.append(f"{m.where}: pytest.mark.rule takes exactly one string literal, the rule id")
        elif m.rule_id not in known:
            problems.append(f"{m.where}: rule {m.rule_id!r} is not in docs/rules.md (add the rule or fix the id)")
    assert not problems, "\n".join(problems)


def test_every_rule_has_a_test_carrying_its_marker():
    rules, _ = parse_rules()
    marked = {rid for ids in collect_markers().by_test.values() for rid in ids}
    missing = [f"{r.id} (docs/rules.md:{r.line})" for r in rules if r.id not in marked]
    assert not missing, "rules no test checks (add @pytest.mark.rule(...) to a test):\n" + "\n".join(missing)


def test_every_listed_test_exists_and_carries_the_marker():
    rules, _ = parse_rules()
    by_test = collect_markers().by_test
    problems = []
    for r in rules:
        for item in r.items("Test"):
            if "::" not in item:
                problems.append(f"{r.id}: Test entry {item!r} must be path::test_name")
            elif item not in by_test:
                problems.append(f"{r.id}: Test entry {item!r} does not exist")
            elif r.id not in by_test[item]:
                problems.append(f"{r.id}: {item} does not carry @pytest.mark.rule({r.id!r})")
    assert not problems, "\n".join(problems)


# The names are split so that this file does not contain what it forbids: the engineers' notes and
# the organizers' original texts live outside the repository, so nothing here may point at them.
FORBIDDEN = ("RULES" + ".md", "DESIGN" + ".md", "regulations" + "/", ".." + "/shared", ".ru" + ".txt")
SCANNED = {".py", ".pyi", ".proto", ".md", ".sql", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".sh", ".json"}
SKIP_DIRS = {".venv", ".git", ".hypothesis", ".mypy_cache", ".ruff_cache", "__pycache__", "node_modules", "build", "dist"}


def _scanned(name: str) -> bool:
    return Path(name).suffix in SCANNED or name in ("Dockerfile", "dev", "run")


def test_nothing_points_outside_the_repository():
    problems: list[str] = []
    for directory, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info")]
        for name in files:
            if not _scanned(name):
                continue
            path = Path(directory, name)
            for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
                problems.extend(
                    f"{path.relative_to(ROOT)}:{number}: {word!r} (cite a docs/rules.md id and the clause, "
                    'e.g. "discard-league-2026 §6.1", or a docs/architecture.md section)'
                    for word in FORBIDDEN
                    if word in line
                )
    assert not problems, "references to documents outside the repository:\n" + "\n".join(problems)


# A backticked path whose first folder is one of the repository's own (``league/domain/cup/knockout.py``,
# ``tests/e2e/test_cli_season_cup.py::name``) must exist: a moved module leaves no stale pointer in the
# documents a reader follows. Paths a program writes at run time (``demo-data/...``) are not the repo's.
DOCUMENTED_PATH = re.compile(r"`([A-Za-z_][\w.-]*(?:/[\w.-]+)+\.(?:py|proto|md|ya?ml|toml|ini|json|txt|po|html))(?:::[\w.]+)?`")


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_every_path_the_documents_mention_exists():
    top = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")} - SKIP_DIRS
    problems = [
        f"{doc.relative_to(ROOT)}:{number}: `{path}` does not exist"
        for doc in _documents()
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), start=1)
        for path in DOCUMENTED_PATH.findall(line)
        if path.split("/", 1)[0] in top and not (ROOT / path).exists()
    ]
    assert not problems, "stale paths in the documents:\n" + "\n".join(problems)
