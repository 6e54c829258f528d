"""In-memory fakes for the gateway's service-layer tests (cosmicpython's fake downstream client).

* :class:`FakeDownstream` has the surface of ``gateway.adapters.downstream.Downstream`` (``league``,
  ``solver``, ``call``, ``timeout_s``, ``close``). Its league side is the REAL league: the
  ``LeagueServicer`` over ``LeagueService`` over the in-memory repository of ``tests/unit/fakes.py``,
  so what the gateway sends is checked and stored by the real use cases. Its solver side is
  :class:`FakeSolver`, scripted: it records every ``DrawTablesRequest`` and answers a canned valid
  draw, or what a test queued (another answer, or an error); a ``ProposeRoundScheduleRequest`` is
  solved in-process by the real (pure) scheduler. Every call is recorded with its timeout.
* :class:`FakeEventLog` and :class:`FakeGatewayKeys` have the public methods of ``EventLog`` and
  ``GatewayKeys`` (a test checks that), kept in dicts and lists.
* :func:`identity_on_fakes` — the real ``IdentityService`` on ``FakeIdentityRepository``, with a cheap
  argon2id hasher (the real parameters are the integration tier's) and a clock a test can move.
* :class:`GuardedGateway` — the gateway's servicer behind the real guard, as a client calls it: with
  the token of an organizer it made by default, or of a player account linked to a league player
  (:meth:`GuardedGateway.player`), a judge or a bot (:meth:`GuardedGateway.account`).

No sockets, no database: a use case runs in milliseconds.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import grpc
from argon2 import PasswordHasher

from gateway.adapters.accounts import IdentityRepository
from gateway.adapters.downstream import Downstream, translate
from gateway.adapters.events import Event, EventLog
from gateway.adapters.idempotency import LEASE_SECONDS, Claim, GatewayKeys
from gateway.adapters.scopes import ScopeRepository
from gateway.app import DESCRIPTOR
from gateway.event_payloads import parse
from gateway.grpc_api import GatewayServicer
from gateway.guard import guarded
from gateway.identity_service import IdentityService
from gateway.scope_service import ScopeService
from gateway.service import GatewayService
from league.adapters.repository import LeagueRepository
from league.grpc_api import LeagueServicer
from league.service import League
from rondo.gateway.v1 import common_pb2, draws_pb2, identity_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime import idempotency
from rondo_runtime.idempotency import IdempotencyRecord, RequestKey
from rondo_runtime.transactions import UnitOfWork
from solver.domain.schedule.cpsat.solve import solve_schedule
from solver.grpc_api import schedule_problem_from_proto, schedule_result_to_proto
from solver.service import requested_budget
from tests.unit.fakes import FakeIdentityRepository, FakeLeagueRepository, FakeScopeRepository, FakeUnitOfWork

DEFAULT_TIMEOUT_SECONDS = 30.0  # the fake's configured downstream timeout (RONDO_DOWNSTREAM_TIMEOUT_SECONDS)


class FakeContext:
    """The little of ``grpc.aio.ServicerContext`` the servicers use: the remaining deadline, the
    invocation metadata (the caller's token) and the peer."""

    def __init__(
        self, time_remaining: float | None = None, metadata: Sequence[tuple[str, str]] = (), peer: str = "ipv4:127.0.0.1:4242"
    ):
        self._time_remaining = time_remaining
        self._metadata = tuple(metadata)
        self._peer = peer

    def time_remaining(self) -> float | None:
        return self._time_remaining

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata

    def peer(self) -> str:
        return self._peer


@dataclass(frozen=True)
class Call:
    """One downstream call: ``timeout_s`` is what the gateway asked (None: the configured default),
    ``effective_s`` what the call got."""

    service: str
    method: str
    request: Any
    timeout_s: float | None
    effective_s: float


@dataclass
class _Method:
    """A stub method: ``await method(request, timeout=...)``, like a ``grpc.aio`` unary-unary callable."""

    service: str
    name: str
    handler: Callable[..., Any]

    async def __call__(self, request: Any, timeout: float | None = None) -> Any:
        return await self.handler(request, timeout)


class ServicerStub:
    """A stub whose methods call an in-process servicer (``await servicer.Method(request, context)``)."""

    def __init__(self, service: str, servicer: Any):
        self._service = service
        self._servicer = servicer

    def __getattr__(self, name: str) -> _Method:
        rpc = getattr(self._servicer, name)  # AttributeError for an RPC the service does not have

        async def handler(request: Any, timeout: float | None) -> Any:
            return await rpc(request, FakeContext(timeout))

        return _Method(self._service, name, handler)


def canned_rounds(player_ids: Sequence[str], rounds: int, table_size: int) -> list[common_pb2.Round]:
    """A legal (if repetitive) draw: tables in roster order, the roster turned by one seat each round."""
    out = []
    for r in range(rounds):
        turned = list(player_ids[r:]) + list(player_ids[:r])
        tables = [common_pb2.Table(player_ids=turned[i : i + table_size]) for i in range(0, len(turned), table_size)]
        out.append(common_pb2.Round(tables=tables))
    return out


def _tables_of(rounds: Sequence[common_pb2.Round]) -> list[dict[str, int]]:
    return [{pid: t for t, table in enumerate(rnd.tables) for pid in table.player_ids} for rnd in rounds]


def players_moved(previous: Sequence[common_pb2.Round], drawn: Sequence[common_pb2.Round]) -> int:
    """Players the new rounds seat at another table number than ``previous`` in at least one round."""
    moved = set()
    for before, after in zip(_tables_of(previous), _tables_of(drawn)):
        moved |= {pid for pid, table in after.items() if pid in before and before[pid] != table}
    return len(moved)


def canned_draw(request: solver_pb2.DrawTablesRequest) -> solver_pb2.DrawTablesResponse:
    """The fake solver's answer to ``request``: a valid draw of its roster with fixed statistics."""
    rounds = canned_rounds([p.id for p in request.players], request.rounds, request.table_size)
    answer = solver_pb2.DrawTablesResponse(
        status=common_pb2.SOLVE_STATUS_FEASIBLE,
        rounds=rounds,
        objective=draws_pb2.DrawObjective(max_meetings=2, sum_repeat_pairs=3),
        lower_bound=draws_pb2.DrawObjective(max_meetings=1),
        proven_optimal=False,
        seed=request.seed if request.HasField("seed") else 4242,
        wall_time_seconds=0.25,
        method="fake-rotation",
        gap=draws_pb2.DrawObjective(max_meetings=1, sum_repeat_pairs=3),
    )
    if request.previous:
        answer.players_moved = players_moved(request.previous, rounds)
    return answer


def rpc_error(code: grpc.StatusCode, details: str = "") -> grpc.aio.AioRpcError:
    """What a ``grpc.aio`` stub raises when the peer answers ``code`` (or does not answer at all)."""
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), details=details)


