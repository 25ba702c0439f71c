"""Suite-wide settings.

Hypothesis' per-example deadline and too-slow health check measure the machine, not the code:
on a loaded 2-core CI runner they fail correct tests at random. Speed is measured by the
benchmark scripts instead (see README).
"""

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("suite")


# Temporary files in memory. A ledger commits with ``synchronous = FULL``: on this machine's disk
# an fsync costs milliseconds and the suite commits tens of thousands of times, so on disk it
# waits on the disk (and on whoever else writes to it) more than it computes. A SIGKILL leaves a
# file in tmpfs as it leaves it on disk (the page cache survives the process), so the crash tests
# test the same thing. An explicit TMPDIR or --basetemp is kept.
_OWN_TMP = "MAHJONG_TESTS_TMPDIR"
_MEMORY = Path("/dev/shm")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get(_OWN_TMP):  # an xdist worker, or a bot process a test started
        tempfile.tempdir = os.environ[_OWN_TMP]
        return
    if "TMPDIR" in os.environ or config.option.basetemp or not os.access(_MEMORY, os.W_OK):
        return
    folder = tempfile.mkdtemp(prefix="mahjong-tests-", dir=_MEMORY)
    os.environ[_OWN_TMP] = os.environ["TMPDIR"] = tempfile.tempdir = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = os.environ.get(_OWN_TMP)
    if folder and not hasattr(config, "workerinput"):  # the process that made it
        shutil.rmtree(folder, ignore_errors=True)
