"""LeagueService over gRPC: protobuf <-> domain, nothing else. Errors are mapped by the runtime."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime

from google.protobuf import json_format
from google.protobuf.message import DecodeError
from google.protobuf.timestamp_pb2 import Timestamp

from league.domain.catalogue import RulesetInfo, RulesetKind, catalogue
from league.domain.certificate import SolveRecord, certificate
from league.domain.commitment import SeedCommitment
from league.domain.cup import knockout as cup
from league.domain.cup.projection import CupProjectionQuestion
from league.domain.lots import TieDecision, TieMethod
from league.domain.mahjong import playoff
from league.domain.mahjong.playoff_basis import PlayoffConflict, PlayoffDecision, PlayoffDecisionKind
from league.domain.mahjong.projection import LOWEST_SCORE, SCORE_STEP, CutOfStandings, ProjectionQuestion
from league.domain.mahjong.redraw import RedrawPin, RedrawPlan
from league.domain.mahjong.registration import Resolution
from league.domain.mahjong.reviews import RecordStatus, ReviewedRecord, Verdict
from league.domain.mahjong.scoring import exact
from league.domain.mahjong.standings import UnresolvedTie
from league.domain.model import Competition, Draw, DrawStatistics, DrawStatus, Player, PlayerStatus
from league.domain.pinning import RulesetVersion
from league.domain.records import Content, GameEntry, HanchanEntry, NoShowEntry, PenaltyEntry, ResultRecord
from league.domain.rulesets import meeting_shape
from league.domain.sit_outs import sit_out_count
from league.domain.stage_kinds import StagePlan
from league.domain.stages import Stage, StageStatus
from league.domain.texts import Text, ru_of
from league.domain.updown.projection import UpdownProjectionQuestion
from league.service import League
from league.use_cases.brackets import CupBracket
from league.use_cases.checkpoints import CheckpointResult
from league.use_cases.common import CompetitionStandings
from league.use_cases.draws import DrawPreparation, RedrawPreparation
from league.use_cases.playoffs import PlayoffReport
from league.use_cases.projections import CupProjectionPreparation, Preparation, UpdownProjectionPreparation
from league.use_cases.records import Decision
from league.use_cases.roster import Disqualified
from league.use_cases.standings import UpdownStageStandings
from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2, stages_pb2
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo.solver.v1 import solver_pb2
from rondo_runtime.draw_messages import objective_from_proto, objective_to_proto, rounds_from_proto, rounds_to_proto
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.paging import NAME_KEY, NUMBER_KEY, TIME_KEY, page_request
from rondo_runtime.text import with_player_names

PLAYER_STATUS = {
    PlayerStatus.MAIN: competitions_pb2.PLAYER_STATUS_MAIN,
    PlayerStatus.RESERVE: competitions_pb2.PLAYER_STATUS_RESERVE,
    PlayerStatus.SUBSTITUTE: competitions_pb2.PLAYER_STATUS_SUBSTITUTE,
    PlayerStatus.WITHDRAWN: competitions_pb2.PLAYER_STATUS_WITHDRAWN,
    PlayerStatus.DISQUALIFIED: competitions_pb2.PLAYER_STATUS_DISQUALIFIED,
}
STAGE_STATUS = {StageStatus.OPEN: stages_pb2.STAGE_STATUS_OPEN, StageStatus.COMPLETED: stages_pb2.STAGE_STATUS_COMPLETED}
DRAW_STATUS = {
    DrawStatus.PROPOSED: draws_pb2.DRAW_STATUS_PROPOSED,
    DrawStatus.APPROVED: draws_pb2.DRAW_STATUS_APPROVED,
    DrawStatus.SUPERSEDED: draws_pb2.DRAW_STATUS_SUPERSEDED,
}


def player_status(value: int) -> PlayerStatus:
    """A request's status: unspecified is a main participant."""
    if value == competitions_pb2.PLAYER_STATUS_UNSPECIFIED:
        return PlayerStatus.MAIN
    found = next((status for status, number in PLAYER_STATUS.items() if number == value), None)
    if found is None:
        raise InvalidArgument.single("status", f"unknown player status {value}")
    return found


def timestamp(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


def competition_to_proto(c: Competition) -> competitions_pb2.Competition:
    return competitions_pb2.Competition(
        id=c.id,
        name=c.name,
        ruleset=c.ruleset,
        rounds=c.rounds,
        table_size=c.table_size,
        created_at=timestamp(c.created_at),
        published_draw_id=c.published_draw_id or "",
        registration_closed_at=timestamp(c.registration_closed_at),
    )


def player_to_proto(p: Player) -> competitions_pb2.Player:
    return competitions_pb2.Player(
        id=p.id,
        competition_id=p.competition_id,
        name=p.name,
        registration_order=p.registration_order,
        status=PLAYER_STATUS[p.status],
        rating=p.rating,
        completed_stage=p.completed_stage,
        title=p.title,
    )


def draw_to_proto(d: Draw) -> draws_pb2.Draw:
    return draws_pb2.Draw(
        id=d.id,
        competition_id=d.competition_id,
        version=d.version,
        status=DRAW_STATUS[d.status],
        seed=d.seed,
        rounds=rounds_to_proto(d.rounds),
        objective=objective_to_proto(d.statistics.objective),
        lower_bound=objective_to_proto(d.statistics.lower_bound),
        proven_optimal=d.statistics.proven_optimal,
        method=d.statistics.method,
        replaces_draw_id=d.replaces_draw_id or "",
        played_rounds=d.played_rounds,
        reason=d.reason,
        players_moved=d.players_moved,
        created_at=timestamp(d.created_at),
        approved_at=timestamp(d.approved_at),
        sitting_out=d.sitting_out,
    )


def sitting_out_asked(solver_request: bytes) -> int:
    """How many sit out each round of the draw the solver was asked for (docs/rules.md
    ``draw.sit-out.*``): 0 unless the request has the sit-out option."""
    if not solver_request:
        return 0
    try:
        asked = solver_pb2.DrawTablesRequest.FromString(solver_request)
    except DecodeError:
        raise InvalidArgument.single("solver_request", "must be a serialized rondo.solver.v1.DrawTablesRequest") from None
    if not asked.HasField("sit_out") or asked.table_size <= 0:
        return 0
    return sit_out_count(len(asked.players), asked.table_size, asked.sit_out.per_round)


def draw_tables_request(
    roster: list[Player],
    rounds: int,
    table_size: int,
    seed: int | None,
    options: league_pb2.DrawOptions,
    pins: list[draws_pb2.Pin],
    plan: RedrawPlan | None = None,
) -> solver_pb2.DrawTablesRequest:
    """The solver's request: league's roster, rounds, table size, seed and pins (and a redraw's history
    and previous rounds), and the organizer's separations, seat balance and budget as asked."""
    return solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=p.id, rating=p.rating) for p in roster],
        rounds=rounds,
        table_size=table_size,
        separations=options.separations,
        pins=pins,
        previous=rounds_to_proto(plan.previous) if plan is not None else [],
        history=rounds_to_proto(plan.history) if plan is not None else [],
        seat_balance=options.seat_balance,
        seed=seed,
        time_limit_seconds=options.time_limit_seconds,
        sit_out=options.sit_out if options.HasField("sit_out") else None,
    )


