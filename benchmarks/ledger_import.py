"""``python -m benchmarks.ledger_import``: what importing a ledger CSV costs as the file grows.

Writes signed ledger files of 10k, 100k and 1M records (four members, sessions of 200
self-drawn hands: an entry and its four postings are five records), then imports each into
a fresh ledger with ``python -m storage import`` in a process of its own, timing it and
reading the process's peak memory (``ru_maxrss`` from ``os.wait4``). The reference, measured
in the same run on the same file: plain ``sqlite3`` in a process of its own, reading the
file with the csv module and ``executemany``-ing its entries and postings into two bare
tables in one transaction (no checks, no totals, no triggers). Prints both, the import's
cost per record against the reference's, and the growth from the smallest file to the
largest (time per record and peak memory; flat is 1×).

``--chain N`` and ``--guests N`` time the issue's other two files instead: N identity links
in one chain, and N guests.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from storage.csv_trailer import Signer
from storage.export import COLUMNS

SIZES = (10_000, 100_000, 1_000_000)
SESSION = 200  # hands per session
USERS = (1, 2, 3, 4)
CHAT = -100
STATE = '{"dealer": "E", "deals_in_round": 0, "hand_number": 1, "round_wind": "E"}'
_REFERENCE = """
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[2], isolation_level=None)
db.execute("CREATE TABLE entries (id INTEGER PRIMARY KEY, session INTEGER, kind TEXT, "
           "created_at TEXT, winner INTEGER, value INTEGER, hand_line TEXT, "
           "state_before TEXT, state_after TEXT)")
db.execute("CREATE TABLE postings (entry_id INTEGER, player_id INTEGER, delta INTEGER)")
db.execute("BEGIN")
entries, postings = [], []
with open(sys.argv[1], newline="", encoding="utf-8-sig") as file:
    for row in csv.DictReader(file):
        if row["record"] == "entry":
            entries.append((row["id"], row["session"], row["kind"], row["created_at"],
                            row["winner"], row["value"], row["hand_line"],
                            row["state_before"], row["state_after"]))
        elif row["record"] == "posting":
            postings.append((row["id"], row["player"], row["delta"]))
        if len(entries) + len(postings) >= 5000:
            db.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", entries)
            db.executemany("INSERT INTO postings VALUES (?, ?, ?)", postings)
            entries, postings = [], []
db.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", entries)
db.executemany("INSERT INTO postings VALUES (?, ?, ?)", postings)
db.execute("COMMIT")
"""


def _line(cells: dict[str, object]) -> list[object]:
    return [cells.get(column, "") for column in COLUMNS]


def hands_file(records: int) -> Iterator[list[object]]:
    """The records of a file of ``records`` records: four members, then sessions of
    ``SESSION`` self-drawn wins, each entry followed by its four postings."""
    for user in USERS:
        yield _line({"record": "player", "id": user, "name": f"p{user}", "user_id": user})
    written, number = len(USERS), 0
    while written + 6 <= records:
        session = number // SESSION + 1
        if number % SESSION == 0:
            yield _line({
                "record": "session", "id": session, "ruleset": "hangzhou", "base": 1,
                "rotation": "dealer_stays", "seats": "1 2 3 4", "dealer": "E",
                "round_wind": "E", "hand_number": SESSION + 1, "deals_in_round": 0,
                "is_open": 0, "created_at": "2024-01-01T00:00:00+00:00",
            })  # fmt: skip
            written += 1
        winner, value, day = number % 4 + 1, number % 7 + 1, number // SESSION
        yield _line({
            "record": "entry", "id": number + 1, "session": session, "kind": "win",
            "created_at": f"{2024 + day // 365}-{day % 365 // 31 + 1:02d}-01T20:00:00+00:00",
            "seats": "1 2 3 4", "hand_number": number % SESSION + 1, "winner": winner,
            "self_draw": 1, "value": value, "hand_line": "自摸",
            "state_before": STATE, "state_after": STATE,
        })  # fmt: skip
        for user in USERS:
            delta = 3 * value if user == winner else -value
            yield _line({"record": "posting", "id": number + 1, "player": user, "delta": delta})
        written += 5
        number += 1


def chain_file(links: int) -> Iterator[list[object]]:
    """``links`` + 1 guests and a chain of links: guest n is guest n+1's from then on."""
    for guest in range(links + 1):
        yield _line({"record": "player", "id": guest + 1, "name": f"g{guest}"})
    for guest in range(links):
        yield _line({
            "record": "identity", "id": guest + 1, "kind": "link", "how": "merge",
            "player": guest + 1, "person": guest + 2, "created_at": "2024-01-01T00:00:00",
        })  # fmt: skip


