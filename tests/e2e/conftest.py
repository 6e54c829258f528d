"""Real servers for the end-to-end tier: `rondo up` (embedded) and `rondo serve X` x4 (distributed).

Only the gateway is public: in embedded mode the internal services listen on their own loopback port
(``internal_channel``); in distributed mode they answer only calls carrying the internal token. Every
gateway call needs a token: each deployment makes its first organizer on the gateway's database (as
`rondo admin create-organizer` does), and ``channel`` / ``gateway`` carry that organizer's token;
``accounts`` makes players (linked to league players), judges and bots (``tests/accounts.py``).
Before a deployment stops, every event its module's flows appended is checked typed
(``check_every_event_typed``)."""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from rondo.gateway.v1 import gateway_pb2_grpc
from rondo_app.demo import rondo_process
from rondo_app.registry import SERVICES
from rondo_runtime.config import Settings
from rondo_runtime.internal_auth import internal_channel
from rondo_runtime.process import free_port
from tests.accounts import ORGANIZER, Accounts
from tests.databases import create_test_database, drop_database
from tests.typed_events import check_typed, every_event


class Deployment:
    def __init__(
        self,
        address: str,
        metrics_port: int,
        processes,
        internal_address: str | None = None,
        databases: dict[str, str] | None = None,
        calendar_port: int = 0,
        internal_token: str | None = None,
        organizer: str = ORGANIZER,
    ):
        self.address = address
        self.calendar_port = calendar_port
        """The gateway's calendar feeds over HTTP (``RONDO_CALENDAR_PORT``) on 127.0.0.1."""
        self.databases = databases or {}
        """Each service's database URL (the gateway's event log: ``databases["gateway"]``)."""
        self.gateway_database_url = self.databases.get("gateway", "")
        """The gateway's own database (its event log), for tests that read the events it appended."""
        self.metrics_port = metrics_port
        self.processes = processes
        self.raw_channel = grpc.insecure_channel(address)
        """The gateway without a token."""
        self.accounts = Accounts(self.raw_channel, Settings(database_urls={"gateway": self.gateway_database_url}), organizer)
        self.channel = self.accounts.channel
        """The gateway with the organizer's token."""
        self.gateway = gateway_pb2_grpc.GatewayServiceStub(self.channel)
        self.internal_address = internal_address
        """Embedded mode: the internal services' server (127.0.0.1 only)."""
        self.internal_channel = internal_channel(internal_address, internal_token) if internal_address else None
        """...with the internal token (the internal port refuses calls without it in every mode)."""

    def close(self) -> None:
        self.raw_channel.close()
        if self.internal_channel is not None:
            self.internal_channel.close()


def check_every_event_typed(deployment: Deployment) -> None:
    """After a module's flows: every event they made the gateway append reads typed and equal to its
    Struct payload, over ListEvents (tests/typed_events.py; docs/api/events.md)."""
    for event in every_event(deployment.gateway):
        check_typed(event)


START_ATTEMPTS = 3  # `rondo up` started again when a drawn port was taken meanwhile