def seeds_of(options: league_pb2.DrawOptions) -> tuple[int | None, int | None]:
    """The organizer's seed and the gateway's key seed (None: unset)."""
    return (
        options.seed if options.HasField("seed") else None,
        options.key_seed if options.HasField("key_seed") else None,
    )


def draw_preparation_to_proto(prepared: DrawPreparation, options: league_pb2.DrawOptions) -> league_pb2.PrepareDrawResponse:
    competition = prepared.competition
    return league_pb2.PrepareDrawResponse(
        request=draw_tables_request(
            prepared.roster, competition.rounds, competition.table_size, prepared.seed, options, list(options.pins)
        ),
        player_names={p.id: p.name for p in prepared.players},
    )


def redraw_preparation_to_proto(prepared: RedrawPreparation, options: league_pb2.DrawOptions) -> league_pb2.PrepareRedrawResponse:
    plan = prepared.plan
    pins = [draws_pb2.Pin(player_id=p.player_id, round=p.round, table=p.table) for p in plan.pins]  # the solver's numbering
    if not options.HasField("sit_out") and prepared.sit_out is not None:  # a club night's redraw stays one
        kept = league_pb2.DrawOptions()
        kept.CopyFrom(options)
        kept.sit_out.per_round = prepared.sit_out
        options = kept
    return league_pb2.PrepareRedrawResponse(
        replaces_draw_id=plan.replaces_draw_id,
        played_rounds=plan.played_rounds,
        notes=list(plan.notes),
        request=draw_tables_request(
            prepared.roster, plan.rounds_to_solve, prepared.competition.table_size, prepared.seed, options, pins, plan
        ),
        player_names={p.id: p.name for p in prepared.players},
    )


def playoff_to_proto(state: playoff.PlayoffState) -> stages_pb2.PlayoffProgress:
    return stages_pb2.PlayoffProgress(
        stage=state.stage.value,
        groups=[stages_pb2.PlayoffGroup(name=g.name, player_ids=list(g.players)) for g in state.groups],
        waiting_ids=list(state.waiting),
        exits=[
            stages_pb2.PlayoffExit(
                player_id=e.player,
                stage=e.stage.value,
                table=e.table,
                place=e.place or 0,
                withdrawn=e.withdrawn,
                reason=e.reason,
                reason_ru=ru_of(e.reason),
            )
            for e in state.exits
        ],
        final_order=list(state.final_order),
        explanation=list(playoff.explain_playoff(state)),
        explanation_ru=[ru_of(line) for line in playoff.explain_playoff(state)],
    )


def playoff_report_to_proto(competition_id: str, report: PlayoffReport) -> stages_pb2.Playoff:
    play = report.play
    assert play.state is not None  # the service answers a started playoff only
    listed = set(play.state.regular_places) | {p for _, tables in play.stages for o in tables for p in o.seats}
    prizes = list(report.prizes) + ["", ""]
    return stages_pb2.Playoff(
        competition_id=competition_id,
        regular_places=list(play.state.regular_places),
        stages=[
            stages_pb2.PlayoffStageView(
                number=stage.number,
                name=stage.name,
                status=STAGE_STATUS[stage.status],
                tables=[
                    stages_pb2.PlayoffTableView(
                        name=o.name,
                        table=o.number,
                        player_ids=list(o.seats),
                        hanchans_played=o.played,
                        hanchans=o.hanchans,
                        order=list(o.order),
                        substitute_ids=list(o.substitutes),
                        unresolved=o.unresolved,
                        unresolved_ru=ru_of(o.unresolved),
                        no_show_ids=list(o.no_shows),
                    )
                    for o in tables
                ],
            )
            for stage, tables in play.stages
        ],
        progress=_named_progress(playoff_to_proto(play.state), report.names),
        blocked=list(play.blocked),
        blocked_ru=[ru_of(b) for b in play.blocked],
        finished=play.finished,
        first_prize_player_id=prizes[0],
        second_prize_player_id=prizes[1],
        names={p: report.names.get(p, p) for p in listed},
    )


def _named_progress(progress: stages_pb2.PlayoffProgress, names: dict[str, str]) -> stages_pb2.PlayoffProgress:
    """The explanation and the exits' reasons with player names, not ids (the ids stay in the fields)."""

    def named(text: str) -> str:
        return with_player_names(text, names)

    for lines in (progress.explanation, progress.explanation_ru):
        named_lines = [named(x) for x in lines]
        del lines[:]
        lines.extend(named_lines)
    for e in progress.exits:
        e.reason = named(e.reason)
        e.reason_ru = named(e.reason_ru)
    return progress


def hanchan_from_proto(h: results_pb2.HanchanResult) -> HanchanEntry:
    return HanchanEntry(h.number, tuple(h.scores.items()), tuple(h.chombo.items()))


def penalty_from_proto(p: results_pb2.PenaltyEntry) -> PenaltyEntry:
    return PenaltyEntry(p.player_id, p.points, p.reason)


def no_show_from_proto(n: results_pb2.NoShowEntry) -> NoShowEntry:
    return NoShowEntry(n.player_id, n.substitute)


def game_from_proto(g: results_pb2.GameResult) -> GameEntry:
    return GameEntry(g.number, g.first_player_id, g.second_player_id, g.result, g.long)


