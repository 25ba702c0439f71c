"""``python -m scoring``: the command line (see ``scoring.cli``)."""

import sys

from scoring.cli import main

if __name__ == "__main__":
    sys.exit(main())
