"""Money: its arithmetic (pure functions, integers only: a session's points priced in fen, even
splits, the fen balances its settle-up pays; docs/money.md has the rules in words) and its store.

Amounts of money are integer fen (分, 1/100 元). A stake — the price of one point — is an
integer count of ``STAKE_UNIT`` (1/10 000 元, a hundredth of a fen), so 0.5 元 a point is
5 000 and 0.0005 元 a point (a 底分-400 room) is 5; a point times a stake need not be a whole
fen, and ``priced`` rounds the table's amounts so they still sum to 0.

In the ledger (``ledger.money``, ``MoneyStore``), the stake, table fees and adjustments are
append-only entries: each is an entry of kind ``adjustment`` in the open session whose
``result_json`` says what it is (``{"adjust": "fee", "fen": [[account, fen], ...]}``,
``{"adjust": "stake", "stake": N}``): points move by its postings, as any entry's do (the
totals count them), and money by its fen lines, which must sum to 0 like postings (checked in
the writing transaction, and by ``storage.check``). Undoing one is a reversal like any entry's;
a session's money is read from its standing adjustments (``ledger.money.of_session``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .bounds import FEN_PER_YUAN, MAX_ENTRY_MONEY, MAX_FEN, STAKE_UNIT_PER_FEN
from .database import Store
from .entries import (
    Author,
    Draft,
    check_players,
    clean_postings,
    insert_recording,
    look,
    open_session_of,
    recorded_author,
)
from .errors import ErrorCode, StorageError
from .people import read_people
from .records import Recorded, Source
from .reports import STANDING
from .rows import fetch_all, fetch_one, now_text, session_row

STAKE_PER_YUAN: Final = FEN_PER_YUAN * STAKE_UNIT_PER_FEN  # a stake of 1 元 a point
MAX_STAKE: Final = 1_000 * STAKE_PER_YUAN  # 1 000 元 a point
TABLE: Final = 0
"""The account a table fee is paid to (台费): never a player id (those start at 1)."""

AdjustKind = Literal["stake", "fee", "penalty", "pay"]
ADJUST_KINDS: Final[tuple[AdjustKind, ...]] = ("stake", "fee", "penalty", "pay")


def priced(points: Mapping[int, int], stake: int) -> dict[int, int]:
    """Each balance in points as fen at ``stake``, summing to 0 like the points.

    Exactly, a balance is worth ``points × stake / 100`` fen. Each is rounded down, and the
    fen that rounding dropped (a whole number, as the exact amounts sum to 0) go one each to
    the balances with the largest dropped fractions (largest remainder; equal fractions in
    the order ``points`` lists them). Every amount is within one fen of its exact value.
    """
    if sum(points.values()) != 0:
        raise StorageError(ErrorCode.UNBALANCED_POSTINGS, total=sum(points.values()))
    floors: dict[int, int] = {}
    dropped: list[tuple[int, int, int]] = []
    for order, (account, balance) in enumerate(points.items()):
        whole, fraction = divmod(balance * stake, STAKE_UNIT_PER_FEN)
        floors[account] = whole
        dropped.append((-fraction, order, account))
    missing = -sum(floors.values())
    for _, _, account in sorted(dropped)[:missing]:
        floors[account] += 1
    return floors


def split_evenly(total: int, accounts: Sequence[int]) -> dict[int, int]:
    """``total`` shared by ``accounts`` as evenly as integers allow: each gets the quotient,
    and the remainder goes one each to the first accounts in the order given (the bot gives
    them in seat order 东南西北, a penalty's from the payer's 下家 on)."""
    if not accounts:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="nobody to share among")
    share, remainder = divmod(total, len(accounts))
    return {
        account: share + (1 if index < remainder else 0) for index, account in enumerate(accounts)
    }


@dataclass(frozen=True)
class SessionMoney:
    """What a session's standing adjustments say about money: the stake (None: points only),
    the fen each account gets from fees and money adjustments (``TABLE`` the fee), and the
    standing fees' total."""

    stake: int | None = None
    fen: dict[int, int] = field(default_factory=dict)
    # The players' shares of the standing fees (negative fen), part of ``fen``: what each
    # balance says it paid towards the 台费.
    fee_shares: dict[int, int] = field(default_factory=dict)

    @property
    def fee(self) -> int:
        return self.fen.get(TABLE, 0)

    def balances(self, points: Mapping[int, int]) -> dict[int, int]:
        """Fen per account once settled: the points priced at the stake (none without one)
        plus the money lines; sums to 0."""
        total = priced(points, self.stake) if self.stake else {}
        for account, amount in self.fen.items():
            total[account] = total.get(account, 0) + amount
        return {account: amount for account, amount in total.items() if amount}


def yuan_text(fen: int, *, signed: bool = False) -> str:
    """'12.50', '−3.00' (a true minus, as the tally writes points), '+40.00' when ``signed``."""
    whole, cents = divmod(abs(fen), FEN_PER_YUAN)
    sign = "−" if fen < 0 else ("+" if signed and fen > 0 else "")
    return f"{sign}{whole:,}.{cents:02d}"


