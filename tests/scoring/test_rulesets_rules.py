"""Ruleset rules beyond the tables: who pays, the refusals, and the decisions in docs/rules.md."""

import pytest
from ruleset_ids import HZ, PF, QD, RP, SL, YP

import scoring
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.rulesets import RULESETS, get
from scoring.tiles import WHITE, tile_from


def pay(line: str, rules: str, base: int = 1, winner: str = "E") -> dict[str, int]:
    return scoring.score(line, rules, base, winner).to_json()["payments"]


@pytest.mark.parametrize(
    ("rules", "line", "winner", "payments"),
    [
        pytest.param(
            HZ,
            "123m456m789m123p白 +5s 点炮W",
            "E",
            {"E": 16, "S": 0, "W": -16, "N": 0},
            id="hangzhou-点炮-one-share",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p白 +5s 自摸 承包N",
            "E",
            {"E": 48, "S": 0, "W": 0, "N": -48},
            id="hangzhou-承包-self-draw-contractor-pays-three",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p白 +5s 点炮S 承包N",
            "E",
            {"E": 48, "S": 0, "W": 0, "N": -48},
            id="hangzhou-承包-whoever-discarded",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p白 +5s 抢杠W",
            "E",
            {"E": 16, "S": 0, "W": -16, "N": 0},
            id="hangzhou-抢杠胡-is-点炮-by-the-robbed",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +5s 自摸",
            "S",
            {"E": -8, "S": 24, "W": -8, "N": -8},
            id="hangzhou-winner-south",
        ),
        pytest.param(
            QD,
            "123p456p789p东东东1s +1s 抢杠S 翻1m",
            "E",
            {"E": 9, "S": -9, "W": 0, "N": 0},
            id="qiangdao-抢杠胡-杠家-pays-three-自摸无花",
        ),
        pytest.param(
            QD,
            "123p456p789p东东东2m +1s 抢杠N 翻1m",
            "E",
            {"E": 6, "S": 0, "W": 0, "N": -6},
            id="qiangdao-抢杠胡-杠家-pays-three-自摸有花",
        ),
        pytest.param(
            YP,
            "123p456p789p东东东2m +1s 抢杠S 翻1m",
            "E",
            {"E": 6, "S": -6, "W": 0, "N": 0},
            id="yingpiao-抢杠胡-爆头-杠家-pays-three",
        ),
        pytest.param(
            RP,
            "123p456p789p东东东2m +1s 抢杠S 翻1m",
            "E",
            {"E": 12, "S": -12, "W": 0, "N": 0},
            id="ruanpiao-抢杠胡-doubled",
        ),
        pytest.param(
            SL,
            "111m234m567m789m9m +9m 放冲W 翻5p",
            "E",
            {"E": 2, "S": 0, "W": -2, "N": 0},
            id="shuangla-放冲-discarder-pays",
        ),
        pytest.param(
            SL,
            "111m234m567m789m9m +9m 抢杠W 翻5p",
            "E",
            {"E": 6, "S": 0, "W": -6, "N": 0},
            id="shuangla-抢杠胡-杠家-pays-three",
        ),
        pytest.param(
            PF,
            "123p456p789p11s2m4s +3s 放冲S 翻1m",
            "E",
            {"E": 4, "S": -2, "W": -1, "N": -1},
            id="platform-放冲-split-2+1+1",
        ),
        pytest.param(
            PF,
            "123p456p789p东东东2m +1s 放冲S 翻1m",
            "E",
            {"E": 4, "S": -2, "W": -1, "N": -1},
            id="platform-爆头-on-a-discard-is-only-放冲",
        ),
        pytest.param(
            PF,
            "[5555s] 123p456p东东东1s +1s 杠开 翻1m",
            "W",
            {"E": -12, "S": -12, "W": 36, "N": -12},
            id="platform-杠开-winner-west",
        ),
        pytest.param(
            PF,
            "1111p5577s9s东东南2m +南 放冲S 翻1m",
            "E",
            {"E": 16, "S": -8, "W": -4, "N": -4},
            id="platform-豪华-discard-falls-back-to-七对子放冲",
        ),
        pytest.param(
            PF,
            "1133p5577s9s东东南2m +南 抢杠S 翻1m",
            "E",
            {"E": 18, "S": -18, "W": 0, "N": 0},
            id="platform-七对子-robbing-a-kong-three-self-draw-shares",
        ),
        pytest.param(
            PF,
            "123p456p789p11s2m4s +3s 放冲S 地胡 翻1m",
            "W",
            {"E": -1, "S": -2, "W": 4, "N": -1},
            id="platform-地胡-on-a-discard-is-only-放冲",
        ),
    ],
)
def test_who_pays(rules: str, line: str, winner: str, payments: dict[str, int]) -> None:
    assert pay(line, rules, winner=winner) == payments


