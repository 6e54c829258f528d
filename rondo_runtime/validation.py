"""Collecting every bad field of a request before answering (one INVALID_ARGUMENT naming them all).

``Violations`` gathers :class:`~rondo_runtime.errors.FieldViolation` s; its text helpers clean
person-entered text with the one edge rule of ``rondo_runtime.text``.
"""

from __future__ import annotations

from rondo_runtime.errors import FieldViolation, InvalidArgument
from rondo_runtime.text import MAX_NAME_LENGTH, clean_id, clean_key, clean_name, clean_text


def shown(value: object, limit: int = 40) -> str:
    """A bounded description of any value a request or a file gave, for an error: short values as
    written, a long string cut, a huge number by its digits, a list or an object by its kind (never
    the repr of a whole file or of deep nesting)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**limit else None
        return repr(value) if digits is not None else f"a number of more than {limit} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "…"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} field(s)"
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


class Violations:
    """Collects field violations while validating a request, then raises them together."""

    def __init__(self) -> None:
        self.items: list[FieldViolation] = []

    def add(self, field: str, description: str, reason: str = "", **params: object) -> None:
        """One violation; ``reason`` (a catalogue reason) and ``params`` for machines (docs/errors.md)."""
        self.items.append(FieldViolation(field, description, reason, tuple(params.items())))

    def text(self, field: str, value: str, required: str = "is required", max_length: int = 200) -> str:
        """A person-entered text, cleaned by :func:`rondo_runtime.text.clean_text` (NFKC, no controls,
        no invisible characters, spaces folded); a violation when empty, unclean or too long."""
        return self._clean(lambda: clean_text(value, field, max_length, required or True), value)

    def name(self, field: str, value: str, required: str = "is required", max_length: int | None = None) -> str:
        """A name, cleaned by :func:`rondo_runtime.text.clean_name`; a violation when empty, unclean or too long."""
        return self._clean(lambda: clean_name(value, field, required or True, max_length or MAX_NAME_LENGTH), value)

    def id(self, field: str, value: str, required: bool = True) -> str:
        """An id (:func:`rondo_runtime.text.clean_id`): printable ASCII, bounded; required by default."""
        return self._clean(lambda: clean_id(value, field, required), "")

    def key(self, field: str, value: str) -> str | None:
        """An idempotency key (:func:`rondo_runtime.text.clean_key`); None when empty or invalid."""
        return self._clean(lambda: clean_key(value, field), None)

    def integer(self, field: str, value: int | None, lo: int, hi: int, what: str = "") -> int | None:
        """A violation unless ``lo <= value <= hi`` (None passes: the field was not set)."""
        if value is not None and not lo <= value <= hi:
            self.add(
                field,
                f"must be between {lo} and {hi}{' (' + what + ')' if what else ''}, got {value}",
                "VALUE_OUT_OF_RANGE",
                lo=lo,
                hi=hi,
                value=value,
            )
        return value

    def _clean(self, clean, value, fallback=None):
        try:
            return clean()
        except InvalidArgument as error:
            self.items.extend(error.violations)
            return fallback if fallback is not None else (value if isinstance(value, str) else "")

    def unique_ids(
        self,
        field: str,
        ids,
        empty: str = "needs a non-empty id",
        duplicate: str = "{id!r} is listed twice ({field}[{first}] too); list each once",
    ) -> dict[str, int]:
        """A violation at ``field[i]`` for every empty or repeated id; returns id -> first index.
        ``duplicate`` may use ``{id}``, ``{field}`` and ``{first}``."""
        seen: dict[str, int] = {}
        for i, value in enumerate(ids):
            if not isinstance(value, str) or not value.strip():
                self.add(f"{field}[{i}]", empty)
            elif value in seen:
                self.add(f"{field}[{i}]", duplicate.format(id=value, field=field, first=seen[value]))
            else:
                seen[value] = i
        return seen

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidArgument.of(self.items)
