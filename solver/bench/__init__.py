"""The draw benchmark (``python -m solver.bench``, ``rondo bench``): Rondo's optimizer against the
baselines a club would otherwise use, side by side on the same instances, in one process."""

from solver.bench.runner import main, run_benchmark

__all__ = ["main", "run_benchmark"]
