"""What a client may ask of the event stream (docs/architecture.md "Events for bots"). Pure."""

from __future__ import annotations

from dataclasses import dataclass

from rondo_runtime.validation import Violations

MAX_KINDS = 32
MAX_KIND_LENGTH = 64


@dataclass(frozen=True)
class EventQuery:
    """The events after ``after`` (a cursor: an event id), optionally of some kinds, of one competition."""

    after: int
    kinds: tuple[str, ...]
    competition_id: str


def event_query(after: int, kinds: list[str] | tuple[str, ...], competition_id: str) -> EventQuery:
    """The query, checked: a cursor is never negative, at most 32 kinds of printable ids."""
    v = Violations()
    if after < 0:
        v.add("after", f"is the id of the last event received (0 = from the beginning), got {after}")
    if len(kinds) > MAX_KINDS:
        v.add("kinds", f"at most {MAX_KINDS} kinds, got {len(kinds)}")
    cleaned = tuple(dict.fromkeys(v.id(f"kinds[{i}]", k) for i, k in enumerate(kinds[:MAX_KINDS])))
    competition = v.id("competition_id", competition_id, required=False)
    v.raise_if_any()
    return EventQuery(after, cleaned, competition)
