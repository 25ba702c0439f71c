"""/stake, /fee, /penalty, /pay: amounts of money and points as people type them.

One amount grammar for all of them and /new's 每分X元 (``read_amount``): ASCII or full-width
digits, one decimal point (``.`` ``．``), a comma (``,`` ``，``) only between groups of three
(``1,000``), a leading ``+`` (``+5`` is 5). Accepted: ``0.5`` ``0.5元`` ``5块`` ``5块钱``
``5毛`` / ``5角`` (0.5 元) ``¥40`` ``40yuan``; a unit may also stand as the next word
(``40 元``). Refused by name: a decimal comma (``0,5`` ``2,50``: many players write one, and
reading it as a separator would multiply the money), Chinese numerals (五毛), ``分`` as a unit
(a point is also 分: write 0.05元), a minus sign, zero, more decimals than the amount keeps
(money: 2, a stake: 4), and anything beyond the limits.
An adjustment's amount is points when it has no unit (``30``, ``30分``) and money with one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.grammar.errors import GrammarError
from bot.grammar.roster import Roster, take_player
from scoring.tiles import Seat
from storage.bounds import FEN_PER_YUAN, MAX_FEN, MAX_POSTING_POINTS

_FOLD: Final = str.maketrans("０１２３４５６７８９．，￥＋", "0123456789.,¥+")
_AMOUNT: Final = re.compile(
    r"(?P<yen>¥)?(?P<whole>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<part>[0-9]+))?"
    r"(?P<unit>元|块钱?|毛钱?|角|分|yuan|rmb|pts?|points?)?",
    # Case aside for ASCII letters only: Unicode case matching reads the dotless ı of
    # 5poınts as i (and the Kelvin sign as k), a unit nobody typed.
    re.IGNORECASE | re.ASCII,
)
_YUAN_UNITS: Final = frozenset({"元", "块", "块钱", "yuan", "rmb"})
_TENTH_UNITS: Final = frozenset({"毛", "毛钱", "角"})
_POINT_UNITS: Final = frozenset({"pt", "pts", "point", "points"})
UNIT_WORDS: Final = _YUAN_UNITS | _TENTH_UNITS | _POINT_UNITS | {"分"}
_CHINESE_NUMERALS: Final = re.compile(r"[零〇一二两三四五六七八九十百千万]+.*")
MONEY_DECIMALS: Final = 2  # fen
STAKE_DECIMALS: Final = 4  # 1/10 000 元, storage.money.STAKE_UNIT
# The ledger's bounds (docs/money.md): a money line of up to a million 元, points per player
# an entry up to ten billion, so that every sum the ledger keeps fits 64 bits.
MAX_YUAN: Final = MAX_FEN // FEN_PER_YUAN
MAX_POINTS: Final = MAX_POSTING_POINTS
MAX_STAKE_YUAN: Final = 1_000
MAX_REASON: Final = 60  # characters: a reason is a note (诈胡, 迟到), quoted in every reply
WINNER_WORDS: Final = frozenset({"赢家", "大赢家", "winner", "赢家付", "赢家出"})


@dataclass(frozen=True)
class Amount:
    """A whole amount: points, or money in units of 10^-``decimals`` 元 (fen for 2)."""

    value: int
    money: bool


def read_amount(word: str, *, decimals: int, points: bool = False) -> Amount:
    """``word`` as an amount; ``points``: a bare number is points (an adjustment), else 元."""
    text = _folded(word)
    match = _AMOUNT.fullmatch(text)
    if match is None:
        if "," in text and _AMOUNT.fullmatch(text.replace(",", "")):
            raise GrammarError("amount_decimal_comma", token=word)
        if _CHINESE_NUMERALS.fullmatch(text):
            raise GrammarError("amount_numerals", token=word)
        if text[:1] in "-−":
            raise GrammarError("amount_not_positive", token=word)
        raise GrammarError("amount_not_number", token=word)
    unit = (match["unit"] or "").lower()
    if points:
        money = bool(match["yen"]) or unit in _YUAN_UNITS or unit in _TENTH_UNITS
    elif unit == "分":
        raise GrammarError("amount_fen_unit", token=word)
    elif unit in _POINT_UNITS:
        raise GrammarError("amount_not_number", token=word)
    else:
        money = True
    part = match["part"] or ""
    if not money:
        if part:
            raise GrammarError("points_not_whole", token=word)
        whole = int(match["whole"].replace(",", ""))
        return _bounded(
            Amount(whole, money=False), word, MAX_POINTS, ("points_too_big", MAX_POINTS)
        )
    shift = decimals - (1 if unit in _TENTH_UNITS else 0)
    if len(part) > shift:
        raise GrammarError("amount_too_fine", token=word, decimals=shift)
    value = int(match["whole"].replace(",", "") + part.ljust(shift, "0"))
    largest = MAX_YUAN * 10**decimals
    return _bounded(Amount(value, money=True), word, largest, ("amount_too_big", MAX_YUAN))


def _folded(word: str) -> str:
    """The word in ASCII digits and signs, without the leading + that changes nothing."""
    return word.translate(_FOLD).removeprefix("+")


def _bounded(amount: Amount, word: str, largest: int, too_big: tuple[str, int]) -> Amount:
    """The amount if it is within (0, ``largest``]; ``too_big``: the refusal's key and the
    limit it names, in the unit people typed (元 or points)."""
    if amount.value <= 0:
        raise GrammarError("amount_not_positive", token=word)
    if amount.value > largest:
        key, limit = too_big
        raise GrammarError(key, token=word, limit=f"{limit:,}")
    return amount


def joined_unit(words: Sequence[str]) -> list[str]:
    """The words with a unit written apart glued back to its number (40 元 → 40元)."""
    out: list[str] = []
    for word in words:
        if out and word.lower() in UNIT_WORDS and _AMOUNT.fullmatch(_folded(out[-1])):
            out[-1] += word
        else:
            out.append(word)
    return out


def parse_stake(words: Sequence[str]) -> int | None:
    """/stake [AMOUNT]: the stake in 1/10 000 元 a point (None: show the current one)."""
    words = joined_unit(words)
    if not words:
        return None
    if len(words) > 1:
        raise GrammarError("stake_word", token=words[1])
    word = words[0].removeprefix("每分")
    stake = read_amount(word, decimals=STAKE_DECIMALS)
    if stake.value > MAX_STAKE_YUAN * 10**STAKE_DECIMALS:
        raise GrammarError("stake_too_big", token=words[0], limit=f"{MAX_STAKE_YUAN:,}")
    return stake.value


# 每分… is always a stake (and refused as one when it is not a number); a stake written before
# /分, /pt or 一分 must start like a number, so a guest called 张一分 stays a name.
_STAKE_IN_NEW: Final = re.compile(
    r"每分(?P<a>.+)|(?P<b>[¥￥]?[0-9０-９][^/]*?)(?:/分|/pt|/point|一分)", re.IGNORECASE | re.ASCII
)


def stake_in_new(word: str) -> int | None:
    """The stake a /new word sets (每分0.5元, 0.5元/分, 0.5/pt), or None for any other word."""
    match = _STAKE_IN_NEW.fullmatch(word)
    if match is None:
        return None
    return parse_stake([match["a"] or match["b"]])


@dataclass(frozen=True)
class FeeCommand:
    """/fee AMOUNT [赢家]: the fee in fen, AA or paid by the session's biggest winner."""

    fen: int
    by_winner: bool


