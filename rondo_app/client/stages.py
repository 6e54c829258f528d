"""``rondo stages`` (the competition's stages after the draw: review the next one, generate it, list
them) and ``rondo schedule`` (open a round of a stage for scheduling in a club, and let the
auto-scheduler propose its meetings, which the players then confirm)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import common_pb2, scheduling_pb2, stages_pb2
from rondo_app.client import lookup
from rondo_app.client.calendar import club_zone, timestamp
from rondo_app.client.competitions import CompetitionId, player_names
from rondo_app.client.names import club_id as club_by_name
from rondo_app.client.render import enum_name, lines_in_language, print_lines, table, when
from rondo_app.client.results import Round, Stage
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Token, session, user_locale

stages = typer.Typer(no_args_is_help=True, help="Stages after the draw: review the next, generate it, list them.")
schedule = typer.Typer(no_args_is_help=True, help="Scheduling a round: open it in a club, let the auto-scheduler propose.")

SOLVER_SECONDS = 10.0  # ProposeRoundSchedule's default budget


def _named(players, names: dict[str, str]) -> str:
    return ", ".join(names.get(p) or lookup.short(p) for p in players) or "-"


def match_label(match_key: str) -> str:
    """``<competition>/<stage>/<round>/<table>`` as ``stage 1, round 2, table 1``: the competition is the command's."""
    parts = match_key.split("/")
    if len(parts) != 4:
        return match_key
    return f"stage {parts[1]}, round {parts[2]}, table {parts[3]}"


@stages.command("list")
def list_stages(
    competition_id: CompetitionId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False
) -> None:
    """Every stage stored after the draw (the playoff's, a cup's, an Up&Down league's): kind, status, tables."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        answer = s.all_pages("ListStages", stages_pb2.ListStagesRequest(competition_id=competition_id, page_size=1000), "stages")
        names = {} if as_json else player_names(s, competition_id)
        s.show(answer, lambda out, a: render_stages(out, a, names))


@stages.command("next")
def next_stage(
    competition_id: CompetitionId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False
) -> None:
    """The stage `stages advance` would generate from the stored results, for review (nothing is stored)."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        plan = s.call("PrepareStage", stages_pb2.PrepareStageRequest(competition_id=competition_id))
        names = {} if as_json else player_names(s, competition_id)
        s.show(plan, lambda out, p: render_plan(out, p, names))


