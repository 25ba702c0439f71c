"""Every named entry of every seed table, shown by a real hand and charged at the table's value.

The figures are never repeated here: each test looks the entry up in the ruleset's own
table (what the rules Q&A and /help quote) and checks that ``scoring.score`` charges it.
"""

import pytest
from ruleset_ids import HZ, PF, QD, RP, SL, YP

import scoring
from scoring.rulesets import RULESETS, get

# (ruleset, entry as the seed names it, a hand showing it, winner); 翻1m makes 2m wild.
ENTRIES = [
    # 杭州 七对子系列（互斥取最高）
    (HZ, "三豪华清七对", "1111m2222p3333s5s +5s 自摸", "E"),
    (HZ, "七对子双财飘", "1133m5577p99s东东3s +3s 双财飘", "E"),
    (HZ, "双豪华清七对", "1111m2222p33s55s东 +东 自摸", "E"),
    (HZ, "财神三豪华七对", "1111m2222p333s5s白 +5s 自摸", "E"),
    (HZ, "豪华七对爆头", "1111m2255p99s东东白 +3s 自摸", "E"),
    (HZ, "豪华清七对", "1111m2255p99s东东3s +3s 自摸", "E"),
    (HZ, "七对子财飘", "1133m5577p99s东东3s +3s 财飘", "E"),
    (HZ, "财神双豪华七对", "1111m222p5s99s东东白 +5s 自摸", "E"),
    (HZ, "七对爆头", "1133m5577p99s东东白 +3s 自摸", "E"),
    (HZ, "清七对", "1133m5577p99s东东3s +3s 自摸", "E"),
    (HZ, "财神豪华七对", "1111m2p55p99s东东南白 +南 自摸", "E"),
    (HZ, "财神七对", "1133m5577p9s东东南白 +南 自摸", "E"),
    # 杭州 飘牌系列
    (HZ, "三财飘", "123m456m789m123p5s +5s 三财飘", "E"),
    (HZ, "双财飘", "123m456m789m123p5s +5s 双财飘", "E"),
    (HZ, "杠飘", "[5555p] 123m456m789m5s +5s 杠开 财飘", "E"),
    (HZ, "财飘", "123m456m789m123p5s +5s 飘1", "E"),
    # 杭州 杠串系列
    (HZ, "四连杠", "[1111m] [2222m] [3333p] [4444s] 5s +5s 四连杠", "E"),
    (HZ, "三连杠", "[1111m] [2222m] (3333p) 456s5s +5s 三连杠", "E"),
    (HZ, "二连杠", "[1111m] (2222m) 123p456s5s +5s 二连杠", "E"),
    (HZ, "杠爆", "[5555p] 123m456m789m白 +5s 杠开", "E"),
    (HZ, "杠上开花", "[5555p] 123m456m789m5s +5s 杠开", "E"),
    # 杭州 其他
    (HZ, "爆头", "123m456m789m123p白 +5s 自摸", "E"),
    (HZ, "平胡", "123m456m789m123p5s +5s 自摸", "E"),
    # 强盗胡
    (QD, "放冲", "123p456p789p东东东1s +1s 放冲S 翻1m", "E"),
    (QD, "自摸有花", "123p456p789p11s2m4s +3s 自摸 翻1m", "E"),
    (QD, "自摸无花", "123p456p789p东东东1s +1s 自摸 翻1m", "E"),
    (QD, "杠开有花", "[5555s] 123p456p东东东2m +1s 杠开 翻1m", "E"),
    (QD, "杠开无花", "[5555s] 123p456p东东东1s +1s 杠开 翻1m", "E"),
    # 硬飘花
    (YP, "小胡", "123p456p789p东东东1s +1s 自摸 翻1m", "E"),
    (YP, "爆头", "123p456p789p东东东2m +1s 自摸 翻1m", "E"),
    (YP, "杠开", "[5555s] 123p456p东东东1s +1s 杠开 翻1m", "E"),
    (YP, "杠爆", "[5555s] 123p456p东东东2m +1s 杠开 翻1m", "E"),
    (YP, "飘一花", "123p456p789p东东东1s +1s 飘一花 翻1m", "E"),
    (YP, "飘两花", "123p456p789p东东东1s +1s 飘两花 翻1m", "E"),
    (YP, "飘三花", "123p456p789p东东东1s +1s 飘三花 翻1m", "E"),
    (YP, "杠飘", "[5555s] 123p456p东东东1s +1s 杠开 飘一花 翻1m", "E"),
    # 软飘花: its own two rows, then every 硬飘花 entry doubled
    (RP, "软飘花", "123p456p789p东东东1s +1s 自摸 翻1m", "E"),
    (RP, "放冲", "123p456p789p东东东2m +1s 放冲S 翻1m", "E"),
    (RP, "小胡", "123p456p789p东东东1s +1s 自摸 翻1m", "E"),
    (RP, "爆头", "123p456p789p东东东2m +1s 自摸 翻1m", "E"),
    (RP, "杠开", "[5555s] 123p456p东东东1s +1s 杠开 翻1m", "E"),
    (RP, "杠爆", "[5555s] 123p456p东东东2m +1s 杠开 翻1m", "E"),
    (RP, "飘一花", "123p456p789p东东东1s +1s 飘一花 翻1m", "E"),
    (RP, "飘两花", "123p456p789p东东东1s +1s 飘两花 翻1m", "E"),
    (RP, "飘三花", "123p456p789p东东东1s +1s 飘三花 翻1m", "E"),
    (RP, "杠飘", "[5555s] 123p456p东东东1s +1s 杠开 飘一花 翻1m", "E"),
    # 双辣 (翻5p: 5p and 6p are wild): every 台 item and both levels
    (SL, "清一色", "111m234m567m789m9m +9m 自摸 翻5p", "E"),
    (SL, "混一色", "111m222m444m北北北9m +9m 自摸 翻5p", "E"),
    (SL, "对对胡", "111m222p中中中北北北9m +9m 自摸 翻5p", "E"),
    (SL, "无花", "111m222p中中中北北北9m +9m 自摸 翻5p", "E"),
    (SL, "座风刻", "123m中中中发发发南南南9m +9m 自摸 翻5p", "S"),
    (SL, "圈风刻", "123m中中中白白白西西西9m +9m 自摸 翻5p 圈W", "E"),
    (SL, "中刻", "123m中中中发发发南南南9m +9m 自摸 翻5p", "S"),
    (SL, "发刻", "123m中中中发发发南南南9m +9m 自摸 翻5p", "S"),
    (SL, "白刻", "123m中中中白白白西西西9m +9m 自摸 翻5p 圈W", "E"),
    (SL, "一辣", "111m222p中中中北北北9m +9m 自摸 翻5p", "E"),
    (SL, "双辣", "111m234m567m789m9m +9m 自摸 翻5p", "E"),
    # 平台计分 (翻1m: 2m is wild)
    (PF, "自摸（有财神）", "123p456p789p11s2m4s +3s 自摸 翻1m", "E"),
    (PF, "自摸（无财神）", "123p456p789p东东东1s +1s 自摸 翻1m", "E"),
    (PF, "放冲（有财神）", "123p456p789p11s2m4s +3s 放冲S 翻1m", "E"),
    (PF, "放冲（无财神）", "123p456p789p东东东1s +1s 放冲S 翻1m", "E"),
    (PF, "爆头", "123p456p789p东东东2m +1s 自摸 翻1m", "E"),
    (PF, "杠开（有财神）", "[5555s] 123p456p11s2m4s +3s 杠开 翻1m", "E"),
    (PF, "杠开（无财神）", "[5555s] 123p456p东东东1s +1s 杠开 翻1m", "E"),
    (PF, "杠爆", "[5555s] 123p456p东东东2m +1s 杠开 翻1m", "E"),
    (PF, "抢杠胡（有财神）", "123p456p789p11s2m4s +3s 抢杠S 翻1m", "E"),
    (PF, "抢杠胡（无财神）", "123p456p789p东东东1s +1s 抢杠S 翻1m", "E"),
    (PF, "抢杠胡（爆头）", "123p456p789p东东东2m +1s 抢杠S 翻1m", "E"),
    (PF, "4财神（自摸）", "123p456p789p2m2m2m2m +1s 自摸 翻1m", "E"),
    (PF, "4财神（放冲）", "123p456p789p2m2m2m2m +1s 放冲S 翻1m", "E"),
    (PF, "天胡", "123p456p789p11s2m4s +3s 天胡 翻1m", "E"),
    (PF, "地胡", "123p456p789p11s2m4s +3s 地胡 翻1m", "S"),
    (PF, "十三不搭（自摸）", "147m258p369s东南西北 +中 自摸 翻1m", "E"),
    (PF, "十三不搭（放冲）", "147m258p369s东南西北 +中 放冲S 翻1m", "E"),
    (PF, "七对子（有财神）自摸", "1133p5577s9s东东南2m +南 自摸 翻1m", "E"),
    (PF, "七对子（无财神）自摸", "1133p5577s99s东东南 +南 自摸 翻1m", "E"),
    (PF, "七对子（有财神）放冲", "1133p5577s9s东东南2m +南 放冲S 翻1m", "E"),
    (PF, "七对子（无财神）放冲", "1133p5577s99s东东南 +南 放冲S 翻1m", "E"),
    (PF, "豪华七对子", "1111p5577s9s东东南2m +南 自摸 翻1m", "E"),
    (PF, "双豪华七对子", "1111p5555s9s东东南2m +南 自摸 翻1m", "E"),
    (PF, "三豪华七对子", "1111p5555s9999s2m +南 自摸 翻1m", "E"),
]

