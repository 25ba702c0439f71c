"""A property run twice: a quick run in the inner loop, the full run marked ``slow``.

``pytest -m "not slow"`` (the inner loop) checks each such property on a quarter or so of its
examples; the whole suite, which CI always runs, checks it on all of them as before. Same
property, same strategies: only the number of examples differs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis.strategies import SearchStrategy


def quick_and_deep(
    check: Callable[..., None], *strategies: SearchStrategy[Any], quick: int, deep: int
) -> tuple[Callable[..., None], Callable[..., None]]:
    """``check`` given ``strategies``: on ``quick`` examples, and on ``deep`` ones marked slow."""

    def run(examples: int) -> Callable[..., None]:
        return settings(max_examples=examples)(given(*strategies)(check))

    return run(quick), pytest.mark.slow(run(deep))
