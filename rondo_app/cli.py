"""The ``rondo`` command: run the services, try a draw offline, benchmark the optimizer, and (the
client commands of ``rondo_app/client/``) run competitions on a running gateway as an organizer."""

from __future__ import annotations

import json
import sys
from enum import Enum, StrEnum
from typing import Annotated

import typer

from rondo_app.client import identity, results_import, roster_import  # noqa: F401 (the imports register themselves)
from rondo_app.client.access import access, password
from rondo_app.client.accounts import accounts
from rondo_app.client.activities import activities
from rondo_app.client.audit import audit, events
from rondo_app.client.calendar import calendar, clubs
from rondo_app.client.competitions import competitions, roster
from rondo_app.client.decisions import decisions
from rondo_app.client.disputes import disputes
from rondo_app.client.draws import draws
from rondo_app.client.mediation import mediation
from rondo_app.client.meetings import meetings
from rondo_app.client.reminders import reminders
from rondo_app.client.results import results
from rondo_app.client.rulesets import rulesets
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Token
from rondo_app.client.stages import schedule, stages
from rondo_app.registry import NAMES, SERVICES, service

app = typer.Typer(
    add_completion=True, no_args_is_help=True, help="Rondo: draws, brackets, room booking and standings for game clubs."
)

admin = typer.Typer(no_args_is_help=True, help="Accounts, on the gateway's database directly (no server needed).")
app.add_typer(admin, name="admin")

# The organizer's client commands, on a running gateway (docs/organizer/cli.md).
CLIENT = "Organizer (on a running gateway)"
app.command(rich_help_panel=CLIENT)(identity.login)
app.command(rich_help_panel=CLIENT)(identity.logout)
app.command(rich_help_panel=CLIENT)(identity.whoami)
app.add_typer(accounts, name="accounts", rich_help_panel=CLIENT)
app.add_typer(competitions, name="competitions", rich_help_panel=CLIENT)
app.add_typer(roster, name="roster", rich_help_panel=CLIENT)
app.add_typer(draws, name="draws", rich_help_panel=CLIENT)
app.add_typer(calendar, name="calendar", rich_help_panel=CLIENT)
app.add_typer(clubs, name="clubs", rich_help_panel=CLIENT)  # also `rondo calendar clubs`
app.add_typer(activities, name="activities", rich_help_panel=CLIENT)
app.add_typer(meetings, name="meetings", rich_help_panel=CLIENT)
app.add_typer(access, name="access", rich_help_panel=CLIENT)
app.command(rich_help_panel=CLIENT)(password)
app.add_typer(results, name="results", rich_help_panel=CLIENT)
app.add_typer(stages, name="stages", rich_help_panel=CLIENT)
app.add_typer(schedule, name="schedule", rich_help_panel=CLIENT)
app.add_typer(rulesets, name="rulesets", rich_help_panel=CLIENT)
app.add_typer(decisions, name="decisions", rich_help_panel=CLIENT)
app.add_typer(disputes, name="disputes", rich_help_panel=CLIENT)
app.add_typer(mediation, name="mediation", rich_help_panel=CLIENT)
app.add_typer(reminders, name="reminders", rich_help_panel=CLIENT)
app.add_typer(events, name="events", rich_help_panel=CLIENT)
app.command("audit", rich_help_panel=CLIENT)(audit)


# `rondo demo --ruleset`'s choices
class DemoRuleset(StrEnum):
    mahjong = "mahjong"
    cup = "cup"
    updown = "updown"


# `rondo serve`'s choices: the registry's names
ServiceName = Enum("ServiceName", {name: name for name in NAMES}, type=str)  # type: ignore[misc]


def _serve(names: list[str], embedded: bool = False) -> int:
    from rondo_app import frontends
    from rondo_runtime.server import main

    extra = (frontends.spec,) if embedded else ()  # `rondo up` also runs the web app and the bot
    return main(*(service(name).spec for name in names), *extra, embedded=embedded)


@app.command()
def up() -> None:
    """Run every service in one process on one port (the embedded default: SQLite in RONDO_DATA_DIR), and
    the frontends as child processes: the web app on RONDO_WEB_PORT (8000; -1 = none), the Telegram bot
    when RONDO_TELEGRAM_TOKEN is set."""
    raise typer.Exit(_serve([s.name for s in SERVICES], embedded=True))


