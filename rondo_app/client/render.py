"""Small pieces every noun's tables share: a table with a left-aligned title, enum values without
their type prefix, timestamps in a stated zone, points with a thin separator."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from google.protobuf.timestamp_pb2 import Timestamp
from rich.console import Console
from rich.table import Table


def table(title: str, columns: Sequence[str], rows: Iterable[Sequence[object]], right: Iterable[str] = ()) -> Table:
    """``columns`` named in ``right`` are right-aligned (figures)."""
    aligned = set(right)
    shown = Table(title=title, title_justify="left")
    for column in columns:
        shown.add_column(column, justify="right" if column in aligned else "left")
    for row in rows:
        shown.add_row(*("" if cell is None else str(cell) for cell in row))
    return shown


def pairs(title: str, rows: Iterable[Sequence[object]]) -> Table:
    """A resource's fields, one per line: a two-column table without a header."""
    shown = table(title, ("field", "value"), rows)
    shown.show_header = False
    return shown


def print_lines(out: Console, lines: Iterable[str]) -> None:
    """Plain text (player names, reasons): never read as rich markup."""
    for line in lines:
        out.print(line, markup=False, highlight=False)


def enum_name(enum_type, value: int) -> str:
    """``PLAYER_STATUS_MAIN`` -> ``main``: the value's name without its type's prefix."""
    name = enum_type.Name(value)
    prefix = enum_type.DESCRIPTOR.name
    snake = "".join(f"_{c}" if c.isupper() and i else c for i, c in enumerate(prefix)).upper() + "_"
    return (name[len(snake) :] if name.startswith(snake) else name).lower().replace("_", " ")


def when(stamp: Timestamp, zone: str = "") -> str:
    """A timestamp as ``2026-12-05 18:00`` in ``zone`` (UTC when empty, and marked so); "" when unset."""
    if not stamp.seconds and not stamp.nanos:
        return ""
    moment = datetime.fromtimestamp(stamp.seconds, UTC)
    if zone:
        return moment.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M")
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def points(value: int) -> str:
    return f"{value:,}".replace(",", " ")


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def in_language(en: str, ru: str, language: str) -> str:
    """The Russian twin for a Russian user (:func:`~rondo_app.client.session.user_locale`), English
    otherwise, or when the gateway sent no Russian text."""
    return ru if language == "ru" and ru else en


def lines_in_language(en: Sequence[str], ru: Sequence[str], language: str) -> list[str]:
    """Repeated texts with their one-for-one Russian twins (English when the twins do not match up)."""
    return list(ru) if language == "ru" and len(ru) == len(en) else list(en)
