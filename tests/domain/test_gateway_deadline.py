"""The gateway propagates deadlines: each downstream call gets what is left of the incoming one
(docs/architecture.md, "Deadlines propagate")."""

from __future__ import annotations

import pytest

from gateway.domain.deadline import MIN_TIMEOUT_SECONDS, Deadline

pytestmark = pytest.mark.domain


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_every_call_gets_what_is_left_of_one_deadline():
    clock = FakeClock()
    deadline = Deadline(10.0, clock)
    assert deadline.timeout() == 10.0
    clock.now += 4
    assert deadline.timeout(without_deadline=600) == 6.0  # the request's budget never extends a deadline
    clock.now += 7
    assert deadline.timeout() == MIN_TIMEOUT_SECONDS  # expired: the call fails at once, naming the service


def test_without_an_incoming_deadline_the_configured_timeout_applies():
    deadline = Deadline(None, FakeClock())
    assert deadline.timeout() is None  # the downstream's configured timeout
    assert deadline.timeout(without_deadline=65.0) == 65.0