@app.command()
def serve(name: Annotated[ServiceName, typer.Argument(metavar="SERVICE")]) -> None:
    """Run one service alone (distributed mode: point the gateway at the others with RONDO_<SERVICE>_ADDR)."""
    raise typer.Exit(_serve([name.value]))


@app.command()
def demo(
    players: int = typer.Option(
        0,
        help="How many players to register (0: the ruleset's demo: mahjong 24, a multiple of 4 from 12 to 28; cup 16; updown 12).",
    ),
    seed: int = typer.Option(2026, help="Seed of the simulated season: availability and results."),
    data_dir: str = typer.Option("demo-data", help="Where the season's databases are kept (wiped first)."),
    ruleset: Annotated[
        DemoRuleset, typer.Option(help="The season: a mahjong league (Discard League), an open cup, or an Up&Down league.")
    ] = DemoRuleset.mahjong,
) -> None:
    """Start `rondo up` and play a whole season through the gateway, then print its final standings: a
    Discard League season (seed commitment, draw, the club calendar, results, standings, playoff and
    prizes), an open cup to places 1-4, or an Up&Down league through the split; stop; keep the database."""
    from pathlib import Path

    from rondo_app.demo import run_demo

    code = run_demo(players=players, seed=seed, data_dir=Path(data_dir), ruleset=ruleset.value)
    _exit_at_once_when_standalone(code)
    raise typer.Exit(code)


