"""The benchmark script runs end to end (its figures are read by people, not asserted)."""

from __future__ import annotations

import re

import pytest

from benchmarks.pictures import main


def test_bench_prints_the_ratio_and_the_compression_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--repeat", "3", "--size", "40"])
    out = capsys.readouterr().out
    assert re.search(r"ratio: \d+\.\d\dx of medians", out)
    assert len(re.findall(r"^\s+[01369]\s+\d+\.\d\d", out, re.MULTILINE)) == 5
    assert re.search(r"font faces loaded: \d+", out)