def content_from_proto(request: results_pb2.CorrectRecordRequest) -> Content:
    which = request.WhichOneof("content")
    if which == "hanchan":
        return hanchan_from_proto(request.hanchan)
    if which == "penalty":
        return penalty_from_proto(request.penalty)
    if which == "no_show":
        return no_show_from_proto(request.no_show)
    if which == "game":
        return game_from_proto(request.game)
    raise InvalidArgument.single("content", "give the corrected hanchan, penalty, no_show or game")


def record_to_proto(r: ResultRecord, replaced_by: str = "") -> results_pb2.ResultRecord:
    out = results_pb2.ResultRecord(
        id=r.id,
        competition_id=r.competition_id,
        sequence=r.sequence,
        round=r.round,
        table=r.table,
        recorded_by=r.recorded_by,
        recorded_at=timestamp(r.recorded_at),
        replaces_record_id=r.replaces_record_id or "",
        reason=r.reason,
        replaced_by_record_id=replaced_by,
        stage=r.stage,
        completed_stage=r.completed_stage,
        reported_by_player_id=r.reported_by_player_id or "",
        # as entered: a player's report waits for the table (reviewed_to_proto gives the derived status)
        status=RECORD_STATUS[RecordStatus.REPORTED if r.reported_by_player_id else RecordStatus.CONFIRMED],
        changes=list(r.changes),
    )
    c = r.content
    if isinstance(c, HanchanEntry):
        out.hanchan.CopyFrom(results_pb2.HanchanResult(number=c.number, scores=dict(c.scores), chombo=dict(c.chombo)))
    elif isinstance(c, PenaltyEntry):
        out.penalty.CopyFrom(results_pb2.PenaltyEntry(player_id=c.player, points=c.points, reason=c.reason))
    elif isinstance(c, GameEntry):
        out.game.CopyFrom(
            results_pb2.GameResult(
                number=c.number, first_player_id=c.first, second_player_id=c.second, result=c.result, long=c.long
            )
        )
    else:
        out.no_show.CopyFrom(results_pb2.NoShowEntry(player_id=c.player, substitute=c.substitute))
    return out


def stage_to_proto(st: Stage) -> stages_pb2.Stage:
    return stages_pb2.Stage(
        id=st.id,
        competition_id=st.competition_id,
        number=st.number,
        kind=st.kind,
        name=st.name,
        status=STAGE_STATUS[st.status],
        groups=[stages_pb2.StageGroup(name=name, player_ids=players) for name, players in st.details.get("groups", [])],
        rounds=rounds_to_proto(st.rounds),
        created_by=st.created_by,
        created_at=timestamp(st.created_at),
        completed_at=timestamp(st.completed_at),
        games_per_match=meeting_shape(st).games,
        one_meeting=meeting_shape(st).one_meeting,
    )


def plan_to_proto(competition_id: str, plan: StagePlan) -> league_pb2.StagePlan:
    out = league_pb2.StagePlan(
        competition_id=competition_id,
        number=plan.number,
        kind=plan.kind,
        name=plan.name,
        groups=[stages_pb2.StageGroup(name=name, player_ids=players) for name, players in plan.groups],
        notes=plan.notes,
        notes_ru=[ru_of(n) for n in plan.notes],
        finished=plan.finished,
    )
    if plan.finished:
        return out
    out.rounds.extend(rounds_to_proto(plan.rounds))
    return out


def history_to_proto(found: list[tuple[ReviewedRecord, str]], token: str) -> league_pb2.ListMatchHistoryResponse:
    """One page of a match's records in the order entered, each naming the record that replaced it."""
    return league_pb2.ListMatchHistoryResponse(
        records=[reviewed_to_proto(x, replaced_by) for x, replaced_by in found], next_page_token=token
    )


# --- player reports, pinned rulesets, tie decisions (league/use_cases/records.py) ---
RECORD_STATUS = {
    RecordStatus.CONFIRMED: results_pb2.RECORD_STATUS_CONFIRMED,
    RecordStatus.REPORTED: results_pb2.RECORD_STATUS_REPORTED,
    RecordStatus.DISPUTED: results_pb2.RECORD_STATUS_DISPUTED,
    RecordStatus.REJECTED: results_pb2.RECORD_STATUS_REJECTED,
    RecordStatus.REPLACED: results_pb2.RECORD_STATUS_REPLACED,
}
REVIEW_VERDICT = {
    Verdict.CONFIRM: results_pb2.REVIEW_VERDICT_CONFIRM,
    Verdict.DISPUTE: results_pb2.REVIEW_VERDICT_DISPUTE,
    Verdict.UPHOLD: results_pb2.REVIEW_VERDICT_UPHOLD,
    Verdict.REJECT: results_pb2.REVIEW_VERDICT_REJECT,
}
DISPUTE_DECISION = {
    results_pb2.DISPUTE_DECISION_UPHOLD: Decision.UPHOLD,
    results_pb2.DISPUTE_DECISION_REJECT: Decision.REJECT,
    results_pb2.DISPUTE_DECISION_REPLACE: Decision.REPLACE,
}
TIE_METHOD = {results_pb2.TIE_METHOD_ORGANIZER_ORDER: TieMethod.ORGANIZER_ORDER, results_pb2.TIE_METHOD_LOT: TieMethod.LOT}


def reviewed_to_proto(x: ReviewedRecord, replaced_by: str = "") -> results_pb2.ResultRecord:
    out = record_to_proto(x.record, replaced_by)
    out.status = RECORD_STATUS[x.status]
    out.reviews.extend(
        results_pb2.RecordReview(
            verdict=REVIEW_VERDICT[r.verdict], player_id=r.player_id or "", judge=r.judge, reason=r.reason, at=timestamp(r.at)
        )
        for r in x.reviews
    )
    return out


def reported_content(request: results_pb2.ReportResultRequest | results_pb2.ResolveDisputeRequest) -> Content | None:
    """The content of a report or a judge's REPLACE (one kind for now: a hanchan); None when not given."""
    if request.WhichOneof("content") == "hanchan":
        return hanchan_from_proto(request.hanchan)
    return None


def required_content(request: results_pb2.ReportResultRequest) -> Content:
    content = reported_content(request)
    if content is None:
        raise InvalidArgument.single("content", "give the result reported (hanchan)")
    return content


def ruleset_version_to_proto(v: RulesetVersion) -> competitions_pb2.RulesetVersion:
    return competitions_pb2.RulesetVersion(
        competition_id=v.competition_id,
        version=v.version,
        name=v.name,
        data_json=json.dumps(dict(v.data), separators=(",", ":"), ensure_ascii=False),
        reason=v.reason,
        changed_by=v.changed_by,
        at=timestamp(v.at),
    )


