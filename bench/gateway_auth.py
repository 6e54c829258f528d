"""What a token check costs per call (figures printed, never asserted): the guard's authentication as
every gateway RPC pays it, on a real gateway database (SQLite in a temporary directory).

1. in-process, ``IdentityService.authenticate``: a token seen before with its account cached (what
   almost every call pays), a token seen for the first time (the HS256 signature verified by pyjwt),
   and an account read from the database (every RONDO_AUTH_CACHE_SECONDS per account and replica);
2. over gRPC on 127.0.0.1 (the gateway alone): a call the guard refuses after checking a valid token
   (a bot calling CreateCompetition: authentication + matrix, no downstream) against one refused for
   having no token — the difference is the token check as a client sees it;
3. a bot acting for a linked player (``x-rondo-telegram-user``, ``IdentityService.act_for`` after the
   bot's own token check): the link and the player's account cached, and both read from the database;
4. argon2id with the defaults: what one Login costs the server (hash at account creation, verify at
   login), to compare.

    .venv/bin/python -m bench.gateway_auth [--calls 20000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


def p50_p99(seconds: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile of ``seconds`` (not empty)."""
    ordered = sorted(seconds)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _summary(label: str, seconds: list[float]) -> str:
    p50, p99 = p50_p99(seconds)
    return f"  {label:<58} p50 {p50 * 1e6:9.1f} us   p99 {p99 * 1e6:9.1f} us   mean {statistics.fmean(seconds) * 1e6:9.1f} us"


def _timed(n: int, call: Callable[[], object]) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


@dataclass(frozen=True)
class InProcess:
    """Seconds per ``IdentityService.authenticate``, one list per case (``bench_in_process`` prints
    them; the load benchmark sets them against its round trips)."""

    hot: list[float]
    """token seen before, account cached: what almost every call pays"""
    signature: list[float]
    """token seen for the first time: the HS256 signature checked"""
    database: list[float]
    """the account read from the database (cache expired)"""


