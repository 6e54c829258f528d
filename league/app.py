"""Wires the league service: its database (migrated at start-up), repository and gRPC servicer.
The one place where the real engine meets the use cases."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine

from league.adapters.repository import LeagueRepository
from league.grpc_api import LeagueServicer
from league.service import MIGRATIONS, League
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo_runtime.capacity import MAX_MESSAGE_BYTES
from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec
from rondo_runtime.transactions import SqlUnitOfWork
from rondo_runtime.wiring import stateful_spec

NAME = "league"


def make_service(engine: Engine, clock: Callable[[], datetime] | None = None) -> League:
    """The league use cases on a real (migrated) database."""
    uow = SqlUnitOfWork(engine, LeagueRepository)
    return League(uow) if clock is None else League(uow, clock)


def spec(settings: Settings) -> ServiceSpec:
    return stateful_spec(
        NAME,
        settings,
        MIGRATIONS,
        descriptor=league_pb2.DESCRIPTOR.services_by_name["LeagueService"],
        add_to_server=league_pb2_grpc.add_LeagueServiceServicer_to_server,
        make_servicer=lambda engine: LeagueServicer(make_service(engine)),
        max_request_bytes=MAX_MESSAGE_BYTES,  # SaveDraw, SaveStage: whole draws from the gateway
    )
