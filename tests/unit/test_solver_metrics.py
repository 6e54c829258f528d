"""The solver's counters exist from its start, for every status: a series created by its first increment
has no earlier sample, so ``increase()`` and ``rate()`` miss that first failure (the alert
RondoSolverNoDrawInTime on ``rondo_solver_solves_total{status="UNKNOWN"}``; deploy/prometheus/alerts.test.yml
shows both cases)."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from solver.domain.draw.problem import SolveStatus
from solver.service import SolverService

pytestmark = pytest.mark.unit


def test_every_solve_status_is_exported_from_the_start():
    SolverService(workers=1, queue_limit=0)  # builds the pool; no worker process starts until first use
    for metric in ("rondo_solver_solves_total", "rondo_solver_schedule_solves_total"):
        for status in SolveStatus:
            value = REGISTRY.get_sample_value(metric, {"status": status.value})
            assert value is not None, f"{metric}{{status={status.value!r}}} is not exported before the first solve"
    assert REGISTRY.get_sample_value("rondo_solver_solves_total", {"status": "UNKNOWN"}) is not None
    assert REGISTRY.get_sample_value("rondo_solver_worker_restarts_total") is not None