def measure_in_process(data_dir: Path, calls: int) -> InProcess:
    """The guard's token check in this process, on a fresh gateway database (SQLite) in ``data_dir``:
    ``calls`` of the common case, a tenth as many first sights, a fiftieth as many database reads."""
    from gateway.app import make_identity
    from gateway.service import MIGRATIONS
    from rondo_runtime.config import Settings
    from rondo_runtime.db import make_engine, run_migrations

    engine = make_engine(f"sqlite:///{data_dir / 'gateway.db'}")
    run_migrations(engine, MIGRATIONS)
    identity = make_identity(engine, Settings())
    password = identity.create_first_organizer("Bench").password
    attempt = identity.attempt_login("Bench", password, "ipv4:127.0.0.1:1")
    assert attempt.result is not None
    login = attempt.result
    metadata = [("authorization", f"Bearer {login.token}")]

    async def timed(n: int, before: Callable[[], object] = lambda: None) -> list[float]:
        out = []
        for _ in range(n):
            before()
            start = time.perf_counter()
            await identity.authenticate(metadata)
            out.append(time.perf_counter() - start)
        return out

    def forget_signature() -> None:
        identity._verified.clear()  # the signature is checked again

    async def run() -> tuple[list[float], list[float], list[float]]:
        await identity.authenticate(metadata)
        hot = await timed(calls)
        signature = await timed(max(100, calls // 10), forget_signature)
        identity.cache.ttl = 0  # every call reads the account from the database
        identity.cache.invalidate(login.account.id)
        return hot, signature, await timed(max(50, calls // 50))

    hot, signature, database = asyncio.run(run())
    engine.dispose()
    return InProcess(hot, signature, database)


def bench_in_process(data_dir: Path, calls: int) -> list[str]:
    measured = measure_in_process(data_dir, calls)
    return [
        "== in-process IdentityService.authenticate (SQLite)",
        _summary("token seen before, account cached (the common case)", measured.hot),
        _summary("token seen for the first time: HS256 signature checked", measured.signature),
        _summary("account read from the database (cache expired)", measured.database),
    ]


def measure_delegation(data_dir: Path, calls: int) -> tuple[list[float], list[float]]:
    """Seconds per ``IdentityService.act_for`` (what a bot's call for a linked player adds to its own
    token check): ``calls`` with the link and the account cached, a fiftieth as many reading both."""
    from gateway.app import make_identity
    from gateway.domain.identity import Principal, Role
    from gateway.service import MIGRATIONS
    from rondo_runtime.config import Settings
    from rondo_runtime.db import make_engine, run_migrations

    engine = make_engine(f"sqlite:///{data_dir / 'delegation.db'}")
    run_migrations(engine, MIGRATIONS)
    identity = make_identity(engine, Settings())
    organizer = Principal("bench", "Bench", Role.ORGANIZER)
    player = identity.create_account(organizer, "Bench player", Role.PLAYER).account
    bot = identity.create_account(organizer, "Bench bot", Role.BOT).account
    code = identity.create_link_code(Principal(player.id, player.name, Role.PLAYER)).code
    identity.link_telegram(code, 4242, 4242, "en")
    acting = Principal(bot.id, bot.name, Role.BOT)

    async def timed(n: int) -> list[float]:
        out = []
        for _ in range(n):
            start = time.perf_counter()
            await identity.act_for(acting, 4242)
            out.append(time.perf_counter() - start)
        return out

    async def run() -> tuple[list[float], list[float]]:
        await identity.act_for(acting, 4242)
        hot = await timed(calls)
        identity.cache.ttl = identity.telegram_cache.ttl = 0  # every call reads the link and the account
        identity.cache.invalidate(player.id)
        identity.telegram_cache.invalidate("4242")
        return hot, await timed(max(50, calls // 50))

    hot, database = asyncio.run(run())
    engine.dispose()
    return hot, database


def bench_delegation(data_dir: Path, calls: int) -> list[str]:
    hot, database = measure_delegation(data_dir, calls)
    return [
        "== in-process IdentityService.act_for: a bot's call for a linked player, on top of its token check",
        _summary("link and account cached (the common case)", hot),
        _summary("link and account read from the database (cache expired)", database),
    ]


def refused_round_trips(channel, token: str, n: int) -> tuple[list[float], list[float]]:
    """Seconds of ``n`` CreateCompetition calls carrying ``token`` (of a role the matrix refuses it to:
    authentication + matrix, nothing downstream) and of ``n`` without a token (UNAUTHENTICATED at once),
    alternated after a warm-up so that a busy machine weighs on both alike."""
    import grpc

    from rondo.gateway.v1 import competitions_pb2, gateway_pb2_grpc
    from rondo_runtime.bearer import with_bearer

    request = competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="never made"))

    def refused(stub) -> Callable[[], None]:
        def call() -> None:
            try:
                stub.CreateCompetition(request, timeout=10)
            except grpc.RpcError:
                pass

        return call

    with_token = refused(gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token)))
    without = refused(gateway_pb2_grpc.GatewayServiceStub(channel))
    for _ in range(3):
        with_token()
        without()
    timed_with: list[float] = []
    timed_without: list[float] = []
    for _ in range(n):
        timed_with += _timed(1, with_token)
        timed_without += _timed(1, without)
    return timed_with, timed_without


def bench_grpc(data_dir: Path, calls: int) -> list[str]:
    import grpc

    from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
    from rondo_runtime.bearer import create_organizer, with_bearer
    from rondo_runtime.process import free_port, server_process

    port = free_port()
    address = f"127.0.0.1:{port}"
    env = {"RONDO_PORT": str(port), "RONDO_METRICS_PORT": "-1", "RONDO_DATA_DIR": str(data_dir / "grpc")}
    env["RONDO_LOG_LEVEL"] = "ERROR"
    with server_process(["-m", "gateway"], env, address), grpc.insecure_channel(address) as channel:
        password = create_organizer("Bench", env)
        anonymous = gateway_pb2_grpc.GatewayServiceStub(channel)
        token = anonymous.Login(identity_pb2.LoginRequest(name="Bench", password=password), timeout=30).token
        organizer = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))
        bot_token = organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Bench bot", role=identity_pb2.ROLE_BOT)),
            timeout=30,
        ).service_token
        n = max(200, calls // 20)
        with_token, without = refused_round_trips(channel, bot_token, n)
        player_token = _linked_player(organizer, anonymous, bot_token, channel)
        direct, delegated = whoami_round_trips(channel, player_token, bot_token, n)
    return [
        "== over gRPC on 127.0.0.1, the gateway alone (a round trip each)",
        _summary("valid token checked, then PERMISSION_DENIED (a bot)", with_token),
        _summary("no token: UNAUTHENTICATED at once", without),
        f"  token check as a client sees it (difference of the medians): "
        f"{(sorted(with_token)[n // 2] - sorted(without)[n // 2]) * 1e6:.1f} us",
        _summary("WhoAmI with the player's own token", direct),
        _summary("WhoAmI by the bot for its linked player (delegated)", delegated),
    ]


BENCH_TELEGRAM_USER = 4242


def _linked_player(organizer, anonymous, bot_token: str, channel) -> str:
    """A player account linked to the Telegram user ``BENCH_TELEGRAM_USER`` by the bot; its login token."""
    from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
    from rondo_runtime.bearer import with_bearer

    made = organizer.CreateAccount(
        identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Bench player", role=identity_pb2.ROLE_PLAYER)),
        timeout=30,
    )
    token = anonymous.Login(identity_pb2.LoginRequest(name="Bench player", password=made.password), timeout=30).token
    player = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))
    code = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=30).code
    bot = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, bot_token))
    user = BENCH_TELEGRAM_USER
    bot.LinkTelegram(identity_pb2.LinkTelegramRequest(code=code, telegram_user_id=user, chat_id=user), timeout=30)
    return token