@pytest.mark.parametrize("rules", list(RULESETS))
def test_base_scales_every_payment(rules: str) -> None:
    line = {
        HZ: "123m456m789m123p白 +5s 自摸",
        SL: "111m234m567m789m9m +9m 自摸 翻5p",
    }.get(rules, "123p456p789p东东东2m +1s 自摸 翻1m")
    one = pay(line, rules)
    assert pay(line, rules, base=400) == {seat: 400 * amount for seat, amount in one.items()}


@pytest.mark.parametrize(
    ("rules", "line", "code", "token"),
    [
        pytest.param(
            HZ,
            "123m456m789m123p4s +5s 自摸",
            ScoringErrorCode.NOT_WINNING,
            "+5s",
            id="hz-not-winning",
        ),
        pytest.param(
            HZ,
            "147m258p369s东南西北 +中 自摸",
            ScoringErrorCode.NOT_WINNING,
            "+中",
            id="hz-十三不搭-is-no-hangzhou-shape",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +白 点炮S",
            ScoringErrorCode.DISCARDED_WILD,
            "+白",
            id="hz-no-win-on-a-discarded-白",
        ),
        pytest.param(
            HZ,
            "[白白白] 123m456m789m5s +5s 自摸",
            ScoringErrorCode.WILD_IN_MELD,
            "[白白白]",
            id="hz-白-cannot-be-punged",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +5s 自摸 翻1m",
            ScoringErrorCode.INCONSISTENT,
            "翻1m",
            id="hz-no-indicator",
        ),
        pytest.param(
            HZ,
            "123m456m7m白白白白*5s +5s 自摸",
            ScoringErrorCode.FIFTH_COPY,
            "*",
            id="hz-five-wilds",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +5s 点炮E",
            ScoringErrorCode.BAD_SEAT,
            "点炮E",
            id="hz-self-discard",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +5s 承包E",
            ScoringErrorCode.BAD_SEAT,
            "承包E",
            id="hz-self-contract",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +5s 抢杠东",
            ScoringErrorCode.BAD_SEAT,
            "抢杠东",
            id="hz-self-robbed",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p5s +5s",
            ScoringErrorCode.INCONSISTENT,
            "+5s",
            id="hz-how-was-it-won",
        ),
        pytest.param(
            QD,
            "123p456p789p东东东1s +1s 自摸",
            ScoringErrorCode.MISSING_INDICATOR,
            None,
            id="qd-missing-indicator",
        ),
        pytest.param(
            QD,
            "[222m] 456p789p东东东1s +1s 自摸 翻1m",
            ScoringErrorCode.WILD_IN_MELD,
            "[222m]",
            id="qd-wild-in-meld",
        ),
        pytest.param(
            QD,
            "(2222m) 456p789p东东东1s +1s 自摸 翻1m",
            ScoringErrorCode.WILD_IN_MELD,
            "(2222m)",
            id="qd-wild-in-concealed-kong",
        ),
        pytest.param(
            QD,
            "123p456p789p东东东1s +2m 抢杠S 翻1m",
            ScoringErrorCode.DISCARDED_WILD,
            "+2m",
            id="qd-robbed-kong-tile-is-never-wild",
        ),
        pytest.param(
            QD,
            "123p456p789p东东东1s +1s 自摸 承包S 翻1m",
            ScoringErrorCode.INCONSISTENT,
            "承包S",
            id="qd-no-contract-in-huzhou",
        ),
        pytest.param(
            QD,
            "123p456p789p东东东1s +1s 飘1 翻1m",
            ScoringErrorCode.INCONSISTENT,
            "飘1",
            id="qd-no-飘-in-强盗胡",
        ),
        pytest.param(
            PF,
            "123p456p789p东东东1s +1s 飘1 翻1m",
            ScoringErrorCode.INCONSISTENT,
            "飘1",
            id="pf-no-飘-in-平台",
        ),
        pytest.param(
            SL,
            "111m234m567m789m9m +5p 放冲S 翻5p",
            ScoringErrorCode.DISCARDED_WILD,
            "+5p",
            id="sl-no-win-on-the-discarded-indicator-wild",
        ),
        pytest.param(
            SL,
            "123m456p789s北北北9m +9m 自摸 翻5p",
            ScoringErrorCode.UNDER_FOUR_TAI,
            None,
            id="sl-under-four-tai",
        ),
        pytest.param(
            SL,
            "147m258p369s东南西北 +中 自摸 翻2m",
            ScoringErrorCode.UNDER_FOUR_TAI,
            None,
            id="sl-十三不搭-has-no-tai-of-its-own",
        ),
        pytest.param(
            SL,
            "111m234m567m5p6p6p9m +9m 自摸 翻5p",
            ScoringErrorCode.THREE_WILDS,
            None,
            id="sl-三百胡",
        ),
        pytest.param(
            HZ,
            "123m456m789m123p白 +5s 天胡 财飘",
            ScoringErrorCode.CONFLICTING_WORDS,
            "财飘",
            id="hz-天胡-has-no-飘",
        ),
        pytest.param(
            HZ,
            "[1111m] 234m567m东东东5s +5s 杠开 天胡",
            ScoringErrorCode.CONFLICTING_WORDS,
            "天胡",
            id="hz-天胡-has-no-杠开",
        ),
        pytest.param(
            PF,
            "[1111m] 234m567m东东东5s +5s 天胡 杠开 翻9p",
            ScoringErrorCode.CONFLICTING_WORDS,
            "杠开",
            id="pf-天胡-has-no-杠开",
        ),
        pytest.param(
            YP,
            "123p456p789p东东东* +1s 地胡 座S 飘一花",
            ScoringErrorCode.CONFLICTING_WORDS,
            "飘一花",
            id="yp-地胡-has-no-飘",
        ),
        pytest.param(
            RP,
            "123p456p789p东东东* +1s 双财飘 地胡 座W",
            ScoringErrorCode.CONFLICTING_WORDS,
            "地胡",
            id="rp-地胡-after-飘",
        ),
    ],
)
def test_rule_errors(rules: str, line: str, code: ScoringErrorCode, token: str | None) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.score(line, rules)
    assert caught.value.code == code
    assert caught.value.token == token
    if token is not None:
        assert caught.value.position == line.index(token)
    assert caught.value.message("zh") and caught.value.message("en")


