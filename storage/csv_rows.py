"""Reading the ledger CSV's records: one record's fields with its line number, and the new
ids the import gave the file's players, sessions, entries and identity events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from .errors import ErrorCode, StorageError
from .rows import time_text


def bad_csv(line: int, detail: str, detail_zh: str | None = None) -> StorageError:
    """A refused record, naming its line; ``detail_zh`` the Chinese of ``detail`` where
    there is one (a file's structure is said as the file names it: columns, ids)."""
    if detail_zh is None:
        return StorageError(ErrorCode.BAD_CSV, line=line, detail=detail)
    return StorageError(ErrorCode.BAD_CSV, line=line, detail=detail, detail_zh=detail_zh)


def refused_row(line: int, error: StorageError) -> StorageError:
    """A ledger refusal met while importing the record on ``line``, said in each language."""
    return bad_csv(line, error.en, error.zh)


class CsvRow:
    """Reads one CSV record's fields with the line number for error messages."""

    def __init__(self, line: int, row: Mapping[str, str]) -> None:
        self.line = line
        self.row = row

    def text(self, key: str) -> str | None:
        value = self.row.get(key) or ""
        return value if value != "" else None

    def number(self, key: str, *, required: bool = False) -> int | None:
        value = self.text(key)
        if value is None:
            if required:
                raise bad_csv(self.line, f"{key} is empty")
            return None
        try:
            return int(value)
        except ValueError:
            raise bad_csv(self.line, f"{key}={value!r} is not an integer") from None

    def time(self, key: str) -> str | None:
        """A timestamp field, normalised to the stored form (UTC ISO 8601)."""
        value = self.text(key)
        if value is None:
            return None
        try:
            return time_text(datetime.fromisoformat(value))
        except ValueError:
            raise bad_csv(self.line, f"{key}={value!r} is not a time") from None

    def need(self, key: str) -> int:
        value = self.number(key, required=True)
        assert value is not None
        return value

    def mapped(self, key: str, ids: Mapping[int, int]) -> int | None:
        """The new id of the record the file's id in ``key`` names (None when empty)."""
        old = self.number(key)
        if old is None:
            return None
        if old not in ids:
            raise bad_csv(self.line, f"{key} #{old} is not defined above")
        return ids[old]


@dataclass
class NewIds:
    """The ids the imported records got, by their ids in the file."""

    players: dict[int, int] = field(default_factory=dict)
    sessions: dict[int, int] = field(default_factory=dict)
    entries: dict[int, int] = field(default_factory=dict)
    events: dict[int, int] = field(default_factory=dict)
    # The chat's guests by name key (storage.names), read once at the first guest record and
    # kept as guests are added: a guest found by name costs no scan of the chat.
    guests: dict[str, int] | None = None
