"""`rondo draw --verify` re-runs a draw by its recorded work units (docs/rules.md ``draw.seed.reproducible``,
``draw.trust.seed-commitment``): a draw made at one machine's rate verifies wherever it is checked, a
certificate from before the solver calibrated its rate (no CP-SAT exchange) still verifies, and one
with no work budget at all is refused with the reason."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from google.protobuf import json_format

from rondo.solver.v1 import solver_pb2
from rondo_app.verify import BadCertificate, verify_certificate
from solver.domain.draw import solve_draw
from solver.domain.draw.problem import DrawProblem, DrawResult
from solver.domain.draw.work import WorkRate
from solver.service import draw_budget

pytestmark = [pytest.mark.unit, pytest.mark.rule("draw.seed.reproducible")]

PLAYERS = [f"p{i:02d}" for i in range(12)]
SAFETY_CUT_S = 600.0


def made_at(rate: WorkRate | None, work_budget: int = 0) -> tuple[DrawProblem, DrawResult]:
    """A draw of 12 players x 6 rounds at tables of 3 (tabu search and CP-SAT both run), at ``rate``'s
    budget for 1 s, or with an explicit ``work_budget`` (the reference exchange)."""
    problem = DrawProblem(players=tuple(PLAYERS), rounds=6, table_size=3, seed=5, work_budget=work_budget)
    problem = draw_budget(problem, 1.0, rate) if rate else problem
    return problem, solve_draw(replace(problem, time_limit_s=SAFETY_CUT_S))


def certificate(problem: DrawProblem, result: DrawResult, *, work: dict[str, Any] | None, exchange: bool = True) -> dict:
    request = solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=p) for p in PLAYERS],
        rounds=problem.rounds,
        table_size=problem.table_size,
        seed=problem.seed,
        time_limit_seconds=1.0,
        work_budget=problem.work_budget,
        cpsat_deterministic_seconds_per_unit=problem.cpsat_seconds_per_unit if exchange else 0.0,
    )
    return {
        "format": "rondo-draw-certificate/1",
        "competition": {"id": "c1", "name": "Autumn league"},
        "draw": {"id": "d1", "version": 1, "status": "APPROVED", "played_rounds": 0},
        "players": [{"id": p, "name": p, "registration_order": i} for i, p in enumerate(PLAYERS, 1)],
        "seed": None,
        "solver_request": json_format.MessageToDict(request),
        "work": work,
        "tables": [[list(t) for t in rnd] for rnd in result.draw],
    }


def test_a_draw_made_at_one_rate_verifies_by_its_units():
    problem, result = made_at(WorkRate(8_000, 1e-5))
    assert result.reproducible and result.cpsat_deterministic_s_used > 0
    cert = certificate(problem, result, work={"budget": result.work_budget, "used": result.work_used, "reproducible": True})
    assert cert["solver_request"]["cpsatDeterministicSecondsPerUnit"] == 1e-5  # the exchange travels in the request
    verified = verify_certificate(cert)
    assert verified.ok, verified.lines
    assert "work budget 8000 units, CP-SAT 1e-05 s a unit" in verified.lines[0]


def test_a_certificate_from_before_calibration_still_verifies():
    """Its request has a work budget and no exchange: the reference exchange, which it was made with."""
    problem, result = made_at(None, work_budget=8_000)
    old = certificate(problem, result, work={"budget": 8_000, "used": result.work_used, "reproducible": True}, exchange=False)
    verified = verify_certificate(old)
    assert verified.ok, verified.lines
    assert "work budget 8000 units)" in verified.lines[0]
    no_work_block = dict(old, work=None)  # the budget is in the request as well
    assert verify_certificate(no_work_block).ok


def test_a_certificate_without_any_work_budget_is_refused_with_the_reason():
    problem, result = made_at(None, work_budget=8_000)
    cert = certificate(replace(problem, work_budget=0), result, work=None, exchange=False)
    with pytest.raises(BadCertificate, match="no work budget is recorded"):
        verify_certificate(cert)
