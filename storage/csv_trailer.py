"""The ledger CSV's last line, its trailer: the entries the file holds and the SHA-256 of
every byte before it (UTF-8, header included, no BOM), so that a file cut anywhere or edited
is refused instead of imported as if whole (docs/ledger-csv.md)."""

from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass
from typing import Final

TRAILER_RECORD: Final = "end"
_HASH_PREFIX: Final = "sha256:"


class Signer:
    """Hashes the lines an export writes, in order, and counts its entries."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self.entries = 0

    def add(self, text: str, entries: int = 0) -> str:
        """Take ``text`` (lines about to be written, holding ``entries``); returns it."""
        self._hash.update(text.encode("utf-8"))
        self.entries += entries
        return text

    def trailer(self, columns: tuple[str, ...]) -> str:
        """The last line: ``end``, the entry count in ``value``, the hash in ``checksum``."""
        cells = dict.fromkeys(columns, "")
        cells |= {
            "record": TRAILER_RECORD,
            "value": str(self.entries),
            "checksum": _HASH_PREFIX + self._hash.hexdigest(),
        }
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerow(cells.values())
        return out.getvalue()


def signed(body: str, columns: tuple[str, ...], entries: int) -> str:
    """A whole file's text (header and records, as written, holding ``entries``) with its
    trailer added."""
    signer = Signer()
    signer.add(body, entries)
    return body + signer.trailer(columns)


@dataclass(frozen=True)
class Trailer:
    """What a file's last line says: its entries and the hash of the text before it."""

    entries: int
    checksum: str

    def matches_digest(self, hexdigest: str) -> bool:
        """Whether the SHA-256 (hex) of the text before this line is the one it names."""
        return self.checksum == _HASH_PREFIX + hexdigest


def read_trailer(line: str, columns: tuple[str, ...]) -> Trailer | None:
    """The file's last line read as a trailer (None when it is not one: the file was cut,
    or something was written after its end)."""
    try:
        [cells] = list(csv.reader([line.rstrip("\r\n")]))
    except (csv.Error, ValueError):
        return None
    if len(cells) != len(columns) or cells[0] != TRAILER_RECORD:
        return None
    fields = dict(zip(columns, cells, strict=True))
    if not (fields["value"].isascii() and fields["value"].isdecimal()):
        return None
    return Trailer(int(fields["value"]), fields["checksum"])
