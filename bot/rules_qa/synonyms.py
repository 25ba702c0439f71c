"""What players call the same thing: synonym groups and ruleset names, as data.

Each group lists the ways a player may write one idea; a question mentioning any of
them matches topics that mention any other. English entries match whole words.
"""

from __future__ import annotations

import re
from typing import Final

from scoring import rulesets

SYNONYMS: Final[tuple[tuple[str, ...], ...]] = (
    (
        "财神",
        "花",
        "百搭",
        "赖子",
        "癞子",
        "混子",
        "万能牌",
        "财",
        "wild",
        "wilds",
        "joker",
        "jokers",
        "wildcard",
        "laizi",
    ),
    (
        "点炮",
        "放冲",
        "放炮",
        "放铳",
        "点冲",
        "冲",
        "炮",
        "discard win",
        "deal in",
        "deals in",
        "dealing in",
        "dealt in",
        "ron",
        "feed",
        "discarder",
        "discards",
    ),
    (
        "杠开",
        "杠上开花",
        "杠上花",
        "kong bloom",
        "win after kong",
        "win after a kong",
        "after a kong",
        "replacement tile",
        "rinshan",
    ),
    ("飘", "财飘", "飘财", "piao", "float", "floating"),
    ("自摸", "自己摸", "tsumo", "self-draw", "self draw", "self-drawn", "selfdraw", "zimo"),
    ("爆头", "baotou", "bao tou"),
    ("七对子", "七对", "七小对", "seven pairs", "7 pairs", "7 pair", "chiitoi"),
    ("豪华七对", "豪华七对子", "龙七对", "luxury seven pairs", "luxury"),
    ("十三不搭", "十三烂", "全不靠", "thirteen unrelated", "13 unrelated"),
    ("吃", "吃牌", "chow", "chi", "chii"),
    ("碰", "碰牌", "pung", "pong", "peng"),
    ("杠", "杠牌", "kong", "kan", "gang", "quad"),
    ("胡", "胡牌", "和牌", "和了", "win", "wins", "winning", "hu"),
    ("底分", "底注", "底", "base", "stake", "stakes", "base score"),
    ("庄家", "庄", "做庄", "坐庄", "dealer", "deals", "deal"),
    ("流局", "荒庄", "黄庄", "draw", "drawn game", "no winner", "nobody wins", "nobody won"),
    (
        "一炮多响",
        "一炮双响",
        "一炮三响",
        "双响",
        "two winners",
        "double ron",
        "multiple ron",
        "several winners",
    ),
    ("抢杠胡", "抢杠", "rob", "robbing", "robbed", "chankan"),
    ("三摊承包", "承包", "三摊", "包牌", "contract", "liability", "three chows"),
    ("台", "台数", "tai"),
    (
        "缺一门",
        "定缺",
        "缺门",
        "missing suit",
        "missing a suit",
        "lack a suit",
        "void suit",
        "void a suit",
        "lacking a suit",
    ),
    ("血战", "血战到底", "血流成河", "四川", "sichuan"),
    ("白板", "白", "白皮", "white", "white dragon", "whites"),
    ("翻牌", "指示牌", "翻", "杠头", "indicator", "flip", "flipped", "flips"),
    ("有花", "有财神", "带花", "with a wild", "with wild", "with wilds"),
    (
        "无花",
        "无财神",
        "不带花",
        "没有财神",
        "没财神",
        "no wild",
        "no wilds",
        "without wild",
        "without a wild",
        "without wilds",
        "wildless",
    ),
    ("天胡", "天和", "heavenly"),
    ("地胡", "地和", "earthly"),
    ("清一色", "full flush", "pure one suit"),
    ("混一色", "half flush", "mixed one suit"),
    ("对对胡", "碰碰胡", "all pungs", "all triplets"),
    ("番", "fan", "番数"),
    ("倍", "倍数", "multiplier"),
    ("付钱", "给钱", "出钱", "付", "赔", "pay", "pays", "paid", "payment", "payments", "owe"),
    ("房间", "场", "room", "rooms"),
    ("策略", "技巧", "建议", "strategy", "tips", "tip", "advice"),
    (
        "区别",
        "不同",
        "差别",
        "对比",
        "difference",
        "differences",
        "differ",
        "compare",
        "versus",
        "vs",
    ),
    ("牌张", "张数", "多少张", "tiles", "tile count"),
    ("写法", "格式", "输入", "notation", "format", "syntax", "mpsz"),
    ("优先", "优先级", "谁先", "priority", "precedence", "first"),
    ("上家", "previous player", "player before"),
    ("双辣", "shuangla", "double spicy", "长章"),
    ("封顶", "上限", "cap", "capped", "maximum", "max", "limit"),
    ("杭州", "hangzhou"),
    ("湖州", "huzhou"),
)

# Groups too common to point at a topic by themselves (units, "win", "pay"): low weight.
WEAK_GROUPS: Final = frozenset({"胡", "番", "倍", "付钱", "杭州", "湖州"})

# What every payment question asks (谁付 / who pays / 多少): beside a rule term (杠开谁付,
# who pays for 杠开) the question is about that term's topic, so these count for little there.
GENERIC_TERMS: Final = frozenset({"付钱", "who pays", "多少钱", "how much", "番", "倍"})


def ruleset_mentions() -> dict[str, tuple[str, ...]]:
    """How a question names a ruleset or a family, to rank towards it over the group's own:
    every registered ruleset's short name and aliases (推倒胡, 长章 …), every family's names
    (湖州: all its systems). A name several rulesets share names them all (飘花)."""
    found: dict[str, list[str]] = {}
    for family in rulesets.families():
        for name in family.names:
            found.setdefault(name, []).extend(rulesets.family_members(family))
    for rules in rulesets.RULESETS.values():
        for name in ruleset_names(rules):
            found.setdefault(name, []).append(rules.id)
    return {name: tuple(dict.fromkeys(ids)) for name, ids in found.items()}


def ruleset_names(rules: rulesets.Ruleset) -> tuple[str, ...]:
    """The names a question uses for one ruleset: its short name and aliases."""
    return (rules.short_zh, *rules.aliases)


# Words that carry no topic on their own; dropped from a question before matching.
STOPWORDS_EN: Final = frozenset(
    re.findall(
        r"\S+",
        """
        a an the is are was were be been do does did of in on at to for from by with and or
        what what's whats which who whom whose when where why how can could may might must
        shall should will would i me my we us our you your he she it its they them their
        this that these those there here if then than so not no yes about into any some
        much many get gets got have has had rule rules explain tell please mahjong game
        play playing one ones out up worth count counts counted allow allowed mean means
        meaning happen happens work works need needed
        """,
    )
)
STOPCHARS_ZH: Final = frozenset(
    "的了吗呢吧啊呀么是在有和跟与或也都就还又把被给让要会能可以该请问个这那哪怎么样什多少几谁为啥算呗嘛"
)
