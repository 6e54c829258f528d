"""`python -m solver`: run the solver service alone (settings from RONDO_* variables; see README)."""

import sys

from rondo_runtime.server import main
from solver.app import spec

if __name__ == "__main__":
    sys.exit(main(spec))
