"""The six rulesets, by id and by the names players use: 杭州 强盗胡 硬飘花 软飘花 双辣 平台."""

from __future__ import annotations

from types import MappingProxyType

from scoring.errors import ErrorCode, ScoringError
from scoring.rulesets import hangzhou, platform, qiangdao, ruanpiao, shuangla, yingpiao
from scoring.rulesets.base import Room, Row, Ruleset, Table

__all__ = ["RULESETS", "Room", "Row", "Ruleset", "Table", "get"]

RULESETS: MappingProxyType[str, Ruleset] = MappingProxyType(
    {
        rules.id: rules
        for rules in (
            hangzhou.RULESET,
            qiangdao.RULESET,
            yingpiao.RULESET,
            ruanpiao.RULESET,
            shuangla.RULESET,
            platform.RULESET,
        )
    }
)

_ALIASES: dict[str, Ruleset] = {}
for _rules in RULESETS.values():
    for _name in (_rules.id, _rules.name_zh, _rules.short_zh, _rules.id.removeprefix("huzhou-")):
        _ALIASES[_name.casefold()] = _rules
_ALIASES.update(
    {
        "杭州麻将": hangzhou.RULESET,
        "湖州": qiangdao.RULESET,
        "湖州麻将": qiangdao.RULESET,
        "推倒胡": qiangdao.RULESET,
        "平台计分": platform.RULESET,
        "计分明细": platform.RULESET,
        "长章": shuangla.RULESET,
        "硬飘": yingpiao.RULESET,  # as players shorten them at the table
        "软飘": ruanpiao.RULESET,
    }
)


def get(id_or_name: str) -> Ruleset:
    """A ruleset by id (``huzhou-shuangla``) or by name (``双辣``, ``湖州·双辣``, ``shuangla``)."""
    # Callers mostly pass an id exactly: one lookup before any folding.
    found = _ALIASES.get(id_or_name) or _ALIASES.get(id_or_name.strip().casefold())
    if found is None:
        known = "、".join(rules.short_zh for rules in RULESETS.values())
        raise ScoringError(
            ErrorCode.UNKNOWN_RULESET,
            f"没有这种玩法；可选：{known}（或 {', '.join(RULESETS)}）",
            f"unknown ruleset; choose one of {', '.join(RULESETS)}",
            token=id_or_name,
        )
    return found