class FakeSolver:
    """The solver's stub, scripted. ``requests`` holds a copy of every ``DrawTablesRequest``; each call
    answers the next queued answer (a response, or an exception to raise), else :func:`canned_draw`.
    ``schedule_requests``: every ``ProposeRoundScheduleRequest``."""

    def __init__(self) -> None:
        self.requests: list[solver_pb2.DrawTablesRequest] = []
        self.answers: list[solver_pb2.DrawTablesResponse | BaseException] = []
        self.schedule_requests: list[solver_pb2.ProposeRoundScheduleRequest] = []

    def answer(self, *answers: solver_pb2.DrawTablesResponse | BaseException) -> None:
        self.answers.extend(answers)

    def down(self) -> None:
        """The next call finds no solver: the channel's UNAVAILABLE."""
        self.answer(rpc_error(grpc.StatusCode.UNAVAILABLE, "connection refused"))

    async def DrawTables(
        self, request: solver_pb2.DrawTablesRequest, timeout: float | None = None
    ) -> solver_pb2.DrawTablesResponse:
        kept = solver_pb2.DrawTablesRequest()
        kept.CopyFrom(request)
        self.requests.append(kept)
        if self.answers:
            answer = self.answers.pop(0)
            if isinstance(answer, BaseException):
                raise answer
            return answer
        return canned_draw(request)

    async def ProposeRoundSchedule(
        self, request: solver_pb2.ProposeRoundScheduleRequest, timeout: float | None = None
    ) -> solver_pb2.ProposeRoundScheduleResponse:
        """Records the request; solves it with the real scheduler, in this process (pure, milliseconds)."""
        kept = solver_pb2.ProposeRoundScheduleRequest()
        kept.CopyFrom(request)
        self.schedule_requests.append(kept)
        problem = schedule_problem_from_proto(request)
        problem = dataclasses.replace(problem, time_limit_s=requested_budget(problem.time_limit_s))
        return schedule_result_to_proto(problem, solve_schedule(problem))


