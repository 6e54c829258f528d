"""Wires the league service: its database (migrated at start-up) and its gRPC servicer."""
from __future__ import annotations

from league.grpc_api import LeagueServicer
from league.service import MIGRATIONS, LeagueService
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec
from rondo_runtime.wiring import stateful_spec

NAME = "league"


def spec(settings: Settings) -> ServiceSpec:
    return stateful_spec(
        NAME, settings, MIGRATIONS,
        descriptor=league_pb2.DESCRIPTOR.services_by_name["LeagueService"],
        add_to_server=league_pb2_grpc.add_LeagueServiceServicer_to_server,
        make_servicer=lambda engine: LeagueServicer(LeagueService(engine)),
    )