@contextlib.contextmanager
def embedded_up(data_dir: Path, organizer: str = ORGANIZER, **extra_env: str) -> Iterator[Deployment]:
    """`rondo up`: every service in one process, SQLite in ``data_dir``; the gateway on the public port,
    the internal services on a loopback port; reflection on (a test lists it); ``extra_env`` on top (the
    browser tier's web app: ``RONDO_WEB_PORT``). ``organizer``: the organizer account made on start (a
    second `rondo up` on the same ``data_dir`` needs another name)."""
    for attempt in range(1, START_ATTEMPTS + 1):
        port, internal, metrics, calendar = free_port(), free_port(), free_port(), free_port()
        env = {
            "RONDO_PORT": str(port),
            "RONDO_CALENDAR_PORT": str(calendar),
            "RONDO_INTERNAL_PORT": str(internal),
            "RONDO_REFLECTION": "1",
            "RONDO_METRICS_PORT": str(metrics),
            "RONDO_DATA_DIR": str(data_dir),
            "RONDO_LOG_LEVEL": "WARNING",
            "RONDO_REMINDER_INTERVAL_SECONDS": "1",  # the gateway publishes the reminders due every second
            "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(24),  # so the tests can dial the internal port too
            **extra_env,
        }
        stack = contextlib.ExitStack()
        try:
            process = stack.enter_context(rondo_process(["up"], env, f"127.0.0.1:{port}"))
        except RuntimeError as error:
            # A port free when drawn can be taken by another test process before `rondo up` binds it
            # (it then exits before SERVING): start again on other ports, in a fresh data directory.
            if attempt == START_ATTEMPTS or "before it was SERVING" not in str(error):
                raise
            data_dir = data_dir / f"start-{attempt + 1}"
            continue
        break
    databases = {s.name: f"sqlite:///{Path(env['RONDO_DATA_DIR']).resolve() / s.name}.db" for s in SERVICES if s.database}
    with stack:
        deployment = Deployment(
            f"127.0.0.1:{port}",
            metrics,
            [process],
            internal_address=f"127.0.0.1:{internal}",
            databases=databases,
            calendar_port=calendar,
            internal_token=env["RONDO_INTERNAL_TOKEN"],
            organizer=organizer,
        )
        yield deployment
        check_every_event_typed(deployment)
        deployment.close()


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    """`rondo up` in a fresh data directory (:func:`embedded_up`), for the module's tests."""
    with embedded_up(tmp_path_factory.mktemp("embedded")) as deployment:
        yield deployment


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
    """One process per service of the registry on its own port; each service that owns a database on
    its own PostgreSQL database, as in production; every service told every other's address and the
    internal token (the internal services refuse calls without it)."""
    ports = {s.name: free_port() for s in SERVICES}
    calendar = free_port()
    data_dir = tmp_path_factory.mktemp("distributed")
    base = {
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_METRICS_PORT": "-1",
        "RONDO_CALENDAR_PORT": str(calendar),  # only the gateway serves it
        "RONDO_DATA_DIR": str(data_dir),
        "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(24),
        "RONDO_REMINDER_INTERVAL_SECONDS": "1",
    }
    urls = {s.name: pg_database_factory() for s in SERVICES if s.database}
    addresses = {f"RONDO_{name.upper()}_ADDR": f"127.0.0.1:{port}" for name, port in ports.items()}
    with contextlib.ExitStack() as stack:
        processes = []
        for s in SERVICES:
            port = ports[s.name]
            env = {**base, **addresses, "RONDO_PORT": str(port)}
            if s.name in urls:
                env[f"RONDO_{s.name.upper()}_DATABASE_URL"] = urls[s.name]
            processes.append(stack.enter_context(rondo_process(["serve", s.name], env, f"127.0.0.1:{port}", (s.grpc_service,))))
        deployment = Deployment(f"127.0.0.1:{ports['gateway']}", 0, processes, databases=urls, calendar_port=calendar)
        yield deployment
        check_every_event_typed(deployment)
        deployment.close()


# ---- the organizer CLI in this process (typer's CliRunner) against the embedded gateway


@pytest.fixture(scope="module")
def config_dir(tmp_path_factory) -> Path:
    """A fresh directory for the CLI's stored logins (``RONDO_CONFIG_DIR``)."""
    return tmp_path_factory.mktemp("rondo-config")


@pytest.fixture(scope="module")
def rondo(embedded, config_dir):
    """``rondo(*args, extra_env=..., input=...)``: the CLI in this process against the embedded gateway, its
    config in a fresh directory, no token or password from the environment; logged in as the organizer once."""
    from typer.testing import CliRunner

    from rondo_app.cli import app

    env = {"RONDO_GATEWAY": embedded.address, "RONDO_CONFIG_DIR": str(config_dir), "RONDO_TOKEN": None, "RONDO_PASSWORD": None}
    runner = CliRunner()

    def invoke(*args: str, extra_env: dict[str, str | None] | None = None, input: str | None = None):
        return runner.invoke(app, list(args), env={**env, **(extra_env or {})}, input=input)

    accounts = embedded.accounts
    done = invoke("login", accounts.organizer_name, "--password", accounts.organizer_password)
    assert done.exit_code == 0, done.output
    return invoke


def out_json(result) -> dict:
    """A CLI answer's ``--json``, once the command succeeded."""
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)