RULESET_KIND = {
    RulesetKind.MAHJONG_LEAGUE: competitions_pb2.RULESET_KIND_MAHJONG_LEAGUE,
    RulesetKind.CUP: competitions_pb2.RULESET_KIND_CUP,
    RulesetKind.UPDOWN: competitions_pb2.RULESET_KIND_UPDOWN,
}


def ruleset_to_proto(r: RulesetInfo) -> competitions_pb2.Ruleset:
    return competitions_pb2.Ruleset(
        name=r.name,
        kind=RULESET_KIND[r.kind],
        description=r.description,
        description_ru=r.description_ru,
        default_rounds=r.default_rounds,
        default_table_size=r.default_table_size,
        stages=list(r.stages),
        stages_ru=list(r.stages_ru),
        version=r.version,
        default=r.default,
    )


def tie_decision_to_proto(d: TieDecision) -> results_pb2.TieDecision:
    method = next(k for k, m in TIE_METHOD.items() if m is d.method)
    return results_pb2.TieDecision(
        id=d.id,
        competition_id=d.competition_id,
        player_ids=list(d.players),
        method=method,
        seed=d.seed,
        reason=d.reason,
        decided_by=d.decided_by,
        at=timestamp(d.at),
        stage=d.stage,
    )


PLAYOFF_DECISION = {
    results_pb2.PLAYOFF_DECISION_KIND_REGENERATE: PlayoffDecisionKind.REGENERATE,
    results_pb2.PLAYOFF_DECISION_KIND_KEEP: PlayoffDecisionKind.KEEP,
}


def playoff_decision_to_proto(d: PlayoffDecision) -> results_pb2.PlayoffDecision:
    return results_pb2.PlayoffDecision(
        id=d.id,
        competition_id=d.competition_id,
        decision=next(k for k, kind in PLAYOFF_DECISION.items() if kind is d.kind),
        reason=d.reason,
        decided_by=d.decided_by,
        at=timestamp(d.at),
        stored_player_ids=list(d.stored),
        qualified_player_ids=list(d.qualified),
        removed_stages=[int(x["number"]) for x in d.removed],
    )


def playoff_conflict_to_proto(c: PlayoffConflict | None) -> results_pb2.PlayoffConflict | None:
    if c is None:
        return None
    return results_pb2.PlayoffConflict(
        stage=c.stage,
        seated_not_qualified_ids=list(c.seated_not_qualified),
        qualified_not_seated_ids=list(c.qualified_not_seated),
        explanation=c.explanation,
        explanation_ru=ru_of(c.explanation),
        open=c.open,
    )


def disqualified_to_proto(d: Disqualified) -> stages_pb2.DisqualifyPlayerResponse:
    return stages_pb2.DisqualifyPlayerResponse(
        player=player_to_proto(d.player),
        stage=d.disqualification.stage,
        reason=d.disqualification.reason,
        recorded_by=d.disqualification.recorded_by,
        recorded_at=timestamp(d.disqualification.recorded_at),
        completed_stage=d.completed_stage,
    )


def cup_bracket_to_proto(b: CupBracket) -> stages_pb2.CupBracket:
    names = b.names
    out = stages_pb2.CupBracket(
        competition_id=b.competition.id,
        seeds=[stages_pb2.CupSeed(seed=i, player_id=p, name=names.get(p, p)) for i, p in enumerate(b.seeds, start=1)],
        left_out=[
            stages_pb2.CupSeed(seed=i, player_id=p, name=names.get(p, p)) for i, p in enumerate(b.cut, start=len(b.seeds) + 1)
        ],
    )
    if b.progress is None:
        return out
    status = {st.number: st.status for st in b.stages}
    for sp in b.progress.stages:
        out.stages.append(
            stages_pb2.CupStage(
                number=sp.number,
                name=sp.name,
                status=STAGE_STATUS[status[sp.number]] if sp.number in status else stages_pb2.STAGE_STATUS_OPEN,
                pairings=[_pairing(m, b.tables.get((sp.number, m.number), m.number)) for m in sp.all_matches],
            )
        )
    out.finished = b.progress.finished
    for place, player in enumerate(b.progress.places, start=1):
        if player is None:
            continue
        r = b.progress.results[player]
        prize = [w for w in r.why if "prize" in w]
        out.places.append(
            stages_pb2.CupPlace(
                place=place,
                player_id=player,
                name=names.get(player, player),
                prize_eligible=r.prize_place is not None,
                reason=prize[-1] if prize else "",
                reason_ru=ru_of(prize[-1]) if prize else "",
            )
        )
    for p in b.seeds:
        r = b.progress.results[p]
        out.results.append(
            stages_pb2.CupPlayerResult(
                player_id=p,
                name=names.get(p, p),
                seed=r.seed,
                place=r.place or 0,
                eliminated_in=r.eliminated_in or "",
                award=r.award or "",
                technical_defeats=r.technical_defeats,
                prize_place=r.prize_place or 0,
                disqualified=r.disqualified,
                why=r.why,
                why_ru=[ru_of(w) for w in r.why],
            )
        )
    out.explanation.extend(b.progress.explanation)
    out.explanation_ru.extend(ru_of(line) for line in b.progress.explanation)
    return out


def _pairing(m: cup.MatchProgress, table: int) -> stages_pb2.CupPairing:
    return stages_pb2.CupPairing(
        table=table,
        third_place=m.number == cup.THIRD_PLACE_MATCH,
        player_ids=m.players,
        is_pass=m.is_pass,
        games=[
            stages_pb2.CupGame(
                number=g.number,
                setting=g.setting,
                replay=g.replay,
                winner_id=g.winner or "",
                technical_loser_ids=g.technical_losers,
                text=g.text,
                text_ru=ru_of(g.text),
            )
            for g in m.games
        ],
        wins=m.wins,
        winner_id=m.winner or "",
        loser_ids=m.losers,
        decided=m.decided,
        technical=m.technical,
        explanation=m.explanation,
        explanation_ru=ru_of(m.explanation),
    )


def unresolved_tie_to_proto(t: UnresolvedTie) -> results_pb2.UnresolvedTie:
    return results_pb2.UnresolvedTie(
        place=t.place, player_ids=list(t.players), reason=t.reason, reason_ru=ru_of(t.reason), at_cut=t.at_cut
    )


