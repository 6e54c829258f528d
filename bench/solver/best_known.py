"""The best known draws the design benchmark (``rondo bench --designs``) compares with, and where
each value comes from. One table, one module: nothing else states a best known value.

A draw of N players, R rounds, tables of k is *repeat-free* (objective (0, 1, 0, 0, 0)) exactly when
its rounds are R parallel classes of a resolvable packing with blocks of k. For each (N, k) this
module knows the most rounds a repeat-free draw is known for (``repeat_free_rounds``), from the
design theory below or from a construction Rondo ships (then the construction itself is the proof,
and the benchmark checks it); for R up to that, the best known value is zero repeats.

Literature (the existence theorems; Handbook of Combinatorial Designs, 2nd ed., 2007, II.7 and IV.5):

* k = 3, N = 3 (mod 6): a Kirkman triple system, (N - 1) / 2 rounds (D. K. Ray-Chaudhuri and
  R. M. Wilson, "Solution of Kirkman's schoolgirl problem", Proc. Symp. Pure Math. 19, 1971).
* k = 3, N = 0 (mod 6), N >= 18: a nearly Kirkman triple system, (N - 2) / 2 rounds (A. E. Brouwer,
  Utilitas Math. 13, 1978; R. Rees and D. R. Stinson, Ars Combin. 23, 1987). N = 12: none exists
  (A. Kotzig and A. Rosa, "Nearly Kirkman systems", 1974), so 4 rounds (the GF(4) layout) is the most.
* k = 4, N = 4 (mod 12): a resolvable (N, 4, 1) design, (N - 1) / 3 rounds (H. Hanani,
  D. K. Ray-Chaudhuri and R. M. Wilson, "On resolvable designs", Discrete Math. 3, 1972).
* k = 4, N = 32: 10 rounds, the social golfer 8-4-10 (A. Aguado, 2004).
* k = 5, N = 25: the affine plane AG(2, 5), 6 rounds.
* fewer tables than seats (N / k < k): after one round some pair must meet again (pigeonhole), so
  one round is the most.

Over-full seasons (R(k - 1) > N - 1) cannot be repeat-free. Their best known values are the ones
the draw-optimizer issue gives, both reached by repeating whole rounds of a complete design and equal
to the counting bound (so optimal): 25 x 10, k = 5, (0, 2, 200, 0, 16) (AG(2, 5) with four rounds
repeated); 28 x 10, k = 4, (0, 2, 42, 0, 3) (the resolvable (28, 4, 1) design with one round
repeated). Every other instance has no best known value here: the benchmark reports it as open, with
its objective and lower bound (and says when the two are equal, i.e. Rondo proved the optimum).
"""

from __future__ import annotations

from solver.domain.draw.construction import design_rounds

REPEAT_FREE = (0, 1, 0, 0, 0)

OVER_FULL_BEST: dict[tuple[int, int, int], tuple[tuple[int, int, int, int, int], str]] = {
    (25, 10, 5): ((0, 2, 200, 0, 16), "AG(2, 5) with 4 of its rounds repeated; equals the counting bound"),
    (28, 10, 4): ((0, 2, 42, 0, 3), "resolvable (28, 4, 1) design with 1 round repeated; equals the counting bound"),
}


def literature_repeat_free_rounds(n: int, k: int) -> tuple[int, str] | None:
    """The most rounds the existence theorems of the module docstring give for (N, k), or None."""
    t = n // k
    if n % k or t < 1:
        return None
    if t < k:
        return 1, "pigeonhole: fewer tables than seats"
    if k == 3 and n % 6 == 3:
        return (n - 1) // 2, f"Kirkman triple system KTS({n}) (Ray-Chaudhuri and Wilson 1971)"
    if k == 3 and n % 6 == 0 and n >= 18:
        return (n - 2) // 2, f"nearly Kirkman triple system NKTS({n}) (Brouwer 1978; Rees and Stinson 1987)"
    if k == 3 and n == 12:
        return 4, "no NKTS(12) (Kotzig and Rosa 1974); GF(4) layout"
    if k == 4 and n % 12 == 4:
        return (n - 1) // 3, f"resolvable ({n}, 4, 1) design (Hanani, Ray-Chaudhuri and Wilson 1972)"
    if (n, k) == (32, 4):
        return 10, "social golfer 8-4-10 (Aguado 2004)"
    if (n, k) == (25, 5):
        return 6, "affine plane AG(2, 5)"
    return None


def repeat_free_rounds(n: int, k: int) -> tuple[int, str]:
    """The most rounds a repeat-free draw of N players at tables of k is known for, and the source
    (the literature, or the construction Rondo ships when that gives more)."""
    best = literature_repeat_free_rounds(n, k) or (0, "none known")
    built = design_rounds(n, k)
    if built is not None and len(built[1]) > best[0]:
        best = (len(built[1]), f"Rondo's construction: {built[0]}")
    return best


def best_known(n: int, rounds: int, k: int) -> tuple[tuple[int, int, int, int, int] | None, str]:
    """(the best known objective, its source) for N players, R rounds, tables of k; (None, why) when
    this module knows none (an open instance)."""
    if (n, rounds, k) in OVER_FULL_BEST:
        return OVER_FULL_BEST[(n, rounds, k)]
    most, source = repeat_free_rounds(n, k)
    if rounds <= most:
        return REPEAT_FREE, source
    return None, f"open: repeat-free known for at most {most} rounds ({source})"
