"""The web app is a client of the gateway like any other: it imports the public contracts (`rondo.*`)
and the small shared runtime, never a service's package, the composition root, the
benchmarks (bench/) or the tests."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rondo_app.registry import SERVICES

pytestmark = pytest.mark.web

WEB = Path(__file__).resolve().parents[2] / "web"
FORBIDDEN = {*(s.name for s in SERVICES), "rondo_app", "tests", "bench"}


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_the_web_app_imports_no_service_and_not_the_composition_root() -> None:
    # the page benchmark lives in bench/ (bench/web_pages.py), which may start `rondo up`; the app never imports it
    files = sorted(WEB.rglob("*.py"))
    assert len(files) > 10
    offenders = {str(f.relative_to(WEB)): sorted(imported(f) & FORBIDDEN) for f in files if imported(f) & FORBIDDEN}
    assert not offenders


def test_the_web_views_are_pure() -> None:
    """web/views/ turns answers into what templates show: no Starlette, no gRPC, no I/O."""
    for path in sorted((WEB / "views").glob("*.py")):
        assert not imported(path) & {"starlette", "grpc", "httpx", "jinja2", "uvicorn"}, path