def whoami_round_trips(channel, player_token: str, bot_token: str, n: int) -> tuple[list[float], list[float]]:
    """Seconds of ``n`` WhoAmI with the player's token and ``n`` by the bot for that player, alternated
    after a warm-up: the difference is what acting for a linked player costs a client."""
    from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
    from rondo_runtime.bearer import with_bearer

    request = identity_pb2.WhoAmIRequest()
    player = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, player_token))
    bot = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, bot_token))
    metadata = (("x-rondo-telegram-user", str(BENCH_TELEGRAM_USER)),)

    def direct() -> None:
        player.WhoAmI(request, timeout=10)

    def delegated() -> None:
        bot.WhoAmI(request, metadata=metadata, timeout=10)

    for _ in range(3):
        direct()
        delegated()
    timed_direct: list[float] = []
    timed_delegated: list[float] = []
    for _ in range(n):
        timed_direct += _timed(1, direct)
        timed_delegated += _timed(1, delegated)
    return timed_direct, timed_delegated


def bench_argon2() -> list[str]:
    from argon2 import PasswordHasher

    hasher = PasswordHasher()
    hashes = _timed(5, lambda: hasher.hash("k7mq3-xrt2a-bench-passw"))
    stored = hasher.hash("k7mq3-xrt2a-bench-passw")
    verifies = _timed(5, lambda: hasher.verify(stored, "k7mq3-xrt2a-bench-passw"))
    return [
        f"== argon2id (t={hasher.time_cost}, m={hasher.memory_cost} KiB, p={hasher.parallelism}): once per Login, never per call",
        _summary("hash (CreateAccount, ResetPassword)", hashes),
        _summary("verify (Login)", verifies),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gateway_auth", description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20000, help="in-process checks of the common case")
    parser.add_argument("--no-grpc", action="store_true", help="skip the gRPC part (no server process)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rondo-bench-auth-") as tmp:
        lines = bench_in_process(Path(tmp), args.calls)
        lines += bench_delegation(Path(tmp), args.calls)
        if not args.no_grpc:
            lines += bench_grpc(Path(tmp), args.calls)
        lines += bench_argon2()
    for line in lines:
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