def standings_to_proto(competition_id: str, result: CompetitionStandings) -> results_pb2.Standings:
    s = result.standings
    progress, progress_ru = s.progress()
    return results_pb2.Standings(
        competition_id=competition_id,
        ruleset=s.ruleset,
        rows=[
            results_pb2.StandingRow(
                place=row.place,
                player_id=row.player,
                name=result.names.get(row.player, row.player),
                total=str(exact(row.figures.total)),
                average_place="" if row.figures.average_place is None else str(row.figures.average_place),
                hanchans=row.figures.hanchans,
                provisional=s.provisional(row),
                separated_from_next=row.separated_from_next or "",
                separated_from_next_ru=ru_of(row.separated_from_next),
                notes=list(row.figures.notes),
                notes_ru=[ru_of(n) for n in row.figures.notes],
                fate=s.advancement(row)[0],
                fate_reason=s.advancement(row)[1],
                fate_reason_ru=ru_of(s.advancement(row)[1]),
            )
            for row in s.rows
        ],
        unresolved=[unresolved_tie_to_proto(t) for t in s.unresolved],
        ruleset_version=result.ruleset_version,
        notes=list(result.notes),
        notes_ru=[ru_of(n) for n in result.notes],
        playoff_conflict=playoff_conflict_to_proto(result.playoff_conflict),
        rounds=s.rounds,
        after_round=s.after_round,
        final=s.final,
        progress=progress,
        progress_ru=progress_ru,
    )


# --- projections (docs/rules.md mahjong.projection.*) ---


def mahjong_problem_to_proto(q: ProjectionQuestion) -> solver_pb2.MahjongProjectionProblem:
    r = q.ruleset
    return solver_pb2.MahjongProjectionProblem(
        standings=[
            solver_pb2.ProjectionStanding(
                player_id=s.player, total=str(exact(s.total)), place_sum=str(s.place_sum), hanchans=s.hanchans
            )
            for s in q.standings
        ],
        remaining=[
            solver_pb2.RemainingMahjongMatch(
                round=m.round,
                table=m.table,
                player_ids=list(m.players),
                hanchans=m.hanchans,
                carried=[str(exact(c)) for c in m.carried],
                played=m.played,
            )
            for m in q.remaining
        ],
        hanchan_uma=list(r.hanchan_uma),
        match_uma=list(r.match_uma or ()),
        split_ties=q.split_ties,
        tie_breaks=list(r.tie_breaks),
        table_total=r.total_points,
        start_points=r.start_points,
        score_step=SCORE_STEP,
        min_score=LOWEST_SCORE,
    )


def updown_problem_to_proto(q: UpdownProjectionQuestion) -> solver_pb2.UpDownProjectionProblem:
    return solver_pb2.UpDownProjectionProblem(
        standings=[
            solver_pb2.UpDownProjectionStanding(player_id=s.player, points=s.points, carried=s.carried, withdrawn=not s.ranked)
            for s in q.standings
        ],
        scored=[solver_pb2.UpDownPairPoints(player_id=p, opponent_id=o, points=n) for p, o, n in q.scored],
        remaining=[
            solver_pb2.RemainingUpDownGame(
                round=g.round, table=g.table, white_player_id=g.white, black_player_id=g.black, win=g.win
            )
            for g in q.remaining
        ],
        two_tied_sonneborn_berger=q.two_tied_sonneborn_berger,
        sb_counts_carried=q.sb_counts_carried,
        unplayed_possible=True,
    )


def cup_problem_to_proto(q: CupProjectionQuestion) -> solver_pb2.CupProjectionProblem:
    return solver_pb2.CupProjectionProblem(
        standings=[
            solver_pb2.CupProjectionStanding(
                player_id=s.player, stage=s.stage, out=not s.in_cup, third_place=s.third_place, place=s.place
            )
            for s in q.standings
        ],
        stages=q.stages,
        third_place_match=q.third_place_match,
    )


def cuts_to_proto(cuts: Iterable[CutOfStandings], group: int = 0) -> list[results_pb2.ProjectionCut]:
    return [
        results_pb2.ProjectionCut(name=c.name, places=c.places, title=c.title, title_ru=ru_of(c.title), group=group) for c in cuts
    ]


def solver_request(
    request: solver_pb2.ProjectStandingsRequest,
    cuts: list[results_pb2.ProjectionCut],
    players: Iterable[str],
    time_limit_s: float,
) -> solver_pb2.ProjectStandingsRequest:
    """The ruleset's problem with the cuts, whom to project and the budget."""
    request.cuts.extend(cuts)
    request.player_ids.extend(players)
    request.time_limit_seconds = time_limit_s
    return request


def player_rows(
    rows: Iterable[tuple[str, str, str]],
    players: Iterable[str],
    names: Mapping[str, str],
    matches_left: Callable[[str], int],
    group: int = 0,
) -> list[results_pb2.PlayerProjection]:
    """The rows asked (player, place, total) in the standings' order."""
    asked = set(players)
    return [
        results_pb2.PlayerProjection(
            player_id=player,
            name=names.get(player, player),
            place=place,
            total=total,
            matches_left=matches_left(player),
            group=group,
        )
        for player, place, total in rows
        if player in asked
    ]


def preparation_response(
    requests: list[solver_pb2.ProjectStandingsRequest],
    players: list[results_pb2.PlayerProjection],
    notes: Sequence[Text],
    rounds: int,
    after_round: int,
    matches_left: int,
) -> league_pb2.PrepareProjectionsResponse:
    """The answer of any ruleset: the solver's request (one per group when a stage has several) with the
    cuts and whom to project, and the rows asked."""
    answer = league_pb2.PrepareProjectionsResponse(
        cuts=[c for r in requests for c in r.cuts],
        players=players,
        rounds=rounds,
        after_round=after_round,
        matches_left=matches_left,
        notes=list(notes),
        notes_ru=[ru_of(n) for n in notes],
    )
    if len(requests) == 1:
        answer.request.CopyFrom(requests[0])
    else:
        answer.group_requests.extend(requests)
    return answer


