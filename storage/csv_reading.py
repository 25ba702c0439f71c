"""Reading a ledger CSV before anything is written: the whole file proven by its trailer
(or, written before trailers, marked unproven), within the limits of size, records, fields
and names, its records with their line numbers (docs/ledger-csv.md)."""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from .csv_rows import CsvRow, bad_csv
from .csv_trailer import read_trailer
from .errors import ErrorCode, StorageError
from .export import COLUMNS, COLUMNS_BEFORE_PEOPLE, COLUMNS_BEFORE_TRAILER
from .names import STORED_NAME_LIMIT, NameRule, name_problem

# A real evening exports about 650 characters an entry (most of it a hand's result JSON, at
# most a few hundred characters): the limits leave room for some 300,000 hands in one file
# and for fields 30 times the longest seen, and refuse anything far past what the bot writes.
FILE_LIMIT: Final = 256 << 20  # characters
RECORD_LIMIT: Final = 2_000_000
FIELD_LIMIT: Final = 16 << 10  # characters
# Columns holding a player's or season's name (or a Telegram username): the ledger's limit.
_NAME_COLUMNS: Final = ("name", "old_name", "username")
_QUOTED_NAME: Final = 16
_REFUSED: Final = {
    NameRule.EMPTY: ErrorCode.CSV_NAME_EMPTY,
    NameRule.INVISIBLE: ErrorCode.CSV_NAME_INVISIBLE,
    NameRule.TOO_LONG: ErrorCode.CSV_NAME_TOO_LONG,
    NameRule.SEPARATOR: ErrorCode.CSV_NAME_SEPARATOR,
}
# Headers of files written before the trailer: they import, unproven.
_BEFORE_TRAILER: Final = (COLUMNS_BEFORE_TRAILER, COLUMNS_BEFORE_PEOPLE)
_UNPROVEN: Final = (
    "这个文件没有结尾校验行（加结尾校验之前导出的，或被删掉了），无法确认它是完整的："
    "请核对导入的 {entries} 条记录",
    "This file has no end line (exported before files carried one, or stripped of it), so "
    "it cannot be proven whole: check the {entries} entries imported",
)


LedgerLines = Callable[[], Iterator[str]]
"""A ledger CSV as its lines, each ending as written (read with ``newline=""``), opened anew
on every call: the file is read twice, once to prove it and once to import it, and held
in memory neither time."""


def text_lines(text: str) -> LedgerLines:
    """A whole text as ``LedgerLines``."""
    return lambda: io.StringIO(text, newline="\n")  # lines end at \n alone, kept as written


@dataclass(frozen=True)
class LedgerFile:
    """A ledger CSV read through and checked: how many records it holds (the trailer not
    counted), its entries, and whether its trailer proved it whole."""

    records: int
    entries: int
    proven_whole: bool


@dataclass(frozen=True)
class ImportReport:
    """What an import added, and whether the file was proven whole (``warning`` says so)."""

    entries: int
    proven_whole: bool

    def warning(self, lang: str = "zh") -> str | None:
        """The reader's warning for a file that could not be proven whole, else None."""
        if self.proven_whole:
            return None
        zh, en = _UNPROVEN
        return (en if lang == "en" else zh).format(entries=self.entries)


class _Lines:
    """The file's lines, the BOM dropped, counted against the size limit; each line hashed
    once the next one is read, so that when the file ends the line held back is its last
    (the trailer) and the hash covers every line before it."""

    def __init__(self, lines: Iterator[str]) -> None:
        self._lines = lines
        self._hash = hashlib.sha256()
        self.count = 0
        self.last: str | None = None

    def __iter__(self) -> Iterator[str]:
        size = 0
        for line in self._lines:
            if self.count == 0:
                line = line.removeprefix("\ufeff")
            size += len(line)
            if size > FILE_LIMIT:
                raise StorageError(ErrorCode.CSV_TOO_LARGE, size=size, limit=FILE_LIMIT)
            if self.last is not None:
                self._hash.update(self.last.encode("utf-8"))
            self.last = line
            self.count += 1
            yield line

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def read_ledger_csv(lines: LedgerLines, *, unsigned: bool = False) -> LedgerFile:
    """Read the whole file, refusing it (StorageError) when it is too large, cut or edited
    (its trailer, checked first: a line at a time), then past a limit of records, fields or
    names, or holding other than the entries its trailer counts (its records, read once
    more). A file without a trailer (written before trailers, or stripped of its checksum
    column) only with ``unsigned``. Blocking: run it off the event loop."""
    source = _Lines(lines())
    first = next(iter(source), "")
    header = tuple(first.rstrip("\r\n").split(","))
    if header != COLUMNS and header not in _BEFORE_TRAILER:
        raise bad_csv(1, "not a ledger export (header)")
    trailer = None
    if header == COLUMNS:
        for _ in source:
            pass
        trailer = read_trailer(source.last or "", COLUMNS)
        if trailer is None or source.count < 2:
            raise StorageError(ErrorCode.CSV_CUT, line=source.count)
        if not trailer.matches_digest(source.hexdigest()):
            raise StorageError(ErrorCode.CSV_CHANGED, entries=trailer.entries)
    elif not unsigned:
        raise StorageError(ErrorCode.CSV_UNSIGNED)
    records, entries = _count_checked(lines, header, with_trailer=trailer is not None)
    if trailer is not None and trailer.entries != entries:
        raise StorageError(ErrorCode.CSV_COUNT, expected=trailer.entries, found=entries)
    return LedgerFile(records, entries, proven_whole=trailer is not None)


