"""Fault injection points (FreeBSD's fail(9), TiKV's fail points) for the faults tier: a named point
in a use case where a test can stop a real server process in the middle of a transaction, to kill it
there and check that nothing of the transaction is left (docs/rules.md
``schedule.confirmation.kill-leaves-nothing``).

Off unless the process was started with ``RONDO_FAILPOINTS`` (read once): ``name=marker[;name=marker]``.
A thread reaching a named point creates the file ``marker`` (so the test knows where the process is),
logs it, and then waits there until the process is killed. ``name=hold:gate`` is a gate instead: while
the file ``gate`` exists, a thread reaching the point writes its pid to ``gate.held`` and waits until the
test deletes ``gate``; then it and every later one carry on. A test holds a call at a known point (a
solver worker busy, say) for exactly as long as it needs, instead of guessing with ``sleep``. Unset,
``reached`` is one dictionary lookup: production never pauses.
"""

from __future__ import annotations

import logging
import os
import threading
from functools import cache
from pathlib import Path

ENV = "RONDO_FAILPOINTS"
log = logging.getLogger(__name__)


@cache
def _points() -> dict[str, Path]:
    points = {}
    for item in os.environ.get(ENV, "").split(";"):
        name, _, marker = item.partition("=")
        if name.strip() and marker.strip():
            points[name.strip()] = Path(marker.strip())
    return points


HOLD = "hold:"
HOLD_POLL_S = 0.01


def held_marker(gate: Path) -> Path:
    """Where a thread held at a ``hold:`` gate writes its pid."""
    return gate.with_name(gate.name + ".held")


def reached(name: str) -> None:
    """A fail point: returns at once unless ``name`` is armed, else marks and pauses this thread (for
    good, or while a ``hold:`` marker exists)."""
    marker = _points().get(name)
    if marker is None:
        return
    if str(marker).startswith(HOLD):
        gate = Path(str(marker)[len(HOLD) :])
        if gate.exists():
            log.warning("fail point reached; holding while its gate exists", extra={"failpoint": name})
            held_marker(gate).write_text(f"{os.getpid()}\n")
        while gate.exists():
            threading.Event().wait(HOLD_POLL_S)
        return
    log.warning("fail point reached; pausing until the process is killed", extra={"failpoint": name})
    marker.write_text(f"{os.getpid()}\n")
    threading.Event().wait()
