"""The benchmark script runs and prints its ratio (speed itself is reported, not asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path


def test_bench_prints_rates_and_ratio(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "benchmarks.storage", "--hands", "20", "--rounds", "2"]
    done = subprocess.run(
        [*command, "--dir", str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"Ledger\.record_win:\s+\d+ recordings/s", done.stdout)
    assert re.search(r"plain sqlite3, same rows:\s+\d+ recordings/s", done.stdout)
    assert re.search(r"ratio Ledger / sqlite3:\s+\d+\.\d\d", done.stdout)
    assert list(tmp_path.iterdir()) == []  # its databases are cleaned up
