"""Waiting on an observable state instead of sleeping: a test that synchronises with ``sleep`` fails on
a machine faster or slower than the one it was written on."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import grpc

from rondo_runtime.failpoints import held_marker

POLL_S = 0.01
T = TypeVar("T")


def eventually(condition: Callable[[], object], timeout_s: float = 60.0) -> bool:
    """True once ``condition()`` is true; False if it never was within ``timeout_s``."""
    end = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() >= end:
            return False
        time.sleep(POLL_S)
    return True


def wait_until(condition: Callable[[], object], what: str, timeout_s: float = 60.0) -> None:
    """Return once ``condition()`` is true; fail naming ``what`` after ``timeout_s``."""
    assert eventually(condition, timeout_s), f"{what}: not within {timeout_s:g} s"


def answered(call: Callable[[], T], retry: Callable[[grpc.RpcError], bool], what: str, timeout_s: float = 60.0) -> T:
    """``call()``'s answer, asked again while it is refused with an error ``retry`` accepts (a service
    restarting, a delay the server imposes): the test waits for the answer, not for a guessed time. Any
    other error is raised at once; still refused after ``timeout_s``: the last refusal is raised."""
    answers: list[T] = []
    refusals: list[grpc.RpcError] = []

    def asked() -> bool:
        try:
            answers.append(call())
            return True
        except grpc.RpcError as error:
            if not retry(error):
                raise
            refusals.append(error)
            return False

    if not eventually(asked, timeout_s):
        raise refusals[-1] if refusals else AssertionError(f"{what}: no answer within {timeout_s:g} s")
    return answers[0]


def refused_with(*codes: grpc.StatusCode) -> Callable[[grpc.RpcError], bool]:
    """A ``retry`` for :func:`answered`: the refusals with one of ``codes``."""
    return lambda error: error.code() in codes


def hold(name: str, gate: Path) -> str:
    """Closes ``gate`` (creates the file) and returns the ``RONDO_FAILPOINTS`` value that holds threads at
    fail point ``name`` until the test deletes it; see :func:`held`."""
    gate.touch()
    return f"{name}=hold:{gate}"


def held(gate: Path, timeout_s: float = 60.0) -> int:
    """Wait until a thread is held at ``gate``; its process id."""
    marker = held_marker(gate)
    wait_until(marker.exists, f"a call reached the fail point held by {gate.name}", timeout_s)
    return int(marker.read_text())


def started_calls(service: str, method: str) -> float:
    """How many calls of ``service``/``method`` a server of this process has started (its gRPC metrics):
    a test waits for a call to be in a server, not for a guessed time."""
    from prometheus_client import REGISTRY

    labels = {"grpc_type": "unary", "grpc_service": service, "grpc_method": method}
    return REGISTRY.get_sample_value("grpc_server_started_total", labels) or 0.0
