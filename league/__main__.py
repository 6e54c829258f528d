"""`python -m league`: run the league service alone (settings from RONDO_* variables; see README)."""

import sys

from league.app import spec
from rondo_runtime.server import main

if __name__ == "__main__":
    sys.exit(main(spec))
