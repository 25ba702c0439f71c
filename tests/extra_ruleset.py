"""A toy seventh ruleset, 宁波麻将, built only from the pieces the scoring package exports.

It is no real ruleset (its figures are made up): it exists to show that a ruleset added
with ``scoring.rulesets.register`` is served by the bot, its pictures and its rules Q&A
with no product file changed. What it asks of each capability differs from the six built-in
ones where it can: its own family (宁波, whose players say 放炮), unit 台 without counting
台 items, Hangzhou's fixed 白板 wild and kong table, the dealer keeping the deal.
"""

from __future__ import annotations

from scoring.reading import Reading
from scoring.result import Pattern
from scoring.rulesets import Family, Row, Ruleset, Table, hangzhou, huzhou
from scoring.rulesets.base import Valuation, Win, WinKind, product_valuation

FAMILY = Family("ningbo", ("宁波", "ningbo"), default="ningbo", discard_win_zh="放炮")

TABLE = Table(
    "宁波计台",
    "Ningbo tai",
    "台",
    "tai",
    (
        Row("放炮", "Win on a discard", 1, "放炮者一人付"),
        Row("自摸", "Self-draw", 3, "三家各付"),
        Row("杠开", "Kong bloom", 5, "杠上开花"),
        Row("爆头", "Baotou", 2, "财神配对的牌恰好是胡的那张真牌：乘 2"),
    ),
)


def valuate(reading: Reading, win: Win, rules: Ruleset) -> Valuation:
    """放炮, 自摸 or 杠开, times 爆头 on a self-draw; paid as in Huzhou."""
    if win.kind is WinKind.DISCARD:
        return product_valuation((rules.pattern("放炮"),), huzhou.payer_rule(win), "台", "tai")
    parts: tuple[Pattern, ...] = (rules.pattern("杠开" if win.kong_chain else "自摸"),)
    if reading.baotou:
        parts += (rules.pattern("爆头"),)
    return product_valuation(parts, huzhou.payer_rule(win), "台", "tai")


NINGBO = Ruleset(
    id="ningbo",
    name_zh="宁波麻将",
    name_en="Ningbo mahjong",
    short_zh="宁波",
    label_zh="宁波",
    label_en="Ningbo",
    family=FAMILY,
    unit_zh="台",
    unit_en="tai",
    rotation="dealer_stays",
    tables=(TABLE, hangzhou.KONGS),
    valuate=valuate,
    wild_faces=hangzhou.wild_faces,
    wild_copies=4,
    allows_discard_win=True,
    thirteen_unrelated=False,
    has_piao=False,
    has_contract=False,
    uses_indicator=False,
    aliases=("甬", "ningbo mahjong"),
    settles_kongs=True,
)
