"""How large an amount the ledger takes, so that any sum it can reach fits SQLite's signed
64-bit integer (docs/money.md, "Bounds"). A sum past 2^63 − 1 does not fail in SQLite: it
turns into a float, silently, and every reader after it breaks; so each amount is bounded
where it comes in, from a documented largest ledger:

- a chat holds at most ``MAX_ENTRIES`` entries (10^8: a hundred hands a day for 2,700 years);
- one entry moves at most ``MAX_POSTING_POINTS`` points for one player, and at most
  ``MAX_ENTRY_MONEY`` of money for one player: its points at the session's stake (in 1/100 fen,
  the kept money's unit) and its money lines (fen × 100) each.

Every kept sum (a player's points, a person's money, a month's, a pair's) adds at most one
posting and one money line per entry, so it stays within ``MAX_ENTRIES`` × (the larger of the
two bounds) × 2, which the asserts below hold inside 64 bits.
"""

from __future__ import annotations

from typing import Final

SQLITE_INTEGER_MAX: Final = 2**63 - 1
MAX_ENTRIES: Final = 10**8
MAX_POSTING_POINTS: Final = 10**10
FEN_PER_YUAN: Final = 100
STAKE_UNIT_PER_FEN: Final = 100
MAX_FEN: Final = 1_000_000 * FEN_PER_YUAN  # a money line: at most a million 元
MAX_ENTRY_MONEY: Final = MAX_FEN * STAKE_UNIT_PER_FEN  # in 1/100 fen: a million 元 as well

assert MAX_ENTRIES * MAX_POSTING_POINTS <= SQLITE_INTEGER_MAX
assert MAX_ENTRIES * 2 * MAX_ENTRY_MONEY <= SQLITE_INTEGER_MAX
