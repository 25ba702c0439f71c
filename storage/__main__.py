"""``python -m storage``: check, back up and restore a ledger file (stop the bot to restore);
import a chat's ledger CSV.

    python -m storage check FILE            integrity and the ledger's invariants; exit 0 = healthy
    python -m storage backup FILE           an online copy of $DATABASE_PATH (the bot may run)
    python -m storage restore FILE          replace $DATABASE_PATH with FILE (checked first)
    python -m storage import FILE --chat ID a ledger CSV (/export's .csv or .csv.gz, parts
                                            joined) into chat ID, whole or not at all, once;
                                            a file without the export's end line only with
                                            --unsigned

``--database PATH`` names the ledger instead of $DATABASE_PATH (default ./mahjong.db);
``--lang en`` answers in English (Chinese by default).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from .check import check_file
from .csv_reading import ImportReport, LedgerLines
from .database import resolve_path
from .errors import ErrorCode, StorageError
from .ledger import Ledger

_DONE = {
    "backup": ("已备份到 {file}", "backed up to {file}"),
    "restore": ("已用 {file} 恢复 {database}", "restored {database} from {file}"),
    "check": ("{file}：完好，账目平衡", "{file}: intact, the books balance"),
    "import": ("已从 {file} 导入 {entries} 条记录", "imported {entries} entries from {file}"),
}
_UNSIGNED = (
    "（未签名：文件没有结尾校验行，按 --unsigned 导入）",
    " (unsigned: the file has no end line; imported as --unsigned asked)",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("check", "backup", "restore", "import"))
    parser.add_argument("file", help="the ledger file to check, or the backup to write or read")
    parser.add_argument("--database", help="the ledger (default: $DATABASE_PATH or ./mahjong.db)")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    parser.add_argument("--chat", type=int, help="import: the chat id the file goes into")
    parser.add_argument(
        "--unsigned",
        action="store_true",
        help="import: take a file without the export's end line (it cannot be proven whole)",
    )
    args = parser.parse_args(argv)
    zh = args.lang == "zh"
    if args.command == "import":
        if args.chat is None:
            parser.error("import needs --chat ID")
        return _import(
            args.file, args.chat, resolve_path(args.database), args.lang, unsigned=args.unsigned
        )
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


def _import(file: str, chat_id: int, database: str, lang: str, *, unsigned: bool) -> int:
    """Import the file, then say what it added (and, for a file without a trailer imported
    ``unsigned``, that it cannot be proven whole); a refusal is said instead, and nothing was
    written. The file is read a line at a time, twice (proven, then imported)."""
    lines = _file_lines(Path(file))
    try:
        report = asyncio.run(_import_lines(lines, chat_id, database, unsigned=unsigned))
    except StorageError as error:
        print(error.message(lang), file=sys.stderr)
        return 1
    done = _DONE["import"][lang == "en"].format(file=file, entries=report.entries)
    print(done + ("" if report.proven_whole else _UNSIGNED[lang == "en"]))
    warning = report.warning(lang)
    if warning is not None:
        print(warning, file=sys.stderr)
    return 0


def _file_lines(path: Path) -> LedgerLines:
    """The file's lines as written (ending at \\n alone: the trailer's hash covers the bytes
    as they are), gunzipped for a .gz, decoded from UTF-8 one line at a time."""

    def lines() -> Iterator[str]:
        with gzip.open(path) if path.suffix == ".gz" else path.open("rb") as raw:
            for number, line in enumerate(raw, start=1):
                try:
                    yield line.decode("utf-8")
                except UnicodeDecodeError:
                    raise StorageError(ErrorCode.CSV_UNREADABLE, line=number) from None

    return lines


async def _import_lines(
    lines: LedgerLines, chat_id: int, database: str, *, unsigned: bool
) -> ImportReport:
    async with await Ledger.open(database) as ledger:
        return await ledger.exchange.import_csv(chat_id, lines, unsigned=unsigned)


async def _copy(command: str, file: str, database: str) -> None:
    async with await Ledger.open(database) as ledger:
        if command == "backup":
            await ledger.exchange.backup(file)
        else:
            await ledger.exchange.restore(file)


if __name__ == "__main__":
    sys.exit(main())