def updown_preparation_to_proto(p: UpdownProjectionPreparation) -> league_pb2.PrepareProjectionsResponse:
    """docs/rules.md ``updown.projection.from-league-state``, ``updown.projection.every-group``: each
    group's request; the rows as the Up&Down standings answer them."""
    requests, players = [], []
    for g in p.groups:
        q = g.question
        problem = solver_pb2.ProjectStandingsRequest(updown=updown_problem_to_proto(q))
        requests.append(solver_request(problem, cuts_to_proto(q.cuts, g.number), g.players, p.time_limit_s))
        rows = ((row.player, row.place, str(row.points)) for row in g.rows)
        players += player_rows(rows, g.players, p.names, q.matches_left, g.number)
    left = sum(len(g.question.remaining) for g in p.groups)
    return preparation_response(requests, players, p.groups[0].question.notes, p.rounds, p.after_round, left)


def projection_preparation_to_proto(p: Preparation) -> league_pb2.PrepareProjectionsResponse:
    if isinstance(p, UpdownProjectionPreparation):
        return updown_preparation_to_proto(p)
    if isinstance(p, CupProjectionPreparation):
        # docs/rules.md ``cup.projection.from-league-state``: the bracket's places and stages
        q = p.question
        request = solver_request(
            solver_pb2.ProjectStandingsRequest(cup=cup_problem_to_proto(q)), cuts_to_proto(q.cuts), p.players, p.time_limit_s
        )
        rows = ((s.player, q.places(s), q.where(s)) for s in q.standings)
        players = player_rows(rows, p.players, p.names, q.matches_left)
        return preparation_response([request], players, q.notes, q.stages, p.after_round, q.series_left())
    standings = p.standings.standings
    m = p.question
    request = solver_request(
        solver_pb2.ProjectStandingsRequest(mahjong=mahjong_problem_to_proto(m)), cuts_to_proto(m.cuts), p.players, p.time_limit_s
    )
    rows = ((row.player, row.place, str(exact(row.figures.total))) for row in standings.rows)
    players = player_rows(rows, p.players, p.standings.names, m.matches_left)
    return preparation_response([request], players, m.notes, standings.rounds, standings.after_round, len(m.remaining))


# --- the Up&Down league ---
CHECKPOINT = {stages_pb2.CHECKPOINT_FIRST: "first", stages_pb2.CHECKPOINT_SECOND: "second"}
CHECKPOINT_TO_PROTO = {name: value for value, name in CHECKPOINT.items()}


def updown_standings_to_proto(result: UpdownStageStandings) -> stages_pb2.UpdownStandings:
    names = result.names
    out = stages_pb2.UpdownStandings(
        competition_id=result.competition_id,
        stage=result.stage.number,
        stage_kind=result.stage.kind,
        ruleset=result.ruleset,
        ruleset_version=result.ruleset_version,
        complete=result.complete,
        groups=[
            stages_pb2.UpdownGroup(
                name=name,
                rows=[
                    stages_pb2.UpdownRow(
                        place=r.place,
                        player_id=r.player,
                        name=names.get(r.player, r.player),
                        points=r.points,
                        carried=r.carried,
                        sonneborn_berger=r.sonneborn_berger,
                        games=r.games,
                        really_played=r.really_played,
                        fate=r.fate,
                        withdrawn=r.withdrawn,
                        separated_from_next=r.separated_from_next or "",
                        separated_from_next_ru=ru_of(r.separated_from_next),
                        notes=list(r.notes),
                        notes_ru=[ru_of(n) for n in r.notes],
                        fate_reason=r.fate_reason,
                        fate_reason_ru=ru_of(r.fate_reason),
                        provisional=r.provisional,
                    )
                    for r in s.rows
                ],
                unresolved=[unresolved_tie_to_proto(t) for t in s.unresolved],
            )
            for name, s in result.groups
        ],
    )
    out.progress, out.progress_ru = result.progress()
    if result.stage.number > 1 and result.complete:
        out.champion_id = next(iter(result.with_fate("champion")), "")
        out.promoted_ids.extend(result.with_fate("promoted"))
        out.relegated_ids.extend(result.with_fate("relegated"))
    return out


def checkpoint_to_proto(result: CheckpointResult) -> stages_pb2.ApplyCheckpointResponse:
    return stages_pb2.ApplyCheckpointResponse(
        competition_id=result.competition_id,
        checkpoint=CHECKPOINT_TO_PROTO[result.checkpoint.value],
        removed=[
            stages_pb2.CheckpointRemoval(
                player_id=r.player,
                name=result.names.get(r.player, r.player),
                really_played=r.really_played,
                due=r.due,
                reason=r.reason,
                reason_ru=r.reason_ru,
                results_annulled=r.results_annulled,
            )
            for r in result.removed
        ],
    )


