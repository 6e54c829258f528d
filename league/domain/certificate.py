"""The draw certificate: everything needed to re-run a published draw and compare it bit for bit
(docs/rules.md ``draw.trust.seed-commitment``). Pure: the service fills it, ``rondo draw --verify``
reads it (``rondo_app/verify.py``).

Format ``rondo-draw-certificate/1`` (JSON)::

    {"format": "rondo-draw-certificate/1",
     "competition": {"id": "...", "name": "..."},
     "draw": {"id": "...", "version": 1, "status": "APPROVED", "played_rounds": 0},
     "players": [{"id": "...", "name": "...", "registration_order": 1}, ...],
     "seed": {"commitment": "<sha256 hex>", "seed": 123, "nonce": "<hex>", "committed_at": "..."} | null,
     "solver_request": { the DrawTablesRequest the solver was given, protobuf JSON },
     "work": {"budget": 240000, "used": 240000, "reproducible": true,
              "search_units": 120000, "cpsat_deterministic_seconds": 0.75},
     "tables": [[["player id", ...], ...], ...],          # rounds -> tables -> player ids
     "objective": [soft, max meetings, sum C(m,2), consecutive, max player repeats],
     "sitting_out": 0, "sit_outs": [["player id", ...], ...]}  # a club night: who sits out, per round

``work`` is in work units and CP-SAT deterministic seconds, never wall seconds (solver/domain/draw/work.py):
the budget, with the CP-SAT exchange in ``solver_request``, is what re-runs the draw on any machine;
``search_units`` and ``cpsat_deterministic_seconds`` say how the work used split (absent in
certificates of draws stored before they were recorded). ``tables`` are every round of the stored draw; a redraw's solver drew only the rounds after the
``played_rounds`` it kept as played (they are its ``history``), so those are what it reproduces.

A club night's draw (docs/rules.md ``draw.sit-out.*``) records who sits out each round; the checker
(``sit_out_problems``) recounts, with league's own code, that they are those the tables leave out,
that the sit-out rules hold and that the repeated meetings are what the draw claims.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.domain.commitment import SeedCommitment, seed_commitment, seed_for_draw
from league.domain.model import Competition, Draw, Player
from league.domain.sit_outs import sit_out_breaches, who_sits_out

FORMAT = "rondo-draw-certificate/1"
MAX_SOLVER_REQUEST_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class SolveRecord:
    """What the solver was asked and how far it went, stored with the draw it made."""

    solver_request: bytes  # the serialized DrawTablesRequest
    work_budget: int
    work_used: int
    reproducible: bool
    search_work_used: int | None = None  # None: stored before the split was recorded
    cpsat_deterministic_s_used: float | None = None


def certificate(
    competition: Competition,
    draw: Draw,
    players: list[Player],
    commitment: SeedCommitment | None,
    record: SolveRecord | None,
    solver_request_json: dict[str, Any] | None,
) -> dict[str, Any]:
    """The certificate of a published draw (the seed is revealed: call only once the draw is published)."""
    return {
        "format": FORMAT,
        "competition": {"id": competition.id, "name": competition.name},
        "draw": {
            "id": draw.id,
            "version": draw.version,
            "status": draw.status.value.upper(),
            "played_rounds": draw.played_rounds,
        },
        "players": [
            {"id": p.id, "name": p.name, "registration_order": p.registration_order}
            for p in sorted(players, key=lambda p: p.registration_order)
        ],
        "seed": None
        if commitment is None
        else {
            "commitment": commitment.commitment,
            "seed": commitment.seed,
            "nonce": commitment.nonce,
            "committed_at": commitment.committed_at.isoformat(),
        },
        "solver_request": solver_request_json,
        "work": None if record is None else work_record(record),
        "tables": [[list(table) for table in rnd] for rnd in draw.rounds],
        "objective": list(draw.statistics.objective),
        "sitting_out": draw.sitting_out,
        "sit_outs": who_sits_out(_drawn_roster(solver_request_json), draw.rounds[draw.played_rounds :])
        if draw.sitting_out
        else [],
    }


def _drawn_roster(solver_request_json: dict[str, Any] | None) -> list[str]:
    """The players the solver was asked to seat, in registration order."""
    return [str(p.get("id", "")) for p in (solver_request_json or {}).get("players", [])]


def meeting_figures(rounds: list) -> tuple[int, int]:
    """Recounted from the tables: the most meetings of one pair, and the sum over pairs of C(m, 2)."""
    meetings: dict[tuple[str, str], int] = {}
    for rnd in rounds:
        for table in rnd:
            seated = sorted(table)
            for i, a in enumerate(seated):
                for b in seated[i + 1 :]:
                    meetings[(a, b)] = meetings.get((a, b), 0) + 1
    return max(meetings.values(), default=0), sum(m * (m - 1) // 2 for m in meetings.values())


def sit_out_problems(cert: dict[str, Any]) -> list[str]:
    """What is wrong with a club night's certificate (empty when it has no sit-outs or they are fair):
    the sit-outs listed are not the players the tables leave out, a sit-out rule is broken
    (``draw.sit-out.*``), or the repeated meetings recounted from the tables are not the ones the draw
    claims (largest meetings of a pair, sum of C(m, 2))."""
    count = int(cert.get("sitting_out") or 0)
    if not count:
        return []
    roster = _drawn_roster(cert.get("solver_request"))
    played = int(cert["draw"].get("played_rounds", 0))
    tables = [[list(t) for t in rnd] for rnd in cert["tables"]]
    left_out = who_sits_out(roster, tables[played:])
    problems = []
    if [list(s) for s in cert.get("sit_outs") or []] != left_out:
        problems.append("the sit-outs listed are not the players the published tables leave out")
    served = who_sits_out(roster, tables[:played])  # a redraw: the played rounds' sit-outs count
    problems += [f"{b.rule}: {b.text}" for b in sit_out_breaches(roster, left_out, count, served)]
    claimed = cert.get("objective") or []
    if len(claimed) >= 3:
        most, repeats = meeting_figures(tables)
        if (most, repeats) != (int(claimed[1]), int(claimed[2])):
            problems.append(
                f"the tables give {most} as the most meetings of a pair and {repeats} repeated meetings (sum of C(m, 2)); "
                f"the draw claims {claimed[1]} and {claimed[2]}"
            )
    return problems


def work_record(record: SolveRecord) -> dict[str, Any]:
    """The certificate's ``work``: units and deterministic seconds only."""
    work: dict[str, Any] = {"budget": record.work_budget, "used": record.work_used, "reproducible": record.reproducible}
    if record.search_work_used is not None:
        work["search_units"] = record.search_work_used
    if record.cpsat_deterministic_s_used is not None:
        work["cpsat_deterministic_seconds"] = record.cpsat_deterministic_s_used
    return work


