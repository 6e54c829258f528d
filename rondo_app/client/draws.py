"""``rondo draws``: draw every round, review the repeat statistics and the proof, approve, redraw, and
the seed commitment and certificate anyone can verify offline (``rondo draw --verify``)."""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn

from rondo.gateway.v1 import common_pb2, draws_pb2
from rondo_app.client import lookup
from rondo_app.client.competitions import CompetitionId, player_names
from rondo_app.client.render import enum_name, pairs, print_lines, table, when, yes_no
from rondo_app.client.session import (
    DEFAULT_ADDRESS,
    Address,
    IdempotencyKey,
    Json,
    Session,
    Token,
    console,
    session,
)

draws = typer.Typer(no_args_is_help=True, help="Draws: run, show, list, approve, redraw, seed commitment, certificate.")

DEFAULT_TIME_LIMIT_SECONDS = 10.0  # the solver's own default budget
CALL_MARGIN_SECONDS = 60.0  # the gateway's reads and writes around the solve, on a loaded machine

# The objective's fields in the order they are compared (docs/organizer/draws.md "The draw objective").
OBJECTIVE = (
    ("soft_violations", "soft separations violated"),
    ("max_meetings", "largest number of meetings of a pair"),
    ("sum_repeat_pairs", "repeated meetings, sum of C(m,2)"),
    ("consecutive_repeats", "repeats in consecutive rounds"),
    ("max_player_repeats", "largest number of repeats of one player"),
)

Seed = Annotated[int | None, typer.Option(help="The seed (default: the committed one, else the solver's pick).")]
TimeLimit = Annotated[float, typer.Option("--time-limit", help="The solver's budget in seconds.")]


def await_with_progress(start: Callable[[], Any], limit_s: float, label: str, err: Console | None = None) -> Any:
    """Starts the call (``start`` answers a ``grpc.Future``) and waits for it; on a terminal a spinner
    and a bar of the seconds elapsed against the solver's budget meanwhile (the call runs in gRPC's
    thread, this one only draws). Ctrl-C cancels the call instead of leaving it running."""
    err = err or console(stderr=True)
    future = start()
    begun = time.monotonic()
    try:
        if not err.is_terminal:  # a pipe or a script: nothing to animate
            return future.result()
        columns = (
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.completed:.1f} s of {task.total:.0f} s"),
        )
        with Progress(*columns, console=err, transient=True) as progress:
            task = progress.add_task(label, total=limit_s)
            while not future.done():
                progress.update(task, completed=min(time.monotonic() - begun, limit_s))
                time.sleep(0.1)
        return future.result()
    except KeyboardInterrupt:
        future.cancel()
        raise


def _solve(s: Session, rpc: str, request: Any, limit_s: float, label: str) -> draws_pb2.DrawProposal:
    call = getattr(s.stub, rpc)
    return await_with_progress(lambda: call.future(request, timeout=limit_s * 2 + CALL_MARGIN_SECONDS), limit_s, label)