class FakeDownstream:
    """``Downstream`` in memory: the real league use cases on fakes, a scripted solver."""

    def __init__(self, timeout_s: float = DEFAULT_TIMEOUT_SECONDS):
        self.timeout_s = timeout_s
        self.uow = FakeUnitOfWork(FakeLeagueRepository())
        # the fake repository is a duck-typed LeagueRepository (test_league_services.py checks its methods)
        self.league_service = League(cast("UnitOfWork[LeagueRepository]", self.uow))
        self.league = ServicerStub("league", LeagueServicer(self.league_service))
        self.solver = FakeSolver()
        self.calls: list[Call] = []
        self.failures: dict[tuple[str, str], list[BaseException]] = {}
        self.closed = False

    def fail(self, service: str, method: str, error: BaseException) -> None:
        """The next call of ``service.method`` raises ``error`` instead of reaching the service (a
        ``grpc.aio.AioRpcError`` goes through the real ``translate``, as on a channel)."""
        self.failures.setdefault((service, method), []).append(error)

    async def call(self, service: str, method: Callable[..., Any], request: Any, timeout_s: float | None = None) -> Any:
        effective = timeout_s if timeout_s is not None else self.timeout_s
        name = getattr(method, "name", getattr(method, "__name__", repr(method)))
        self.calls.append(Call(service, name, request, timeout_s, effective))
        try:
            if pending := self.failures.get((service, name)):
                raise pending.pop(0)
            return await method(request, timeout=effective)
        except grpc.aio.AioRpcError as error:
            raise translate(service, error) from None

    def called(self, service: str | None = None) -> list[str]:
        """``service.Method`` of every call so far, in order (only ``service``'s, when given)."""
        return [f"{c.service}.{c.method}" for c in self.calls if service in (None, c.service)]

    async def close(self) -> None:
        self.closed = True


class FakeEventLog:
    """``EventLog`` in a list: ``(kind, competition_id, subject_id, payload)`` in append order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, str, dict[str, Any]]] = []
        self.once_keys: dict[str, int] = {}

    def append(self, kind: str, competition_id: str, subject_id: str, **payload: Any) -> None:
        parse(kind, payload)  # as the log: no event without its typed message (gateway/event_payloads.py)
        self.events.append((kind, competition_id, subject_id, dict(payload)))

    def for_competition(self, competition_id: str) -> list[tuple[str, str]]:
        return [(kind, subject) for kind, competition, subject, _ in self.events if competition == competition_id]

    def after(self, cursor: int, limit: int = 1000, kinds: tuple[str, ...] = (), competition_id: str = "") -> list[Event]:
        found = [
            Event(i, kind, competition, subject, payload, datetime(2026, 1, 1, tzinfo=UTC))
            for i, (kind, competition, subject, payload) in enumerate(self.events, 1)
            if i > cursor and (not kinds or kind in kinds) and (not competition_id or competition == competition_id)
        ]
        return found[:limit]

    def last_id(self) -> int:
        return len(self.events)

    def listen(self) -> asyncio.Event:
        return asyncio.Event()

    def unlisten(self, signal: asyncio.Event) -> None:
        pass

    def close(self) -> None:
        self.closing = True

    def wake(self) -> None:
        pass

    closing = False

    def append_once(self, kind: str, competition_id: str, subject_id: str, once_key: str, **payload: Any) -> bool:
        if once_key in self.once_keys:
            return False  # the log's unique once_key
        self.once_keys[once_key] = len(self.events)
        self.append(kind, competition_id, subject_id, **payload)
        return True

    def with_once_key(self, once_key: str) -> list[tuple[str, str, dict]]:
        if once_key not in self.once_keys:
            return []
        kind, _, subject, payload = self.events[self.once_keys[once_key]]
        return [(kind, subject, payload)]


@dataclass
class _KeyRow:
    fingerprint: str
    created_at: datetime
    resource_id: str | None = None
    response: bytes | None = None
    completed_at: datetime | None = None


@dataclass
class FakeGatewayKeys:
    """``GatewayKeys`` in a dict (scope -> row), with the same claim / complete / release rules."""

    lease_seconds: float = LEASE_SECONDS
    rows: dict[str, _KeyRow] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def claim(self, key: RequestKey, now: datetime | None = None) -> Claim:
        now = now or datetime.now(UTC)
        with self._lock:
            row = self.rows.get(key.scope)
            if row is None:
                self.rows[key.scope] = _KeyRow(key.fingerprint, now)
                return Claim()
            if row.fingerprint != key.fingerprint:
                raise idempotency.key_reused()
            if row.completed_at is not None:
                return Claim(record=IdempotencyRecord(key.scope, row.fingerprint, row.resource_id, row.response, row.created_at))
            if now - row.created_at > timedelta(seconds=self.lease_seconds):
                row.created_at = now  # its holder is gone: this request takes the key over
                return Claim()
            return Claim(busy=True)

    def complete(self, key: RequestKey, resource_id: str | None, response: bytes, now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        with self._lock:
            row = self.rows.setdefault(key.scope, _KeyRow(key.fingerprint, now))
            row.resource_id, row.response, row.completed_at = resource_id, response, now

    def release(self, key: RequestKey) -> None:
        """Forget a claim still in progress (never a completed one)."""
        with self._lock:
            row = self.rows.get(key.scope)
            if row is not None and row.completed_at is None:
                del self.rows[key.scope]

    def snapshot(self) -> dict[str, _KeyRow]:
        with self._lock:
            return copy.deepcopy(self.rows)


def gateway_on_fakes(
    downstream: FakeDownstream | None = None, events: FakeEventLog | None = None, keys: FakeGatewayKeys | None = None
) -> tuple[GatewayService, FakeDownstream, FakeEventLog, FakeGatewayKeys]:
    """A ``GatewayService`` wired to the fakes (its seams: the downstream factory, the event log, the keys)."""
    downstream = downstream or FakeDownstream()
    events = events or FakeEventLog()
    keys = keys or FakeGatewayKeys()
    # the fakes are duck-typed stand-ins for the adapters (a test checks they have every public method)
    service = GatewayService(cast(Callable[[], Downstream], lambda: downstream), cast(EventLog, events), cast(GatewayKeys, keys))
    return service, downstream, events, keys


# ---- identity ------------------------------------------------------------------------------------

FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)  # argon2id, cheap: unit tier only
TOKEN_SECRET = "unit-tests-signing-key-of-32-bytes-at-least"


class MovableClock:
    """``now()`` a test moves (``advance``); starts at a fixed UTC instant."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)):
        self.now_value = start

    def __call__(self) -> datetime:
        return self.now_value

    def advance(self, **delta: float) -> None:
        self.now_value += timedelta(**delta)


