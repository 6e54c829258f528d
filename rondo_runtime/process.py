"""Servers in their own processes, for the demo and the end-to-end tests: a free port, a wait for
SERVING on gRPC health, and a child process stopped with SIGTERM. Knows no service."""

from __future__ import annotations

import os
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


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


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
    command: list[str], env: dict[str, str], address: str, services: Iterable[str] = OVERALL
) -> Iterator[subprocess.Popen]:
    """``python <command>`` (e.g. ``["-m", "booking"]``) in its own process, with ``env`` on top of this
    process's environment; yields once ``services`` are SERVING at ``address``; stopped with SIGTERM on
    exit (its exit code is kept)."""
    process = subprocess.Popen([sys.executable, *command], env={**os.environ, **env})
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