class LeagueServicer(league_pb2_grpc.LeagueServiceServicer):
    def __init__(self, league: League):
        self.league = league

    async def CreateCompetition(self, request, context):
        c = await asyncio.to_thread(
            self.league.competitions.create,
            request.name,
            request.ruleset,
            request.rounds,
            request.table_size,
            request.idempotency_key,
            request.ruleset_overrides,
        )
        return competition_to_proto(c)

    async def GetCompetition(self, request, context):
        return competition_to_proto(await asyncio.to_thread(self.league.competitions.get, request.competition_id))

    async def ListCompetitions(self, request, context):
        found, token = await asyncio.to_thread(self.league.competitions.list, page_request(request, TIME_KEY))
        return competitions_pb2.ListCompetitionsResponse(
            competitions=[competition_to_proto(c) for c in found], next_page_token=token
        )

    async def RegisterPlayer(self, request, context):
        rating = request.rating if request.HasField("rating") else None
        p = await asyncio.to_thread(
            self.league.roster.register,
            request.competition_id,
            request.name,
            rating,
            request.idempotency_key,
            player_status(request.status),
            request.title,
        )
        return player_to_proto(p)

    async def WithdrawPlayer(self, request, context):
        p = await asyncio.to_thread(
            self.league.roster.withdraw, request.competition_id, request.player_id, request.reason, request.idempotency_key
        )
        return player_to_proto(p)

    async def ListPlayers(self, request, context):
        found, token = await asyncio.to_thread(
            self.league.roster.page, request.competition_id, request.include_inactive, page_request(request, NUMBER_KEY)
        )
        return competitions_pb2.ListPlayersResponse(players=[player_to_proto(p) for p in found], next_page_token=token)

    async def SaveDraw(self, request, context):
        d = await asyncio.to_thread(
            self.league.draws.save,
            competition_id=request.competition_id,
            seed=request.seed,
            rounds=rounds_from_proto(request.rounds),
            statistics=DrawStatistics(
                objective=objective_from_proto(request.objective),
                lower_bound=objective_from_proto(request.lower_bound),
                proven_optimal=request.proven_optimal,
                method=request.method,
            ),
            replaces_draw_id=request.replaces_draw_id,
            played_rounds=request.played_rounds,
            reason=request.reason,
            players_moved=request.players_moved if request.HasField("players_moved") else None,
            idempotency_key=request.idempotency_key,
            solve_record=SolveRecord(
                request.solver_request,
                request.work_budget,
                request.work_used,
                request.reproducible,
                request.search_work_used,
                request.cpsat_deterministic_seconds_used,
            )
            if request.solver_request
            else None,
            sitting_out=sitting_out_asked(request.solver_request),
        )
        return draw_to_proto(d)

    async def ApproveDraw(self, request, context):
        return draw_to_proto(await asyncio.to_thread(self.league.draws.approve, request.competition_id, request.draw_id))

    async def GetDraw(self, request, context):
        return draw_to_proto(await asyncio.to_thread(self.league.draws.get, request.competition_id, request.draw_id))

    async def ListDraws(self, request, context):
        found, token = await asyncio.to_thread(self.league.draws.page, request.competition_id, page_request(request, NUMBER_KEY))
        return draws_pb2.ListDrawsResponse(draws=[draw_to_proto(d) for d in found], next_page_token=token)

    async def PrepareDraw(self, request, context):
        prepared = await asyncio.to_thread(self.league.draws.prepare, request.competition_id, *seeds_of(request.options))
        return draw_preparation_to_proto(prepared, request.options)

    async def PrepareRedraw(self, request, context):
        pins = tuple(RedrawPin(p.player_id, p.round, p.table) for p in request.options.pins)
        prepared = await asyncio.to_thread(
            self.league.draws.prepare_redraw,
            request.competition_id,
            request.played_rounds,
            request.reason,
            pins,
            *seeds_of(request.options),
        )
        return redraw_preparation_to_proto(prepared, request.options)

    # --- results (docs/rules.md mahjong.records.corrections-replace) ---
    async def RecordHanchan(self, request, context):
        r = await asyncio.to_thread(
            self.league.records.record_hanchan,
            request.competition_id,
            request.round,
            request.table,
            hanchan_from_proto(request.hanchan),
            request.recorded_by,
            request.idempotency_key,
            request.stage,
        )
        return record_to_proto(r)

    async def RecordPenalty(self, request, context):
        r = await asyncio.to_thread(
            self.league.records.record_penalty,
            request.competition_id,
            request.round,
            request.table,
            penalty_from_proto(request.penalty),
            request.recorded_by,
            request.idempotency_key,
            request.stage,
        )
        return record_to_proto(r)

    async def RecordNoShow(self, request, context):
        r = await asyncio.to_thread(
            self.league.records.record_no_show,
            request.competition_id,
            request.round,
            request.table,
            no_show_from_proto(request.no_show),
            request.recorded_by,
            request.idempotency_key,
            request.stage,
        )
        return record_to_proto(r)

    async def RecordGame(self, request, context):
        r = await asyncio.to_thread(
            self.league.records.record_game,
            request.competition_id,
            request.stage,
            request.round,
            request.table,
            game_from_proto(request.game),
            request.recorded_by,
            request.idempotency_key,
        )
        return record_to_proto(r)

    async def CorrectRecord(self, request, context):
        r = await asyncio.to_thread(
            self.league.records.correct,
            request.competition_id,
            request.record_id,
            content_from_proto(request),
            request.reason,
            request.recorded_by,
            request.idempotency_key,
            request.organizer_confirms,
        )
        return record_to_proto(r)

    async def ListMatchHistory(self, request, context):
        page = page_request(request, NUMBER_KEY)
        found = await asyncio.to_thread(
            self.league.records.match_history_page, request.competition_id, request.round, request.table, request.stage, page
        )
        return history_to_proto(*found)

    # --- stages after the draw ---
    async def PrepareStage(self, request, context):
        plan = await asyncio.to_thread(self.league.stages.prepare, request.competition_id)
        return plan_to_proto(request.competition_id, plan)

    async def SaveStage(self, request, context):
        stage = await asyncio.to_thread(
            self.league.stages.save,
            request.competition_id,
            request.number,
            rounds_from_proto(request.rounds),
            request.created_by,
            request.idempotency_key,
        )
        return stage_to_proto(stage)

    async def GetStage(self, request, context):
        return stage_to_proto(await asyncio.to_thread(self.league.stages.get, request.competition_id, request.number))

    async def GetStageGame(self, request, context):
        first, second = await asyncio.to_thread(
            self.league.stages.game, request.competition_id, request.stage, request.round, request.table
        )
        return league_pb2.StageGame(first_player_id=first, second_player_id=second)

    async def GetRoundTables(self, request, context):
        found = await asyncio.to_thread(self.league.stages.round_tables, request.competition_id, request.stage, request.round)
        return league_pb2.RoundTables(
            tables=[league_pb2.RoundTable(match_key=key, player_ids=players) for key, players in found.tables],
            games_per_match=found.shape.games,
            one_meeting=found.shape.one_meeting,
        )

    async def ListStages(self, request, context):
        found, token = await asyncio.to_thread(self.league.stages.page, request.competition_id, page_request(request, NUMBER_KEY))
        return stages_pb2.ListStagesResponse(stages=[stage_to_proto(st) for st in found], next_page_token=token)

    # --- the open cup ---
    async def DisqualifyPlayer(self, request, context):
        done = await asyncio.to_thread(
            self.league.roster.disqualify,
            request.competition_id,
            request.player_id,
            request.reason,
            request.recorded_by,
            request.idempotency_key,
        )
        return disqualified_to_proto(done)

    async def GetCupBracket(self, request, context):
        return cup_bracket_to_proto(await asyncio.to_thread(self.league.brackets.get, request.competition_id))

    async def GetStandings(self, request, context):
        result = await asyncio.to_thread(self.league.standings.get, request.competition_id)
        return standings_to_proto(request.competition_id, result)

    async def PrepareProjections(self, request, context):
        prepared = await asyncio.to_thread(
            self.league.projections.prepare, request.competition_id, list(request.player_ids), request.time_limit_seconds
        )
        return await asyncio.to_thread(projection_preparation_to_proto, prepared)

    # --- player reports, pinned rulesets, tie decisions (league/use_cases/records.py, rulesets.py, standings.py) ---
    async def ReportResult(self, request, context):
        r = await asyncio.to_thread(
            self.league.records.report,
            request.competition_id,
            request.round,
            request.table,
            request.reported_by_player_id,
            required_content(request),
            request.idempotency_key,
        )
        return record_to_proto(r)

    async def ConfirmResult(self, request, context):
        x = await asyncio.to_thread(
            self.league.records.confirm,
            request.competition_id,
            request.record_id,
            request.player_id,
            request.idempotency_key,
        )
        return reviewed_to_proto(x)

    async def DisputeResult(self, request, context):
        x = await asyncio.to_thread(
            self.league.records.dispute,
            request.competition_id,
            request.record_id,
            request.player_id,
            request.reason,
            request.idempotency_key,
        )
        return reviewed_to_proto(x)

    async def ResolveDispute(self, request, context):
        x = await asyncio.to_thread(
            self.league.records.resolve_dispute,
            request.competition_id,
            request.record_id,
            request.judge,
            DISPUTE_DECISION.get(request.decision),
            request.reason,
            reported_content(request),
            request.idempotency_key,
        )
        return reviewed_to_proto(x)

    async def ChangeRuleset(self, request, context):
        v = await asyncio.to_thread(
            self.league.rulesets.change,
            request.competition_id,
            request.overrides_json,
            request.reason,
            request.changed_by,
            request.idempotency_key,
        )
        return ruleset_version_to_proto(v)

    async def ListRulesetVersions(self, request, context):
        found, token = await asyncio.to_thread(
            self.league.rulesets.version_page, request.competition_id, page_request(request, NUMBER_KEY)
        )
        return league_pb2.ListRulesetVersionsResponse(
            versions=[ruleset_version_to_proto(v) for v in found], next_page_token=token
        )

    async def ListRulesets(self, request, context):
        found, token = page_request(request, NAME_KEY).of(catalogue(), lambda r: (r.name,))
        return competitions_pb2.ListRulesetsResponse(rulesets=[ruleset_to_proto(r) for r in found], next_page_token=token)

    async def DecideTie(self, request, context):
        d = await asyncio.to_thread(
            self.league.standings.decide_tie,
            request.competition_id,
            list(request.player_ids),
            TIE_METHOD.get(request.method),
            request.seed if request.HasField("seed") else None,
            request.reason,
            request.decided_by,
            request.idempotency_key,
        )
        return tie_decision_to_proto(d)

    async def DecidePlayoff(self, request, context):
        d = await asyncio.to_thread(
            self.league.playoffs.decide,
            request.competition_id,
            PLAYOFF_DECISION.get(request.decision),
            request.reason,
            request.decided_by,
            request.idempotency_key,
        )
        return playoff_decision_to_proto(d)

    # --- the Up&Down league ---
    async def GetUpdownStandings(self, request, context):
        result = await asyncio.to_thread(self.league.standings.get_updown, request.competition_id, request.stage)
        return updown_standings_to_proto(result)

    async def ApplyCheckpoint(self, request, context):
        result = await asyncio.to_thread(
            self.league.checkpoints.apply,
            request.competition_id,
            CHECKPOINT.get(request.checkpoint, ""),
            request.recorded_by,
            request.idempotency_key,
        )
        return checkpoint_to_proto(result)

    # --- the mahjong playoff as stored stages ---
    async def GetPlayoff(self, request, context):
        report = await asyncio.to_thread(self.league.playoffs.get, request.competition_id)
        return playoff_report_to_proto(request.competition_id, report)

    # --- a draw anyone can verify (league/use_cases/trust.py) ---
    async def CommitDrawSeed(self, request, context):
        made = await asyncio.to_thread(
            self.league.trust.commit_draw_seed, request.competition_id, request.committed_by, request.idempotency_key
        )
        return commitment_to_proto(made)

    async def GetSeedCommitment(self, request, context):
        return commitment_to_proto(await asyncio.to_thread(self.league.trust.seed_commitment, request.competition_id))

    async def CloseRegistration(self, request, context):
        return await close_registration(self.league, request)

    async def GetDrawCertificate(self, request, context):
        evidence = await asyncio.to_thread(self.league.trust.draw_evidence, request.competition_id, request.draw_id)
        solver_request = None
        if evidence.record is not None:
            solver_request = json_format.MessageToDict(solver_pb2.DrawTablesRequest.FromString(evidence.record.solver_request))
        document = certificate(
            evidence.competition, evidence.draw, evidence.players, evidence.commitment, evidence.record, solver_request
        )
        return draws_pb2.DrawCertificate(certificate_json=json.dumps(document, indent=1))