@app.command()
def draw(
    players: int = typer.Option(0, "--players", "-n", help="Number of players N."),
    rounds: int = typer.Option(4, "--rounds", "-r", help="Number of rounds R."),
    table_size: int = typer.Option(4, "--table-size", "-k", help="Players per table k (2-8)."),
    seed: int | None = typer.Option(None, help="Seed; the same seed gives the same draw."),
    time_limit: float = typer.Option(10.0, "--time-limit", help="Budget in seconds (and the wall-clock safety cut)."),
    work: int = typer.Option(
        0, "--work", help="Deterministic work budget in work units (0 = --time-limit at this machine's measured work rate)."
    ),
    cpsat_per_unit: float = typer.Option(
        0.0, "--cpsat-per-unit", help="With --work: CP-SAT deterministic seconds per work unit (0 = the reference exchange)."
    ),
    seat_balance: bool = typer.Option(False, "--seat-balance", help="Balance seats (winds) too."),
    sit_out: bool = typer.Option(
        False, "--sit-out", help="Club night: when the players do not fill whole tables, some sit out each round, fairly."
    ),
    sitting_out: int = typer.Option(0, "--sitting-out", help="With --sit-out: how many sit out each round (0 = N mod k)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output (see README)."),
    verify: str = typer.Option(
        "", "--verify", metavar="CERTIFICATE.json", help="Re-run a published draw from its certificate and compare it."
    ),
) -> None:
    """Draw every round offline, in this process (no server): try a league size before registration closes,
    or (--verify) check that a published draw is exactly what its committed seed gives."""
    from rondo_runtime.config import Settings
    from rondo_runtime.errors import InvalidArgument
    from solver.calibration import machine_calibration
    from solver.domain.draw.work import REFERENCE_RATE
    from solver.offline import draw_report, render_text

    if verify:
        raise typer.Exit(_verify(verify, as_json))
    if players <= 0:
        typer.echo("error: --players: give the number of players (or --verify CERTIFICATE.json)", err=True)
        raise typer.Exit(2)

    try:
        rate = REFERENCE_RATE if work else machine_calibration(Settings.from_env().solver_work_units_per_second).rate
        report = draw_report(
            players,
            rounds,
            table_size,
            seed,
            time_limit,
            seat_balance,
            work,
            count_process_start=True,
            sit_out=sitting_out if sit_out else None,
            rate=rate,
            cpsat_seconds_per_unit=cpsat_per_unit,
        )
    except InvalidArgument as error:
        for v in error.violations:
            option = {
                "players": "players",
                "work_budget": "work",
                "sit_out.per_round": "sitting-out",
                "cpsat_deterministic_seconds_per_unit": "cpsat-per-unit",
            }.get(v.field, v.field.replace("_", "-"))
            typer.echo(f"error: --{option}: {v.description}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(report, indent=2) if as_json else render_text(report))
    _exit_at_once_when_standalone()


def _exit_at_once_when_standalone(code: int = 0) -> None:
    """The draw is printed: a standalone ``rondo draw`` ends here, without the interpreter's
    teardown of OR-Tools and its imports (0.4-0.7 s on a loaded machine, past the time budget the
    organizer gave; nothing is left to clean up). ``rondo demo`` ends so too, its server stopped.
    In-process callers (tests) return normally."""
    import os

    if os.path.basename(sys.argv[0]) in ("rondo", "cli.py"):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _verify(path: str, as_json: bool) -> int:
    """0: verified; 1: the draw does not match (the lines say where); 2: not a certificate."""
    from pathlib import Path

    from rondo_app.verify import BadCertificate, load_certificate, verify_certificate

    try:
        outcome = verify_certificate(load_certificate(Path(path)))
    except BadCertificate as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    typer.echo(json.dumps({"verified": outcome.ok, "lines": outcome.lines}, indent=2) if as_json else "\n".join(outcome.lines))
    return 0 if outcome.ok else 1


@app.command()
def standings(
    season: str = typer.Argument(
        ...,
        metavar="SEASON.json|COMPETITION",
        help="A season file, scored offline (format: docs/organizer/season-files.md); otherwise a competition "
        "on the gateway, by name, id or id prefix.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output (see README)."),
    stage: int = typer.Option(0, "--stage", help="An Up&Down competition's stage (0: the latest)."),
    projections: bool = typer.Option(
        False,
        "--projections",
        help="A competition on the gateway (a mahjong or Up&Down league, every group of its stage, or a cup): "
        "each player's status at each cut (clinched, eliminated, alive and what they need), proven over every "
        "outcome of the games left.",
    ),
    time_limit: float = typer.Option(
        0.0, "--time-limit", min=0.0, max=600.0, help="With --projections: seconds for the whole projection (0: 10)."
    ),
    player: Annotated[
        list[str] | None,
        typer.Option("--player", help="With --projections: only this player (a name, id or id prefix; repeat for more)."),
    ] = None,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
) -> None:
    """Standings that explain themselves: a season file (mahjong league, Up&Down or open cup) scored offline,
    in this process, or a competition's from the gateway (a mahjong league's standings, the cup's bracket,
    an Up&Down stage's tables) with every tie-break; --projections: what each player can still reach."""
    from pathlib import Path

    from rondo_app.client.standings import is_season_file, online_standings

    if not is_season_file(season):
        online_standings(season, address, token, as_json, stage, time_limit if projections else None, player or ())
        return
    if projections:
        typer.echo("error: --projections: projections are the gateway's; name a competition, not a season file", err=True)
        raise typer.Exit(2)
    from league.offline import run_standings
    from rondo_app.client.session import user_locale

    raise typer.Exit(run_standings(Path(season), as_json, user_locale()))


@app.command(rich_help_panel=CLIENT)
def playoff(
    competition_id: str = typer.Argument(
        ..., metavar="COMPETITION", help="The competition: its name, id or an unambiguous id prefix."
    ),
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A mahjong league's playoff: its stages and tables, who is out and why, the final order, the prizes."""
    from rondo_app.client.standings import playoff as show

    show(competition_id, address, token, as_json)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def bench(ctx: typer.Context) -> None:
    """Benchmark the optimizer against the baselines (arguments: see `python -m bench.solver --help`)."""
    from bench.solver import main as bench_main

    raise typer.Exit(bench_main(list(ctx.args)))


@admin.command("create-organizer")
def create_organizer(
    name: str = typer.Argument(..., metavar="NAME", help="The organizer's login name."),
    as_json: bool = typer.Option(False, "--json", help='Machine-readable: {"account_id", "name", "password"}.'),
) -> None:
    """Create the first organizer on the gateway's database (RONDO_DATA_DIR/gateway.db or
    RONDO_GATEWAY_DATABASE_URL; migrated first) and print its generated password once."""
    from rondo_app.admin import create_organizer as create
    from rondo_runtime.errors import RondoError

    try:
        created = create(name)
    except ValueError as error:  # a malformed RONDO_* variable
        typer.echo(f"configuration error: {error}", err=True)
        raise typer.Exit(2) from None
    except RondoError as error:
        typer.echo(f"error: {error.message}", err=True)
        raise typer.Exit(1) from None
    account = created.account
    if as_json:
        typer.echo(json.dumps({"account_id": account.id, "name": account.name, "password": created.password}))
        return
    typer.echo(f"organizer {account.name!r} created (account {account.id})")
    typer.echo(f"password: {created.password}")
    typer.echo("It is shown only this once: keep it somewhere safe. Log in with Login(name, password).")


if __name__ == "__main__":
    sys.exit(app())
