"""Hand analysis (SPEC §2) as rule tables: which readings a hand admits.

A reading is written compactly: shape, then 爆头, 豪华N, the suits used, 字 (honors),
对对 (all triplets) and 刻:<honors held as triplets> when they hold, e.g.
"standard 爆头 mps" or "seven_pairs 豪华2 mps 字".
"""

from __future__ import annotations

import pytest

from scoring.analysis import analyze, completing_tiles, is_winning
from scoring.hand import Hand
from scoring.notation import parse, parse_ready
from scoring.reading import Reading
from scoring.tiles import JOKER, WHITE, Tile, next_tile, tile_from, zh_name

HANGZHOU = frozenset({WHITE})  # 白板
NONE: frozenset[Tile] = frozenset()


def fact(reading: Reading) -> str:
    parts = [reading.shape.value]
    if reading.baotou:
        parts.append("爆头")
    if reading.luxury:
        parts.append(f"豪华{reading.luxury}")
    parts.append("".join(sorted(reading.suits)))
    if reading.honors:
        parts.append("字")
    if reading.all_triplets:
        parts.append("对对")
    if reading.honor_triplets:
        parts.append("刻:" + "".join(zh_name(t) for t in sorted(reading.honor_triplets)))
    if reading.kongs:
        parts.append(f"杠{reading.kongs}")
    return " ".join(p for p in parts if p)


def facts(line: str, wild_faces: frozenset[Tile] = HANGZHOU, thirteen: bool = False) -> set[str]:
    return {fact(r) for r in analyze(parse(line), wild_faces, thirteen_unrelated=thirteen)}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param("123m456m789m123p5s +5s", {"standard mps"}, id="平胡"),
        pytest.param("123m456m789m123p白 +5s", {"standard 爆头 mps"}, id="爆头-白配胡的那张"),
        pytest.param("123m456m789m123p5s +白", {"standard mps"}, id="胡的是财神-不算爆头"),
        pytest.param(
            "123m456m789m12p5s5s +白",
            {"standard mps"},
            id="财神补顺子-不是爆头",
        ),
        pytest.param("111m222p333s东东东5s +5s", {"standard mps 字 对对 刻:东"}, id="对对胡-东刻"),
        pytest.param(
            "111m222m333m456p5s +5s", {"standard mps"}, id="111222333读成顺子或刻子-对对不成"
        ),
        pytest.param(
            "111m222m333m444p5p +5p", {"standard mp 对对"}, id="对对胡优先-同事实只留最好"
        ),
        pytest.param(
            "[东东东] [123m] 456p789p5s +5s", {"standard mps 字 刻:东"}, id="碰东-吃破对对"
        ),
        pytest.param("[5555p] 123m456m789m5s +5s", {"standard mps 杠1"}, id="明杠算一副面子"),
        pytest.param(
            "(中中中中) [111m] 999m333m白 +5m",
            {"standard 爆头 m 字 对对 刻:中 杠1"},
            id="暗杠中-混一色对对爆头",
        ),
        pytest.param("123m456m789m123p5s +6s", set(), id="不胡-单吊不对"),
        pytest.param("1234m5678p1289s东 +南", set(), id="不胡-散牌"),
    ],
)
def test_standard_shape(line: str, expected: set[str]) -> None:
    assert facts(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param(
            "111m234m567m9m*** +9m",
            {
                "standard 爆头 m",  # the three wilds: 9m+财 pair, 9m财财 as 999m/789m
                "standard m 字 刻:东",  # … or a triplet of any honor beside the 9m pair
                "standard m 字 刻:南",
                "standard m 字 刻:西",
                "standard m 字 刻:北",
                "standard m 字 刻:白",
                "standard m 字 刻:发",
                "standard m 字 刻:中",
                "standard mp",  # … or a set of another suit (never better, but reachable)
                "standard ms",
            },
            id="三财神-清一色或风刻或爆头",
        ),
        pytest.param(
            "123m456m789m12p** +*",
            {
                "standard mp",  # three wilds: the pair and … nothing else; all as m/p
                "standard mp 字",
                "standard mps",
            },
            id="三财神-补顺子后全财神的对子可以是任何牌",
        ),
    ],
)
def test_all_wild_groups_stay_abstract(line: str, expected: set[str]) -> None:
    assert facts(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param("1133m5577p99s东东白 +3s", {"seven_pairs 爆头 mps 字"}, id="七对爆头-SPEC例"),
        pytest.param("1133m5577p99s东东3s +3s", {"seven_pairs mps 字"}, id="清七对"),
        pytest.param("1111m2222p3333s5s +5s", {"seven_pairs 豪华3 mps"}, id="三豪华清七对-SPEC例"),
        pytest.param("1111m22p33p55s77s白 +9s", {"seven_pairs 爆头 豪华1 mps"}, id="豪华七对爆头"),
        pytest.param(
            "111m3355m77p99s东东 +白", {"seven_pairs 豪华1 mps 字"}, id="财神补成四归一-豪华"
        ),
        pytest.param(
            "1133m5577p99s东白白 +东",
            {"seven_pairs 爆头 豪华1 mps 字", "seven_pairs mps 字"},
            id="两个财神配对子成四归一-配胡的那对还算爆头",
        ),
        pytest.param(
            "11m3333m5577p9s白白 +9s",
            {"seven_pairs 爆头 豪华2 mps", "seven_pairs 豪华1 mps", "seven_pairs 豪华1 mps 字"},
            id="两个财神配胡的那对-双豪华爆头-或财神自成一对",
        ),
        pytest.param(
            "11m3333m55p7777p白 +白",
            {
                "seven_pairs 豪华3 mp",
                "seven_pairs 豪华2 mp",
                "seven_pairs 豪华2 mp 字",
                "seven_pairs 豪华2 mps",
            },
            id="两个财神-三豪华或自成任意一对",
        ),
        pytest.param("1133m5577p99s东南北 +西", set(), id="不是七对-三张单牌"),
    ],
)
def test_seven_pairs(line: str, expected: set[str]) -> None:
    assert {f for f in facts(line) if f.startswith("seven_pairs")} == expected


