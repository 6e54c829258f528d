"""Wires the gateway: its event database, and channels to league/ and solver/.

In embedded mode (no RONDO_LEAGUE_ADDR / RONDO_SOLVER_ADDR) the gateway calls the services on its
own server's address, so both modes run the same code path; only addresses differ (DESIGN.md).
"""
from __future__ import annotations

from gateway.adapters.downstream import Downstream
from gateway.adapters.events import EventLog
from gateway.grpc_api import GatewayServicer
from gateway.service import MIGRATIONS, GatewayService
from rondo.gateway.v1 import gateway_pb2, gateway_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec
from rondo_runtime.wiring import stateful_spec

NAME = "gateway"


class LazyDownstream:
    """Opens the downstream channels on first use, inside the server's event loop (grpc.aio
    channels belong to the loop that creates them)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._downstream: Downstream | None = None

    def get(self) -> Downstream:
        if self._downstream is None:
            host = "127.0.0.1" if self.settings.host in ("", "0.0.0.0", "::", "[::]") else self.settings.host
            own = f"{host}:{self.settings.port}"
            self._downstream = Downstream(
                league_addr=self.settings.service_addr("league") or own,
                solver_addr=self.settings.service_addr("solver") or own,
                timeout_s=self.settings.downstream_timeout_seconds,
            )
        return self._downstream

    async def close(self) -> None:
        if self._downstream is not None:
            await self._downstream.close()


def spec(settings: Settings, downstream: LazyDownstream | None = None) -> ServiceSpec:
    downstream = downstream or LazyDownstream(settings)
    return stateful_spec(
        NAME, settings, MIGRATIONS,
        descriptor=gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"],
        add_to_server=gateway_pb2_grpc.add_GatewayServiceServicer_to_server,
        make_servicer=lambda engine: GatewayServicer(GatewayService(downstream.get, EventLog(engine))),
        on_stop=downstream.close,
    )