# Rows that name no pattern of a win: each is checked by the test named beside it.
COVERED_ELSEWHERE = {
    (HZ, "飘杠"): "test_piao_kong_is_named_kong_piao",
    (HZ, "基础倍数"): "test_payments.py::test_hangzhou_share_is_fan_times_8_times_base",
    (HZ, "明杠"): "test_payments.py::test_hangzhou_kong_payment",
    (HZ, "暗杠"): "test_payments.py::test_hangzhou_kong_payment",
    (HZ, "补杠"): "test_payments.py::test_hangzhou_kong_payment",
    (SL, "一辣起胡"): "test_rulesets_rules.py::test_shuangla_thresholds",
    (SL, "双辣台数"): "test_rulesets_rules.py::test_shuangla_thresholds",
    (SL, "三百胡"): "test_rulesets_rules.py::test_shuangla_three_wilds",
}

TAI_ITEMS = {row.name for row in get(SL).tables[0].rows}


@pytest.mark.parametrize(
    ("rules", "entry", "line", "winner"),
    [pytest.param(*entry, id=f"{entry[0]}-{entry[1]}") for entry in ENTRIES],
)
def test_entry_is_charged_its_table_value(rules: str, entry: str, line: str, winner: str) -> None:
    ruleset = get(rules)
    result = scoring.score(line, rules, winner=winner)
    shown = {pattern.name: pattern.value for pattern in result.patterns}
    assert entry in shown
    if rules == SL and entry in TAI_ITEMS:
        assert shown[entry] == ruleset.value_of(entry)
    else:
        assert result.value == ruleset.value_of(entry)
    assert sum(result.payments.values()) == 0
    assert result.payments[result.winner] > 0