@stages.command("advance")
def advance_stage(
    competition_id: CompetitionId,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Generate and store the next stage (refused naming what is missing while results are open)."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        request = stages_pb2.AdvanceStageRequest(competition_id=competition_id, idempotency_key=idempotency_key)
        stage = s.call("AdvanceStage", request, timeout=60)
        names = {} if as_json else player_names(s, competition_id)
        s.show(stage, lambda out, st: render_stage(out, st, names))


@schedule.command("open")
def open_round(
    competition_id: CompetitionId,
    round_: Round,
    club: Annotated[
        str, typer.Option("--club", help="The club whose rooms the matches are played in: its name, id or id prefix.")
    ],
    start: Annotated[str, typer.Option("--from", help="Window start, club time unless an offset is given.")],
    end: Annotated[str, typer.Option("--to", help="Window end, excluded.")],
    stage: Stage = 1,
    min_minutes: Annotated[int, typer.Option("--min-minutes", help="Shortest useful option (0: one hanchan, 90).")] = 0,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Open a round's matches for scheduling in a club: each table's players answer their availability."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        club_id = club_by_name(s, club, "--club")
        zone = club_zone(s, club_id)
        request = scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=competition_id,
            round=round_,
            stage=stage,
            club_id=club_id,
            window_start=timestamp(start, "--from", zone),
            window_end=timestamp(end, "--to", zone),
            min_minutes=min_minutes,
            idempotency_key=idempotency_key,
        )
        answer = s.call("OpenRoundScheduling", request)
        names = {} if as_json else player_names(s, competition_id)
        s.show(answer, lambda out, a: render_matches(out, a, names, zone))


@schedule.command("auto")
def auto_schedule(
    competition_id: CompetitionId,
    round_: Round,
    meeting_minutes: Annotated[int, typer.Option("--minutes", help="Length of each meeting (0: each match's minimum).")] = 0,
    time_limit: Annotated[float, typer.Option("--time-limit", help="The solver's budget in seconds.")] = SOLVER_SECONDS,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Propose a meeting for every match of an opened round that everyone answered (the players confirm)."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        request = scheduling_pb2.ProposeRoundScheduleRequest(
            competition_id=competition_id,
            round=round_,
            meeting_minutes=meeting_minutes,
            time_limit_seconds=time_limit,
            idempotency_key=idempotency_key,
        )
        answer = s.call("ProposeRoundSchedule", request, timeout=time_limit + 30)
        names = {} if as_json else player_names(s, competition_id)
        s.show(answer, lambda out, a: render_proposals(out, a, names))


# ---- rendering


def render_stages(out: Console, answer: stages_pb2.ListStagesResponse, names: dict[str, str]) -> None:
    if not answer.stages:
        print_lines(out, ["no stage after the draw yet"])
    for stage in answer.stages:
        render_stage(out, stage, names)


def render_stage(out: Console, stage: stages_pb2.Stage, names: dict[str, str]) -> None:
    done = f", completed {when(stage.completed_at)}" if stage.completed_at.seconds else ""
    games = f", {stage.games_per_match} games a match" if stage.games_per_match else ""
    meeting = ", one meeting" if stage.one_meeting else ""
    status = enum_name(stages_pb2.StageStatus, stage.status)
    print_lines(out, [f"stage {stage.number}: {stage.name} ({stage.kind}, {status}{games}{meeting}{done})"])
    rows = [
        (r, t, _named(table_.player_ids, names))
        for r, rnd in enumerate(stage.rounds, 1)
        for t, table_ in enumerate(rnd.tables, 1)
    ]
    out.print(table(f"stage {stage.number} tables", ("round", "table", "players"), rows, right=("round", "table")))


def render_plan(out: Console, plan: stages_pb2.StagePlan, names: dict[str, str]) -> None:
    if plan.finished:
        print_lines(out, ["the competition is finished: no stage left to generate"])
        return
    print_lines(out, [f"next: stage {plan.number}, {plan.name} ({plan.kind})"])
    rows = [(g.name, _named(g.player_ids, names)) for g in plan.groups]
    out.print(table("who plays", ("group", "players"), rows))
    print_lines(out, [f"note: {n}" for n in lines_in_language(plan.notes, plan.notes_ru, user_locale())])


def render_matches(out: Console, answer: scheduling_pb2.OpenRoundSchedulingResponse, names: dict[str, str], zone: str) -> None:
    rows = [
        (
            match_label(m.match_key),
            _named(m.player_ids, names),
            f"{when(m.window_start, zone)} - {when(m.window_end, zone)}",
            m.games or "-",
            "yes" if m.one_meeting else "no",
        )
        for m in answer.matches
    ]
    out.print(table(f"matches open for scheduling ({zone} time)", ("match", "players", "window", "games", "one meeting"), rows))


def render_proposals(out: Console, answer: scheduling_pb2.ProposeRoundScheduleResponse, names: dict[str, str]) -> None:
    status = common_pb2.SolveStatus.Name(answer.status).removeprefix("SOLVE_STATUS_")
    print_lines(
        out,
        [
            f"{status}: {answer.objective.matches_placed} matches placed (no schedule places more than {answer.bound.matches_placed}), "
            f"{answer.wall_time_seconds:.2f} s"
        ],
    )
    rows = [
        (
            match_label(p.match_key),
            enum_name(scheduling_pb2.ProposalState, p.state),
            when(p.meeting.slot.start) if p.meeting.id else "",
            names.get(p.meeting.room_id) or lookup.short(p.meeting.room_id),
            p.reason or _named(p.pending_player_ids, names),
        )
        for p in answer.matches
    ]
    out.print(table("proposals (the players confirm each)", ("match", "state", "start", "room", "why / waiting for"), rows))
    print_lines(out, [f"note: {n}" for n in answer.notes])
