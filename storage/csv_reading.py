"""Reading a ledger CSV before anything is written: the whole file proven by its trailer
(or, written before trailers, marked unproven), within the limits of size, records, fields
and names, its records with their line numbers (docs/ledger-csv.md)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from .csv_rows import CsvRow, bad_csv
from .csv_trailer import split_trailer
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
    "这个文件是加结尾校验之前导出的，无法确认它是完整的：请核对导入的 {entries} 条记录",
    "This file was exported before files carried an end line, so it cannot be proven whole: "
    "check the {entries} entries imported",
)


@dataclass(frozen=True)
class LedgerFile:
    """A ledger CSV read and checked: its records, and whether its trailer proved it whole."""

    records: list[CsvRow]
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


def read_ledger_csv(text: str) -> LedgerFile:
    """The file's records, refused (StorageError, nothing read further) when it is too
    large, cut, edited or past a limit."""
    text = text.removeprefix("\ufeff")
    if len(text) > FILE_LIMIT:
        raise StorageError(ErrorCode.CSV_TOO_LARGE, size=len(text), limit=FILE_LIMIT)
    first_line = text[: text.find("\n")] if "\n" in text else text
    header = tuple(first_line.rstrip("\r").split(","))
    if header == COLUMNS:
        body, trailer = split_trailer(text, COLUMNS)
        if trailer is None:
            lines = text.count("\n") + (not text.endswith("\n"))
            raise StorageError(ErrorCode.CSV_CUT, line=lines)
        if not trailer.matches(body):
            raise StorageError(ErrorCode.CSV_CHANGED, entries=trailer.entries)
        return LedgerFile(_records(body), proven_whole=True)
    if header in _BEFORE_TRAILER:
        return LedgerFile(_records(text), proven_whole=False)
    raise bad_csv(1, "not a ledger export (header)")


def _records(body: str) -> list[CsvRow]:
    reader = csv.DictReader(io.StringIO(body))
    records: list[CsvRow] = []
    try:
        for row in reader:
            if len(records) == RECORD_LIMIT:
                raise StorageError(ErrorCode.CSV_TOO_MANY_RECORDS, limit=RECORD_LIMIT)
            records.append(_checked(CsvRow(reader.line_num, row)))
    except csv.Error as error:
        line = reader.line_num + 1  # the line it could not finish
        if "field limit" in str(error):  # the csv module's own limit (131,072), past ours
            raise StorageError(ErrorCode.CSV_FIELD_TOO_LONG, line=line, limit=FIELD_LIMIT) from None
        raise StorageError(ErrorCode.CSV_UNREADABLE, line=line) from None
    return records


def _checked(record: CsvRow) -> CsvRow:
    row = record.row
    if None in row:
        raise bad_csv(record.line, "too many fields")
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
