"""``python -m scoring``: the command line (see ``scoring.cli``)."""

import io
import sys

from scoring.cli import main

if __name__ == "__main__":
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):  # a terminal without CJK: escape, never crash
            stream.reconfigure(errors="backslashreplace")
    sys.exit(main())
