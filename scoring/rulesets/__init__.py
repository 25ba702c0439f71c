"""The rulesets, by id and by the names players use: 杭州 强盗胡 硬飘花 软飘花 双辣 平台.

A registry: the six built-in rulesets are registered at import, and ``register`` adds
another (built from the pieces in ``base``, ``huzhou`` …) that the bot, its pictures and
its rules Q&A then serve like the others. Everything that differs by ruleset is asked of
the ``Ruleset`` object; nothing outside this package compares ruleset ids.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.rulesets import hangzhou, platform, qiangdao, ruanpiao, shuangla, yingpiao
from scoring.rulesets.base import ROTATIONS, Family, Room, Rotation, Row, Ruleset, Table

__all__ = [
    "DEFAULT",
    "ROTATIONS",
    "RULESETS",
    "Family",
    "Room",
    "Rotation",
    "Row",
    "Ruleset",
    "Table",
    "families",
    "family_members",
    "get",
    "names",
    "register",
    "revision",
    "unregister",
]

# Ids stand in the knowledge base's placeholders ({huzhou-shuangla:一辣}) and in stored
# results: lower-case letters and hyphens.
_ID: re.Pattern[str] = re.compile(r"[a-z][a-z-]*")

DEFAULT: str = hangzhou.RULESET.id  # what a chat plays until it opens a session of another

_REGISTERED: dict[str, Ruleset] = {}
RULESETS: MappingProxyType[str, Ruleset] = MappingProxyType(_REGISTERED)  # live, in order
_ALIASES: dict[str, Ruleset] = {}
_revision = 0


def register(rules: Ruleset) -> Ruleset:
    """Add a ruleset; from now on ``get`` finds it by its names. Refuses an id already taken
    or not made of lower-case letters and hyphens (``ValueError``)."""
    if not _ID.fullmatch(rules.id):
        raise ValueError(f"ruleset id {rules.id!r}: lower-case letters and hyphens only")
    if rules.id in _REGISTERED:
        raise ValueError(f"ruleset {rules.id!r} is already registered")
    _REGISTERED[rules.id] = rules
    _changed()
    return rules


def unregister(ruleset_id: str) -> None:
    """Take a registered ruleset away again (``KeyError`` if there is none)."""
    del _REGISTERED[ruleset_id]
    _changed()


def revision() -> int:
    """A number that changes whenever the registry does: what callers key caches on."""
    return _revision


def _changed() -> None:
    global _revision
    _revision += 1
    _ALIASES.clear()
    _ALIASES.update(_alias_table())


def _alias_table() -> dict[str, Ruleset]:
    """Name (folded) → ruleset: a family's names for its default, then every ruleset's own
    names over them; a name two rulesets share stands for neither."""
    table: dict[str, Ruleset] = {}
    for family in families():
        if family.default in _REGISTERED:
            table.update(dict.fromkeys(_folded(family.names), _REGISTERED[family.default]))
    claims: dict[str, set[str]] = {}
    for rules in _REGISTERED.values():
        for name in _folded(rules.names):
            claims.setdefault(name, set()).add(rules.id)
    for name, ids in claims.items():
        if len(ids) == 1:
            table[name] = _REGISTERED[next(iter(ids))]
        else:
            table.pop(name, None)
    return table


def _folded(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name.strip().casefold() for name in names)


def families() -> tuple[Family, ...]:
    """The families of the registered rulesets, in registration order."""
    return tuple(dict.fromkeys(rules.family for rules in _REGISTERED.values()))


def family_members(family: Family) -> tuple[str, ...]:
    """The ids of the registered rulesets of ``family``."""
    return tuple(rules.id for rules in _REGISTERED.values() if rules.family == family)


def names() -> tuple[str, ...]:
    """Every name ``get`` takes (folded): ids, names, aliases and family names."""
    return tuple(_ALIASES)


def get(id_or_name: str) -> Ruleset:
    """A ruleset by id (``huzhou-shuangla``) or by name (``双辣``, ``湖州·双辣``, ``shuangla``)."""
    # Callers mostly pass an id exactly: one lookup before any folding.
    found = _REGISTERED.get(id_or_name) or _ALIASES.get(id_or_name.strip().casefold())
    if found is None:
        known = "、".join(rules.short_zh for rules in RULESETS.values())
        raise ScoringError(
            ScoringErrorCode.UNKNOWN_RULESET,
            f"没有这种玩法；可选：{known}（或 {', '.join(RULESETS)}）",
            f"unknown ruleset; choose one of {', '.join(RULESETS)}",
            token=id_or_name,
        )
    return found


for _rules in (
    hangzhou.RULESET,
    qiangdao.RULESET,
    yingpiao.RULESET,
    ruanpiao.RULESET,
    shuangla.RULESET,
    platform.RULESET,
):
    register(_rules)