def commitment_problems(cert: dict[str, Any]) -> list[str]:
    """What is wrong with the certificate's seed: the commitment does not match the revealed seed and
    nonce, or the solver was given another seed than the committed one (derived for a redraw)."""
    seed = cert.get("seed")
    if seed is None:
        return ["no seed was committed for this competition: the draw cannot be checked against a commitment"]
    problems = []
    if seed_commitment(cert["competition"]["id"], int(seed["seed"]), str(seed["nonce"])) != seed["commitment"]:
        problems.append("the revealed seed and nonce do not match the published commitment")
    expected = seed_for_draw(int(seed["seed"]), int(cert["draw"]["version"]))
    used = int((cert.get("solver_request") or {}).get("seed", -1))
    if used != expected:
        problems.append(f"the solver was given seed {used}, not the committed one ({expected})")
    return problems


def table_differences(published: list, reproduced: list, limit: int = 20) -> list[str]:
    """Where two draws differ, round by round and table by table (1-based), at most ``limit`` lines."""
    found: list[str] = []
    if len(published) != len(reproduced):
        found.append(f"{len(published)} rounds published, {len(reproduced)} reproduced")
    for r, (mine, theirs) in enumerate(zip(published, reproduced), 1):
        if len(mine) != len(theirs):
            found.append(f"round {r}: {len(mine)} tables published, {len(theirs)} reproduced")
        for t, (a, b) in enumerate(zip(mine, theirs), 1):
            if list(a) != list(b):
                found.append(f"round {r} table {t}: published {list(a)}, reproduced {list(b)}")
    if len(found) > limit:
        found = found[:limit] + [f"... and {len(found) - limit} more"]
    return found
