"""The ``rondo`` command: run the services, try a draw offline, benchmark the optimizer."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import socket
import sys
from enum import Enum
from typing import Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Rondo: draws, brackets, room booking and standings for game clubs.")


class Service(str, Enum):
    solver = "solver"
    booking = "booking"
    league = "league"
    gateway = "gateway"


def _settings():
    from rondo_runtime.config import Settings

    try:
        return Settings.from_env()
    except ValueError as error:
        typer.echo(f"configuration error: {error}", err=True)
        raise typer.Exit(2) from None


def specs_for(services: list[str], settings):
    """The ServiceSpecs of the named services, built from the environment."""
    from booking import app as booking_app
    from gateway import app as gateway_app
    from league import app as league_app
    from solver import app as solver_app

    builders = {"solver": solver_app.spec, "booking": booking_app.spec, "league": league_app.spec, "gateway": gateway_app.spec}
    return [builders[name](settings) for name in services]


def _serve(services: list[str]) -> int:
    from rondo_runtime.logging import configure_logging
    from rondo_runtime.server import run_until_signal

    settings = _settings()
    if settings.port == 0:
        # the gateway dials its own server in embedded mode, so it must know the port up front
        settings = dataclasses.replace(settings, port=free_port(settings.host))
    configure_logging(settings.log_level)
    return asyncio.run(run_until_signal(specs_for(services, settings), settings))


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@app.command()
def up() -> None:
    """Run every service in one process on one port (the embedded default: SQLite in RONDO_DATA_DIR)."""
    raise typer.Exit(_serve([s.value for s in Service]))


@app.command()
def serve(service: Service) -> None:
    """Run one service alone (distributed mode: point the gateway at the others with RONDO_<SERVICE>_ADDR)."""
    raise typer.Exit(_serve([service.value]))


@app.command()
def demo(
    players: int = typer.Option(16, help="How many players to register."),
    seed: int = typer.Option(2026, help="Seed of the draw."),
) -> None:
    """Start `rondo up`, create a league, register players, draw, approve, print the tables, stop."""
    from gateway.demo import run_demo

    raise typer.Exit(run_demo(players=players, seed=seed))


@app.command()
def draw(
    players: int = typer.Option(..., "--players", "-n", help="Number of players N."),
    rounds: int = typer.Option(4, "--rounds", "-r", help="Number of rounds R."),
    table_size: int = typer.Option(4, "--table-size", "-k", help="Players per table k (2-8)."),
    seed: Optional[int] = typer.Option(None, help="Seed; the same seed gives the same draw."),
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


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def bench(ctx: typer.Context) -> None:
    """Benchmark the optimizer against the baselines (arguments: see `python -m solver.bench --help`)."""
    from solver.bench import main as bench_main

    raise typer.Exit(bench_main(list(ctx.args)))


if __name__ == "__main__":
    sys.exit(app())
