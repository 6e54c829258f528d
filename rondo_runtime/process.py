"""Servers in their own processes, for the demo and the end-to-end tests: a free port, a wait for
SERVING on gRPC health, and a child process stopped with SIGTERM. Knows no service."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

OVERALL = ("",)  # the health service's overall status: every service of the process SERVING


# Ports are handed out below the kernel's ephemeral range (32768-60999 on Linux): a port the kernel
# picked for ``bind(0)`` can be taken by any outgoing connection before the server that was told it
# binds it, which is how a distributed test once failed to start ("Failed to bind to address").
_PORT_RANGE = (20000, 32767)
_handed_out: set[int] = set()
_random = random.Random(int.from_bytes(os.urandom(8), "big"))


def free_port(host: str = "127.0.0.1") -> int:
    """A port on ``host`` that is free now, outside the ephemeral range and never handed out twice by
    this process (parallel test workers draw at random, so they rarely meet)."""
    for _ in range(1000):
        port = _random.randint(*_PORT_RANGE)
        if port in _handed_out:
            continue
        with socket.socket() as s:
            try:
                s.bind((host, port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise OSError(f"no free port on {host} in {_PORT_RANGE[0]}-{_PORT_RANGE[1]}")


def wait_serving(
    address: str, services: Iterable[str] = OVERALL, timeout_s: float = 60.0, process: subprocess.Popen | None = None
) -> None:
    """Blocks until gRPC health answers SERVING for each of ``services`` (full proto names); gives up at
    once when ``process`` (the server's) has exited."""
    deadline = time.monotonic() + timeout_s
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        pending = list(services)
        while pending:
            try:
                status = stub.Check(health_pb2.HealthCheckRequest(service=pending[0]), timeout=1).status
                if status == health_pb2.HealthCheckResponse.SERVING:
                    pending.pop(0)
                    continue
            except grpc.RpcError:
                pass
            if process is not None and process.poll() is not None:
                raise RuntimeError(f"the server for {address} exited with code {process.returncode} before it was SERVING")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{pending[0] or 'the server'} at {address} is not SERVING after {timeout_s:g} s")
            time.sleep(0.2)


@contextmanager
def server_process(
    command: list[str], env: dict[str, str], address: str, services: Iterable[str] = OVERALL, cwd: str | None = None
) -> Iterator[subprocess.Popen]:
    """``python <command>`` (e.g. ``["-m", "booking"]``) in its own process, with ``env`` on top of this
    process's environment (and in ``cwd`` when given); yields once ``services`` are SERVING at ``address``;
    stopped with SIGTERM on exit (its exit code is kept)."""
    process = subprocess.Popen([sys.executable, *command], env={**os.environ, **env}, cwd=cwd)
    try:
        wait_serving(address, services, process=process)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
