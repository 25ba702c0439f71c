"""The notation (SPEC §1): every way of writing tiles, melds, the winning tile and words."""

import pytest

from scoring import format_mpsz, format_zh, parse, parse_line
from scoring.hand import Hand, LineContext, Meld, MeldKind
from scoring.lexicon import Token
from scoring.notation import parse_ready
from scoring.tiles import EAST, JOKER, NORTH, RED, SOUTH, WEST, WHITE, Seat, Tile, tile_from


def tiles(text: str) -> tuple[Tile, ...]:
    """'123m55z*' → sorted tiles, written here independently of the parser under test."""
    out: list[Tile] = []
    digits = ""
    for char in text:
        if char == "*":
            out.append(JOKER)
        elif char.isdigit():
            digits += char
        else:
            out += [tile_from(int(d), char) for d in digits]
            digits = ""
    return tuple(sorted(out))


def one(text: str) -> Tile:
    (tile,) = tiles(text)
    return tile


def meld(kind: MeldKind, text: str) -> Meld:
    return Meld(kind, tiles(text))


TSUMO = LineContext(self_draw=True)
PLAIN = "123m456m789m123p5s"  # 13 tiles

FORMS = [
    # MPSZ
    ("123m456m789m123p5s +5s 自摸", Hand(tiles("123456789m123p5s"), one("5s"), (), TSUMO), "mpsz"),
    ("123m456m789m123p55s", Hand(tiles("123456789m123p5s"), one("5s")), "no-plus-last-is-winning"),
    ("+5s 123m456m789m123p5s", Hand(tiles("123456789m123p5s"), one("5s")), "plus-written-first"),
    ("123456789m123p5s+5s", Hand(tiles("123456789m123p5s"), one("5s")), "no-spaces"),
    ("123M456M789M123P5S +5S", Hand(tiles("123456789m123p5s"), one("5s")), "uppercase-suits"),
    ("1 2 3 m 456m789m123p5s + 5s", Hand(tiles("123456789m123p5s"), one("5s")), "spaces-inside"),
    ("123m,456m，789m、123p 5s +5s", Hand(tiles("123456789m123p5s"), one("5s")), "separators"),
    ("1234567z 123456z +1m", Hand(tiles("1234567z123456z"), one("1m")), "honors-mpsz"),
    # Chinese names
    (
        "一万二万三万 四万五万六万 七万八万九万 一筒二筒三筒 五条 +五条",
        Hand(tiles("123456789m123p5s"), one("5s")),
        "chinese-names",
    ),
    (
        "一二三万 四五六万 七八九万 一二三筒 五条 +五条",
        Hand(tiles("123456789m123p5s"), one("5s")),
        "chinese-numeral-runs",
    ),
    (
        "123萬 456万 789万 一筒 二饼 三餅 5条 +5條",
        Hand(tiles("123456789m123p5s"), one("5s")),
        "traditional-and-synonyms",
    ),
    ("1索2索3索 456m 789m 123p 5s +5s", Hand(tiles("456789m123p1235s"), one("5s")), "suo"),
    ("5 条 123m456m789m123p +五 条", Hand(tiles("123456789m123p5s"), one("5s")), "zh-spaced"),
    (
        "东南西北 東南西北 白发中 白板 中 +發",
        Hand(tiles("1234z1234z567z5z7z"), one("6z")),
        "honor-names",
    ),
    (
        "东风南风西风北风 红中紅中 中 發 发 白 白 白板 1m +1m",
        Hand(tiles("1234z777z66z555z1m"), one("1m")),
        "honor-long-names",
    ),
    # full width
    (
        "１２３ｍ４５６ｍ７８９ｍ１２３ｐ５ｓ　＋５ｓ　自摸",
        Hand(tiles("123456789m123p5s"), one("5s"), (), TSUMO),
        "full-width",
    ),
    # wilds
    ("123m456m789m123p* +5s", Hand(tiles("123456789m123p*"), one("5s")), "wild-star"),
    ("123m456m789m123p财 +5s", Hand(tiles("123456789m123p*"), one("5s")), "wild-cai"),
    ("123m456m789m123p百搭 +5s", Hand(tiles("123456789m123p*"), one("5s")), "wild-baida"),
    ("123m456m789m123p财神 +5s", Hand(tiles("123456789m123p*"), one("5s")), "wild-caishen"),
    ("＊123m456m789m12p* +*", Hand(tiles("123456789m12p**"), JOKER), "wild-first-sorted-last"),
    (
        "123m456m789m123p财财飘 +5s",
        Hand(tiles("123456789m123p*"), one("5s"), (), LineContext(self_draw=True, piao=1)),
        "wild-vs-caipiao",
    ),
    # melds
    (
        "[123m] 456m789m123p5s +5s",
        Hand(tiles("456789m123p5s"), one("5s"), (meld(MeldKind.CHI, "123m"),)),
        "chi",
    ),
    (
        "[312m] 456m789m123p5s +5s",
        Hand(tiles("456789m123p5s"), one("5s"), (meld(MeldKind.CHI, "123m"),)),
        "chi-unsorted",
    ),
    (
        "[555p] 456m789m123p5s +5s",
        Hand(tiles("456789m123p5s"), one("5s"), (meld(MeldKind.PON, "555p"),)),
        "pon",
    ),
    (
        "[7777s] 456m789m123p5s +5s",
        Hand(tiles("456789m123p5s"), one("5s"), (meld(MeldKind.KONG, "7777s"),)),
        "exposed-kong",
    ),
    (
        "(7777s) 456m789m123p5s +5s",
        Hand(tiles("456789m123p5s"), one("5s"), (meld(MeldKind.CONCEALED_KONG, "7777s"),)),
        "concealed-kong",
    ),
    (
        "[东东东] [白白白] [中 中 中] [北北北北] 1m +1m",
        Hand(
            tiles("1m"),
            one("1m"),
            (
                meld(MeldKind.PON, "111z"),
                meld(MeldKind.PON, "555z"),
                meld(MeldKind.PON, "777z"),
                meld(MeldKind.KONG, "4444z"),
            ),
        ),
        "honor-melds",
    ),
    (
        "［５５５ｐ］（７７７７ｓ）【１２３ｍ】 456m 5s +5s",
        Hand(
            tiles("456m5s"),
            one("5s"),
            (
                meld(MeldKind.PON, "555p"),
                meld(MeldKind.CONCEALED_KONG, "7777s"),
                meld(MeldKind.CHI, "123m"),
            ),
        ),
        "full-width-brackets",
    ),
    (
        "[一二三万] [五五五筒] 456m 5s +5s 789m",
        Hand(
            tiles("456789m5s"), one("5s"), (meld(MeldKind.CHI, "123m"), meld(MeldKind.PON, "555p"))
        ),
        "chinese-melds",
    ),
    # words in a line
    (
        "1133m5577p99s东东白 +3s 点炮S",
        Hand(tiles("1133m5577p99s115z"), one("3s"), (), LineContext(discarder=Seat.S)),
        "discard",
    ),
    (
        "[5555p] 123m456m789m5s +5s 杠开",
        Hand(
            tiles("123456789m5s"),
            one("5s"),
            (meld(MeldKind.KONG, "5555p"),),
            LineContext(self_draw=True, kong_chain=1),
        ),
        "kong-bloom",
    ),
    (
        "[5555p] (1111s) 123m456m5s +5s 二连杠",
        Hand(
            tiles("123456m5s"),
            one("5s"),
            (meld(MeldKind.KONG, "5555p"), meld(MeldKind.CONCEALED_KONG, "1111s")),
            LineContext(self_draw=True, kong_chain=2),
        ),
        "two-kong-chain",
    ),
    (
        PLAIN + " +5s 自摸 翻1m 座南 圈W 承包 N",
        Hand(
            tiles("123456789m123p5s"),
            one("5s"),
            (),
            LineContext(
                self_draw=True,
                indicator=0,
                seat_wind=Seat.S,
                round_wind=Seat.W,
                contract_payer=Seat.N,
            ),
        ),
        "many-words",
    ),
    (
        PLAIN + " +5s 抢杠北",
        Hand(tiles("123456789m123p5s"), one("5s"), (), LineContext(robbed_kong_of=Seat.N)),
        "robbed-kong",
    ),
    (
        PLAIN + " +5s 地胡 点炮东",
        Hand(tiles("123456789m123p5s"), one("5s"), (), LineContext(earthly=True, discarder=Seat.E)),
        "earthly-discard",
    ),
    (
        "自摸 " + PLAIN + " +5s",
        Hand(tiles("123456789m123p5s"), one("5s"), (), TSUMO),
        "words-first",
    ),
    (
        PLAIN + "+5s tsumo flip 9s",
        Hand(
            tiles("123456789m123p5s"),
            one("5s"),
            (),
            LineContext(self_draw=True, indicator=one("9s")),
        ),
        "english",
    ),
    (
        "555m 111m 222m 333m 44m 翻5m",
        Hand(tiles("1112223334555m"), one("4m"), (), LineContext(indicator=one("5m"))),
        "indicator-three-copies-ok",
    ),
]