@draws.command("run")
def run_draw(
    competition_id: CompetitionId,
    seed: Seed = None,
    time_limit: TimeLimit = DEFAULT_TIME_LIMIT_SECONDS,
    seat_balance: Annotated[bool, typer.Option("--seat-balance", help="Balance seats (winds) too.")] = False,
    sit_out: Annotated[
        bool, typer.Option("--sit-out", help="Club night: players who do not fill a table sit out each round, fairly.")
    ] = False,
    sitting_out: Annotated[int, typer.Option("--sitting-out", help="With --sit-out: how many a round (0 = N mod k).")] = 0,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Draw every round from the current main roster: proposed for review (approve it to publish)."""
    with session(address, token, as_json) as s:
        request = draws_pb2.DrawCompetitionRequest(
            competition_id=lookup.competition(s, competition_id),
            seed=seed,
            time_limit_seconds=time_limit,
            seat_balance=seat_balance,
            idempotency_key=idempotency_key,
            sit_out=draws_pb2.SitOut(per_round=sitting_out) if sit_out else None,
        )
        proposal = _solve(s, "DrawCompetition", request, time_limit, "drawing every round")
        _show_proposal(s, request.competition_id, proposal, competition_id)


@draws.command("redraw")
def redraw(
    competition_id: CompetitionId,
    played_rounds: Annotated[int, typer.Option("--played-rounds", help="Rounds already played: kept unchanged.")],
    reason: Annotated[str, typer.Option(help="Why the draw is redone (required).")],
    seed: Seed = None,
    time_limit: TimeLimit = DEFAULT_TIME_LIMIT_SECONDS,
    seat_balance: Annotated[bool, typer.Option("--seat-balance")] = False,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Redo the rounds not yet played from the current roster, moving as few players as possible."""
    with session(address, token, as_json) as s:
        request = draws_pb2.RedrawRequest(
            competition_id=lookup.competition(s, competition_id),
            played_rounds=played_rounds,
            reason=reason,
            seed=seed,
            time_limit_seconds=time_limit,
            seat_balance=seat_balance,
            idempotency_key=idempotency_key,
        )
        proposal = _solve(s, "Redraw", request, time_limit, f"redrawing rounds after {played_rounds}")
        _show_proposal(s, request.competition_id, proposal, competition_id)


def _show_proposal(s: Session, competition_id: str, proposal: draws_pb2.DrawProposal, typed: str) -> None:
    names = {} if s.as_json else player_names(s, competition_id)
    versions = {} if s.as_json else lookup.draw_versions(s, competition_id)
    s.show(proposal, lambda out, p: render_proposal(out, p, names, versions, typed))


@draws.command("show")
def show_draw(
    competition_id: CompetitionId,
    draw_id: Annotated[
        str, typer.Option("--draw", help="A draw's version (v2), id or id prefix (default: the published draw).")
    ] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A draw: its repeat statistics, proof status and tables (default: the published one)."""
    with session(address, token, as_json) as s:
        cid = lookup.competition(s, competition_id)
        request = draws_pb2.GetDrawRequest(competition_id=cid, draw_id=lookup.draw(s, cid, draw_id, "--draw"))
        found = s.call("GetDraw", request)
        names = {} if as_json else player_names(s, cid)
        versions = {} if as_json else lookup.draw_versions(s, cid)
        s.show(found, lambda out, d: render_draw(out, d, names, versions))


@draws.command("list")
def list_draws(
    competition_id: CompetitionId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False
) -> None:
    """Every draw of the competition, version 1 first (proposed, approved, superseded)."""
    with session(address, token, as_json) as s:
        request = draws_pb2.ListDrawsRequest(competition_id=lookup.competition(s, competition_id), page_size=1000)
        answer = s.all_pages("ListDraws", request, "draws")
        s.show(answer, render_draws)


@draws.command("approve")
def approve_draw(
    competition_id: CompetitionId,
    draw_id: Annotated[str, typer.Argument(metavar="DRAW", help="The draw: its version (v2 or 2), id or id prefix.")],
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Publish a proposed draw (the one it replaces becomes superseded)."""
    with session(address, token, as_json) as s:
        cid = lookup.competition(s, competition_id)
        request = draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=lookup.draw(s, cid, draw_id))
        approved = s.call("ApproveDraw", request)
        s.show(approved, lambda out, d: print_lines(out, [f"draw v{d.version} approved: it is the published draw"]))


@draws.command("commit-seed")
def commit_seed(
    competition_id: CompetitionId,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Commit to the draw seed before registration closes: the gateway picks the seed and publishes only its
    SHA-256 commitment; the certificate reveals the seed once the draw is published."""
    with session(address, token, as_json) as s:
        request = draws_pb2.CommitDrawSeedRequest(
            competition_id=lookup.competition(s, competition_id), idempotency_key=idempotency_key
        )
        s.show(s.call("CommitDrawSeed", request), lambda out, c: render_commitment(out, c, competition_id))


@draws.command("commitment")
def show_commitment(
    competition_id: CompetitionId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False
) -> None:
    """The published seed commitment."""
    with session(address, token, as_json) as s:
        request = draws_pb2.GetSeedCommitmentRequest(competition_id=lookup.competition(s, competition_id))
        s.show(s.call("GetSeedCommitment", request), lambda out, c: render_commitment(out, c, competition_id))


@draws.command("certificate")
def certificate(
    competition_id: CompetitionId,
    draw_id: Annotated[
        str, typer.Option("--draw", help="A draw's version (v2), id or id prefix (default: the published draw).")
    ] = "",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write it to this file (default: print it).")] = None,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The draw's certificate (format rondo-draw-certificate/1): check it offline with `rondo draw --verify FILE`."""
    with session(address, token, as_json) as s:
        cid = lookup.competition(s, competition_id)
        request = draws_pb2.GetDrawCertificateRequest(competition_id=cid, draw_id=lookup.draw(s, cid, draw_id, "--draw"))
        answer = s.call("GetDrawCertificate", request)
        if output is not None:
            output.write_text(answer.certificate_json + "\n", encoding="utf-8")
        if as_json:
            s.show(answer, lambda out, a: None)
        elif output is not None:
            print_lines(s.out, [f"certificate written to {output}; check it with `rondo draw --verify {output}`"])
        else:
            typer.echo(answer.certificate_json)


# ---- rendering


def named(players: Any, names: dict[str, str]) -> str:
    """Players by name; one the roster does not know by a short id, never a whole UUID."""
    return ", ".join(names.get(p) or lookup.short(p) for p in players) or "-"


def objective_table(draw: draws_pb2.Draw) -> Any:
    rows = []
    for field, label in OBJECTIVE:
        value, bound = getattr(draw.objective, field), getattr(draw.lower_bound, field)
        rows.append((label, value, bound, "at the bound" if value == bound else f"{value - bound} above"))
    return table(
        "repeat statistics (compared in this order, smaller is better)",
        ("", "this draw", "lower bound", "vs bound"),
        rows,
        right=("this draw", "lower bound"),
    )


def proof_lines(draw: draws_pb2.Draw) -> list[str]:
    if draw.proven_optimal:
        return ["proof: proven optimal (no draw of these players and rounds has fewer repeated meetings)"]
    return ["proof: not proven optimal; the lower bound says how far from the best it can be at most"]


def rounds_tables(draw: draws_pb2.Draw, names: dict[str, str]) -> list[Any]:
    shown = []
    for number, rnd in enumerate(draw.rounds, start=1):
        rows = [(t, named(tb.player_ids, names)) for t, tb in enumerate(rnd.tables, start=1)]
        kept = " (played, kept)" if number <= draw.played_rounds else ""
        shown.append(table(f"round {number}{kept}", ("table", "players"), rows, right=("table",)))
    return shown


def render_draw(out: Console, draw: draws_pb2.Draw, names: dict[str, str], versions: dict[str, str] | None = None) -> None:
    status = enum_name(draws_pb2.DrawStatus, draw.status)
    summary = [
        ("status", status),
        ("seed", draw.seed),
        ("method", draw.method),
        ("proven optimal", yes_no(draw.proven_optimal)),
        ("created", when(draw.created_at)),
    ]
    if draw.approved_at.seconds:
        summary.append(("approved", when(draw.approved_at)))
    if draw.replaces_draw_id:
        replaced = (versions or {}).get(draw.replaces_draw_id, lookup.short(draw.replaces_draw_id))
        summary.extend([("replaces", replaced), ("played rounds kept", draw.played_rounds), ("reason", draw.reason)])
    if draw.HasField("players_moved"):
        summary.append(("players moved", draw.players_moved))
    if draw.sitting_out:
        summary.append(("sitting out each round", draw.sitting_out))
    out.print(pairs(f"draw v{draw.version}", summary))
    out.print(objective_table(draw))
    print_lines(out, proof_lines(draw))
    for shown in rounds_tables(draw, names):
        out.print(shown)


def render_proposal(
    out: Console, proposal: draws_pb2.DrawProposal, names: dict[str, str], versions: dict[str, str] | None = None, typed: str = ""
) -> None:
    status = common_pb2.SolveStatus.Name(proposal.status).removeprefix("SOLVE_STATUS_")
    work = f"{proposal.work_used} of {proposal.work_budget} units" + ("" if proposal.reproducible else " (cut by the wall clock)")
    if proposal.search_work_used or proposal.cpsat_deterministic_seconds_used:
        work += (
            f" (search {proposal.search_work_used} units, CP-SAT {proposal.cpsat_deterministic_seconds_used:g} deterministic s)"
        )
    print_lines(
        out,
        [
            f"solver status {status} in {proposal.wall_time_seconds:.2f} s, work {work}, "
            f"re-runnable from its seed: {yes_no(proposal.reproducible)}"
        ],
    )
    print_lines(out, [f"conflicting constraints: {c}" for c in proposal.conflicts])
    print_lines(out, [f"note: {n}" for n in proposal.notes])
    if proposal.HasField("draw"):
        render_draw(out, proposal.draw, names, versions)
        competition = shlex.quote(typed or proposal.draw.competition_id)
        print_lines(out, [f"proposed for review: `rondo draws approve {competition} v{proposal.draw.version}` publishes it"])
    if proposal.diff:
        rows = [(d.round, named(d.moved_player_ids, names)) for d in proposal.diff]
        out.print(table("moved against the published draw", ("round", "players"), rows, right=("round",)))


def render_draws(out: Console, answer: draws_pb2.ListDrawsResponse) -> None:
    rows = [
        (
            f"v{d.version}",
            enum_name(draws_pb2.DrawStatus, d.status),
            d.seed,
            d.objective.max_meetings,
            d.objective.sum_repeat_pairs,
            yes_no(d.proven_optimal),
            d.played_rounds if d.replaces_draw_id else "",
            when(d.created_at),
            d.reason,
        )
        for d in answer.draws
    ]
    columns = (
        "version",
        "status",
        "seed",
        "max meetings",
        "sum C(m,2)",
        "proven optimal",
        "played kept",
        "created",
        "reason",
    )
    out.print(table("draws", columns, rows, right=("version", "seed", "max meetings", "sum C(m,2)", "played kept")))


def render_commitment(out: Console, c: draws_pb2.SeedCommitment, competition: str = "") -> None:
    print_lines(
        out,
        [
            f"seed commitment of {competition or c.competition_id}: {c.commitment}",
            f"committed by {c.committed_by} at {when(c.committed_at)}",
        ],
    )
