"""The stored developed designs are re-derived by the command their docstring names
(``python -m bench.solver.find_designs``: CP-SAT, one worker, seed 0), base round for base round
(docs/rules.md ``draw.design.constructions``)."""

from __future__ import annotations

import pytest

from bench.solver.find_designs import find_base_rounds, find_difference_matrix, pair_orbit
from solver.domain.draw.designs import DEVELOPED_DESIGNS, DIFFERENCE_MATRIX_Z2_Z6

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.design.constructions")]


def stored(n: int, k: int):
    return next(d for d in DEVELOPED_DESIGNS if (d.players, d.table_size) == (n, k))


@pytest.mark.parametrize("n, k", [(15, 3), (18, 3), (40, 4)])
def test_the_finder_re_derives_the_stored_base_rounds(n, k):
    design = stored(n, k)
    found = find_base_rounds(
        n,
        k,
        design.modulus,
        design.orbits,
        design.fixed,
        len(design.base_rounds),
        seed=0,
        time_limit=120,
        multiplier=design.multiplier,
        invariant_tables=design.invariant_tables,
    )
    assert found is not None
    assert [tuple(tuple(t) for t in r) for r in found] == [tuple(r) for r in design.base_rounds]


def test_pair_orbits_forbid_the_short_orbit_and_two_fixed_points():
    assert pair_orbit(0, 4, 8, 2) is None  # difference m/2 inside an orbit
    assert pair_orbit(16, 17, 8, 2) is None  # two fixed points
    assert pair_orbit(1, 3, 8, 2) == pair_orbit(3, 1, 8, 2) == ("pure", 0, 2)
    assert pair_orbit(1, 12, 8, 2) == ("mixed", 0, 1, 3)
    assert pair_orbit(5, 16, 8, 2) == ("fixed", 0, 16)


@pytest.mark.slow
def test_the_finder_re_derives_the_difference_matrix():
    assert find_difference_matrix(6, 5, seed=0, time_limit=300) == [list(r) for r in DIFFERENCE_MATRIX_Z2_Z6]
