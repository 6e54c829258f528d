"""The draw benchmark (``python -m bench.solver``, ``rondo bench``): Rondo's optimizer against the
baselines a club would otherwise use, side by side on the same instances, in one process."""

from bench.solver.runner import main, run_benchmark

__all__ = ["main", "run_benchmark"]
