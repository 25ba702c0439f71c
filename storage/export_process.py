"""``python -m storage.export_process DB CHAT FOLDER NAME GZIP_ABOVE PART_LIMIT``: a chat's CSV
export written by a process of its own; with ``--readable [--since T] [--until T] [--lang L]
[--discard-word RULESET=WORD …]`` the readable table of a window instead (``storage.readable``:
a row per hand, a column per player; a win on a discard in each ruleset's word, given by the
caller since storage knows no rulesets).

The bot runs /export this way: formatting 100,000 entries is seconds of Python, and in a
thread of the bot's process it would compete with the event loop for the GIL (every other
group's updates waiting behind it). This process opens the ledger itself (WAL lets it read
while the bot writes), streams ``ledger.export.pages`` into an ``ExportFile`` and prints the paths
of the files to send, one a line.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path

from .export import ExportFile
from .ledger import Ledger
from .readable import ReadableFile, Window


async def export_to_files(
    database: Path, chat_id: int, folder: Path, name: str, gzip_above: int, part_limit: int
) -> list[Path]:
    """The chat's export as files in ``folder`` (see ``ExportFile``)."""
    async with await Ledger.open(database) as ledger:
        with ExportFile(folder, name, gzip_above, part_limit) as out:
            async for page in ledger.export.pages(chat_id):
                out.write(page)
            return out.finish()


async def readable_to_file(
    database: Path,
    chat_id: int,
    folder: Path,
    name: str,
    window: Window,
    lang: str,
    discard_words: Mapping[str, str] | None = None,
) -> Path:
    """The window's readable table as ``folder/name.csv`` (see ``ReadableFile``)."""
    async with await Ledger.open(database) as ledger:
        players = await ledger.readable.players(chat_id, window)
        with ReadableFile(folder, name, players, lang, discard_words) as out:
            async for rows in ledger.readable.pages(chat_id, window):
                out.write(rows)
            return out.finish()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m storage.export_process", description=__doc__)
    parser.add_argument("database", type=Path)
    parser.add_argument("chat_id", type=int)
    parser.add_argument("folder", type=Path)
    parser.add_argument("name")
    parser.add_argument("gzip_above", type=int)
    parser.add_argument("part_limit", type=int)
    parser.add_argument("--readable", action="store_true")
    parser.add_argument("--since", type=datetime.fromisoformat)
    parser.add_argument("--until", type=datetime.fromisoformat)
    parser.add_argument("--lang", default="zh")
    parser.add_argument(
        "--discard-word",
        action="append",
        default=[],
        metavar="RULESET=WORD",
        help="what a ruleset's players call a win on a discard (huzhou=放冲)",
    )
    args = parser.parse_args(argv)
    if args.readable:
        window = Window(args.since, args.until)
        words = dict(pair.split("=", 1) for pair in args.discard_word)
        print(
            asyncio.run(
                readable_to_file(
                    args.database, args.chat_id, args.folder, args.name, window, args.lang, words
                )
            )
        )
        return
    files = asyncio.run(
        export_to_files(
            args.database, args.chat_id, args.folder, args.name, args.gzip_above, args.part_limit
        )
    )
    for path in files:
        print(path)


if __name__ == "__main__":
    main()
