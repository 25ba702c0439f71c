"""``python -m benchmarks.typed_misses``: the corpus of typed lines (tests/bot/typed_lines.tsv)
through the whole bot, printing each line it gets wrong and what it did, then the count: what
the grammar (bot/grammar/typed.py) should learn next. Exit 1 when anything was missed."""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from rigs.typed_corpus import corpus_bot, load, miss


async def _run() -> int:
    cases = load()
    missed = 0
    with tempfile.TemporaryDirectory() as folder:
        async with corpus_bot(Path(folder) / "typed.db") as bot:
            started = time.perf_counter()
            for case in cases:
                wrong = await miss(bot, case)
                if wrong is not None:
                    missed += 1
                    print(f"MISS [{case.table}] {case.line!r}\n     {wrong}")
            seconds = time.perf_counter() - started
    read = len(cases) - missed
    print(f"{read}/{len(cases)} lines as expected, {missed} missed ({seconds:.1f} s)")
    return 1 if missed else 0


def main() -> None:
    sys.exit(asyncio.run(_run()))


if __name__ == "__main__":
    main()