def guests_file(guests: int) -> Iterator[list[object]]:
    for guest in range(guests):
        yield _line({"record": "player", "id": guest + 1, "name": f"g{guest}"})


def write_signed(path: Path, records: Iterator[list[object]]) -> int:
    """The records as a signed ledger file (header, rows, trailer); returns the entries."""
    signer = Signer()
    with path.open("w", encoding="utf-8", newline="") as file:
        header = _csv_lines([list(COLUMNS)])
        file.write(signer.add(header))
        batch: list[list[object]] = []
        for record in records:
            batch.append(record)
            if len(batch) == 5000:
                file.write(signer.add(_csv_lines(batch), _entries(batch)))
                batch = []
        file.write(signer.add(_csv_lines(batch), _entries(batch)))
        file.write(signer.trailer(COLUMNS))
    return signer.entries


def _entries(batch: list[list[object]]) -> int:
    return sum(record[0] == "entry" for record in batch)


def _csv_lines(rows: list[list[object]]) -> str:
    import io

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float


def run(command: list[str]) -> Run:
    """``command`` in a process of its own: its wall time and peak resident memory."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    assert child.stderr is not None
    error = child.stderr.read().decode()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {error}")
    return Run(seconds, usage.ru_maxrss / 1024)  # KiB on Linux


def import_run(folder: Path, file: Path) -> Run:
    database = folder / f"{file.stem}.db"
    database.unlink(missing_ok=True)
    return run([
        sys.executable, "-m", "storage", "import", str(file), "--chat", str(CHAT),
        "--database", str(database),
    ])  # fmt: skip


def reference_run(folder: Path, file: Path) -> Run:
    database = folder / f"{file.stem}.reference.db"
    database.unlink(missing_ok=True)
    return run([sys.executable, "-c", _REFERENCE, str(file), str(database)])


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ledger_import")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--chain", type=int, help="time a chain of N identity links instead")
    parser.add_argument("--guests", type=int, help="time a file of N guests instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.chain or args.guests:
            file = folder / "case.csv"
            if args.chain:
                write_signed(file, chain_file(args.chain))
            else:
                write_signed(file, guests_file(args.guests))
            took = import_run(folder, file)
            what = f"{args.chain} links in a chain" if args.chain else f"{args.guests} guests"
            print(f"{what}: {took.seconds:.1f} s, peak {took.peak_mb:.0f} MB")
            return
        print(f"{'records':>10} {'entries':>8} {'import s':>9} {'peak MB':>8} "
              f"{'ref s':>7} {'ref MB':>7} {'× ref':>6} {'µs/record':>10}")  # fmt: skip
        rows: list[tuple[int, Run, Run]] = []
        for size in args.sizes:
            file = folder / f"ledger{size}.csv"
            entries = write_signed(file, hands_file(size))
            imported, reference = import_run(folder, file), reference_run(folder, file)
            rows.append((size, imported, reference))
            print(
                f"{size:>10,} {entries:>8,} {imported.seconds:>9.1f} {imported.peak_mb:>8.0f} "
                f"{reference.seconds:>7.1f} {reference.peak_mb:>7.0f} "
                f"{imported.seconds / reference.seconds:>5.1f}× "
                f"{imported.seconds / size * 1e6:>10.1f}"
            )
            file.unlink()
        (small, first, _), (large, last, _) = rows[0], rows[-1]
        per_record = (last.seconds / large) / (first.seconds / small)
        print(
            f"growth {small:,} → {large:,} records: time per record {per_record:.2f}×, "
            f"peak memory {last.peak_mb / first.peak_mb:.2f}×"
        )


if __name__ == "__main__":
    main()