def commitment_to_proto(c: SeedCommitment) -> draws_pb2.SeedCommitment:
    """The public part of a commitment: never the seed or the nonce."""
    return draws_pb2.SeedCommitment(
        competition_id=c.competition_id,
        commitment=c.commitment,
        committed_at=timestamp(c.committed_at),
        committed_by=c.committed_by,
    )


RESOLUTIONS = {
    competitions_pb2.REGISTRATION_RESOLUTION_UNSPECIFIED: Resolution.AS_IS,
    competitions_pb2.REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED: Resolution.DROP_LAST_REGISTERED,
    competitions_pb2.REGISTRATION_RESOLUTION_PROMOTE_RESERVES: Resolution.PROMOTE_RESERVES,
}


async def close_registration(league: League, request: competitions_pb2.CloseRegistrationRequest):
    resolution = RESOLUTIONS.get(request.resolution)
    if resolution is None:
        raise InvalidArgument.single("resolution", f"unknown resolution {request.resolution}")
    competition, closing = await asyncio.to_thread(
        league.roster.close_registration, request.competition_id, resolution, request.closed_by, request.idempotency_key
    )
    return competitions_pb2.CloseRegistrationResponse(
        competition=competition_to_proto(competition),
        moved_to_reserve=[player_to_proto(dataclasses.replace(p, status=PlayerStatus.RESERVE)) for p in closing.to_reserve],
        promoted=[player_to_proto(dataclasses.replace(p, status=PlayerStatus.MAIN)) for p in closing.promoted],
        main_participants=closing.main_count,
    )
