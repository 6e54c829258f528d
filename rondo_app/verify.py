"""`rondo draw --verify CERTIFICATE.json`: re-run a published draw offline and compare it bit for bit
(docs/organizer/draws.md "A draw anyone can verify"; docs/rules.md draw.trust.seed-commitment).

A player checks, with nothing but the certificate the gateway publishes (`GetDrawCertificate`):
1. that the revealed seed and nonce hash to the commitment the organizer published before
   registration closed, and that the solver was given that seed (a redraw: the one derived from it);
2. that the solver, given the recorded request (roster in registration order, rounds, table size,
   separations, pins, played rounds, sit-outs, seed, work budget and its CP-SAT exchange), draws exactly
   the published tables;
3. for a club night, that the sit-outs are fair (docs/rules.md draw.sit-out.*) and the repeated
   meetings are the ones the draw claims, recounted by league's own code, not the solver's.
The solve runs in this process with the same engine as the service, by the recorded work units, never
at this machine's work rate: the work budget makes it independent of this machine's speed (a slower
machine takes longer; the safety cut is an hour). A certificate from before the solver calibrated its
rate has no exchange in its request: the reference one, which its draw was made with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from league.domain.certificate import FORMAT, commitment_problems, sit_out_problems, table_differences
from rondo.solver.v1 import solver_pb2
from solver.domain.draw import solve_draw
from solver.grpc_api import problem_from_proto

SAFETY_CUT_SECONDS = 3600.0  # the wall clock only guards against a broken certificate


@dataclass(frozen=True)
class Verification:
    ok: bool
    lines: list[str]


class BadCertificate(ValueError):
    pass


def load_certificate(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadCertificate(f"{path}: not a readable JSON file ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadCertificate(f"{path}: not a draw certificate (format must be {FORMAT!r})")
    for key in ("competition", "draw", "solver_request", "tables"):
        if not data.get(key) and data.get(key) != []:
            raise BadCertificate(f"{path}: {key} is missing")
    return data


def verify_certificate(cert: dict[str, Any]) -> Verification:
    lines: list[str] = []
    problems = commitment_problems(cert)
    if cert.get("seed") is None:
        lines.append(problems[0])
        problems = []
    problems += sit_out_problems(cert)  # a club night's sit-outs, recounted from the published tables
    try:
        request = json_format.ParseDict(cert["solver_request"], solver_pb2.DrawTablesRequest())
    except json_format.ParseError as error:
        raise BadCertificate(f"solver_request: {error}") from None
    if not request.HasField("seed"):
        raise BadCertificate("solver_request: the seed is missing")
    problem = problem_from_proto(request)
    work = cert.get("work") or {}
    budget = int(work.get("budget") or request.work_budget)
    if budget <= 0:
        raise BadCertificate(
            "no work budget is recorded (work.budget, solver_request.workBudget): the draw was bounded by the clock "
            "and cannot be re-run by work units"
        )
    problem = replace(problem, time_limit_s=SAFETY_CUT_SECONDS, work_budget=budget)
    if work and not work.get("reproducible", True):
        lines.append("the published draw was cut by the wall clock when it was made: it cannot be re-run exactly")
    result = solve_draw(problem)
    played = int(cert["draw"].get("played_rounds", 0))
    published = [[list(t) for t in rnd] for rnd in cert["tables"]][played:]
    reproduced = [[list(t) for t in rnd] for rnd in result.draw]
    differences = table_differences(published, reproduced)
    name = cert["competition"].get("name", cert["competition"].get("id"))
    if not problems and not differences:
        lines.insert(
            0,
            f"verified: draw {cert['draw']['version']} of {name!r} is exactly what seed {request.seed} and the published "
            f"parameters give ({len(published)} rounds, {len(request.players)} players, work budget {problem.work_budget} units"
            + (f", CP-SAT {problem.cpsat_seconds_per_unit:g} s a unit)" if problem.cpsat_seconds_per_unit else ")"),
        )
        return Verification(True, lines)
    lines.insert(0, f"NOT verified: draw {cert['draw']['version']} of {name!r}")
    return Verification(False, lines + problems + differences)