@pytest.mark.parametrize(("line", "hand"), [pytest.param(*f[:2], id=f[2]) for f in FORMS])
def test_notation_forms(line: str, hand: Hand) -> None:
    assert parse(line) == hand


def test_parsed_line_keeps_where_everything_was_written() -> None:
    line = "12m [555p] 3m (7777s) ５s 财 45p +9p 自摸 翻1m"
    parsed = parse_line(line)
    assert parsed.line == line
    assert parsed.concealed == (
        (one("1m"), Token("1m", 0)),
        (one("2m"), Token("2m", 1)),
        (one("3m"), Token("3m", 11)),
        (one("5s"), Token("5s", 22)),
        (JOKER, Token("财", 25)),
        (one("4p"), Token("4p", 27)),
        (one("5p"), Token("5p", 28)),
    )
    assert parsed.melds == (Token("[555p]", 4), Token("(7777s)", 14))
    assert parsed.winning == Token("+9p", 31)
    assert parsed.words == {"self_draw": Token("自摸", 35), "indicator": Token("翻1m", 38)}
    assert parsed.hand.melds == (meld(MeldKind.PON, "555p"), meld(MeldKind.CONCEALED_KONG, "7777s"))


def test_without_plus_the_last_concealed_tile_written_wins() -> None:
    parsed = parse_line("123m456m789m [555s] 东 北")
    assert parsed.hand.winning_tile == NORTH
    assert parsed.winning == Token("北", 22)
    assert parsed.concealed[-1] == (EAST, Token("东", 20))