def stake_text(stake: int) -> str:
    """A stake in 元 with no trailing zeros: 5000 → '0.5', 10000 → '1', 5 → '0.0005'."""
    whole, part = divmod(stake, STAKE_PER_YUAN)
    if not part:
        return str(whole)
    return f"{whole}.{part:04d}".rstrip("0")


@dataclass(frozen=True)
class MoneySpec:
    """An adjustment for ``ledger.money.record``: what it is (``ADJUST_KINDS``), its points
    postings (a penalty or payment in points), its money lines in fen (``TABLE`` the fee's
    account), the stake it sets (kind "stake") and the reason given."""

    kind: AdjustKind
    postings: Mapping[int, int] = field(default_factory=dict)
    fen: Mapping[int, int] = field(default_factory=dict)
    stake: int | None = None
    reason: str | None = None


def adjustment_data(text: str | None) -> dict[str, Any] | None:
    """The stored JSON of a money adjustment, or None for any other entry's."""
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("adjust") not in ADJUST_KINDS:
        return None
    return data


def money_lines(fen: Mapping[int, int]) -> dict[int, int]:
    """Integer fen per account (``TABLE`` or a player), zeros dropped, summing to 0."""
    for account, amount in fen.items():
        if not _whole(account) or not _whole(amount):
            raise StorageError(
                ErrorCode.INVALID_ARGUMENT, detail=f"money line {account!r}: {amount!r}"
            )
        if abs(amount) > MAX_FEN:
            raise StorageError(
                ErrorCode.MONEY_TOO_LARGE,
                yuan=yuan_text(abs(amount)),
                limit=yuan_text(MAX_FEN),
            )
    if sum(fen.values()) != 0:
        raise StorageError(ErrorCode.UNBALANCED_POSTINGS, total=sum(fen.values()))
    return {account: amount for account, amount in sorted(fen.items()) if amount}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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


_STANDING_STAKE = (
    "SELECT x.stake FROM stake_entries AS x WHERE x.session_id = ? AND NOT EXISTS "
    "(SELECT 1 FROM entries AS r WHERE r.reverses = x.id) ORDER BY x.id DESC LIMIT 1"
)
_LARGEST_POSTING = (
    "SELECT max(abs(p.delta)) FROM entries AS e JOIN postings AS p ON p.entry_id = e.id "
    "WHERE e.session_id = ?"
)


async def _check_priced(
    conn: Any, session_id: int, kind: AdjustKind, postings: Mapping[int, int], stake: int | None
) -> None:
    """Refuse an adjustment that would make one posting of its session worth more than
    ``MAX_ENTRY_MONEY`` (docs/money.md, bounds): a penalty or payment in points at the
    standing stake, or a stake over the session's largest posting (a stake prices them all)."""
    if kind == "stake":
        assert stake is not None
        row = await fetch_one(conn, _LARGEST_POSTING, [session_id])
        points = int(row[0]) if row is not None and row[0] is not None else 0
    else:
        row = await fetch_one(conn, _STANDING_STAKE, [session_id])
        stake = int(row[0]) if row is not None and row[0] is not None else None
        points = max((abs(delta) for delta in postings.values()), default=0)
    if stake is not None and points * stake > MAX_ENTRY_MONEY:
        raise StorageError(
            ErrorCode.PRICED_TOO_LARGE,
            points=f"{points:,}",
            stake=stake_text(stake),
            yuan=yuan_text(points * stake // STAKE_UNIT_PER_FEN),
            limit=yuan_text(MAX_FEN),
        )


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
        author: Author,
    ) -> Recorded:
        """Record a stake, fee, penalty or payment in the open session ``session_id``."""
        postings, fen, stored = _checked(spec)
        players = [*postings, *(account for account in fen if account != TABLE)]
        async with self._write(begin=False) as conn:
            before = await look(conn, chat_id, source, [author, *players], session_id)
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            open_session_of(before.session, session_id)
            check_players(before, [*players, author_id])
            await _check_priced(conn, session_id, spec.kind, postings, spec.stake)
            if spec.reason is not None and not isinstance(spec.reason, str):
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"note {spec.reason!r}")
            fields = {
                "session_id": session_id,
                "author": author_id,
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
        shares = people.fold_sums(money.fee_shares)
        return SessionMoney(money.stake, folded, {a: fen for a, fen in shares.items() if fen})


def money_of(stored: Any) -> SessionMoney:
    """A session's money from its standing adjustments' JSON, oldest first."""
    stake: int | None = None
    fen: dict[int, int] = {}
    shares: dict[int, int] = {}
    for text in stored:
        data = adjustment_data(text)
        if data is None:
            continue
        if data["adjust"] == "stake":
            stake = int(data["stake"])
        for account, amount in data.get("fen", ()):
            fen[int(account)] = fen.get(int(account), 0) + int(amount)
            if data["adjust"] == "fee" and int(account) != TABLE:
                shares[int(account)] = shares.get(int(account), 0) + int(amount)
    return SessionMoney(
        stake,
        {account: amount for account, amount in fen.items() if amount},
        {account: amount for account, amount in shares.items() if amount},
    )