def identity_on_fakes(
    clock: Callable[[], datetime] | None = None, **options: Any
) -> tuple[IdentityService, FakeUnitOfWork[FakeIdentityRepository]]:
    """The real identity use cases on the in-memory repository (a duck-typed ``IdentityRepository``)."""
    uow = FakeUnitOfWork(FakeIdentityRepository())
    options.setdefault("hasher", FAST_HASHER)
    options.setdefault("token_secret", TOKEN_SECRET)
    service = IdentityService(cast("UnitOfWork[IdentityRepository]", uow), clock or MovableClock(), **options)
    return service, uow


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


class GuardedGateway:
    """The gateway's guarded servicer on the fakes, called as a client would (``await`` hidden): every
    call passes the real guard, with the organizer's token unless another is given. One event loop
    lives as long as the gateway; what a call leaves running in the background finishes before the next."""

    ORGANIZER = "Organizer"

    def __init__(self, downstream: FakeDownstream | None = None, clock: MovableClock | None = None):
        self.service, self.downstream, self.events, self.keys = gateway_on_fakes(downstream)
        self.identity_clock = clock or MovableClock()
        self.identity, self.identity_uow = identity_on_fakes(self.identity_clock)
        self.scopes = ScopeService(
            cast("UnitOfWork[ScopeRepository]", FakeUnitOfWork(FakeScopeRepository())), self.identity, self.identity_clock
        )
        self.servicer = guarded(
            GatewayServicer(self.service, identity=self.identity, scopes=self.scopes), DESCRIPTOR, self.identity, self.scopes
        )
        self.loop = asyncio.new_event_loop()
        self.organizer_password = self.identity.create_first_organizer(self.ORGANIZER).password
        self.organizer_token = self.login(self.ORGANIZER, self.organizer_password)
        self._players: dict[str, str] = {}

    def run(self, coroutine: Any) -> Any:
        try:
            return self.loop.run_until_complete(coroutine)
        finally:
            if background := asyncio.all_tasks(self.loop):
                self.loop.run_until_complete(asyncio.gather(*background))

    def __call__(
        self, method: str, request: Any, deadline: float | None = None, token: str | None = None, metadata: Sequence = ()
    ) -> Any:
        """``method`` as the organizer (or as the holder of ``token``; "" = no token at all)."""
        token = self.organizer_token if token is None else token
        context = FakeContext(deadline, metadata=(*(bearer(token) if token else ()), *metadata))
        return self.run(getattr(self.servicer, method)(request, context))

    def login(self, name: str, password: str) -> str:
        return self(method="Login", request=identity_pb2.LoginRequest(name=name, password=password), token="").token

    def account(self, role: Any, name: str) -> tuple[str, str]:
        """A new account (``identity_pb2.ROLE_*``) made by the organizer: (account id, token)."""
        made = self("CreateAccount", identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=role)))
        token = made.service_token or self.login(name, made.password)
        return made.account.id, token

    def player(self, competition_id: str, player_id: str) -> str:
        """The token of a player account linked to ``player_id`` (made on first use)."""
        if player_id not in self._players:
            account_id, token = self.account(identity_pb2.ROLE_PLAYER, f"player {player_id}")
            self(
                "LinkPlayer",
                identity_pb2.LinkPlayerRequest(account_id=account_id, competition_id=competition_id, player_id=player_id),
            )
            self._players[player_id] = token
        return self._players[player_id]

    def close(self) -> None:
        self.loop.close()