def test_hand_tiles_are_sorted_with_wilds_last() -> None:
    hand = parse("* 9s 北 1m 白 [321p] 5z 9s 1m 财 东 +南")
    assert hand.concealed == (0, 0, 26, 26, EAST, NORTH, WHITE, WHITE, JOKER, JOKER)
    assert hand.winning_tile == SOUTH


READY = [
    ("123m456m789m123p5s", Hand(tiles("123456789m123p5s"), one("5s")), "plain"),
    (
        "[555p] 123m456m789m5s 翻1m",
        Hand(
            tiles("123456789m5s"),
            one("5s"),
            (meld(MeldKind.PON, "555p"),),
            LineContext(indicator=0),
        ),
        "meld-and-indicator",
    ),
]


@pytest.mark.parametrize(
    ("line", "as_if_won_on_5s"), [pytest.param(*r[:2], id=r[2]) for r in READY]
)
def test_ready_hands_for_waits(line: str, as_if_won_on_5s: Hand) -> None:
    ready = parse_ready(line)
    assert ready.complete(one("5s")) == as_if_won_on_5s
    other = LineContext(self_draw=True)
    assert ready.complete(WEST, other).context == other


FORMATTED = [
    (
        "123m456m789m123p5s +5s 自摸",
        "123456789m123p5s +5s 自摸",
        "一二三四五六七八九万 一二三筒 五条 +五条 自摸",
    ),
    (
        "1133m5577p99s东东白 +3s 点炮S",
        "1133m5577p99s115z +3s 点炮S",
        "一一三三万 五五七七筒 九九条 东东白 +三条 点炮南",
    ),
    (
        "[5555p] 123m456m789m5s +5s 杠开",
        "123456789m5s [5555p] +5s 杠开",
        "一二三四五六七八九万 五条 [五五五五筒] +五条 杠开",
    ),
    (
        "123p456p789p东东东2m +1s 自摸 翻1m",
        "2m123456789p111z +1s 自摸 翻1m",
        "二万 一二三四五六七八九筒 东东东 +一条 自摸 翻一万",
    ),
    (
        "(1111s) [7777p] [中中中] 财财 1m1m +* 二连杠 ",
        "11m** (1111s) [7777p] [777z] +* 杠开2",
        "一一万 财财 (一一一一条) [七七七七筒] [中中中] +财 二连杠",
    ),
    (
        "11m22p33s1234567z +1z 双财飘 座N 圈S",
        "11m22p33s1234567z +1z 飘2 座N 圈S",
        "一一万 二二筒 三三条 东南西北白发中 +东 双财飘 座北 圈南",
    ),
]


@pytest.mark.parametrize(("line", "mpsz", "zh"), [pytest.param(*f, id=f[1]) for f in FORMATTED])
def test_canonical_formats(line: str, mpsz: str, zh: str) -> None:
    hand = parse(line)
    assert format_mpsz(hand) == mpsz
    assert format_zh(hand) == zh
    assert parse(mpsz) == hand
    assert parse(zh) == hand


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param(
            Hand(
                tiles("123456789m123p5s"),
                one("5s"),
                (),
                LineContext(round_wind=Seat.N, indicator=RED),
            ),
            id="round-north-indicator-red",
        ),
    ],
)
def test_round_wind_and_dragon_indicator_round_trip(hand: Hand) -> None:
    assert parse(format_mpsz(hand)) == hand
    assert parse(format_zh(hand)) == hand