def test_faceless_wilds_need_no_indicator() -> None:
    result = scoring.score("123p456p789p东东东* +1s 自摸", QD)
    assert result.patterns[0].name == "自摸有花"


def test_shuangla_thresholds() -> None:
    shuangla = get(SL)
    four = scoring.score("111m222p中中中北北北9m +9m 自摸 翻5p", SL)
    five = scoring.score("111m234m567m789m9m +9m 自摸 翻5p", SL)
    assert four.tai == shuangla.value_of("一辣起胡")
    assert four.patterns[-1].name == "一辣"
    assert five.tai == shuangla.value_of("双辣台数")
    assert five.patterns[-1].name == "双辣"
    with pytest.raises(ScoringError) as caught:
        scoring.score("111m222p444s北北北9m +9m 自摸 翻5p", SL)  # 对对胡 2 + 无花 1
    assert caught.value.code is ScoringErrorCode.UNDER_FOUR_TAI
    assert "3 台" in caught.value.message()


def test_shuangla_three_wilds() -> None:
    limit = get(SL).value_of("三百胡")
    two = scoring.score("111m234m567m6p6p9m9m +9m 自摸 翻5p", SL)  # 2 wilds, 清一色
    assert two.value == 1  # 清一色 4 台, no 无花
    with pytest.raises(ScoringError) as caught:
        scoring.score("111m234m567m5p6p6p9m +9m 自摸 翻5p", SL)
    assert caught.value.code is ScoringErrorCode.THREE_WILDS
    assert f"{limit} 张" in caught.value.message()


