"""Gateway use cases: the organizer's draw workflow, orchestrated over league/ and solver/.

Requests come in as the public API's messages (``rondo.gateway.v1``); the internal services take and
answer the same messages wherever the shapes are the same (their protos import the public ones), so what
a use case passes on or answers is the message it was given, and only the internal services' own
questions (PrepareDraw, SaveDraw, the solver's requests...) are built here.

draw -> review (GetDraw / GetSeating) -> approve -> (later) redraw -> review -> approve.
The gateway decides nothing itself: league checks, asks, seats and stores (PrepareDraw, PrepareRedraw,
SaveDraw, ApproveDraw, PrepareStage, SaveStage), booking asks the auto-scheduler's question
(PrepareRoundSchedule), the solver searches (DrawTables, ProposeRoundSchedule) and owns the time-budget
rule: every solver-backed flow is prepare (the owner) -> solve -> save (the owner). Every downstream
call carries a timeout derived from the incoming call's deadline.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from google.protobuf.message import Message

from gateway.adapters.downstream import Downstream
from gateway.adapters.events import EventLog
from gateway.adapters.idempotency import GatewayKeys
from gateway.domain.deadline import Deadline
from gateway.domain.draw_seed import seed_from_key
from gateway.event_payloads import payload_of
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, events_pb2, results_pb2, scheduling_pb2, stages_pb2
from rondo.league.v1 import league_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime import idempotency
from rondo_runtime.errors import Aborted, FailedPrecondition, InvalidArgument, NotFound, RondoError
from rondo_runtime.match_key import competition_of
from rondo_runtime.paging import MAX_PAGE_SIZE
from rondo_runtime.text import with_player_names

log = logging.getLogger(__name__)
T = TypeVar("T")

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")
SOLVER_MARGIN_SECONDS = 5.0  # without a deadline: time for the solver to answer after its budget runs out
KEY_POLL_SECONDS = 0.1  # how often a retry waiting for its key's first request looks again
KEY_WAIT_WITHOUT_DEADLINE_SECONDS = 60.0  # how long it waits when its call has no deadline
KEY_BUSY_MESSAGE = "a request with this idempotency key is still being processed; retry it in a moment"
MAX_ONCE_KEY = 100  # the event log's once_key column


async def every_page(call: Callable[..., Awaitable], method: str, request, items: str, timeout_s: float | None = None) -> list:
    """Every item of an owner's List (``call(method, request, timeout_s)``: ``GatewayService.league`` or
    ``.booking``), page after page of the largest size: an owner answers one page (rondo_runtime/paging.py)."""
    found: list = []
    token = ""
    while True:
        asked = type(request)()
        asked.CopyFrom(request)
        asked.page_size, asked.page_token = MAX_PAGE_SIZE, token
        page = await call(method, asked, timeout_s)
        found += getattr(page, items)
        token = page.next_page_token
        if not token:
            return found


class GatewayService:
    def __init__(self, downstream: Callable[[], Downstream], events: EventLog, keys: GatewayKeys | None = None):
        """``keys``: the gateway's idempotency keys (by default in the event log's database)."""
        self.downstream = downstream
        self.events = events
        self.keys = keys or GatewayKeys(events.engine)
        self._background: set[asyncio.Task] = set()

    # --- idempotency keys (rondo_runtime.idempotency; docs/architecture.md "Idempotency") ---
    @staticmethod
    def scoped(request, method: str, caller: str):
        """A copy of ``request`` whose ``idempotency_key`` is scoped to ``caller`` and the gateway's
        ``method`` (checked first: INVALID_ARGUMENT on ``idempotency_key``); unchanged without a key.
        This is the key the gateway sends downstream, so what league stores is scoped too."""
        key = idempotency.scoped_key(request.idempotency_key, f"GatewayService.{method}", caller)
        if key == request.idempotency_key:
            return request
        copy = type(request)()
        copy.CopyFrom(request)
        copy.idempotency_key = key
        return copy

    async def once(self, method: str, caller: str, request, deadline: float | None, work) -> draws_pb2.DrawProposal:
        """``work(request, deadline)`` (``draw_competition`` or ``redraw``) at most once per key: the same
        caller, method and key with the same request answers the first answer (the same draw, read
        again); with a different request INVALID_ARGUMENT on ``idempotency_key``; while the first is
        still running, a retry waits for it. A failed request, or one that made no draw, frees its key."""
        inner = self.scoped(request, method, caller)

        def kept(view: draws_pb2.DrawProposal) -> tuple[str | None, bytes] | None:
            if not view.HasField("draw"):  # nothing made (infeasible, no solution in time): a retry may try again
                return None
            answer = draws_pb2.DrawProposal()
            answer.CopyFrom(view)
            answer.ClearField("draw")  # read again on replay: it may be large, and approved by then
            return view.draw.id, answer.SerializeToString(deterministic=True)

        return await self.at_most_once(
            inner.idempotency_key,
            request,
            deadline,
            lambda clock: work(inner, clock.timeout()),
            kept,
            lambda record, clock: self._replay(request.competition_id, record, clock),
        )

    async def at_most_once(
        self,
        scoped_key: str,
        request,
        deadline: float | None,
        work: Callable[[Deadline], Awaitable[T]],
        kept: Callable[[T], tuple[str | None, bytes] | None],
        replay: Callable[[idempotency.IdempotencyRecord, Deadline], Awaitable[T]],
    ) -> T:
        """The gateway's own idempotency (for flows that span services): without a key, ``work``; with
        one, claim it (a retry of a running request waits for it), and answer the first request's
        record through ``replay`` (INVALID_ARGUMENT when the request differs); else do ``work`` and
        keep what ``kept`` says of its answer (resource id, answer bytes), or free the key when it says
        None. A failed or cancelled request frees its key (a completed key stays)."""
        clock = Deadline(deadline)
        if not scoped_key:
            return await work(clock)
        key = idempotency.RequestKey(scoped_key, idempotency.fingerprint(request))
        if (record := await self._claim(key, deadline)) is not None:
            return await replay(record, clock)
        try:
            answer = await work(clock)
            keep = kept(answer)
            if keep is None:
                await asyncio.to_thread(self.keys.release, key)
            else:
                await asyncio.to_thread(self.keys.complete, key, *keep)
        except BaseException:
            self._in_background(self.keys.release, key)
            raise
        return answer

    async def _claim(self, key: idempotency.RequestKey, deadline: float | None) -> idempotency.IdempotencyRecord | None:
        """Claims ``key`` for this request: None when it may do the work (it holds the key now), else the
        first request's record; while the first request is still running it waits for its answer
        (ABORTED when the wait would outlast the call's deadline)."""
        waited = Deadline(KEY_WAIT_WITHOUT_DEADLINE_SECONDS if deadline is None else deadline)
        while True:
            claim = await asyncio.to_thread(self.keys.claim, key)
            if claim.record is not None:
                return claim.record
            if not claim.busy:
                return None
            left = waited.timeout()
            if left is not None and left <= KEY_POLL_SECONDS * 2:
                raise Aborted(KEY_BUSY_MESSAGE, reason="IDEMPOTENCY_KEY_BUSY")
            await asyncio.sleep(KEY_POLL_SECONDS)

    async def _replay(
        self, competition_id: str, record: idempotency.IdempotencyRecord, clock: Deadline
    ) -> draws_pb2.DrawProposal:
        view = draws_pb2.DrawProposal.FromString(record.response or b"")
        if record.resource_id:
            draw = await self.league(
                "GetDraw",
                draws_pb2.GetDrawRequest(competition_id=competition_id, draw_id=record.resource_id),
                clock.timeout(),
            )
            view.draw.CopyFrom(draw)
        return view

    def _in_background(self, function, *args) -> None:
        """Runs ``function(*args)`` in a thread without waiting (even while the caller is cancelled)."""
        task = asyncio.ensure_future(asyncio.to_thread(function, *args))
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(lambda done: done.cancelled() or done.exception())  # a failure is not re-raised

    async def league(self, method: str, request, timeout_s: float | None = None):
        """``timeout_s``: the caller's remaining deadline; None = the configured downstream timeout."""
        downstream = self.downstream()
        return await downstream.call("league", getattr(downstream.league, method), request, timeout_s)

    async def league_player(self, competition_id: str, player_id: str, deadline: float | None = None) -> competitions_pb2.Player:
        """The competition's player ``player_id`` (withdrawn ones too), NOT_FOUND when league has none."""
        players = await every_page(
            self.league,
            "ListPlayers",
            competitions_pb2.ListPlayersRequest(competition_id=competition_id, include_inactive=True),
            "players",
            Deadline(deadline).timeout(),
        )
        for player in players:
            if player.id == player_id:
                return player
        raise NotFound.because("PLAYER_NOT_FOUND", competition_id=competition_id, player_id=player_id)

    def solver_timeout(self, budget_s: float, deadline: Deadline) -> float | None:
        """A solver call's timeout: what is left of the deadline; without one, the solver's ``budget_s``
        and a margin to answer (at least the configured downstream timeout)."""
        default = getattr(self.downstream(), "timeout_s", None)
        without_deadline = None
        if default is not None and budget_s == budget_s:  # not NaN
            without_deadline = max(default, budget_s + SOLVER_MARGIN_SECONDS)
        return deadline.timeout(without_deadline)

    async def solver(self, method: str, request, timeout_s: float | None = None):
        downstream = self.downstream()
        return await downstream.call("solver", getattr(downstream.solver, method), request, timeout_s)

    async def _append(self, competition_id: str, subject_id: str, once: str, payload: Message) -> None:
        """Appends the event whose typed ``payload`` is given (its kind is the message's:
        ``gateway/event_payloads.py``) at most once per ``once``, what it reports (a draw published, a
        record stored or reviewed, a meeting booked): league and booking answer a retried request with
        the first answer, and a retry whose first attempt already appended the event appends nothing
        more, so a client retrying with its idempotency key never makes a bot announce a thing twice."""
        kind, fields = payload_of(payload)
        once_key = f"{kind}:{once}"
        if len(once_key) > MAX_ONCE_KEY:
            once_key = f"{kind}:{hashlib.sha256(once.encode()).hexdigest()}"
        await asyncio.to_thread(self.events.append_once, kind, competition_id, subject_id, once_key, **fields)

    async def _event(
        self, kind: type[events_pb2.DrawProposedEvent | events_pb2.DrawPublishedEvent], draw: draws_pb2.Draw
    ) -> None:
        """``draw.proposed`` / ``draw.published``: once per draw (approving it again publishes nothing)."""
        status = draws_pb2.DrawStatus.Value(draws_pb2.DrawStatus.Name(draw.status))  # league's, by name
        await self._append(draw.competition_id, draw.id, draw.id, kind(version=draw.version, status=status))

    async def _solve(
        self, request: solver_pb2.DrawTablesRequest, names: dict[str, str], deadline: Deadline
    ) -> solver_pb2.DrawTablesResponse:
        """The solver checks the budget (INVALID_ARGUMENT on ``time_limit_seconds``) and keeps within
        what is left of the deadline; without a deadline the call waits for the budget it asked."""
        try:
            return await self.solver("DrawTables", request, timeout_s=self.solver_timeout(request.time_limit_seconds, deadline))
        except InvalidArgument as error:
            raise with_names(error, names) from None

    async def draw_competition(self, request: draws_pb2.DrawCompetitionRequest, deadline: float | None) -> draws_pb2.DrawProposal:
        """league.PrepareDraw (checks the draw, answers the solver's request) -> solver.DrawTables ->
        league.SaveDraw (checks the draw again and stores it with the request, for its certificate)."""
        clock = Deadline(deadline)
        plan = await self.league(
            "PrepareDraw",
            league_pb2.PrepareDrawRequest(competition_id=request.competition_id, options=_draw_options(request)),
            clock.timeout(),
        )
        solved = await self._solve(plan.request, dict(plan.player_names), clock)
        return await self._store(request.competition_id, solved, request.idempotency_key, clock, asked=plan.request)

    async def redraw(self, request: draws_pb2.RedrawRequest, deadline: float | None) -> draws_pb2.DrawProposal:
        """league.PrepareRedraw (checks the redraw, splits the published draw) -> solver.DrawTables ->
        league.SaveDraw (checks it again and keeps the played rounds as played).

        The solver draws the rounds still to play with the played rounds, as played, as its history:
        the objective, bound, players moved and diff it reports count the whole competition and equal
        a recount of the stored draw (docs/rules.md mahjong.draw.redraw-keeps-played-rounds)."""
        clock = Deadline(deadline)
        plan = await self.league(
            "PrepareRedraw",
            league_pb2.PrepareRedrawRequest(
                competition_id=request.competition_id,
                played_rounds=request.played_rounds,
                reason=request.reason,
                options=_draw_options(request),
            ),
            clock.timeout(),
        )
        solved = await self._solve(plan.request, dict(plan.player_names), clock)
        solved.notes.extend(plan.notes)
        return await self._store(
            request.competition_id,
            solved,
            request.idempotency_key,
            clock,
            replaces_draw_id=plan.replaces_draw_id,
            played_rounds=plan.played_rounds,
            reason=request.reason,
            asked=plan.request,
        )

    async def _store(
        self,
        competition_id: str,
        solved: solver_pb2.DrawTablesResponse,
        idempotency_key: str,
        deadline: Deadline,
        replaces_draw_id: str = "",
        played_rounds: int = 0,
        reason: str = "",
        asked: solver_pb2.DrawTablesRequest | None = None,
    ) -> draws_pb2.DrawProposal:
        """``asked``: the solver's request, stored with the draw for its certificate (with the seed the
        solver chose when the request left it unset)."""
        view = draws_pb2.DrawProposal(
            status=solved.status,
            diff=solved.diff,
            conflicts=solved.conflicts,
            notes=solved.notes,
            wall_time_seconds=solved.wall_time_seconds,
            work_budget=solved.work_budget,
            work_used=solved.work_used,
            reproducible=solved.reproducible,
            search_work_used=solved.search_work_used,
            cpsat_deterministic_seconds_used=solved.cpsat_deterministic_seconds_used,
        )
        record = solver_pb2.DrawTablesRequest()
        if asked is not None:
            record.CopyFrom(asked)
            record.seed = solved.seed
            record.work_budget = solved.work_budget
            record.cpsat_deterministic_seconds_per_unit = solved.cpsat_deterministic_seconds_per_unit  # re-runs need both
        if solved.status not in (common_pb2.SOLVE_STATUS_OPTIMAL, common_pb2.SOLVE_STATUS_FEASIBLE):
            return view  # nothing to review: the status and conflicts say why
        draw = await self.league(
            "SaveDraw",
            league_pb2.SaveDrawRequest(
                competition_id=competition_id,
                seed=solved.seed,
                rounds=solved.rounds,
                objective=solved.objective,
                lower_bound=solved.lower_bound,
                proven_optimal=solved.proven_optimal,
                method=solved.method,
                replaces_draw_id=replaces_draw_id,
                played_rounds=played_rounds,
                reason=reason,
                players_moved=solved.players_moved if solved.HasField("players_moved") else None,
                idempotency_key=idempotency_key,
                solver_request=record.SerializeToString(deterministic=True) if asked is not None else b"",
                work_budget=solved.work_budget,
                work_used=solved.work_used,
                reproducible=solved.reproducible,
                search_work_used=solved.search_work_used,
                cpsat_deterministic_seconds_used=solved.cpsat_deterministic_seconds_used,
            ),
            deadline.timeout(),
        )
        await self._event(events_pb2.DrawProposedEvent, draw)
        view.draw.CopyFrom(draw)
        return view

    async def approve_draw(self, request: draws_pb2.ApproveDrawRequest, deadline: float | None = None) -> draws_pb2.Draw:
        draw = await self.league("ApproveDraw", request, Deadline(deadline).timeout())
        await self._event(events_pb2.DrawPublishedEvent, draw)
        return draw

    async def record_result(self, method: str, request, caller: str, deadline: float | None = None) -> results_pb2.ResultRecord:
        """RecordHanchan, RecordPenalty, RecordNoShow, RecordGame, CorrectRecord (and the player reports:
        ReportResult, ConfirmResult, DisputeResult, ResolveDispute): league checks and stores the record
        (the key scoped to the caller and this method, like RegisterPlayer's); every accepted record
        appends ``standings.changed``. Who may call which is the guard's (``gateway/domain/access.py``)."""
        request = self.scoped(request, method, caller)
        record = await self.league(method, request, Deadline(deadline).timeout())
        await self._append(
            record.competition_id,
            record.id,
            f"{record.id}:{record.status}:{len(record.reviews)}",  # a new record, or a review of one
            events_pb2.StandingsChangedEvent(
                stage=record.stage,
                round=record.round,
                table=record.table,
                record_kind=record.WhichOneof("content"),
                replaces_record_id=record.replaces_record_id,
            ),
        )
        if record.completed_stage:
            await self._stage_completed(record.competition_id, record.stage)
        return record

    async def _stage_completed(self, competition_id: str, stage: int) -> None:
        """``stage.completed``: once per stage of a competition."""
        await self._append(competition_id, str(stage), f"{competition_id}/{stage}", events_pb2.StageCompletedEvent(stage=stage))

    async def advance_stage(
        self, request: stages_pb2.AdvanceStageRequest, caller: str, deadline: float | None = None
    ) -> stages_pb2.Stage:
        """league.PrepareStage (the next stage from the stored results, seated by league) ->
        league.SaveStage (derives the plan again and stores it with its seating); appends
        ``stage.created``. The key is scoped to the caller: a retry answers the stage the first request
        stored. The solver is not asked: a fixed stage is not a search."""
        clock = Deadline(deadline)
        key = self.scoped(request, "AdvanceStage", caller).idempotency_key
        plan = await self.league(
            "PrepareStage", stages_pb2.PrepareStageRequest(competition_id=request.competition_id), clock.timeout()
        )
        if plan.finished:  # league's own words; SaveStage would refuse stage number 0 as a bad field
            raise FailedPrecondition("; ".join(["the competition is finished: there is no stage to generate", *plan.notes]))
        stage = await self.league(
            "SaveStage",
            league_pb2.SaveStageRequest(
                competition_id=request.competition_id,
                number=plan.number,
                created_by=request.created_by,
                idempotency_key=key,
            ),
            clock.timeout(),
        )
        await self._append(
            stage.competition_id,
            stage.id,
            stage.id,
            events_pb2.StageCreatedEvent(number=stage.number, stage_kind=stage.kind, name=stage.name),
        )
        return stage

    async def disqualify_player(
        self, request: stages_pb2.DisqualifyPlayerRequest, caller: str, deadline: float | None = None
    ) -> stages_pb2.DisqualifyPlayerResponse:
        """league.DisqualifyPlayer with the key scoped to the caller; appends ``player.disqualified`` and,
        when it decided the stage's last open pairing, ``stage.completed``."""
        request = self.scoped(request, "DisqualifyPlayer", caller)
        done = await self.league("DisqualifyPlayer", request, Deadline(deadline).timeout())
        await self._append(
            request.competition_id,
            done.player.id,
            done.player.id,
            events_pb2.PlayerDisqualifiedEvent(stage=done.stage, reason=done.reason),
        )
        if done.completed_stage:
            await self._stage_completed(request.competition_id, done.stage)
        return done

    async def withdraw_player(
        self, request: competitions_pb2.WithdrawPlayerRequest, caller: str, deadline: float | None = None
    ) -> competitions_pb2.Player:
        """league.WithdrawPlayer with the key scoped to the caller; the player leaves the standings, so it
        appends ``player.withdrawn`` and ``standings.changed``, and ``stage.completed`` when the withdrawal
        settled the stage's last open games."""
        request = self.scoped(request, "WithdrawPlayer", caller)
        player = await self.league("WithdrawPlayer", request, Deadline(deadline).timeout())
        for payload in (
            events_pb2.PlayerWithdrawnEvent(change="WithdrawPlayer", reason=request.reason),
            events_pb2.StandingsChangedEvent(change="WithdrawPlayer", reason=request.reason),
        ):
            await self._append(request.competition_id, player.id, f"withdrawn:{player.id}", payload)
        if player.completed_stage:
            await self._stage_completed(request.competition_id, player.completed_stage)
        return player

    async def standings_change(self, method: str, request, caller: str, deadline: float | None = None):
        """ChangeRuleset, DecideTie, DecidePlayoff: league checks and stores (the key scoped to the caller
        and this method); every accepted change appends ``standings.changed``."""
        request = self.scoped(request, method, caller)
        answer = await self.league(method, request, Deadline(deadline).timeout())
        subject = answer.id if method in ("DecideTie", "DecidePlayoff") else f"ruleset-v{answer.version}"
        await self._append(
            answer.competition_id, subject, f"{answer.competition_id}/{subject}", events_pb2.StandingsChangedEvent(change=method)
        )
        return answer

    async def apply_checkpoint(
        self, request: stages_pb2.ApplyCheckpointRequest, caller: str, deadline: float | None = None
    ) -> stages_pb2.ApplyCheckpointResponse:
        """league.ApplyCheckpoint (the key scoped to the caller); removing players changes the
        standings, so ``standings.changed`` is appended when anyone was removed."""
        request = self.scoped(request, "ApplyCheckpoint", caller)
        answer = await self.league("ApplyCheckpoint", request, Deadline(deadline).timeout())
        if answer.removed:
            subject = f"checkpoint-{answer.checkpoint}"
            await self._append(
                answer.competition_id,
                subject,
                f"{answer.competition_id}/{subject}",
                events_pb2.StandingsChangedEvent(checkpoint=answer.checkpoint, removed_ids=[r.player_id for r in answer.removed]),
            )
        return answer

    async def seating(self, request: draws_pb2.GetSeatingRequest, deadline: float | None = None) -> draws_pb2.Seating:
        """The published draw's tables with player names (what everyone may see)."""
        clock = Deadline(deadline)
        draw = await self.league("GetDraw", draws_pb2.GetDrawRequest(competition_id=request.competition_id), clock.timeout())
        players = await every_page(
            self.league,
            "ListPlayers",
            competitions_pb2.ListPlayersRequest(competition_id=request.competition_id, include_inactive=True),
            "players",
            clock.timeout(),
        )
        names = {p.id: p.name for p in players}
        return draws_pb2.Seating(
            draw_id=draw.id,
            version=draw.version,
            rounds=[
                draws_pb2.NamedRound(
                    number=r + 1,
                    tables=[
                        draws_pb2.NamedTable(
                            number=t + 1,
                            player_ids=list(table.player_ids),
                            player_names=[names.get(pid, pid) for pid in table.player_ids],
                        )
                        for t, table in enumerate(rnd.tables)
                    ],
                )
                for r, rnd in enumerate(draw.rounds)
            ],
        )

    # --- scheduling: straight through to booking/ (it validates and owns the data; docs/rules.md schedule.*) ---
    async def booking(self, method: str, request, timeout_s: float | None = None):
        downstream = self.downstream()
        return await downstream.call("booking", getattr(downstream.booking, method), request, timeout_s)

    async def schedule(self, method: str, request, caller: str, deadline: float | None = None, rpc: str = ""):
        """A booking RPC with its key scoped to the caller and the gateway's ``rpc`` (default: ``method``;
        like RecordHanchan's); a meeting booked appends ``schedule.booked``, one undone ``schedule.cancelled``, a
        player's proposal ``schedule.proposed``."""
        if any(f.name == "idempotency_key" for f in request.DESCRIPTOR.fields):
            request = self.scoped(request, rpc or method, caller)
        answer = await self.booking(method, request, Deadline(deadline).timeout())
        if isinstance(answer, scheduling_pb2.Meeting):
            if answer.status == scheduling_pb2.MEETING_STATUS_BOOKED and method in (
                "ConfirmMeeting",
                "AssignMeeting",
                "ApplyFallback",
            ):
                await self._schedule_event(
                    answer.id,
                    events_pb2.ScheduleBookedEvent(match_key=answer.match_key, room_id=answer.room_id),
                    f"{answer.id}/{answer.booking_id}",
                )
            elif answer.status == scheduling_pb2.MEETING_STATUS_CANCELLED and method == "CancelMeeting":
                await self._schedule_event(answer.id, events_pb2.ScheduleCancelledEvent(match_key=answer.match_key))
            elif answer.status == scheduling_pb2.MEETING_STATUS_PROPOSED and method == "ProposeMeeting":
                # a player's proposal: the others are asked to confirm it (the bot posts it with a button)
                await self._schedule_event(
                    answer.id, events_pb2.ScheduleProposedEvent(match_key=answer.match_key, room_id=answer.room_id)
                )
        elif isinstance(answer, scheduling_pb2.Availability):
            # never whose answer undid it: that would tell everyone the player is no longer free then
            for meeting_id in answer.cancelled_meeting_ids:
                await self._schedule_event(meeting_id, events_pb2.ScheduleCancelledEvent(match_key=answer.match_key))
            if answer.version == 1:  # a first answer: the last one missing completes the table
                await self._options_ready(answer, deadline)
        elif isinstance(answer, scheduling_pb2.MoveMatchWindowResponse):  # the match moved to a later window
            for meeting_id in answer.cancelled_meeting_ids:
                await self._schedule_event(
                    meeting_id, events_pb2.ScheduleCancelledEvent(match_key=answer.match.match_key, by_organizer=True)
                )
        return answer

    async def _options_ready(self, answer: scheduling_pb2.Availability, deadline: float | None) -> None:
        """``schedule.options-ready`` when this answer was the table's last one missing: every player's
        card now shows the common options (how many; never an interval). Once per match."""
        try:
            card = await self.booking(
                "GetMatchCard",
                scheduling_pb2.GetMatchCardRequest(match_key=answer.match_key, viewer_player_id=answer.player_id),
                Deadline(deadline).timeout(),
            )
        except RondoError as error:  # the answer is stored: the player is not told it failed for a notice
            log.warning("options-ready of %s not known: %s", answer.match_key, error)
            return
        if card.pending_player_ids or not card.answered_player_ids:
            return
        payload = events_pb2.ScheduleOptionsReadyEvent(match_key=answer.match_key, options=len(card.options))
        competition_id = competition_of(answer.match_key)  # the subject: a match has no id of its own here
        await self._append(competition_id, competition_id, answer.match_key, payload)

    async def _schedule_event(
        self,
        meeting_id: str,
        payload: events_pb2.ScheduleProposedEvent | events_pb2.ScheduleBookedEvent | events_pb2.ScheduleCancelledEvent,
        once: str = "",
    ) -> None:
        """Once per meeting (``once``: per booking of it, for ``schedule.booked``)."""
        competition_id = competition_of(payload.match_key)
        await self._append(competition_id, meeting_id, once or meeting_id, payload)

    async def propose_round_schedule(
        self, request: scheduling_pb2.ProposeRoundScheduleRequest, caller: str, deadline: float | None = None
    ) -> scheduling_pb2.ProposeRoundScheduleResponse:
        """The organizer's auto-scheduler (docs/rules.md schedule.auto.*): league.GetRoundTables (the
        round's match keys) -> booking.PrepareRoundSchedule (the solver's problem, from the common options per match;
        internal, never answered to the client) -> solver.ProposeRoundSchedule -> booking.ProposeMeetings
        (PROPOSED meetings by "organizer:auto-scheduler" that still need every player's confirmation); appends
        ``schedule.proposed`` per meeting. With a key, a retry answers the first answer (the solve is
        not run again): the gateway keeps it, like DrawCompetition's."""
        scoped = self.scoped(request, "ProposeRoundSchedule", caller).idempotency_key

        async def replay(record: idempotency.IdempotencyRecord, _clock: Deadline) -> scheduling_pb2.ProposeRoundScheduleResponse:
            return scheduling_pb2.ProposeRoundScheduleResponse.FromString(record.response or b"")

        return await self.at_most_once(
            scoped,
            request,
            deadline,
            lambda clock: self._propose_round_schedule(request, scoped, clock),
            lambda answer: (None, answer.SerializeToString(deterministic=True)),
            replay,
        )

    async def _propose_round_schedule(
        self, request: scheduling_pb2.ProposeRoundScheduleRequest, key: str, clock: Deadline
    ) -> scheduling_pb2.ProposeRoundScheduleResponse:
        tables = await self._round_tables(request.competition_id, 1, request.round, clock)
        prepared = await self.booking(
            "PrepareRoundSchedule",
            booking_pb2.PrepareRoundScheduleRequest(
                match_keys=[t.match_key for t in tables.tables],
                meeting_minutes=request.meeting_minutes,
                start_step_minutes=request.start_step_minutes,
                preference=request.preference,
                time_limit_seconds=request.time_limit_seconds,
                seed=request.seed if request.HasField("seed") else None,
            ),
            clock.timeout(),
        )
        answer = scheduling_pb2.ProposeRoundScheduleResponse(status=common_pb2.SOLVE_STATUS_OPTIMAL)
        slots: dict[str, solver_pb2.MatchSlot] = {}
        if prepared.problem.matches:
            default = getattr(self.downstream(), "timeout_s", None)
            without_deadline = None if default is None else max(default, request.time_limit_seconds + SOLVER_MARGIN_SECONDS)
            solved = await self.solver("ProposeRoundSchedule", prepared.problem, clock.timeout(without_deadline))
            slots = {s.match_id: s for s in solved.slots}
            answer.status, answer.wall_time_seconds = solved.status, solved.wall_time_seconds
            answer.objective.CopyFrom(solved.objective)
            answer.bound.CopyFrom(solved.bound)
            answer.notes.extend(solved.notes)
        placed = [s for s in slots.values() if s.placed]
        meetings: dict[str, scheduling_pb2.Meeting] = {}
        if placed:
            stored = await self.booking(
                "ProposeMeetings",
                booking_pb2.ProposeMeetingsRequest(
                    proposals=[
                        booking_pb2.MeetingProposal(match_key=s.match_id, start=s.start, end=s.end, room_id=s.room_id)
                        for s in placed
                    ],
                    proposed_by=AUTO_SCHEDULER,
                    idempotency_key=f"{key}#meetings" if key else "",
                ),
                clock.timeout(),
            )
            meetings = {m.match_key: m for m in stored.meetings}
        for m in prepared.matches:
            slot = slots.get(m.match.match_key)
            if slot is None:
                answer.matches.append(_not_scheduled(m))
            elif slot.placed:
                meeting = meetings[m.match.match_key]
                answer.matches.append(
                    scheduling_pb2.RoundProposal(
                        match_key=meeting.match_key,
                        state=scheduling_pb2.PROPOSAL_STATE_PROPOSED,
                        meeting=meeting,
                    )
                )
                await self._schedule_event(
                    meeting.id, events_pb2.ScheduleProposedEvent(match_key=meeting.match_key, room_id=meeting.room_id)
                )
            else:
                answer.matches.append(
                    scheduling_pb2.RoundProposal(
                        match_key=slot.match_id, state=scheduling_pb2.PROPOSAL_STATE_NOT_PLACED, reason=slot.reason
                    )
                )
        return answer

    async def _round_tables(self, competition_id: str, stage: int, round_no: int, clock: Deadline) -> league_pb2.RoundTables:
        """League's answer to "which matches does this round have": the tables under their match keys
        (INVALID_ARGUMENT naming ``round`` outside the stage comes from league)."""
        return await self.league(
            "GetRoundTables",
            league_pb2.GetRoundTablesRequest(competition_id=competition_id, stage=stage, round=round_no),
            clock.timeout(),
        )

    async def open_round_scheduling(
        self, request: scheduling_pb2.OpenRoundSchedulingRequest, caller: str, deadline: float | None = None
    ) -> scheduling_pb2.OpenRoundSchedulingResponse:
        """league.GetRoundTables (the round's tables under their match keys, with a later stage's games a
        match and, for the final, one meeting: docs/rules.md schedule.meeting.split-or-whole) ->
        booking.OpenMatch per table; opening a table again answers the same match."""
        clock = Deadline(deadline)
        key = self.scoped(request, "OpenRoundScheduling", caller).idempotency_key
        tables = await self._round_tables(request.competition_id, request.stage, request.round, clock)
        answer = scheduling_pb2.OpenRoundSchedulingResponse()
        for number, table in enumerate(tables.tables, start=1):
            match = await self.booking(
                "OpenMatch",
                booking_pb2.OpenMatchRequest(
                    club_id=request.club_id,
                    match_key=table.match_key,
                    player_ids=table.player_ids,
                    window_start=request.window_start if request.HasField("window_start") else None,
                    window_end=request.window_end if request.HasField("window_end") else None,
                    min_minutes=request.min_minutes,
                    idempotency_key=f"{key}#table{number}" if key else "",
                    games=tables.games_per_match,
                    one_meeting=tables.one_meeting,
                ),
                clock.timeout(),
            )
            answer.matches.append(match)
        return answer


AUTO_SCHEDULER = "organizer:auto-scheduler"  # proposed_by of the auto-scheduler's meetings


def _draw_options(request: draws_pb2.DrawCompetitionRequest | draws_pb2.RedrawRequest) -> league_pb2.DrawOptions:
    """What the organizer asks of a draw or a redraw, for league's PrepareDraw / PrepareRedraw, with the
    seed league uses when neither a commitment nor the organizer names one: derived from the (scoped)
    idempotency key, so a retry asks the solver the same question (gateway/domain/draw_seed.py); without
    a key none (the solver picks one and reports it)."""
    return league_pb2.DrawOptions(
        separations=request.separations,
        pins=request.pins,
        seat_balance=request.seat_balance,
        time_limit_seconds=request.time_limit_seconds,
        seed=request.seed if request.HasField("seed") else None,
        key_seed=seed_from_key(request.competition_id, request.idempotency_key) if request.idempotency_key else None,
        sit_out=request.sit_out if request.HasField("sit_out") else None,
    )


def with_names(error: InvalidArgument, names: dict[str, str]) -> InvalidArgument:
    """The solver knows players by id; the organizer knows them by name."""

    def named(text: str) -> str:
        return with_player_names(text, names)

    renamed = InvalidArgument(
        named(error.message),
        [v.renamed(v.field, named(v.description)) for v in error.violations],
        reason=error.reason,
        params={k: named(str(v)) for k, v in error.params.items()},
        retry_after_s=error.retry_after_s,
    )
    renamed.localized = {locale: named(text) for locale, text in error.localized.items()}
    return renamed


def _not_scheduled(m: booking_pb2.MatchOptions) -> scheduling_pb2.RoundProposal:
    if m.booked:
        return scheduling_pb2.RoundProposal(
            match_key=m.match.match_key, state=scheduling_pb2.PROPOSAL_STATE_ALREADY_BOOKED, reason="already booked"
        )
    return scheduling_pb2.RoundProposal(
        match_key=m.match.match_key,
        state=scheduling_pb2.PROPOSAL_STATE_WAITING_FOR_ANSWERS,
        reason=f"not everyone answered: waiting for {len(m.pending_player_ids)} of {len(m.match.player_ids)} players",
        pending_player_ids=m.pending_player_ids,
    )
