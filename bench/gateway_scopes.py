"""What scoping an organizer costs per call (figures printed, never asserted; docs/rules.md
access.organizers.scoped): ``ScopeService.check`` as the guard calls it for every organizer RPC that
addresses a competition, on a real gateway database (SQLite in a temporary directory) — an organizer
(one indexed read of ``resource_access``) against the gateway's owner (no read: they act on everything).

    .venv/bin/python -m bench.gateway_scopes [--calls 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bench.gateway_auth import p50_p99
from gateway.adapters.scopes import ScopeRepository
from gateway.app import make_identity
from gateway.domain.identity import Principal, Role
from gateway.domain.scopes import Kind
from gateway.scope_service import ScopeService
from gateway.service import MIGRATIONS
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.transactions import SqlUnitOfWork


async def _timed(service: ScopeService, who: Principal, calls: int) -> list[float]:
    out = []
    for _ in range(calls):
        start = time.perf_counter()
        await service.check("WithdrawPlayer", who, {"competition_id": "bench"}, None)
        out.append(time.perf_counter() - start)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=5000)
    calls = parser.parse_args(argv).calls
    with tempfile.TemporaryDirectory() as directory:
        engine = make_engine(f"sqlite:///{Path(directory) / 'gateway.db'}")
        run_migrations(engine, MIGRATIONS)
        identity = make_identity(engine, Settings())
        root = identity.create_first_organizer("Bench owner").account
        owner = Principal(root.id, root.name, Role.ORGANIZER)
        made = identity.create_account(owner, "Bench organizer", Role.ORGANIZER).account
        organizer = Principal(made.id, made.name, Role.ORGANIZER)
        service = ScopeService(SqlUnitOfWork(engine, ScopeRepository), identity)
        service.record_owner(Kind.COMPETITION, "bench", organizer)
        asyncio.run(_timed(service, organizer, min(calls, 200)))  # warm up
        for label, who in (("an organizer (one read)", organizer), ("the gateway's owner", owner)):
            p50, p99 = p50_p99(asyncio.run(_timed(service, who, calls)))
            print(f"scope check, {label}: p50 {p50 * 1e6:.0f} us, p99 {p99 * 1e6:.0f} us ({calls} calls)")
        engine.dispose()


if __name__ == "__main__":
    main()
