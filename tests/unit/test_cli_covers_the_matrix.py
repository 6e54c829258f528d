"""Every RPC an organizer or a judge may call (the access matrix, gateway/domain/access.py) is reachable
from a documented ``rondo`` command: the commands registered on the CLI are walked, and from each
command's function the calls it makes (through the CLI's own helper functions, across its modules) are
followed to the gateway RPCs they send. A missing RPC fails the test, listed by name."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from gateway.domain.access import MATRIX
from gateway.domain.identity import Role
from rondo_app.cli import app

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
STAFF = {Role.ORGANIZER, Role.JUDGE}
RPCS = frozenset(MATRIX)
#: Called by the CLI's own plumbing for every command, not an action of its own.
PLUMBING: frozenset[str] = frozenset()


def commands(group: typer.Typer, prefix: str = "rondo") -> Iterator[tuple[str, Callable[..., Any]]]:
    """(the command line, its function) for every command registered under ``group``."""
    for info in group.registered_commands:
        callback = info.callback
        assert callback is not None
        yield f"{prefix} {info.name or callback.__name__.replace('_', '-')}", callback
    for sub in group.registered_groups:
        assert sub.typer_instance is not None
        yield from commands(sub.typer_instance, f"{prefix} {sub.name}")


class CallGraph:
    """Functions of the ``rondo_app`` package by (module, name): the RPCs each sends and the functions it calls."""

    def __init__(self) -> None:
        self.rpcs: dict[tuple[str, str], set[str]] = {}
        self.calls: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for path in sorted((ROOT / "rondo_app").rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            self._read(module, ast.parse(path.read_text(encoding="utf-8")))

    def _read(self, module: str, tree: ast.Module) -> None:
        imported: dict[str, tuple[str, str]] = {}
        for node in ast.walk(tree):  # imports inside a function too (the CLI imports lazily)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rondo_app"):
                for alias in node.names:
                    imported[alias.asname or alias.name] = (node.module, alias.name)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = (module, node.name)
                sent, called = self.rpcs.setdefault(key, set()), self.calls.setdefault(key, set())
                for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
                    func = call.func
                    if isinstance(func, ast.Attribute) and func.attr in RPCS:  # stub.WatchEvents(...)
                        sent.add(func.attr)
                    for arg in call.args:  # s.call("GetDraw", ...), _solve(s, "Redraw", ...)
                        if isinstance(arg, ast.Constant) and arg.value in RPCS:
                            sent.add(str(arg.value))
                    for name in _names(func):
                        called.add(imported.get(name, (module, name)))

    def reachable(self, start: tuple[str, str]) -> set[str]:
        seen, todo, out = {start}, [start], set()
        while todo:
            key = todo.pop()
            out |= self.rpcs.get(key, set())
            for callee in self.calls.get(key, set()) - seen:
                seen.add(callee)
                todo.append(callee)
        return out


def _names(func: ast.expr) -> Iterator[str]:
    """The plain names a call may reach: ``f(...)``, and functions passed along (``s.show(x, render)``)."""
    if isinstance(func, ast.Name):
        yield func.id


def staff_rpcs() -> set[str]:
    return {rpc for rpc, access in MATRIX.items() if access.roles & STAFF}


def coverage() -> dict[str, list[str]]:
    """RPC -> the commands that send it."""
    graph = CallGraph()
    out: dict[str, list[str]] = {}
    for line, callback in commands(app):
        for rpc in graph.reachable((callback.__module__, callback.__name__)):
            out.setdefault(rpc, []).append(line)
    return out


def test_every_command_is_documented() -> None:
    undocumented = [line for line, callback in commands(app) if not (inspect.getdoc(callback) or "").strip()]
    assert undocumented == [], f"commands without a help text: {undocumented}"


def test_every_rpc_an_organizer_or_a_judge_may_call_has_a_command() -> None:
    reached = coverage()
    missing = sorted(staff_rpcs() - set(reached) - PLUMBING)
    assert missing == [], f"{len(missing)} RPCs organizers or judges may call have no `rondo` command: {', '.join(missing)}"


def test_the_call_graph_sees_a_known_command_through_its_helpers() -> None:
    # `rondo results correct` sends CorrectRecord; `rondo roster list` pages through ListPlayers
    reached = coverage()
    assert "rondo results correct" in " ".join(reached.get("CorrectRecord", []))
    assert any(line.startswith("rondo roster") for line in reached.get("ListPlayers", []))