def _count_checked(
    lines: LedgerLines, header: tuple[str, ...], *, with_trailer: bool
) -> tuple[int, int]:
    """The file's records and entries, each record within the limits (the trailer, last,
    not counted)."""
    reader = csv.reader(_Lines(lines()))
    records = entries = 0
    try:
        next(reader)
        for cells in reader:
            if not cells:  # a blank line holds no record
                continue
            if records == RECORD_LIMIT + with_trailer:
                raise StorageError(ErrorCode.CSV_TOO_MANY_RECORDS, limit=RECORD_LIMIT)
            records += 1
            entries += cells[0] == "entry"
            _checked(CsvRow(reader.line_num, _row(header, cells, reader.line_num)))
    except csv.Error as error:
        raise _unreadable(error, reader.line_num) from None  # the line it could not finish
    return records - with_trailer, entries


def ledger_records(lines: LedgerLines, read: LedgerFile) -> Iterator[CsvRow]:
    """The records of a file ``read_ledger_csv`` read (``read``), one at a time, in order."""
    reader = csv.reader(lines())
    header = tuple(next(reader))
    header = (header[0].removeprefix("\ufeff"), *header[1:])
    records = (cells for cells in reader if cells)
    for _, cells in zip(range(read.records), records, strict=False):
        yield CsvRow(reader.line_num, _row(header, cells, reader.line_num))


def _row(header: tuple[str, ...], cells: list[str], line: int) -> dict[str, str]:
    if len(cells) > len(header):
        raise bad_csv(line, "too many fields")
    return dict(zip(header, cells, strict=False))


def _unreadable(error: csv.Error, line: int) -> StorageError:
    if "field limit" in str(error):  # the csv module's own limit (131,072), past ours
        return StorageError(ErrorCode.CSV_FIELD_TOO_LONG, line=line, limit=FIELD_LIMIT)
    return StorageError(ErrorCode.CSV_UNREADABLE, line=line)


def _checked(record: CsvRow) -> CsvRow:
    row = record.row
    # Most rows are short: measure each field only when the row as a whole is long.
    if sum(map(len, filter(None, row.values()))) > FIELD_LIMIT and any(
        len(value or "") > FIELD_LIMIT for value in row.values()
    ):
        raise StorageError(ErrorCode.CSV_FIELD_TOO_LONG, line=record.line, limit=FIELD_LIMIT)
    for column in _given_names(row):
        check_given_name(record.line, row.get(column) or "")
    for column in _NAME_COLUMNS:
        name = row.get(column) or ""
        if len(name) > STORED_NAME_LIMIT:
            raise _name_refusal(
                ErrorCode.CSV_NAME_TOO_LONG, record.line, name, limit=STORED_NAME_LIMIT
            )
    return record


def _given_names(row: Mapping[str, str]) -> tuple[str, ...]:
    """The columns of ``row`` holding a name people gave, which the name rule holds: a
    guest's (a member's name follows Telegram, a username is Telegram's) and a rename's."""
    record = row.get("record")
    if record == "player" and not row.get("user_id"):
        return ("name",)
    if record == "identity" and row.get("kind") == "rename":
        return ("name", "old_name")
    return ()


def check_given_name(line: int, name: str) -> None:
    """A given name held to ``storage.names.name_problem``, as the bot's /new holds it."""
    problem = name_problem(name)
    if problem is not None:
        raise _name_refusal(_REFUSED[problem.rule], line, name, **problem.params)


def _name_refusal(code: ErrorCode, line: int, name: str, **params: object) -> StorageError:
    quoted = name if len(name) <= _QUOTED_NAME else name[:_QUOTED_NAME] + "…"
    return StorageError(code, line=line, name=quoted, **params)
