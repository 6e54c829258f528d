"""A bulk command's file (``rondo roster import``, ``rondo results import``, ``rondo results import-games``):
read and checked whole before anything is sent, then sent a row at a time, each row with its own
idempotency key, so that a run stopped by an error is simply run again."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import typer

from rondo_app.client.bulk import BadFile

T = TypeVar("T")


def refuse(file: Path, bad: BadFile, nothing_done: str) -> typer.Exit:
    """Every bad line of ``file`` on stderr (exit code 2): ``nothing_done`` says what was not sent."""
    typer.echo(f"error: {file}: {len(bad.problems)} bad line(s), {nothing_done}", err=True)
    for line in bad.lines():
        typer.echo(f"  {line}", err=True)
    return typer.Exit(2)


def read_file(file: Path, parse: Callable[[str], T], nothing_done: str) -> tuple[T, list[str]]:
    """``file`` parsed by ``parse`` (UTF-8, a byte-order mark allowed), and its lines (the rows' keys are
    made from them); a file that is not text, or any bad line, exits 2 before anything is sent."""
    try:
        text = file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        typer.echo(f"error: {file}: not UTF-8 text", err=True)
        raise typer.Exit(2) from None
    try:
        return parse(text), text.splitlines()
    except BadFile as bad:
        raise refuse(file, bad, nothing_done) from None


def send_each(
    rows: Iterable[T], send: Callable[[T], Any], where: Callable[[T], str], done: str, counted: str = "row(s)"
) -> list[tuple[T, Any]]:
    """``send(row)`` for each row in order, answers kept; when one fails after others were sent, says
    which line failed and that running the same command again sends nothing twice (``done``: what the
    rows before it are, e.g. "recorded"; ``counted``: what they are, e.g. "player(s)"), then raises."""
    sent: list[tuple[T, Any]] = []
    for row in rows:
        try:
            sent.append((row, send(row)))
        except Exception:
            if sent:
                typer.echo(
                    f"error on {where(row)}: {len(sent)} {counted} before it are {done};"
                    f" fix and run the same command again — they are not {done} twice",
                    err=True,
                )
            raise
    return sent
