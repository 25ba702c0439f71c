"""``python -m storage.rebuild [PATH]``: recompute the totals from the entries and postings.

The totals are kept by a trigger as entries are written and built by the migrations that
create it (``storage/sql/totals.sql``, and the money's ``storage/sql/money.sql``: both); this
runs those files' rebuild parts again in one write transaction, should they ever be doubted;
the identity links (``0005_people.sql``) are recomputed from the identity events likewise.
PATH defaults to $DATABASE_PATH, else ./mahjong.db.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence
from pathlib import Path

from .ledger import Ledger


async def rebuild(path: Path | None) -> None:
    async with await Ledger.open(path) as ledger:
        await ledger.totals.rebuild()
        await ledger.people.rebuild()
        await ledger.rating.rebuild()  # after the links: ratings fold by them


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m storage.rebuild", description=__doc__)
    parser.add_argument("path", nargs="?", type=Path, default=None, help="the database file")
    args = parser.parse_args(argv)
    asyncio.run(rebuild(args.path))
    print(
        "totals and open debts rebuilt from the postings and debt lines, identity links from"
        " the identity events, ratings from the rated games"
    )


if __name__ == "__main__":
    main()
