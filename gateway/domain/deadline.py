"""Deadlines propagate: every downstream call the gateway makes gets a timeout derived from the
deadline of the call it is serving (what is left of it), else the configured downstream timeout.
One deadline covers every call a use case makes, in turn."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

MIN_TIMEOUT_SECONDS = 0.01  # an expired deadline still makes a (failing) call: the answer says which service


@dataclass
class Deadline:
    """``remaining_s`` is the incoming call's remaining deadline in seconds (None: the client set none)."""

    remaining_s: float | None
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)

    def __post_init__(self) -> None:
        self._expires_at = None if self.remaining_s is None else self.clock() + self.remaining_s

    def timeout(self, without_deadline: float | None = None) -> float | None:
        """The timeout of the next downstream call: what is left of the deadline; with no deadline,
        ``without_deadline`` (None = the downstream's configured default)."""
        if self._expires_at is None:
            return without_deadline
        return max(MIN_TIMEOUT_SECONDS, self._expires_at - self.clock())
