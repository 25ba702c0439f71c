"""Money in the ledger: the stake, table fees and adjustments as append-only entries.

Each is an entry of kind ``adjustment`` in the open session whose ``result_json`` says what it
is (``{"adjust": "fee", "fen": [[account, fen], ...]}``, ``{"adjust": "stake", "stake": N}``):
points move by its postings, as any entry's do (the totals of migration 0004 count them), and
money by its fen lines, which must sum to 0 like postings (checked in the writing
transaction, and by ``storage.check``). Undoing one is a reversal like any entry's; a session's
money is read from its standing adjustments (``session_money``).
"""

from __future__ import annotations

import json
from typing import Any

from .database import Store
from .entries import Draft, check_players, clean_postings, insert_recording, look, open_session_of
from .errors import ErrorCode, StorageError
from .money import (
    ADJUST_KINDS,
    MAX_STAKE,
    TABLE,
    MoneySpec,
    SessionMoney,
    adjustment_data,
    money_lines,
)
from .people import read_people
from .records import Recorded, Source
from .reports import STANDING
from .rows import fetch_all, now_text, session_row


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked(spec: MoneySpec) -> tuple[dict[int, int], dict[int, int], dict[str, Any]]:
    """The spec's postings, money lines and stored JSON, once it stands as an adjustment."""
    if spec.kind not in ADJUST_KINDS:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"adjustment {spec.kind!r}")
    postings = clean_postings(dict(spec.postings), allow_empty=True)
    fen = money_lines(spec.fen)
    stored: dict[str, Any] = {"adjust": spec.kind}
    if spec.kind == "stake":
        stake = spec.stake
        if stake is None or not _is_int(stake) or not 0 < stake <= MAX_STAKE or postings or fen:
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"stake {spec.stake!r}")
        stored["stake"] = stake
    elif spec.stake is not None or not (postings or fen):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"{spec.kind} moves nothing")
    if fen:
        stored["fen"] = [[account, amount] for account, amount in fen.items()]
    return postings, fen, stored


# A session without adjustments (most) is answered from the kept counts (migration 0004)
# without walking its entries: SQLite tests this constant term once, before the scan.
_HAS_ADJUSTMENTS = (
    "EXISTS (SELECT 1 FROM entry_counts WHERE chat_id = ?1 AND session_id = ?2"
    " AND kind = 'adjustment')"
)


class MoneyStore(Store):
    async def record(
        self,
        chat_id: int,
        session_id: int,
        spec: MoneySpec,
        source: Source | None,
        author: int | None,
    ) -> Recorded:
        """Record a stake, fee, penalty or payment in the open session ``session_id``."""
        postings, fen, stored = _checked(spec)
        players = [*postings, *(account for account in fen if account != TABLE)]
        async with self._write(begin=False) as conn:
            before = await look(conn, chat_id, source, [author, *players], session_id)
            if before.replay is not None:
                return before.replay
            open_session_of(before.session, session_id)
            check_players(before, [*players, author])
            if spec.reason is not None and not isinstance(spec.reason, str):
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"note {spec.reason!r}")
            fields = {
                "session_id": session_id,
                "author": author,
                "note": spec.reason,
                "result_json": json.dumps(stored, ensure_ascii=False),
                "created_at": now_text(),
            }
            entry = await insert_recording(
                conn, chat_id, Draft("adjustment", postings, fields), source, before
            )
            return Recorded((entry,), replay=False, session=before.session)

    async def of_session(self, chat_id: int, session_id: int) -> SessionMoney:
        """The session's stake (the latest standing one) and the fen of its standing fees
        and money adjustments, per account (a person's records folded into its root record,
        as ``tally`` folds them)."""
        async with self._read() as conn:
            await session_row(conn, chat_id, session_id)
            rows = await fetch_all(
                conn,
                f"SELECT e.result_json FROM entries AS e WHERE {_HAS_ADJUSTMENTS} AND "
                "+e.chat_id = ?1 AND e.session_id = ?2 AND e.kind = 'adjustment' "
                "AND e.result_json IS NOT NULL "
                f"AND {STANDING} ORDER BY e.id",
                [chat_id, session_id],
            )
            people = await read_people(conn, chat_id)
        money = money_of(row["result_json"] for row in rows)
        # One person, one account: a record's lines count as its person's, as the tally's do.
        folded = {account: fen for account, fen in people.fold_sums(money.fen).items() if fen}
        return SessionMoney(money.stake, folded)


def money_of(stored: Any) -> SessionMoney:
    """A session's money from its standing adjustments' JSON, oldest first."""
    stake: int | None = None
    fen: dict[int, int] = {}
    for text in stored:
        data = adjustment_data(text)
        if data is None:
            continue
        if data["adjust"] == "stake":
            stake = int(data["stake"])
        for account, amount in data.get("fen", ()):
            fen[int(account)] = fen.get(int(account), 0) + int(amount)
    return SessionMoney(stake, {account: amount for account, amount in fen.items() if amount})
