"""A throw-away PostgreSQL server of its own, for what must never happen to the shared one: restarting
it under load (``bench.season_load --private-postgres --restart-postgres``, tests/faults/
test_postgres_restart.py).

:func:`private_postgres` runs ``initdb`` (from ``PATH``, else the newest ``/usr/lib/postgresql/*/bin``)
into a temporary directory, starts the server with ``pg_ctl`` on a free port of 127.0.0.1 with trust
authentication and its socket in that directory, and at the end stops it (``-m immediate``) and removes
the directory. PostgreSQL refuses to run as root: as root, every command runs as the ``postgres``
account (``runuser``) and the directory is given to it.

    with private_postgres() as server:
        server.url          # postgresql://postgres@127.0.0.1:PORT/postgres
        server.restart()    # pg_ctl restart -m fast: every connection dropped, the data kept
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ACCOUNT = "postgres"  # the server's own account when run by root (the Debian packages make it)
MAX_CONNECTIONS = 300  # replicas x pools x services of a season benchmark
START_SECONDS = 60


def postgres_bin() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl``: the one on ``PATH``, else the newest
    ``/usr/lib/postgresql/<version>/bin``; None when there is none."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(versions[-1]).parent if versions else None


def _as_server_account() -> list[str]:
    """The prefix that runs a command as the server's account: none unless this process is root."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("PostgreSQL does not run as root and runuser is missing")
    return [runuser, "-u", ACCOUNT, "--"]


@dataclass(frozen=True)
class PrivatePostgres:
    """A running private server: its URL, and pg_ctl on its data directory."""

    bin: Path
    directory: Path
    port: int
    prefix: tuple[str, ...]

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.directory / "data"

    def pg_ctl(self, *args: str) -> list[str]:
        """The command line of ``pg_ctl ARGS`` on this server's data directory (as its account)."""
        return [*self.prefix, str(self.bin / "pg_ctl"), "-D", str(self.data), *args]

    @property
    def log(self) -> Path:
        return self.directory / "server.log"

    def restart_command(self) -> str:
        """``pg_ctl restart -m fast`` as one shell command (``bench.season_load --restart-postgres``)."""
        return shlex.join(self.pg_ctl("restart", "-m", "fast", "-w", "-t", str(START_SECONDS), "-l", str(self.log)))

    def restart(self) -> None:
        """Fast shutdown (every session ended, a checkpoint written), then started again, same port."""
        subprocess.run(shlex.split(self.restart_command()), check=True, capture_output=True)

    def stop(self) -> None:
        subprocess.run(self.pg_ctl("stop", "-m", "fast", "-w", "-t", str(START_SECONDS)), check=True, capture_output=True)

    def start(self) -> None:
        subprocess.run(self.pg_ctl("start", "-w", "-t", str(START_SECONDS), "-l", str(self.log)), check=True, capture_output=True)


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    """A fresh server on a free port of 127.0.0.1 (module docstring); stopped and removed afterwards."""
    from rondo_runtime.process import free_port

    bin_dir = postgres_bin()
    if bin_dir is None:
        raise RuntimeError("initdb not found (PATH, /usr/lib/postgresql/*/bin): install the PostgreSQL server")
    prefix = tuple(_as_server_account())
    directory = Path(tempfile.mkdtemp(prefix="rondo-private-pg-"))
    try:
        if prefix:
            account = pwd.getpwnam(ACCOUNT)
            os.chown(directory, account.pw_uid, account.pw_gid)
        server = PrivatePostgres(bin_dir, directory, free_port(), prefix)
        initdb = [*prefix, str(bin_dir / "initdb"), "-D", str(server.data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        subprocess.run([*initdb, "--no-sync", "--locale=C"], check=True, capture_output=True)
        with (server.data / "postgresql.conf").open("a") as conf:  # read again by every start and restart
            conf.write(
                f"port = {server.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{directory}'\n"
                f"max_connections = {MAX_CONNECTIONS}\n"
            )
        server.start()
        try:
            yield server
        finally:
            subprocess.run(server.pg_ctl("stop", "-m", "immediate", "-w"), capture_output=True)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
