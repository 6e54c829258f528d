"""A match's key, written and read in one place: ``<competition>/<stage>/<round>/<table>``.

The gateway names every match it opens for scheduling by this key (stage, round and table count from
1); booking stores it, and the clients show and address matches by it. Everyone who builds or takes a
key apart does it here.
"""

from __future__ import annotations

from dataclasses import dataclass

SEPARATOR = "/"


@dataclass(frozen=True)
class MatchKey:
    competition_id: str
    stage: int
    round: int
    table: int

    def __str__(self) -> str:
        return SEPARATOR.join((self.competition_id, str(self.stage), str(self.round), str(self.table)))

    @classmethod
    def parse(cls, text: str) -> MatchKey | None:
        """The key's parts, or None when ``text`` is not four parts: a competition id without ``/`` and
        three whole numbers from 1 written as the key writes them (ASCII digits, no sign or leading zero)."""
        parts = text.split(SEPARATOR)
        if len(parts) != 4 or not parts[0] or not all(_whole_from_one(p) for p in parts[1:]):
            return None
        stage, round_, table = (int(p) for p in parts[1:])
        return cls(parts[0], stage, round_, table)


def _whole_from_one(part: str) -> bool:
    """A number as the key writes it: ASCII digits, no sign, no leading zero."""
    return part.isascii() and part.isdigit() and part[0] != "0"


def competition_of(match_key: str) -> str:
    """A match key's competition: its first part (the whole text when it has no separator)."""
    return match_key.split(SEPARATOR, 1)[0]
