"""The one list of Rondo's services. ``rondo up`` runs them in this order in one process, ``rondo serve
NAME`` runs one, the demo and the end-to-end tests wait for their health; nothing else lists them.

A new service is one more entry here, plus its package (``<name>/app.py`` with ``spec(settings)``,
``<name>/__main__.py``, its contract in ``proto/rondo/<name>/v1/``) and its deploy files.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass

from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec


@dataclass(frozen=True)
class Service:
    name: str
    """What ``rondo serve`` takes, the ``RONDO_<NAME>_*`` variables use and ``python -m`` runs."""
    grpc_service: str
    """Full proto name of its gRPC service, as gRPC health reports it."""
    database: bool = True
    """Owns a database (``RONDO_<NAME>_DATABASE_URL``, else ``<data dir>/<name>.db``)."""
    public: bool = False
    """Reachable from outside. Only the gateway is: every other service is internal — in ``rondo up`` it
    listens on 127.0.0.1 only (``RONDO_INTERNAL_PORT``), served alone it answers only calls carrying
    ``RONDO_INTERNAL_TOKEN`` (``rondo_runtime.server``)."""

    @property
    def internal(self) -> bool:
        return not self.public

    @property
    def app_module(self) -> str:
        return f"{self.name}.app"

    def spec(self, settings: Settings) -> ServiceSpec:
        """``<name>.app.spec(settings)``, imported only when the service is run (the solver's import
        brings OR-Tools; `rondo draw` should not wait for the gateway's), public or internal as this
        entry says."""
        spec = importlib.import_module(self.app_module).spec(settings)
        return dataclasses.replace(spec, internal=self.internal)


SERVICES: tuple[Service, ...] = (
    Service("solver", "rondo.solver.v1.SolverService", database=False),
    Service("booking", "rondo.booking.v1.BookingService"),
    Service("league", "rondo.league.v1.LeagueService"),
    Service("gateway", "rondo.gateway.v1.GatewayService", public=True),
)

NAMES: tuple[str, ...] = tuple(s.name for s in SERVICES)
GRPC_SERVICES: tuple[str, ...] = tuple(s.grpc_service for s in SERVICES)
PUBLIC_GRPC_SERVICES: tuple[str, ...] = tuple(s.grpc_service for s in SERVICES if s.public)
INTERNAL_GRPC_SERVICES: tuple[str, ...] = tuple(s.grpc_service for s in SERVICES if s.internal)


def service(name: str) -> Service:
    for entry in SERVICES:
        if entry.name == name:
            return entry
    raise KeyError(f"no service named {name!r}; the services are {', '.join(NAMES)}")
