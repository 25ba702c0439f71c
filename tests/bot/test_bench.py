"""The benchmark still runs end to end (its figures are printed, never asserted)."""

from __future__ import annotations

from benchmarks.bot import measure


async def test_bench_runs_every_configuration() -> None:
    rates = await measure(count=8, rounds=1, with_pictures=True)
    assert set(rates) == {
        "reply-only sequential",
        "reply-only",
        "reply-sized",
        "quick",
        "full-hand",
    }
    assert all(rate > 0 for rate in rates.values())
