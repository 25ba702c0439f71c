"""Money: every seat's integer delta from a value and a payer rule, and kongs paid at once.

All amounts are ints; every settlement sums to zero (checked here, where it is made).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from scoring import rulesets
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.rulesets.base import PayerRule, Ruleset
from scoring.tiles import SEAT_ORDER, Seat


def settle(
    rule: PayerRule,
    share: int,
    winner: Seat,
    payer: Seat | None = None,
    others_share: int = 0,
) -> dict[Seat, int]:
    """Every seat's delta when ``winner`` wins ``share`` (money, not units) under ``rule``."""
    if rule.needs_payer and (payer is None or payer == winner):
        raise ScoringError(
            ScoringErrorCode.BAD_SEAT,
            "付款的一家不能是空的，也不能是胡牌者自己",
            "the paying seat must be given and must not be the winner",
            token=None if payer is None else payer.value,
        )
    if rule is PayerRule.SELF_DRAW:
        deltas = dict.fromkeys(SEAT_ORDER, -share)
    else:
        assert payer is not None  # needs_payer: checked above
        if rule is PayerRule.DISCARD_SPLIT:
            deltas = dict.fromkeys(SEAT_ORDER, -others_share)
            deltas[payer] = -share
        else:
            deltas = dict.fromkeys(SEAT_ORDER, 0)
            three = rule is PayerRule.CONTRACT or rule is PayerRule.ROBBED_KONG
            deltas[payer] = -3 * share if three else -share
    deltas[winner] = 0
    deltas[winner] = -sum(deltas.values())
    return _checked(deltas)


class KongKind(StrEnum):
    """The three kongs a ruleset may settle at once (Hangzhou's), in 底分 units (not ×8)."""

    EXPOSED = "exposed"  # 明杠 (直杠): from a discard; the discarder pays 3
    CONCEALED = "concealed"  # 暗杠: each other player pays 2
    ADDED = "added"  # 补杠: onto one's own 碰; each other player pays 1

    @property
    def zh(self) -> str:
        return {"exposed": "明杠", "concealed": "暗杠", "added": "补杠"}[self.value]


def kong_payment(
    kind: KongKind,
    owner: Seat,
    discarder: Seat | None,
    base: int,
    rules: str | Ruleset = "hangzhou",
) -> dict[Seat, int]:
    """Deltas of one kong, settled at once in 底分 units as the ruleset's 杠 table says;
    refused under a ruleset whose kongs are not paid separately."""
    check_base(base)
    ruleset = rules if isinstance(rules, Ruleset) else rulesets.get(rules)
    if not ruleset.settles_kongs:
        raise ScoringError(
            ScoringErrorCode.KONGS_NOT_SETTLED,
            f"{ruleset.name_zh}的杠不另外结算",
            f"{ruleset.name_en} does not pay kongs separately",
            token=ruleset.id,
        )
    units = ruleset.value_of(kind.zh)
    if kind is KongKind.EXPOSED:
        if discarder is None or discarder == owner:
            raise ScoringError(
                ScoringErrorCode.BAD_SEAT,
                "明杠要写明是谁打出的那张牌（不能是杠牌者自己）",
                "an exposed kong needs the seat that discarded the tile (not the owner)",
                token=None if discarder is None else discarder.value,
            )
        return settle(PayerRule.DISCARD, units * base, owner, discarder)
    return settle(PayerRule.SELF_DRAW, units * base, owner)


# The highest 底分: far above the richest room (尊爵场 80,000), and low enough that the
# largest win (256 番 × 8 × 3 shares) stays a 64-bit integer in the ledger.
MAX_BASE = 10**9


def check_base(base: object) -> int:
    """底分 must be a positive whole number of points, at most ``MAX_BASE``."""
    if isinstance(base, bool) or not isinstance(base, int) or not 1 <= base <= MAX_BASE:
        raise ScoringError(
            ScoringErrorCode.BAD_BASE,
            f"底分必须是 1 到 {MAX_BASE:,} 之间的整数",
            f"the base stake (底分) must be a whole number from 1 to {MAX_BASE:,}",
            token=str(base),
        )
    return base


def combine(deltas: Iterable[Mapping[Seat, int]]) -> dict[Seat, int]:
    """Several settlements as one (一炮多响: each win on one discard, scored on its own)."""
    total = dict.fromkeys(SEAT_ORDER, 0)
    for one in deltas:
        for seat, amount in one.items():
            total[seat] += amount
    return _checked(total)


def _checked(deltas: dict[Seat, int]) -> dict[Seat, int]:
    if sum(deltas.values()) != 0:  # an invariant, never a user error
        raise AssertionError(f"payments do not sum to zero: {deltas}")
    return deltas
