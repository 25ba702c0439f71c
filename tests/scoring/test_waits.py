"""听牌 (waits): which tiles complete a ready hand and what each win scores either way."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import waits
from scoring.analysis import analyze
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.notation import format_tiles, parse_ready
from scoring.result import ScoreResult, Wait
from scoring.rulesets import get
from scoring.score import score_hand
from scoring.tiles import JOKER, WHITE, Seat, mpsz


def summary(result: ScoreResult | None) -> str | None:
    if result is None:
        return None
    names = "+".join(p.name for p in result.patterns)
    return f"{names} {result.value}"


def table(found: tuple[Wait, ...]) -> dict[str, tuple[str | None, str | None]]:
    return {mpsz(w.tile): (summary(w.self_draw), summary(w.discard)) for w in found}


@pytest.mark.parametrize(
    ("line", "rules", "expected"),
    [
        pytest.param(
            "123m456m789m123p5s",
            "hangzhou",
            {"5s": ("平胡 1", "平胡 1"), "5z": ("平胡 1", None)},
            id="杭州单吊-摸白板也胡-打出的白板不能胡",
        ),
        pytest.param(
            "123m456m789m11p45s",
            "hangzhou",
            {"3s": ("平胡 1", "平胡 1"), "6s": ("平胡 1", "平胡 1"), "5z": ("平胡 1", None)},
            id="杭州两面",
        ),
        pytest.param(
            "123p456p789p东东东1s 翻1m",
            "huzhou-qiangdao",
            {"1s": ("自摸无花 3", "放冲 1"), "2m": ("自摸有花 2", None)},
            id="强盗胡-花也能自摸",
        ),
        pytest.param(
            "123m456m789m11p45s 翻白",
            "huzhou-yingpiao",
            {"3s": ("小胡 1", None), "6s": ("小胡 1", None), "7z": ("小胡 1", None)},
            id="硬飘花-只能自摸",
        ),
        pytest.param(
            "1133m5577p99s东东白",
            "hangzhou",
            "所有 34 张：七对爆头 4，配对子成四归一的 豪华七对爆头 8",
            id="七对带一个财神-听所有牌",
        ),
    ],
)
def test_waits_table(line: str, rules: str, expected: object) -> None:
    found = waits(line, rules)
    if isinstance(expected, dict):
        assert table(found) == expected
        return
    assert [w.tile for w in found] == list(range(34))
    scores = table(found)
    paired = {"1m", "3m", "5p", "7p", "9s", "1z"}
    for tile, (self_draw, discard) in scores.items():
        if tile == "5z":  # drawing the wild: two wilds beside a pair make a quad, no 爆头
            assert (self_draw, discard) == ("财神豪华七对 4", None)
        elif tile in paired:
            assert (self_draw, discard) == ("豪华七对爆头 8",) * 2
        else:
            assert (self_draw, discard) == ("七对爆头 4",) * 2


def test_discard_side_is_paid_by_the_named_discarder_or_the_next_seat() -> None:
    (default,) = [w for w in waits("123m456m789m123p5s") if w.tile == 22]
    assert default.discard is not None
    assert default.discard.payments[Seat.S] == -8
    (named,) = [w for w in waits("123m456m789m123p5s 点炮W") if w.tile == 22]
    assert named.discard is not None
    assert named.discard.payments[Seat.W] == -8
    assert named.discard.payments[Seat.S] == 0
    (south,) = [w for w in waits("123m456m789m123p5s", winner="S") if w.tile == 22]
    assert south.discard is not None
    assert south.discard.payments[Seat.W] == -8


def test_shuangla_three_wilds_are_refused_both_ways() -> None:
    found = waits("123m456m789m1m2m2m 9p 翻1m", "huzhou-shuangla")
    assert found
    assert all(w.self_draw is None and w.discard is None for w in found)
    assert all(
        w.self_draw_refusal is not None
        and w.self_draw_refusal.code is ScoringErrorCode.THREE_WILDS
        and w.discard_refusal is not None
        # a discarded wild (1m, 2m) is refused before its wilds are counted
        and w.discard_refusal.code
        is (ScoringErrorCode.DISCARDED_WILD if w.tile in (0, 1) else ScoringErrorCode.THREE_WILDS)
        for w in found
    )


@pytest.mark.parametrize(
    ("line", "rules", "tile", "self_draw_refusal", "discard_refusal"),
    [
        pytest.param(
            "123m456m789m123p5s",
            "hangzhou",
            WHITE,
            None,
            ScoringErrorCode.DISCARDED_WILD,
            id="打出的白板",
        ),
        pytest.param("123m456m789m123p5s", "hangzhou", 22, None, None, id="两边都能胡"),
        pytest.param(
            "123p456p789p东东东1s 翻1m",
            "huzhou-yingpiao",
            18,
            None,
            ScoringErrorCode.DISCARD_WIN_FORBIDDEN,
            id="硬飘花点炮",
        ),
    ],
)
def test_a_refused_side_carries_its_refusal(
    line: str,
    rules: str,
    tile: int,
    self_draw_refusal: ScoringErrorCode | None,
    discard_refusal: ScoringErrorCode | None,
) -> None:
    (wait,) = [w for w in waits(line, rules) if w.tile == tile]
    for result, refusal, code in (
        (wait.self_draw, wait.self_draw_refusal, self_draw_refusal),
        (wait.discard, wait.discard_refusal, discard_refusal),
    ):
        assert (refusal.code if refusal else None) is code
        assert (result is None) is (code is not None)


def test_faceless_wilds_wait_on_a_wild_too() -> None:
    found = waits("123p456p789p东东东*", "huzhou-qiangdao")
    assert [w.tile for w in found] == [*range(34), JOKER]
    joker = found[-1]
    assert joker.discard is None
    assert joker.self_draw is not None


@pytest.mark.parametrize(
    ("line", "rules", "code"),
    [
        pytest.param(
            "123p456p789p东东东1s",
            "huzhou-qiangdao",
            ScoringErrorCode.MISSING_INDICATOR,
            id="湖州没写翻",
        ),
        pytest.param(
            "123m456m789m123p5s5s", "hangzhou", ScoringErrorCode.TILE_COUNT, id="14张不是听牌"
        ),
        pytest.param(
            "123m456m789m123p +5s", "hangzhou", ScoringErrorCode.BAD_WINNING_TILE, id="听牌不写加号"
        ),
        pytest.param(
            "123m456m789m123p5s", "不存在", ScoringErrorCode.UNKNOWN_RULESET, id="规则不存在"
        ),
        pytest.param(
            "[白白白] 456m789m123p5s", "hangzhou", ScoringErrorCode.WILD_IN_MELD, id="碰白板"
        ),
    ],
)
def test_line_errors_are_raised(line: str, rules: str, code: ScoringErrorCode) -> None:
    with pytest.raises(ScoringError) as caught:
        waits(line, rules)
    assert caught.value.code is code


@pytest.mark.parametrize(
    ("line", "rules"),
    [
        pytest.param("123m456m789m123p白", "hangzhou", id="单财神"),
        pytest.param("1133m5577p99s东东白", "hangzhou", id="七对单财神"),
        pytest.param("12m456m789m3p東東白白", "hangzhou", id="两个财神"),
        pytest.param("123p456p789p55s白2m 翻1m", "huzhou-platform", id="平台-一个花"),
        pytest.param("147m258p36s东南西北1s 翻9s", "huzhou-ruanpiao", id="十三不搭-一个花"),
        pytest.param("111m234m567m789m9m 翻5p", "huzhou-shuangla", id="双辣清一色"),
    ],
)
def test_every_wait_equals_scoring_that_hand_directly(line: str, rules: str) -> None:
    """Tiles grouped by readings are scored once; each must match its own direct score."""
    ready = parse_ready(line)
    ruleset = get(rules)
    wild_faces = ruleset.wild_faces(ready.context.indicator)
    found = waits(line, rules)
    in_sight = [*ready.concealed, *(t for m in ready.melds for t in m.tiles)]
    if ready.context.indicator is not None:
        in_sight.append(ready.context.indicator)
    expected_tiles = [
        t
        for t in range(34)
        if in_sight.count(t) < 4
        and analyze(ready.complete(t), wild_faces, thirteen_unrelated=ruleset.thirteen_unrelated)
    ]
    assert [w.tile for w in found] == expected_tiles
    sides = (
        replace(ready.context, self_draw=True),
        replace(ready.context, discarder=Seat.S),
    )
    for wait in found:
        for got, ctx in zip((wait.self_draw, wait.discard), sides, strict=True):
            try:
                direct: ScoreResult | None = score_hand(ready.complete(wait.tile, ctx), rules)
            except ScoringError:
                direct = None
            assert got == direct, mpsz(wait.tile)


_sets = st.one_of(
    st.integers(0, 33).map(lambda t: [t, t, t]),
    st.tuples(st.integers(0, 2), st.integers(0, 6)).map(
        lambda sr: [sr[0] * 9 + sr[1] + k for k in range(3)]
    ),
)


@st.composite
def ready_lines(draw: st.DrawFn) -> str:
    """A winning hand of four sets and a pair, one tile taken out, some tiles made 白."""
    tiles = [t for block in draw(st.lists(_sets, min_size=4, max_size=4)) for t in block]
    tiles += [draw(st.integers(0, 33))] * 2
    assume(all(tiles.count(t) <= 4 for t in tiles) and WHITE not in tiles)
    tiles = draw(st.permutations(tiles))[:13]
    for position in draw(st.lists(st.integers(0, 12), max_size=2, unique=True)):
        tiles[position] = WHITE
    return format_tiles(tiles)


@settings(max_examples=40, deadline=None)
@given(ready_lines(), st.sampled_from(["hangzhou", "huzhou-qiangdao", "huzhou-platform"]))
def test_random_ready_hands_match_direct_scoring(line: str, rules: str) -> None:
    if rules != "hangzhou":
        line += " 翻发"  # the wild is 白, as in Hangzhou
    test_every_wait_equals_scoring_that_hand_directly(line, rules)


@pytest.mark.parametrize(
    ("line", "base"),
    [
        pytest.param("123m456m789m123p5s", 0, id="听牌-底分0"),
        pytest.param("123m456m789m159p5s", -1, id="没听牌也先查底分"),
    ],
)
def test_waits_check_the_base_first(line: str, base: int) -> None:
    with pytest.raises(ScoringError) as caught:
        waits(line, "hangzhou", base)
    assert caught.value.code is ScoringErrorCode.BAD_BASE


@pytest.mark.parametrize(
    ("line", "rules", "gone"),
    [
        pytest.param("345m678m999p白白白*", "hangzhou", (WHITE,), id="杭州-白白白加财-不再摸白"),
        pytest.param("345m678m999p白白**", "hangzhou", (WHITE,), id="杭州-两白两财"),
        pytest.param(
            "345m678m999p2m2m2m* 翻1m", "huzhou-platform", (1,), id="平台-三张花加财-不再摸花"
        ),
        pytest.param("345m678m999p2m*** 翻1m", "huzhou-ruanpiao", (1,), id="软飘花-一张花三个财"),
        pytest.param("345m678m999p****", "huzhou-qiangdao", (JOKER,), id="强盗胡-四个财-不听财"),
        pytest.param("345m678m999p1s白白白 飘1", "hangzhou", (WHITE,), id="杭州-飘掉的财也算"),
    ],
)
def test_a_hand_holding_every_wild_waits_on_no_wild(
    line: str, rules: str, gone: tuple[int, ...]
) -> None:
    """All four wilds held (or floated): the waits leave out the wild that cannot be drawn,
    and every other tile is a wait (three wilds make a set, the fourth pairs the drawn tile)."""
    found = waits(line, rules)
    tiles = [w.tile for w in found]
    ready = parse_ready(line)
    indicator = () if ready.context.indicator is None else (ready.context.indicator,)
    in_sight = [*ready.concealed, *indicator]
    assert tiles == [t for t in range(34) if t not in gone and in_sight.count(t) < 4]
    assert all(w.self_draw is not None and w.self_draw.value > 0 for w in found)
