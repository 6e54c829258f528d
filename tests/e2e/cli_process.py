"""The ``rondo`` command as a user runs it: a subprocess (the console script of pyproject.toml,
``[project.scripts] rondo``) against a real ``rondo up``, its config (the token ``rondo login``
stores) in a directory of the test's own, no token or password from the environment.

``Rondo(address, config_dir, cwd)("roster", "add", ...)`` runs one command and answers the finished
process; ``.ok(...)`` asserts exit 0 and answers stdout; ``.json(...)`` adds ``--json`` and parses it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

TIMEOUT = 120


def rondo_command() -> list[str]:
    """The installed console script next to this interpreter, else the module (same code)."""
    script = Path(sys.executable).parent / "rondo"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rondo_app.cli"]


class Rondo:
    def __init__(self, address: str, config_dir: Path, cwd: Path):
        self.cwd = cwd
        self.commands: list[list[str]] = []
        """Every command run, in order (what the organizer guide's quickstart shows)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("RONDO_")}
        self.env = {**env, "RONDO_GATEWAY": address, "RONDO_CONFIG_DIR": str(config_dir), "HOME": str(config_dir)}
        self.env["COLUMNS"] = "200"  # a wide terminal: tables keep every column's text

    def __call__(self, *args: str) -> subprocess.CompletedProcess[str]:
        self.commands.append(list(args))
        return subprocess.run(
            [*rondo_command(), *args], cwd=self.cwd, env=self.env, capture_output=True, text=True, timeout=TIMEOUT
        )

    def ok(self, *args: str) -> str:
        done = self(*args)
        assert done.returncode == 0, f"rondo {' '.join(args)}: exit {done.returncode}\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
        return done.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json"))

    def write(self, name: str, lines: list[str]) -> str:
        """A file the organizer keeps next to the commands (a roster, a round's results): its name."""
        (self.cwd / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        return name


#: Commands a test runs only to read ids a person reads off the tables (names, not ids, in the organizer guide).
LOOKUPS = {"roster list"}
SINGLE = {"login", "standings", "playoff"}


def quickstart_text() -> str:
    """docs/organizer/index.md's "## Organizer quickstart" section."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "organizer" / "index.md").read_text(encoding="utf-8")
    return guide.split("## Organizer quickstart", 1)[1].split("\n## ", 1)[0]


def undocumented(commands: list[list[str]]) -> set[str]:
    """The commands a test ran (``rondo X Y``) that the organizer guide's quickstart (docs/organizer/index.md) does not show."""
    ran = {args[0] if args[0] in SINGLE else " ".join(args[:2]) for args in commands}
    text = quickstart_text()
    return {c for c in ran - LOOKUPS if f"rondo {c} " not in text}
