"""The ``rondo`` command: run the services, try a draw offline, benchmark the optimizer."""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Annotated

import typer

from rondo_app.registry import NAMES, SERVICES, service

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="Rondo: draws, brackets, room booking and standings for game clubs."
)

# `rondo serve`'s choices: the registry's names
ServiceName = Enum("ServiceName", {name: name for name in NAMES}, type=str)  # type: ignore[misc]


def _serve(names: list[str]) -> int:
    from rondo_runtime.server import main

    return main(*(service(name).spec for name in names))


@app.command()
def up() -> None:
    """Run every service in one process on one port (the embedded default: SQLite in RONDO_DATA_DIR)."""
    raise typer.Exit(_serve([s.name for s in SERVICES]))


@app.command()
def serve(name: Annotated[ServiceName, typer.Argument(metavar="SERVICE")]) -> None:
    """Run one service alone (distributed mode: point the gateway at the others with RONDO_<SERVICE>_ADDR)."""
    raise typer.Exit(_serve([name.value]))


@app.command()
def demo(
    players: int = typer.Option(16, help="How many players to register."),
    seed: int = typer.Option(2026, help="Seed of the draw."),
) -> None:
    """Start `rondo up`, create a league, register players, draw, approve, print the tables, stop."""
    from rondo_app.demo import run_demo

    raise typer.Exit(run_demo(players=players, seed=seed))


@app.command()
def draw(
    players: int = typer.Option(..., "--players", "-n", help="Number of players N."),
    rounds: int = typer.Option(4, "--rounds", "-r", help="Number of rounds R."),
    table_size: int = typer.Option(4, "--table-size", "-k", help="Players per table k (2-8)."),
    seed: int | None = typer.Option(None, help="Seed; the same seed gives the same draw."),
    time_limit: float = typer.Option(10.0, "--time-limit", help="Budget in seconds."),
    seat_balance: bool = typer.Option(False, "--seat-balance", help="Balance seats (winds) too."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output (see README)."),
) -> None:
    """Draw every round offline, in this process (no server): try a league size before registration closes."""
    from rondo_runtime.errors import InvalidArgument
    from solver.offline import draw_report, render_text

    try:
        report = draw_report(players, rounds, table_size, seed, time_limit, seat_balance)
    except InvalidArgument as error:
        for v in error.violations:
            typer.echo(f"error: --{v.field.replace('_', '-') if v.field != 'players' else 'players'}: {v.description}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(report, indent=2) if as_json else render_text(report))


@app.command()
def standings(
    season: str = typer.Argument(
        ..., metavar="SEASON.json", help="The season file (format: README, 'Scoring a season offline')."
    ),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output (see README)."),
) -> None:
    """Score a season file (mahjong league, Up&Down or open cup) offline, in this process: standings that explain themselves."""
    from pathlib import Path

    from league.offline import run_standings

    raise typer.Exit(run_standings(Path(season), as_json))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def bench(ctx: typer.Context) -> None:
    """Benchmark the optimizer against the baselines (arguments: see `python -m solver.bench --help`)."""
    from solver.bench import main as bench_main

    raise typer.Exit(bench_main(list(ctx.args)))


if __name__ == "__main__":
    sys.exit(app())