def test_seven_pairs_need_fourteen_concealed_tiles() -> None:
    assert not facts("[2222p] 1133m77p99s东东 +3s")


@pytest.mark.parametrize(
    ("line", "thirteen", "expected"),
    [
        pytest.param("147m258p369s东南西北 +白", True, True, id="十三不搭"),
        pytest.param("147m258p369s东南西北 +白", False, False, id="十三不搭-杭州不算"),
        pytest.param("147m258p368s东南西北 +白", True, False, id="同花色差2-不成"),
        pytest.param("147m258p369s东南西西 +白", True, False, id="有两张一样-不成"),
        pytest.param("147m258p36s东南西北* +白", True, True, id="财神当9s"),
        pytest.param("1m258p369s东南西北** +中", True, True, id="两个财神"),
        pytest.param("37m37p37s东南西北白发* +中", True, False, id="财神无处可放"),
    ],
)
def test_thirteen_unrelated(line: str, thirteen: bool, expected: bool) -> None:
    found = facts(line, NONE, thirteen)
    assert ("thirteen_unrelated mps 字" in found) is expected


def seven_wilds(concealed: str, winning: str) -> Hand:
    """A 双辣 hand after 翻1m: 1m (three left) and 2m are wild, seven in all."""
    return parse(f"{concealed} +{winning} 翻1m")


SHUANGLA_1M = frozenset({tile_from(1, "m"), next_tile(tile_from(1, "m"))})


@pytest.mark.parametrize(
    ("concealed", "winning", "wanted"),
    [
        pytest.param(
            "111m2222m东东东55p9s", "9s", "standard 爆头 mps 字 对对 刻:东", id="七花-爆头对对"
        ),
        pytest.param(
            "111m2222m东东东55p9s", "9s", "standard ps 字 对对 刻:东南北", id="七花-财神作两个风刻"
        ),
        pytest.param(
            "111m2222m东东东55p9s", "9s", "standard 爆头 ps 字 对对 刻:东南", id="七花-爆头加风刻"
        ),
        pytest.param(
            "111m2222m东东东55p9s", "9s", "seven_pairs 爆头 豪华3 ps 字", id="七花-三豪华七对爆头"
        ),
        pytest.param("111m2222m345678p", "9p", "standard 爆头 p", id="七花-清一色爆头"),
        pytest.param(
            "111m2222m345678p", "9p", "standard 爆头 p 字 刻:白中", id="七花-混一色两个箭刻"
        ),
        pytest.param("111m2222m345678p", "9p", "seven_pairs 爆头 p", id="七花-七张单牌配成七对"),
    ],
)
def test_seven_wilds(concealed: str, winning: str, wanted: str) -> None:
    hand = seven_wilds(concealed, winning)
    readings = analyze(hand, SHUANGLA_1M, thirteen_unrelated=True)
    assert {r.wilds for r in readings} == {7}
    assert wanted in {fact(r) for r in readings}


@pytest.mark.parametrize(
    ("line", "wild_faces", "expected"),
    [
        pytest.param("123m456m789m123p5s", NONE, "5s", id="单吊"),
        pytest.param("123m456m789m11p45s", NONE, "3s 6s", id="两面"),
        pytest.param("1112345678999m", NONE, "1m 2m 3m 4m 5m 6m 7m 8m 9m", id="九莲宝灯"),
        pytest.param("1133m5577p99s东东南", NONE, "2z", id="七对单钓南"),
        pytest.param("1111m234p345s567s", NONE, "", id="只等第五张1m-不算听"),
        pytest.param("123m456m789m123p白", HANGZHOU, "all", id="单财神-听所有牌"),
    ],
)
def test_completing_tiles(line: str, wild_faces: frozenset[Tile], expected: str) -> None:
    ready = parse_ready(line)
    got = completing_tiles(ready.concealed, ready.melds, wild_faces, thirteen_unrelated=False)
    if expected == "all":
        assert got == tuple(range(34))
    else:
        want = {tile_from(int(t[0]), t[1]) for t in expected.split()}
        assert set(got) == want


def test_completing_tiles_respects_melds_and_unavailable_tiles() -> None:
    ready = parse_ready("[5555p] [东东东] 123m456m9s")
    got = completing_tiles(ready.concealed, ready.melds, NONE, thirteen_unrelated=False)
    assert got == (tile_from(9, "s"),)
    got = completing_tiles(
        ready.concealed, ready.melds, NONE, thirteen_unrelated=False, unavailable=(26, 26, 26)
    )
    assert got == ()


def test_gate_refuses_wrong_sizes_and_counts_faceless_wilds() -> None:
    short = Hand((0, 1, 2, 3), 4)
    assert not is_winning(short, NONE, thirteen_unrelated=True)
    assert analyze(short, NONE, thirteen_unrelated=True) == ()
    all_wild = Hand((JOKER,) * 13, JOKER)
    assert is_winning(all_wild, NONE, thirteen_unrelated=False)
    assert all(
        r.wilds == 14 and not r.baotou for r in analyze(all_wild, NONE, thirteen_unrelated=False)
    )
