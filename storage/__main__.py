"""``python -m storage``: check, back up and restore a ledger file (stop the bot to restore).

    python -m storage check FILE            integrity and the ledger's invariants; exit 0 = healthy
    python -m storage backup FILE           an online copy of $DATABASE_PATH (the bot may run)
    python -m storage restore FILE          replace $DATABASE_PATH with FILE (checked first)

``--database PATH`` names the ledger instead of $DATABASE_PATH (default ./mahjong.db);
``--lang en`` answers in English (Chinese by default).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from .check import check_file
from .database import resolve_path
from .errors import StorageError
from .ledger import Ledger

_DONE = {
    "backup": ("已备份到 {file}", "backed up to {file}"),
    "restore": ("已用 {file} 恢复 {database}", "restored {database} from {file}"),
    "check": ("{file}：完好，账目平衡", "{file}: intact, the books balance"),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("check", "backup", "restore"))
    parser.add_argument("file", help="the ledger file to check, or the backup to write or read")
    parser.add_argument("--database", help="the ledger (default: $DATABASE_PATH or ./mahjong.db)")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    args = parser.parse_args(argv)
    zh = args.lang == "zh"
    if args.command == "check":
        problems = check_file(args.file)
        for problem in problems:
            print(problem.message(args.lang), file=sys.stderr)
        if problems:
            return 1
    else:
        try:
            asyncio.run(_copy(args.command, args.file, resolve_path(args.database)))
        except StorageError as error:
            print(error.message(args.lang), file=sys.stderr)
            return 1
    done = _DONE[args.command][0 if zh else 1]
    print(done.format(file=args.file, database=resolve_path(args.database)))
    return 0


async def _copy(command: str, file: str, database: str) -> None:
    async with await Ledger.open(database) as ledger:
        if command == "backup":
            await ledger.backup(file)
        else:
            await ledger.restore(file)


if __name__ == "__main__":
    sys.exit(main())