def test_shuangla_double_east_earns_seat_and_round() -> None:
    result = scoring.score("123p中中中发发发东东东9m +9m 自摸 翻5p", SL)
    assert [p.name for p in result.patterns] == ["无花", "座风刻", "圈风刻", "中刻", "发刻", "双辣"]
    assert result.tai == 5


def test_huzhou_chained_kongs_count_once() -> None:
    result = scoring.score("[5555s] (6666s) 123p东东东1s +1s 杠开2 翻1m", YP)
    assert [p.name for p in result.patterns] == ["杠开"]


def test_thirteen_unrelated_is_a_plain_win_in_qiangdao() -> None:
    result = scoring.score("147m258p369s东南西北 +中 自摸 翻1m", QD)
    assert (result.shape.value, result.patterns[0].name) == ("thirteen_unrelated", "自摸无花")


def test_ruanpiao_discard_ignores_baotou() -> None:
    result = scoring.score("123p456p789p东东东2m +1s 放冲S 翻1m", RP)
    assert [p.name for p in result.patterns] == ["放冲"]


def test_wild_faces() -> None:
    one_m = tile_from(1, "m")
    assert get(HZ).wild_faces(None) == {WHITE}
    assert get(QD).wild_faces(one_m) == {tile_from(2, "m")}
    assert get(SL).wild_faces(one_m) == {one_m, tile_from(2, "m")}


@pytest.mark.parametrize(
    ("name", "rules_id"),
    [
        pytest.param("杭州", HZ, id="杭州"),
        pytest.param("强盗胡", QD, id="强盗胡"),
        pytest.param("硬飘花", YP, id="硬飘花"),
        pytest.param("软飘花", RP, id="软飘花"),
        pytest.param("双辣", SL, id="双辣"),
        pytest.param("平台", PF, id="平台"),
        pytest.param("湖州·双辣", SL, id="full-name"),
        pytest.param("硬飘", YP, id="硬飘-short"),
        pytest.param("软飘", RP, id="软飘-short"),
        pytest.param("Huzhou-Platform", PF, id="id-any-case"),
    ],
)
def test_get_by_name(name: str, rules_id: str) -> None:
    assert get(name).id == rules_id


def test_unknown_ruleset() -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.score("123m456m789m123p5s +5s 自摸", "四川")
    assert (caught.value.code, caught.value.token) == (ScoringErrorCode.UNKNOWN_RULESET, "四川")


@pytest.mark.parametrize(
    "base",
    [0, -5, 1.5, True, 10**9 + 1, 10**20],
    ids=["zero", "negative", "float", "bool", "over-a-billion", "ledger-overflow"],
)
def test_bad_base(base: object) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.score("123m456m789m123p5s +5s 自摸", HZ, base)  # type: ignore[arg-type]
    assert caught.value.code is ScoringErrorCode.BAD_BASE


def test_rotation_and_rooms() -> None:
    assert {rules.id: rules.rotation for rules in RULESETS.values()}[HZ] == "dealer_stays"
    assert {rules.rotation for rules in RULESETS.values() if rules.id != HZ} == {"winner_deals"}
    rooms = get(HZ).rooms
    assert [(room.name, room.base) for room in rooms] == [
        ("初级场", 400),
        ("平民场", 1_000),
        ("官甲场", 3_000),
        ("土豪场", 9_000),
        ("富商场", 30_000),
        ("尊爵场", 80_000),
    ]