def parse_fee(words: Sequence[str]) -> FeeCommand:
    words = joined_unit(words)
    if not words:
        raise GrammarError("fee_usage")
    amount = read_amount(words[0], decimals=MONEY_DECIMALS)
    rest = words[1:]
    for index, word in enumerate(rest):
        if index > 0 or word.casefold() not in WINNER_WORDS:
            raise GrammarError("fee_word", token=word)
    return FeeCommand(amount.value, by_winner=bool(rest))


@dataclass(frozen=True)
class Adjustment:
    """/penalty or /pay: who pays, who gets (None: the other players), the amount and why."""

    payer: Seat
    payee: Seat | None
    amount: Amount
    reason: str | None


def parse_penalty(words: Sequence[str], roster: Roster) -> Adjustment:
    """/penalty PLAYER AMOUNT [reason]."""
    payer, rest = _player(words, roster, "penalty_usage")
    amount, reason = _amount_and_reason(rest, "penalty_usage")
    return Adjustment(payer, None, amount, reason)


def parse_pay(words: Sequence[str], roster: Roster) -> Adjustment:
    """/pay PAYER PAYEE AMOUNT [reason]."""
    payer, rest = _player(words, roster, "pay_usage")
    payee, rest = _player(rest, roster, "pay_usage")
    if payee == payer:
        raise GrammarError("pay_self", token=words[0], who=payer, roster=roster)
    amount, reason = _amount_and_reason(rest, "pay_usage")
    return Adjustment(payer, payee, amount, reason)


def _player(words: Sequence[str], roster: Roster, usage: str) -> tuple[Seat, list[str]]:
    if not words:
        raise GrammarError(usage)
    taken = take_player(words, roster)
    if taken is None:
        raise GrammarError("unknown_player", token=words[0], roster=roster)
    seat, count = taken
    if seat not in roster.members:  # a seat word for an empty seat: nobody to pay or be paid
        raise GrammarError("nobody_in_seat", token=" ".join(words[:count]), roster=roster)
    return seat, list(words[count:])


def _amount_and_reason(words: Sequence[str], usage: str) -> tuple[Amount, str | None]:
    words = joined_unit(words)
    if not words:
        raise GrammarError(usage)
    amount = read_amount(words[0], decimals=MONEY_DECIMALS, points=True)
    reason = " ".join(words[1:])
    if len(reason) > MAX_REASON:
        raise GrammarError("reason_too_long", token=reason[:MAX_REASON] + "…", limit=MAX_REASON)
    return amount, reason or None