def test_every_table_row_is_tested() -> None:
    tested = {(rules, entry) for rules, entry, _, _ in ENTRIES} | set(COVERED_ELSEWHERE)
    rows = {
        (rules.id, row.name) for rules in RULESETS.values() for t in rules.tables for row in t.rows
    }
    assert rows - tested == set()
    assert tested - rows == set()


def test_piao_kong_is_named_kong_piao() -> None:
    """飘杠 and 杠飘 are the same 8 番; a line cannot tell them apart, so it says 杠飘."""
    hangzhou = get(HZ)
    result = scoring.score("[5555p] 123m456m789m5s +5s 财飘 杠开", HZ)
    assert [p.name for p in result.patterns] == ["杠飘"]
    assert result.value == hangzhou.value_of("飘杠") == hangzhou.value_of("杠飘")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param("[1111m] [2222m] (3333p) 123s白 +5s 三连杠", 16, id="三连杠×爆头=16"),
        pytest.param("123m456m789m123p白 +5s 财飘", 4, id="财飘-with-爆头-is-4"),
        pytest.param("[1111m] (2222m) 123p456s5s +5s 二连杠 双财飘", 32, id="二连杠×双财飘"),
        pytest.param("1111m222p5s99s东东白 +5s 自摸", 8, id="财神双豪华七对-not-stacked"),
        pytest.param("1111m2222p99s东东白 +5s 自摸", 8, id="财神双豪华七对-with-爆头-is-8"),
        pytest.param("1133m5577p99s东东3s +3s 三财飘", 16, id="七对-飘3-is-七对子双财飘"),
    ],
)
def test_hangzhou_unnamed_combinations_multiply(line: str, expected: int) -> None:
    assert scoring.score(line, HZ).value == expected
