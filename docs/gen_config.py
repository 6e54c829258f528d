"""Write docs/operating/configuration.md from the settings code: ``python docs/gen_config.py > docs/operating/configuration.md``.

Each settings module documents its variables in its docstring (a definition list: the variable in
double backquotes, its meaning indented below); the default is the settings dataclass's own, found by
reading which field ``from_env`` fills from which variable. tests/integration/test_docs.py compares the
committed page with this script's output and checks that every ``RONDO_*`` variable a module reads is
in its docstring.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (module, settings class, heading, who reads it)
MODULES = (
    (
        "rondo_runtime.config",
        "Settings",
        "The services",
        "Every service process: `rondo up` (embedded), `rondo serve <service>`, `python -m <service>`.",
    ),
    (
        "web.config",
        "WebSettings",
        "The web app",
        "`python -m web`; `rondo up` starts it with the `RONDO_WEB_*` variables it was given "
        "(`RONDO_WEB_PORT=-1`: no web app; no `RONDO_WEB_SECRET`: one made once in `<data dir>/web-secret`).",
    ),
    (
        "bot.config",
        "BotSettings",
        "The Telegram bot",
        "`python -m bot`; `rondo up` starts it when `RONDO_TELEGRAM_TOKEN` is set ([Bot](../bot.md)).",
    ),
)

_HEADER = re.compile(r"^``RONDO_[A-Z0-9_<>]+``( / ``RONDO_[A-Z0-9_<>]+``)*$")
_VARIABLE = re.compile(r"RONDO_[A-Z0-9_]+")


def documented(docstring: str) -> list[tuple[list[str], str]]:
    """The docstring's definition list: (variables of the entry, its meaning as one line)."""
    entries: list[tuple[list[str], list[str]]] = []
    for line in docstring.splitlines():
        if _HEADER.match(line):
            entries.append((re.findall(r"``(RONDO_[A-Z0-9_<>]+)``", line), []))
        elif entries and line.startswith("    ") and line.strip():
            entries[-1][1].append(line.strip())
        elif entries and not line.strip() and entries[-1][1]:
            entries.append(([], []))  # a blank line ends the list's entry
    return [(names, _markdown(" ".join(text).replace("``", "`"))) for names, text in entries if names]


def _markdown(text: str) -> str:
    """Outside `code` spans, "<" and "*" are text, not HTML or emphasis."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(p if p.startswith("`") else p.replace("<", "&lt;").replace("*", "\\*") for p in parts)


def read_variables(source: str) -> set[str]:
    """Every ``RONDO_*`` variable the module's code names in a string."""
    tree = ast.parse(source)
    doc = ast.get_docstring(tree) or ""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value != doc:
            found.update(_VARIABLE.findall(node.value))
    return found


def fields_by_variable(source: str, class_name: str) -> dict[str, str]:
    """Which dataclass field ``from_env`` fills from which variable (directly, or through a local name)."""
    tree = ast.parse(source)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    from_env = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "from_env")

    def names_in(node: ast.AST) -> list[str]:
        return [
            v
            for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            for v in _VARIABLE.findall(n.value)
        ]

    local: dict[str, list[str]] = {}
    for node in ast.walk(from_env):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            local.setdefault(node.targets[0].id, []).extend(names_in(node.value))
    result: dict[str, str] = {}
    for node in ast.walk(from_env):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cls":
            for keyword in node.keywords:
                assert keyword.arg is not None
                variables = names_in(keyword.value)
                for name in (n.id for n in ast.walk(keyword.value) if isinstance(n, ast.Name)):
                    variables += local.get(name, [])
                for variable in variables:
                    result.setdefault(variable, keyword.arg)
    return result


def shown(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "`1`" if value else "`0`"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str | int | float | Path):
        return f"`{value}`" if str(value) else "empty"
    return "—"


def default(settings: type, field_name: str | None) -> str:
    if field_name is None:
        return "—"
    field = next(f for f in dataclasses.fields(settings) if f.name == field_name)
    if field.default is not dataclasses.MISSING:
        return "unset" if not field.repr and not field.default else shown(field.default)  # a secret
    if field.default_factory is not dataclasses.MISSING:
        return "—"
    return "required"


def page() -> str:
    out = [
        "# Configuration",
        "",
        "<!-- Generated by docs/gen_config.py from the settings code; do not edit by hand. -->",
        "",
        "Rondo is configured from the environment. Unset or empty means the default; a malformed value",
        "stops the process with exit code 2 and a line naming the variable. The client commands' own",
        "variables (`RONDO_GATEWAY`, `RONDO_TOKEN`, `RONDO_PASSWORD`, `RONDO_CONFIG_DIR`, `RONDO_LANG`) are",
        "in [the organizer CLI](../organizer/cli.md).",
        "",
    ]
    for module_name, class_name, heading, who in MODULES:
        module = importlib.import_module(module_name)
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        settings = getattr(module, class_name)
        fields = fields_by_variable(source, class_name)
        path = Path(module.__file__ or "").resolve().relative_to(ROOT).as_posix()
        out += [f"## {heading}", "", f"{who} Read by `{path}` (`{class_name}`).", ""]
        out += ["| variable | default | meaning |", "| --- | --- | --- |"]
        for names, meaning in documented(module.__doc__ or ""):
            variable = " / ".join(f"`{n}`" for n in names)
            cell = meaning.replace("|", "\\|")
            out.append(f"| {variable} | {default(settings, fields.get(names[0]))} | {cell} |")
        out.append("")
    return "\n".join(out)


def undocumented() -> dict[str, set[str]]:
    """Per module, the variables its code reads that its docstring does not name."""
    missing = {}
    for module_name, _, _, _ in MODULES:
        module = importlib.import_module(module_name)
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        if gap := read_variables(source) - set(_VARIABLE.findall(module.__doc__ or "")):
            missing[module_name] = gap
    return missing


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.stdout.write(page())
