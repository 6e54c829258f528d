"""`python -m gateway`: run the gateway service alone (settings from RONDO_* variables; see README)."""

import sys

from gateway.app import spec
from rondo_runtime.server import main

if __name__ == "__main__":
    sys.exit(main(spec))
