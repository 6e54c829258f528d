"""A draw anyone can re-run: the same request, seed and work budget give the same tables on a quiet
machine, on a slowed one (two solves sharing one core) and after a restart (a fresh process with
another hash seed); the wall clock is only a safety cut, and a draw it cut says it cannot be re-run
(docs/rules.md draw.seed.reproducible)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from solver.domain.draw.work import MAX_OVERHEAD_SHARE, MAX_UNITS_PER_SECOND, MIN_UNITS_PER_SECOND

pytestmark = [pytest.mark.integration, pytest.mark.rule("draw.seed.reproducible")]

# 12 players, 6 rounds, tables of 3: over-full (6 x 2 > 11) and the bound is not reached (no
# NKTS(12) exists), so the search runs to its whole work budget, tabu search and CP-SAT both.
DRAW = ["draw", "-n", "12", "-r", "6", "-k", "3", "--seed", "1", "--json"]
WORK = ["--work", "60000", "--time-limit", "120"]  # the time limit far beyond what the work takes
# The new constructions and searches (docs/rules.md draw.design.constructions): 15 x 7, k = 3, a
# Kirkman triple system drawn by construction; 20 x 10, k = 4, over-full, five rounds of the GF(5)
# layout repeated as the start of the tabu search; 40 x 13, k = 4, the stored (40, 4, 1) design.
CONSTRUCTED = {
    "kts-15": ["draw", "-n", "15", "-r", "7", "-k", "3", "--seed", "1", "--json"],
    "over-full-20x10": ["draw", "-n", "20", "-r", "10", "-k", "4", "--seed", "1", "--json"],
    "rbibd-40": ["draw", "-n", "40", "-r", "13", "-k", "4", "--seed", "1", "--json"],
}


def rondo_draw(*args: str, hash_seed: int, one_core: bool = False, work_rate: int | None = None) -> subprocess.Popen:
    """`rondo draw` in a fresh process; ``one_core`` pins it to CPU 0 (with two such processes the
    solve runs at half speed or less); ``work_rate`` sets RONDO_SOLVER_WORK_UNITS_PER_SECOND (unset:
    the process measures its machine)."""
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    env.pop("RONDO_SOLVER_WORK_UNITS_PER_SECOND", None)
    if work_rate is not None:
        env["RONDO_SOLVER_WORK_UNITS_PER_SECOND"] = str(work_rate)

    def pin() -> None:
        os.sched_setaffinity(0, {0})

    return subprocess.Popen(
        [sys.executable, "-m", "rondo_app.cli", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=pin if one_core else None,
    )


def report(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err[-2000:]
    return json.loads(out)


@pytest.mark.slow
def test_the_same_work_budget_gives_the_same_draw_quiet_slowed_and_after_a_restart():
    alone = report(rondo_draw(*DRAW, *WORK, hash_seed=1))
    slowed = [rondo_draw(*DRAW, *WORK, hash_seed=seed, one_core=True) for seed in (2, 3)]
    first, second = (report(p) for p in slowed)
    assert alone["reproducible"] and first["reproducible"] and second["reproducible"]
    assert alone["status"] != "OPTIMAL", "the instance must use its whole budget to prove anything"
    assert any("cp-sat" in note for note in alone["notes"]), "CP-SAT must take part"
    assert alone["work_budget"] == first["work_budget"] == 60000
    assert alone["work_used"] == first["work_used"] == second["work_used"]
    assert alone["rounds_drawn"] == first["rounds_drawn"] == second["rounds_drawn"]
    assert alone["objective"] == first["objective"] == second["objective"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONSTRUCTED))
def test_the_new_constructions_and_searches_give_the_same_draw_slowed_and_after_a_restart(name):
    args = [*CONSTRUCTED[name], "--work", "40000", "--time-limit", "120"]
    alone = report(rondo_draw(*args, hash_seed=1))
    slowed = [rondo_draw(*args, hash_seed=seed, one_core=True) for seed in (2, 3)]
    first, second = (report(p) for p in slowed)
    assert alone["reproducible"] and first["reproducible"] and second["reproducible"]
    assert alone["rounds_drawn"] == first["rounds_drawn"] == second["rounds_drawn"]
    assert alone["work_used"] == first["work_used"] == second["work_used"]
    if name == "over-full-20x10":
        assert any("repeated rounds" in note for note in alone["notes"]) and alone["method"] == "local-search"
    else:
        assert alone["status"] == "OPTIMAL" and alone["method"] == "construction"


def test_a_draw_cut_by_the_time_limit_says_it_cannot_be_rerun():
    cut = report(rondo_draw(*DRAW, "--work", "100000000000", "--time-limit", "0.3", hash_seed=1))
    assert cut["reproducible"] is False
    assert cut["work_used"] < cut["work_budget"] == 100000000000
    assert any("cannot be re-run" in note for note in cut["notes"])
    assert cut["rounds_drawn"], "a cut draw is still a valid draw"


def test_the_default_work_budget_is_the_time_budget_at_the_work_rate():
    a = report(rondo_draw("draw", "-n", "16", "--seed", "2", "--time-limit", "3", "--json", hash_seed=1, work_rate=50_000))
    b = report(rondo_draw("draw", "-n", "16", "--seed", "2", "--time-limit", "6", "--json", hash_seed=2, work_rate=50_000))
    assert (a["work_budget"], b["work_budget"]) == (150_000, 300_000)
    assert a["reproducible"] and a["work_used"] <= a["work_budget"]
    measured = report(rondo_draw("draw", "-n", "16", "--seed", "2", "--time-limit", "3", "--json", hash_seed=3))
    # this machine's rate, less the runs' measured overhead (at most half the budget buys no work)
    assert 3 * (1 - MAX_OVERHEAD_SHARE) * MIN_UNITS_PER_SECOND <= measured["work_budget"] <= 3 * MAX_UNITS_PER_SECOND


def test_a_bad_work_budget_names_the_option():
    process = rondo_draw(*DRAW, "--work", "-5", hash_seed=1)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 2 and "--work" in err
