"""Real servers for the end-to-end tier: `rondo up` (embedded) and `rondo serve X` x4 (distributed)."""
from __future__ import annotations

import contextlib

import grpc
import pytest

from gateway.demo import SERVICES, free_port, server_process
from rondo.gateway.v1 import gateway_pb2_grpc
from rondo_runtime.db import create_test_database, drop_database


class Deployment:
    def __init__(self, address: str, metrics_port: int, processes):
        self.address = address
        self.metrics_port = metrics_port
        self.processes = processes
        self.channel = grpc.insecure_channel(address)
        self.gateway = gateway_pb2_grpc.GatewayServiceStub(self.channel)


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    """`rondo up`: every service in one process on one port, SQLite in a fresh data directory."""
    port, metrics = free_port(), free_port()
    env = {
        "RONDO_PORT": str(port), "RONDO_METRICS_PORT": str(metrics),
        "RONDO_DATA_DIR": str(tmp_path_factory.mktemp("embedded")), "RONDO_LOG_LEVEL": "WARNING",
    }
    with server_process(["up"], env, f"127.0.0.1:{port}") as process:
        deployment = Deployment(f"127.0.0.1:{port}", metrics, [process])
        yield deployment
        deployment.channel.close()


@pytest.fixture(scope="module")
def pg_database_factory(pg_server_url):
    """Makes fresh PostgreSQL databases for this module's servers; drops them afterwards."""
    created: list[str] = []

    def make() -> str:
        created.append(create_test_database(pg_server_url))
        return created[-1]

    yield make
    for url in created:
        drop_database(url)


@pytest.fixture(scope="module")
def distributed(tmp_path_factory, pg_database_factory):
    """One process per service on its own port; league, booking and gateway each on its own
    PostgreSQL database, as in production."""
    ports = {name: free_port() for name in ("solver", "booking", "league", "gateway")}
    data_dir = tmp_path_factory.mktemp("distributed")
    base = {"RONDO_LOG_LEVEL": "WARNING", "RONDO_METRICS_PORT": "-1", "RONDO_DATA_DIR": str(data_dir)}
    urls = {name: pg_database_factory() for name in ("booking", "league", "gateway")}
    with contextlib.ExitStack() as stack:
        processes = []
        for name, port in ports.items():
            env = {**base, "RONDO_PORT": str(port)}
            if name in urls:
                env[f"RONDO_{name.upper()}_DATABASE_URL"] = urls[name]
            if name == "gateway":
                env["RONDO_LEAGUE_ADDR"] = f"127.0.0.1:{ports['league']}"
                env["RONDO_SOLVER_ADDR"] = f"127.0.0.1:{ports['solver']}"
                env["RONDO_BOOKING_ADDR"] = f"127.0.0.1:{ports['booking']}"
            service = next(s for s in SERVICES if f".{name}." in s)
            processes.append(stack.enter_context(server_process(["serve", name], env, f"127.0.0.1:{port}", (service,))))
        deployment = Deployment(f"127.0.0.1:{ports['gateway']}", 0, processes)
        yield deployment
        deployment.channel.close()