@pytest.mark.parametrize("winner", ["S", "南", "south", "s"])
def test_winner_may_be_written_many_ways(winner: str) -> None:
    result = scoring.score("123m456m789m123p5s +5s 自摸", HZ, winner=winner)
    assert result.to_json()["payments"] == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_bad_winner_seat() -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.score("123m456m789m123p5s +5s 自摸", HZ, winner="Q")
    assert (caught.value.code, caught.value.token) == (ScoringErrorCode.BAD_SEAT, "Q")


def test_room_lookup() -> None:
    hangzhou = get(HZ)
    assert hangzhou.room("尊爵场").base == 80_000
    assert hangzhou.room("初级场").max_entry == 100_000
    with pytest.raises(KeyError):
        hangzhou.room("贵宾场")


@pytest.mark.parametrize(
    ("line", "code", "token"),
    [
        pytest.param(
            "[白白白] 123m456m789m5s +5s 自摸", ScoringErrorCode.WILD_IN_MELD, "[555z]", id="meld"
        ),
        pytest.param(
            "123m456m789m123p5s +5s 点炮东", ScoringErrorCode.BAD_SEAT, "点炮E", id="word"
        ),
        pytest.param(
            "123m456m789m123p5s +白 点炮S", ScoringErrorCode.DISCARDED_WILD, "5z", id="tile"
        ),
        pytest.param(
            "[123m] [白白白] 456m789m5s +5s 自摸",
            ScoringErrorCode.WILD_IN_MELD,
            "[555z]",
            id="second-meld",
        ),
        pytest.param(
            "白白白白* 456m789m55s +5s 自摸", ScoringErrorCode.FIFTH_COPY, "*", id="concealed-wild"
        ),
        pytest.param(
            "123m456m789m123p5s +5s 自摸 翻1m",
            ScoringErrorCode.INCONSISTENT,
            "翻1m",
            id="indicator",
        ),
        pytest.param("123m456m789m123p5s +5s", ScoringErrorCode.INCONSISTENT, "5s", id="how-won"),
    ],
)
def test_score_hand_names_tokens_without_positions(
    line: str, code: ScoringErrorCode, token: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.score_hand(scoring.parse(line), HZ)
    assert (caught.value.code, caught.value.token, caught.value.position) == (code, token, None)


SL_SOUTH = "111m222m333m南南南9m +9m 自摸 翻5p"  # 混一色 2 + 对对胡 2 + 无花 1 = 5 台


@pytest.mark.parametrize(
    ("winds", "tai"),
    [
        pytest.param("", 5, id="no-wind-said"),
        pytest.param("座风南", 6, id="座风南"),
        pytest.param("座风S", 6, id="座风S"),
        pytest.param("座南", 6, id="座南"),
        pytest.param("座 南", 6, id="座-space-南"),
        pytest.param("seat S", 6, id="seat-S"),
        pytest.param("门风南", 6, id="门风南"),
        pytest.param("圈风南", 6, id="圈风南"),
        pytest.param("圈风S", 6, id="圈风S"),
        pytest.param("round S", 6, id="round-S"),
        pytest.param("座风南 圈风南", 7, id="双南"),
    ],
)
def test_seat_and_round_wind_spellings_in_a_typed_line(winds: str, tai: int) -> None:
    assert scoring.score(f"{SL_SOUTH} {winds}", SL).tai == tai


QUICK_FACTS = {
    rules: "清一色 无花" if rules == SL else "有花" for rules in (HZ, QD, YP, RP, SL, PF)
}
DEALER_LINES = {
    HZ: "123m456m789m123p5s +5s",
    QD: "123p456p789p东东东1s +1s 翻1m",
    YP: "123p456p789p东东东2m +1s 翻1m",
    RP: "123p456p789p东东东2m +1s 翻1m",
    SL: "111m234m567m789m9m +9m 翻5p",
    PF: "123p456p789p东东东2m +1s 翻1m",
}


@pytest.mark.parametrize(
    ("rules", "words", "winner"),
    [
        pytest.param(rules, words, winner, id=f"{rules}-{words or 'default'}-{winner}")
        for rules in DEALER_LINES
        for words, winner in (("天胡", "E"), ("天胡 座E", "S"), ("地胡", "S"), ("地胡 座W", "E"))
    ],
)
def test_heavenly_is_the_dealers_and_earthly_a_non_dealers(
    rules: str, words: str, winner: str
) -> None:
    assert (
        sum(scoring.score(f"{DEALER_LINES[rules]} {words}", rules, winner=winner).payments.values())
        == 0
    )
    assert (
        sum(scoring.quick(f"{words} {QUICK_FACTS[rules]}", rules, winner=winner).payments.values())
        == 0
    )


@pytest.mark.parametrize(
    ("rules", "words", "winner", "token", "zh", "en"),
    [
        pytest.param(rules, words, winner, token, zh, en, id=f"{rules}-{words}-{winner}")
        for rules in DEALER_LINES
        for words, winner, token, zh, en in (
            ("天胡", "S", "天胡", "庄家", "dealer"),
            ("天胡 座N", "E", "天胡", "座北", "at N"),
            ("地胡", "E", "地胡", "闲家", "non-dealer"),
            ("地胡 座E", "W", "地胡", "天胡", "tenhou"),
        )
    ],
)
def test_heavenly_by_a_non_dealer_or_earthly_by_the_dealer_is_refused(
    rules: str, words: str, winner: str, token: str, zh: str, en: str
) -> None:
    for entry in (
        lambda: scoring.score(f"{DEALER_LINES[rules]} {words}", rules, winner=winner),
        lambda: scoring.quick(f"{words} {QUICK_FACTS[rules]}", rules, winner=winner),
    ):
        with pytest.raises(ScoringError) as caught:
            entry()
        error = caught.value
        assert (error.code, error.token) == (ScoringErrorCode.DEALER_MISMATCH, token)
        assert zh in error.message("zh") and en in error.message("en")


@pytest.mark.parametrize(
    ("rules", "line", "winner", "notes"),
    [
        pytest.param(RP, "123p456p789p东东东2m +1s 放冲S 翻1m", "E", ["爆头"], id="rp-爆头-放冲"),
        pytest.param(PF, "123p456p789p东东东2m +1s 放冲S 翻1m", "E", ["爆头"], id="pf-爆头-放冲"),
        pytest.param(
            PF, "123p456p789p11s2m4s +3s 放冲S 地胡 翻1m", "W", ["地胡"], id="pf-地胡-放冲"
        ),
        pytest.param(
            PF, "123p456p789p东东东2m +1s 放冲S 地胡 翻1m", "W", ["爆头", "地胡"], id="pf-both"
        ),
        pytest.param(RP, "123p456p789p东东东2m +1s 自摸 翻1m", "E", [], id="rp-爆头-自摸-counts"),
        pytest.param(RP, "123p456p789p东东东1s +1s 放冲S 翻1m", "E", [], id="rp-no-爆头"),
        pytest.param(HZ, "123m456m789m123p白 +5s 点炮S", "E", [], id="hz-爆头-counts-on-点炮"),
    ],
)
def test_a_discard_win_says_what_it_leaves_out(
    rules: str, line: str, winner: str, notes: list[str]
) -> None:
    result = scoring.score(line, rules, winner=winner)
    zh = scoring.explain.summary(result, "zh")
    en = scoring.explain.summary(result, "en")
    said = [item for item in ("爆头", "地胡") if any(f"{item}只在自摸时计" in line for line in zh)]
    assert said == notes
    english = {"爆头": "baotou counts only on a self-draw", "地胡": "earthly hand counts only"}
    assert [item for item in english.values() if any(item in line for line in en)] == [
        english[item] for item in notes
    ]
    assert len(result.explanation.notes) == len(notes)


@pytest.mark.parametrize(
    ("rules", "words"),
    [pytest.param(RP, "点炮S 爆头", id="rp"), pytest.param(PF, "点炮S 爆头", id="pf")],
)
def test_a_quick_discard_win_with_baotou_says_it_does_not_count(rules: str, words: str) -> None:
    result = scoring.quick(words, rules)
    assert "爆头只在自摸时计，放冲不算" in scoring.explain.summary(result)
    assert "baotou counts only on a self-draw, not on a discard" in scoring.explain.render(
        result, "en"
    )


# (ruleset, quick words or a typed line, the notes said): what a ruleset accepts but prices at
# nothing is said, like the discard notes, so a table sees it was read and not lost.
UNPRICED = [
    pytest.param(HZ, "天胡", ["杭州麻将不另计天胡"], id="hz-天胡"),
    pytest.param(HZ, "地胡 座S", ["杭州麻将不另计地胡"], id="hz-地胡"),
    pytest.param(HZ, "自摸 4财神", ["杭州麻将不另计4财神"], id="hz-4财神"),
    pytest.param(HZ, "123m456m789m123p5s +5s 天胡", ["杭州麻将不另计天胡"], id="hz-typed-天胡"),
    pytest.param(
        HZ, "123m456m789m白白白白 +5s 自摸", ["杭州麻将不另计4财神"], id="hz-typed-four-白"
    ),
    pytest.param(HZ, "自摸 爆头", [], id="hz-爆头-is-priced"),
    pytest.param(QD, "天胡 有花", ["湖州·强盗胡不另计天胡"], id="qd-天胡"),
    pytest.param(QD, "地胡 座S 无花", ["湖州·强盗胡不另计地胡"], id="qd-地胡"),
    pytest.param(QD, "自摸 4财神", ["湖州·强盗胡不另计4财神"], id="qd-4财神"),
    pytest.param(QD, "自摸 爆头", ["湖州·强盗胡不另计爆头"], id="qd-爆头"),
    pytest.param(QD, "放冲S", [], id="qd-plain-discard"),
    pytest.param(YP, "天胡", ["湖州·硬飘花不另计天胡"], id="yp-天胡"),
    pytest.param(YP, "自摸 4财神", ["湖州·硬飘花不另计4财神"], id="yp-4财神"),
    pytest.param(RP, "地胡 座W", ["湖州·软飘花不另计地胡"], id="rp-地胡"),
    pytest.param(SL, "天胡 清一色 无花", ["湖州·双辣不另计天胡"], id="sl-天胡"),
    pytest.param(SL, "杠开 清一色 无花", ["湖州·双辣不另计杠开"], id="sl-杠开"),
    pytest.param(SL, "自摸 爆头 清一色 对对胡", ["湖州·双辣不另计爆头"], id="sl-爆头"),
    pytest.param(PF, "天胡 有花", [], id="pf-天胡-is-priced"),
    pytest.param(PF, "自摸 4财神", [], id="pf-4财神-is-priced"),
]
_UNPRICED_EN = {
    "天胡": "a heavenly hand",
    "地胡": "an earthly hand",
    "4财神": "four wilds",
    "爆头": "baotou",
    "杠开": "a kong-replacement win",
}


@pytest.mark.parametrize(("rules", "entry", "notes"), UNPRICED)
def test_a_word_the_ruleset_does_not_price_is_said_to_count_nothing(
    rules: str, entry: str, notes: list[str]
) -> None:
    typed = "+" in entry
    result = scoring.score(entry, rules) if typed else scoring.quick(entry, rules)
    assert [zh for zh, _ in result.explanation.notes] == notes
    name_en = get(rules).name_en
    assert [en for _, en in result.explanation.notes] == [
        f"{name_en} scores nothing extra for {_UNPRICED_EN[note.split('另计')[1]]}"
        for note in notes
    ]
    for note in notes:
        assert note in scoring.explain.summary(result, "zh")
