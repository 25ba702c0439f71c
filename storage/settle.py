"""Settle-up: who pays whom, in the fewest transfers (a pure function, integers only).

n non-zero balances split into g zero-sum groups need exactly n - g transfers, and no
settlement can do better, so the fewest transfers come from the most zero-sum groups. For up
to ``EXACT_LIMIT`` non-zero balances a DP over subsets finds that maximum; above it a greedy
largest-debtor-to-largest-creditor pass still keeps to at most n - 1 transfers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from .errors import ErrorCode, StorageError
from .records import Transfer

EXACT_LIMIT: Final = 12


def settle_up(balances: Mapping[int, int]) -> list[Transfer]:
    """Transfers that bring every balance to 0 (balances must sum to 0)."""
    total = sum(balances.values())
    if total != 0:
        raise StorageError(ErrorCode.UNBALANCED_POSTINGS, total=total)
    nonzero = sorted((player, amount) for player, amount in balances.items() if amount)
    if len(nonzero) > EXACT_LIMIT:
        return _greedy(nonzero)
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(nonzero):
        transfers.extend(_greedy(group))
    return transfers


def _zero_sum_groups(items: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Split ``items`` (summing to 0) into the largest number of zero-sum groups."""
    n = len(items)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + items[low.bit_length() - 1][1]
    # best[mask]: most zero-sum prefixes over orderings of mask's items.
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        top = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            top = max(top, best[mask ^ low])
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    # Walk back from the full set, peeling one item at a time along an optimal path;
    # every time the remaining set sums to 0 a group is complete.
    groups: list[list[tuple[int, int]]] = []
    mask = full
    current: list[tuple[int, int]] = []
    while mask:
        gain = 1 if sums[mask] == 0 else 0
        if gain and current:
            groups.append(current)
            current = []
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] + gain == best[mask]:
                current.append(items[low.bit_length() - 1])
                mask ^= low
                break
    if current:
        groups.append(current)
    return groups


def _greedy(items: Sequence[tuple[int, int]]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are even: at most len(items) - 1."""
    debtors = sorted(((-amount, player) for player, amount in items if amount < 0), reverse=True)
    creditors = sorted(((amount, player) for player, amount in items if amount > 0), reverse=True)
    transfers: list[Transfer] = []
    d = c = 0
    owe = [amount for amount, _ in debtors]
    due = [amount for amount, _ in creditors]
    while d < len(debtors) and c < len(creditors):
        amount = min(owe[d], due[c])
        transfers.append(Transfer(payer=debtors[d][1], payee=creditors[c][1], amount=amount))
        owe[d] -= amount
        due[c] -= amount
        if owe[d] == 0:
            d += 1
        if due[c] == 0:
            c += 1
    return transfers
