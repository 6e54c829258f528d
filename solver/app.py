"""Wires the solver: stateless (no database), so it is ready while its process pool has a live worker
(pool size, queue and worker memory from ``Settings``: ``RONDO_SOLVER_*``)."""

from __future__ import annotations

from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime.capacity import MAX_MESSAGE_BYTES
from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec
from solver.grpc_api import SolverServicer
from solver.service import SolverService

NAME = "solver"


def spec(settings: Settings) -> ServiceSpec:
    service = SolverService.from_settings(settings)
    servicer = SolverServicer(service)

    return ServiceSpec(
        name=NAME,
        service_names=(solver_pb2.DESCRIPTOR.services_by_name["SolverService"].full_name,),
        register=lambda server: solver_pb2_grpc.add_SolverServiceServicer_to_server(servicer, server),
        readiness=service.ready,
        on_stop=service.stop,
        max_request_bytes=MAX_MESSAGE_BYTES,  # DrawTables: whole draws (fixed rounds, history) from league
    )
