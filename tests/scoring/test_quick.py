"""Quick entry: the same scoring from declared facts, every seed entry, and the refusals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruleset_ids import HZ, PF, QD, RP, SL, YP

import scoring
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.quick import SPELLINGS
from scoring.rulesets import RULESETS, get

# (ruleset, entry as the seed names it, quick words, winner)
ENTRIES = [
    (HZ, "三豪华清七对", "自摸 三豪华清七对", "E"),
    (HZ, "七对子双财飘", "七对子 双财飘", "E"),
    (HZ, "双豪华清七对", "自摸 双豪华清七对", "E"),
    (HZ, "财神三豪华七对", "自摸 财神三豪华七对", "E"),
    (HZ, "豪华七对爆头", "自摸 豪华七对爆头", "E"),
    (HZ, "豪华清七对", "自摸 豪华清七对", "E"),
    (HZ, "七对子财飘", "七对子财飘", "E"),
    (HZ, "财神双豪华七对", "自摸 财神双豪华七对", "E"),
    (HZ, "七对爆头", "点炮S 七对爆头", "E"),
    (HZ, "清七对", "自摸 清七对", "E"),
    (HZ, "财神豪华七对", "自摸 财神豪华七对", "E"),
    (HZ, "财神七对", "自摸 财神七对", "E"),
    (HZ, "三财飘", "三财飘", "E"),
    (HZ, "双财飘", "飘2", "E"),
    (HZ, "杠飘", "杠开 财飘", "E"),
    (HZ, "飘杠", "财飘 杠开", "E"),
    (HZ, "财飘", "财飘", "E"),
    (HZ, "四连杠", "四连杠", "E"),
    (HZ, "三连杠", "杠开3", "E"),
    (HZ, "二连杠", "二连杠", "E"),
    (HZ, "杠爆", "杠开 爆头", "E"),
    (HZ, "杠上开花", "杠开", "E"),
    (HZ, "爆头", "自摸 爆头", "E"),
    (HZ, "平胡", "自摸", "E"),
    (QD, "放冲", "放冲S", "E"),
    (QD, "自摸有花", "自摸 有花", "E"),
    (QD, "自摸无花", "自摸 无花", "E"),
    (QD, "杠开有花", "杠开 有花", "E"),
    (QD, "杠开无花", "杠开 无花", "E"),
    (YP, "小胡", "自摸", "E"),
    (YP, "爆头", "自摸 爆头", "E"),
    (YP, "杠开", "杠开", "E"),
    (YP, "杠爆", "杠开 爆头", "E"),
    (YP, "飘一花", "飘一花", "E"),
    (YP, "飘两花", "飘两花", "E"),
    (YP, "飘三花", "飘三花", "E"),
    (YP, "杠飘", "杠开 飘一花", "E"),
    (RP, "软飘花", "自摸", "E"),
    (RP, "放冲", "放冲S 爆头", "E"),
    (RP, "小胡", "自摸", "E"),
    (RP, "爆头", "自摸 爆头", "E"),
    (RP, "杠开", "杠开", "E"),
    (RP, "杠爆", "杠开 爆头", "E"),
    (RP, "飘一花", "飘一花", "E"),
    (RP, "飘两花", "飘两花", "E"),
    (RP, "飘三花", "飘三花", "E"),
    (RP, "杠飘", "杠开 飘一花", "E"),
    (SL, "清一色", "自摸 清一色 无花", "E"),
    (SL, "混一色", "自摸 混一色 对对胡 无花", "E"),
    (SL, "对对胡", "自摸 对对胡 中刻 无花", "E"),
    (SL, "无花", "自摸 对对胡 中刻 无花", "E"),
    (SL, "座风刻", "自摸 座风刻 中刻 发刻 无花", "S"),
    (SL, "圈风刻", "自摸 圈风刻 中刻 白刻 无花 圈W", "E"),
    (SL, "中刻", "放冲W 对对胡 中刻 无花", "E"),
    (SL, "发刻", "自摸 座风刻 中刻 发刻 无花", "S"),
    (SL, "白刻", "自摸 圈风刻 中刻 白刻 无花 圈W", "E"),
    (SL, "一辣", "自摸 台4", "E"),
    (SL, "双辣", "自摸 5台", "E"),
    (PF, "自摸（有财神）", "自摸 有花", "E"),
    (PF, "自摸（无财神）", "自摸 无花", "E"),
    (PF, "放冲（有财神）", "放冲S 有财神", "E"),
    (PF, "放冲（无财神）", "放冲S 无财神", "E"),
    (PF, "爆头", "自摸 爆头", "E"),
    (PF, "杠开（有财神）", "杠开 有花", "E"),
    (PF, "杠开（无财神）", "杠开 无花", "E"),
    (PF, "杠爆", "杠开 爆头", "E"),
    (PF, "抢杠胡（有财神）", "抢杠S 有花", "E"),
    (PF, "抢杠胡（无财神）", "抢杠S 无花", "E"),
    (PF, "抢杠胡（爆头）", "抢杠S 爆头", "E"),
    (PF, "4财神（自摸）", "自摸 4财神", "E"),
    (PF, "4财神（放冲）", "放冲S 四财神", "E"),
    (PF, "天胡", "天胡", "E"),
    (PF, "地胡", "地胡", "S"),
    (PF, "十三不搭（自摸）", "自摸 十三不搭", "E"),
    (PF, "十三不搭（放冲）", "放冲S 十三不搭", "E"),
    (PF, "七对子（有财神）自摸", "自摸 七对 有花", "E"),
    (PF, "七对子（无财神）自摸", "自摸 七对 无花", "E"),
    (PF, "七对子（有财神）放冲", "放冲S 七对 有花", "E"),
    (PF, "七对子（无财神）放冲", "放冲S 七对 无花", "E"),
    (PF, "豪华七对子", "自摸 豪华七对 有花", "E"),
    (PF, "双豪华七对子", "自摸 双豪华七对子 有花", "E"),
    (PF, "三豪华七对子", "自摸 七对 豪华3 有花", "E"),
]

SHOWN_AS = {(HZ, "飘杠"): "杠飘"}  # a line cannot tell 飘杠 from 杠飘 (same 8 番)
TAI_ITEMS = {row.name for row in get(SL).tables[0].rows}


@pytest.mark.parametrize(
    ("rules", "entry", "words", "winner"),
    [pytest.param(*entry, id=f"{entry[0]}-{entry[1]}") for entry in ENTRIES],
)
def test_quick_entry_is_charged_its_table_value(
    rules: str, entry: str, words: str, winner: str
) -> None:
    ruleset = get(rules)
    result = scoring.quick(words, rules, winner=winner)
    shown = {pattern.name: pattern.value for pattern in result.patterns}
    assert SHOWN_AS.get((rules, entry), entry) in shown
    if rules == SL and entry in TAI_ITEMS:
        assert shown[entry] == ruleset.value_of(entry)
    else:
        assert result.value == ruleset.value_of(entry)
    assert sum(result.payments.values()) == 0


# Rows that are no pattern of a win (money rules and thresholds), tested with payments/rules.
NOT_PATTERNS = {
    (HZ, "基础倍数"),
    (HZ, "明杠"),
    (HZ, "暗杠"),
    (HZ, "补杠"),
    (SL, "一辣起胡"),
    (SL, "双辣台数"),
    (SL, "三百胡"),
}


def test_every_pattern_row_has_a_quick_entry() -> None:
    quick_entries = {(rules, entry) for rules, entry, _, _ in ENTRIES}
    rows = {(r.id, row.name) for r in RULESETS.values() for t in r.tables for row in t.rows}
    assert rows - NOT_PATTERNS == quick_entries


@pytest.mark.parametrize(
    ("rules", "line", "words"),
    [
        pytest.param(HZ, "123m456m789m123p白 +5s 自摸", "自摸 爆头", id="hz-爆头"),
        pytest.param(HZ, "1133m5577p99s东东白 +3s 点炮S", "点炮S 七对 爆头", id="hz-七对爆头"),
        pytest.param(HZ, "[5555p] 123m456m789m5s +5s 杠开", "杠开", id="hz-杠开"),
        pytest.param(HZ, "123m456m789m123p白 +5s 自摸 承包W", "自摸 爆头 承包W", id="hz-承包"),
        pytest.param(QD, "123p456p789p东东东1s +1s 抢杠S 翻1m", "抢杠S 无花", id="qd-抢杠"),
        pytest.param(SL, "111m234m567m789m9m +9m 自摸 翻5p", "自摸 清一色 无花", id="sl-双辣"),
        pytest.param(PF, "123p456p789p东东东2m +1s 自摸 翻1m", "自摸 爆头", id="pf-爆头"),
    ],
)
def test_quick_matches_the_typed_hand(rules: str, line: str, words: str) -> None:
    typed, quick = scoring.score(line, rules), scoring.quick(words, rules)
    assert (quick.value, quick.patterns, quick.payments) == (
        typed.value,
        typed.patterns,
        typed.payments,
    )


@pytest.mark.parametrize(
    ("rules", "words", "code", "token"),
    [
        pytest.param(
            HZ, "自摸 无花 爆头", ScoringErrorCode.INCONSISTENT, "爆头", id="爆头-needs-a-wild"
        ),
        pytest.param(
            HZ, "自摸 财神0 爆头", ScoringErrorCode.INCONSISTENT, "爆头", id="爆头-with-财神0"
        ),
        pytest.param(
            YP, "放冲S 爆头", ScoringErrorCode.DISCARD_WIN_FORBIDDEN, "放冲S", id="硬飘花-放冲"
        ),
        pytest.param(
            HZ, "自摸 十三不搭", ScoringErrorCode.INCONSISTENT, "十三不搭", id="十三不搭-hangzhou"
        ),
        pytest.param(
            QD, "自摸 豪华 有花", ScoringErrorCode.INCONSISTENT, "豪华", id="豪华-without-七对"
        ),
        pytest.param(
            HZ, "自摸 爆头 番茄", ScoringErrorCode.UNKNOWN_TOKEN, "番茄", id="unknown-word"
        ),
        pytest.param(
            HZ, "自摸 点炮S", ScoringErrorCode.CONFLICTING_WORDS, "点炮S", id="自摸-with-点炮"
        ),
        pytest.param(QD, "自摸", ScoringErrorCode.INCONSISTENT, "自摸", id="qd-needs-有花-or-无花"),
        pytest.param(
            QD, "杠开", ScoringErrorCode.INCONSISTENT, "杠开", id="qd-杠开-needs-有花-or-无花"
        ),
        pytest.param(
            HZ, "自摸 七对", ScoringErrorCode.INCONSISTENT, "七对", id="hz-七对-needs-有花-or-无花"
        ),
        pytest.param(
            SL, "自摸 清一色", ScoringErrorCode.INCONSISTENT, "自摸", id="sl-needs-有花-or-无花"
        ),
        pytest.param(
            PF, "放冲S 七对", ScoringErrorCode.INCONSISTENT, "七对", id="pf-七对-needs-有花-or-无花"
        ),
        pytest.param(
            PF, "  自摸", ScoringErrorCode.INCONSISTENT, "自摸", id="pf-自摸-needs-有花-or-无花"
        ),
        pytest.param(
            HZ, "自摸 清一色", ScoringErrorCode.INCONSISTENT, "清一色", id="台-outside-双辣"
        ),
        pytest.param(SL, "自摸 清一色 财神3", ScoringErrorCode.THREE_WILDS, None, id="三百胡"),
        pytest.param(
            SL, "自摸 台5 财神3", ScoringErrorCode.THREE_WILDS, None, id="三百胡-with-台N"
        ),
        pytest.param(
            SL, "自摸 无花 对对胡", ScoringErrorCode.UNDER_FOUR_TAI, None, id="under-4-台"
        ),
        pytest.param(SL, "自摸 台3", ScoringErrorCode.UNDER_FOUR_TAI, None, id="台3"),
        pytest.param(
            SL, "自摸 台5 清一色", ScoringErrorCode.INCONSISTENT, "台5", id="台N-and-items"
        ),
        pytest.param(HZ, "杠开 七对 有花", ScoringErrorCode.INCONSISTENT, "七对", id="七对-杠开"),
        pytest.param(
            SL, "自摸 七对 对对胡 无花", ScoringErrorCode.INCONSISTENT, "对对胡", id="七对-对对胡"
        ),
        pytest.param(
            SL, "自摸 清一色 混一色", ScoringErrorCode.INCONSISTENT, "混一色", id="清-and-混"
        ),
        pytest.param(
            SL,
            "自摸 清一色 无花 中刻",
            ScoringErrorCode.INCONSISTENT,
            "中刻",
            id="清一色-with-中刻",
        ),
        pytest.param(
            SL,
            "自摸 座风刻 无花 清一色",
            ScoringErrorCode.INCONSISTENT,
            "座风刻",
            id="清一色-with-座风刻",
        ),
        pytest.param(
            SL,
            "点炮S 清一色 圈风刻 无花",
            ScoringErrorCode.INCONSISTENT,
            "圈风刻",
            id="清一色-with-圈风刻",
        ),
        pytest.param(HZ, "自摸 财神5", ScoringErrorCode.INCONSISTENT, "财神5", id="five-wilds"),
        pytest.param(HZ, "爆头", ScoringErrorCode.INCONSISTENT, None, id="how-was-it-won"),
        pytest.param(
            QD, "自摸 有花 承包S", ScoringErrorCode.INCONSISTENT, "承包S", id="承包-in-huzhou"
        ),
        pytest.param(QD, "飘1 有花", ScoringErrorCode.INCONSISTENT, "飘1", id="飘-in-强盗胡"),
        pytest.param(
            QD, "自摸 有花 无花", ScoringErrorCode.INCONSISTENT, "无花", id="有花-and-无花"
        ),
        pytest.param(
            PF, "自摸 十三不搭 爆头", ScoringErrorCode.INCONSISTENT, "爆头", id="十三不搭-爆头"
        ),
        pytest.param(HZ, "点炮E 爆头", ScoringErrorCode.BAD_SEAT, "点炮E", id="winner-discarded"),
        pytest.param(HZ, "  ", ScoringErrorCode.EMPTY, None, id="empty"),
        pytest.param(HZ, "天胡 财飘", ScoringErrorCode.CONFLICTING_WORDS, "财飘", id="天胡-财飘"),
        pytest.param(HZ, "天胡 杠开", ScoringErrorCode.CONFLICTING_WORDS, "杠开", id="天胡-杠开"),
        pytest.param(HZ, "天胡 杠爆", ScoringErrorCode.CONFLICTING_WORDS, "杠爆", id="天胡-杠爆"),
        pytest.param(
            PF, "杠开 天胡 有花", ScoringErrorCode.CONFLICTING_WORDS, "天胡", id="pf-杠开-天胡"
        ),
        pytest.param(
            YP, "天胡 飘三花", ScoringErrorCode.CONFLICTING_WORDS, "飘三花", id="yp-天胡-飘"
        ),
        pytest.param(HZ, "地胡 座S 飘2", ScoringErrorCode.CONFLICTING_WORDS, "飘2", id="地胡-飘2"),
        pytest.param(
            RP, "杠飘 地胡 座N", ScoringErrorCode.CONFLICTING_WORDS, "地胡", id="杠飘-地胡"
        ),
    ],
)
def test_quick_refusals(rules: str, words: str, code: ScoringErrorCode, token: str | None) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, rules)
    assert (caught.value.code, caught.value.token) == (code, token)
    if token is not None:
        assert caught.value.position == words.index(token)


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        pytest.param("自摸爆头", 2, id="run-together"),
        pytest.param("自摸，爆头", 2, id="comma"),
        pytest.param("tsumo baotou", 2, id="ascii"),
        pytest.param("杠开2爆头", 8, id="二连杠-爆头"),
        pytest.param("自摸 平胡", 1, id="平胡-adds-nothing"),
    ],
)
def test_quick_spellings(words: str, expected: int) -> None:
    assert scoring.quick(words, HZ).value == expected


def test_quick_result_has_no_hand() -> None:
    result = scoring.quick("自摸 七对 无花", HZ)
    assert result.hand is None
    assert result.to_json()["shape"] == "seven_pairs"
    assert scoring.quick("自摸 爆头", HZ).to_json()["shape"] is None


WORDS = [
    "自摸", "点炮S", "放冲W", "抢杠N", "承包S", "杠开", "杠开2", "飘1", "飘3", "爆头", "七对",
    "豪华", "双豪华", "十三不搭", "有花", "无花", "财神2", "4财神", "天胡", "地胡", "清一色",
    "混一色", "对对胡", "座风刻", "圈风刻", "中刻", "发刻", "白刻", "台4", "台6", "圈S", "座N",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
    rules=st.sampled_from(list(RULESETS)),
    winner=st.sampled_from("ESWN"),
    base=st.integers(min_value=1, max_value=100_000),
)
def test_quick_payments_sum_to_zero(words: list[str], rules: str, winner: str, base: int) -> None:
    try:
        result = scoring.quick(" ".join(words), rules, base, winner)
    except ScoringError as error:
        assert error.message("zh") and error.message("en")
        return
    assert sum(result.payments.values()) == 0
    assert result.payments[result.winner] > 0
    assert all(amount <= 0 for seat, amount in result.payments.items() if seat != result.winner)


@pytest.mark.parametrize("word", SPELLINGS)
def test_every_listed_spelling_is_one_quick_entry_reads(word: str) -> None:
    """The spellings offered as suggestions must never be words quick entry calls unknown."""
    for rules in ("hangzhou", "huzhou-shuangla"):
        try:
            scoring.quick(f"自摸 {word}", rules)
        except ScoringError as error:
            assert error.code is not ScoringErrorCode.UNKNOWN_TOKEN, (word, rules, error)


@pytest.mark.parametrize(
    ("rules", "words", "parts", "named", "value"),
    [
        pytest.param(HZ, "杠爆", "杠开 爆头", "杠爆", 4, id="hz-杠爆"),
        pytest.param(HZ, "杠飘", "杠开 财飘", "杠飘", 8, id="hz-杠飘"),
        pytest.param(HZ, "飘杠", "财飘 杠开", "杠飘", 8, id="hz-飘杠"),
        pytest.param(HZ, "自摸杠爆", "自摸 杠开 爆头", "杠爆", 4, id="hz-glued-自摸杠爆"),
        pytest.param(YP, "杠爆", "杠开 爆头", "杠爆", 4, id="yp-杠爆"),
        pytest.param(YP, "杠飘", "杠开 飘一花", "杠飘", 8, id="yp-杠飘"),
        pytest.param(RP, "杠爆", "杠开 爆头", "杠爆", 8, id="rp-杠爆"),
        pytest.param(RP, "杠飘", "杠开 飘一花", "杠飘", 16, id="rp-杠飘"),
        pytest.param(PF, "杠爆", "杠开 爆头", "杠爆", 12, id="pf-杠爆"),
        pytest.param(QD, "杠爆", "杠开 爆头", "杠开有花", 2, id="qd-杠爆-is-杠开-with-a-wild"),
        pytest.param(YP, "抢杠胡S 爆头", "抢杠S 爆头", "爆头", 2, id="yp-抢杠胡S"),
    ],
)
def test_the_seeds_compound_names_are_quick_words(
    rules: str, words: str, parts: str, named: str, value: int
) -> None:
    result = scoring.quick(words, rules)
    assert named in {pattern.name for pattern in result.patterns}
    assert result.value == value
    assert scoring.quick(parts, rules).payments == result.payments


@pytest.mark.parametrize(
    ("rules", "words", "code", "token"),
    [
        pytest.param(QD, "杠飘", ScoringErrorCode.INCONSISTENT, "杠飘", id="qd-has-no-飘"),
        pytest.param(SL, "杠飘 清一色", ScoringErrorCode.INCONSISTENT, "杠飘", id="sl-has-no-飘"),
        pytest.param(PF, "杠飘", ScoringErrorCode.INCONSISTENT, "杠飘", id="pf-has-no-飘"),
        pytest.param(
            HZ, "杠爆 无花", ScoringErrorCode.INCONSISTENT, "杠爆", id="杠爆-needs-a-wild"
        ),
        pytest.param(
            HZ, "杠爆 杠开2", ScoringErrorCode.CONFLICTING_WORDS, "杠开2", id="杠爆-and-杠开2"
        ),
        pytest.param(
            HZ, "杠飘 点炮S", ScoringErrorCode.CONFLICTING_WORDS, "点炮S", id="杠飘-is-自摸"
        ),
        pytest.param(HZ, "七对 杠爆", ScoringErrorCode.INCONSISTENT, "七对", id="七对-has-no-kong"),
    ],
)
def test_compound_names_are_checked_like_their_parts(
    rules: str, words: str, code: ScoringErrorCode, token: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, rules)
    assert (caught.value.code, caught.value.token) == (code, token)


@pytest.mark.parametrize(
    ("words", "same_as"),
    [
        pytest.param("self-drawn baotou", "自摸 爆头", id="self-drawn"),
        pytest.param("self-draw baotou", "自摸 爆头", id="self-draw"),
        pytest.param("self drawn bao tou", "自摸 爆头", id="spaced"),
        pytest.param("Self-Drawn seven pairs no wild", "自摸 七对 无花", id="seven-pairs"),
        pytest.param("ron S qi dui with wild", "点炮S 七对 有花", id="qi-dui"),
        pytest.param("discarded by W plain", "点炮W", id="discarded-by"),
        pytest.param("kong bloom baotou", "杠开 爆头", id="kong-bloom"),
        pytest.param("gang-kai piao1", "杠开 财飘", id="gang-kai"),
        pytest.param("rob kong S baotou", "抢杠S 爆头", id="rob-kong"),
        pytest.param("self-drawn luxury seven pairs no wild", "自摸 豪华七对 无花", id="luxury"),
    ],
)
def test_english_spellings_read_as_the_chinese_words(words: str, same_as: str) -> None:
    english, chinese = scoring.quick(words, HZ), scoring.quick(same_as, HZ)
    assert (english.value, english.patterns, english.payments) == (
        chinese.value,
        chinese.patterns,
        chinese.payments,
    )


@pytest.mark.parametrize(
    ("words", "same_as"),
    [
        pytest.param("self-drawn pure one suit no wild", "自摸 清一色 无花", id="pure-one-suit"),
        pytest.param(
            "tsumo mixed one suit all triplets no wild", "自摸 混一色 对对胡 无花", id="mixed"
        ),
        pytest.param("tsumo 5 tai", "自摸 台5", id="5-tai"),
        pytest.param("tsumo tai 4", "自摸 台4", id="tai-4"),
        pytest.param(
            "tsumo mixed one suit seat wind triplet red triplet no wild",
            "自摸 混一色 座风刻 中刻 无花",
            id="triplets",
        ),
    ],
)
def test_english_spellings_of_the_shuangla_items(words: str, same_as: str) -> None:
    english, chinese = scoring.quick(words, SL), scoring.quick(same_as, SL)
    assert (english.value, english.tai, english.payments) == (
        chinese.value,
        chinese.tai,
        chinese.payments,
    )


@pytest.mark.parametrize(
    ("words", "token"),
    [
        pytest.param("tsumo plainly", "plainly", id="an-english-word-ends-at-a-non-letter"),
        pytest.param("self-drawn baotouu", "baotouu", id="baotouu"),
        pytest.param("自摸 番茄", "番茄", id="chinese"),
    ],
)
def test_the_unknown_word_message_lists_english_words_in_english(words: str, token: str) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, HZ)
    error = caught.value
    assert (error.code, error.token) == (ScoringErrorCode.UNKNOWN_TOKEN, token)
    for english in ("self-drawn", "ron S", "baotou", "seven pairs", "no wild", "tenhou"):
        assert english in error.message("en")
    assert "杠爆" in error.message("zh") and "自摸" in error.message("zh")


@pytest.mark.parametrize(
    ("rules", "words", "token"),
    [
        pytest.param(HZ, "自摸 翻1m", "翻1m", id="hz-翻1m"),
        pytest.param(HZ, "点炮S 爆头 翻中", "翻中", id="hz-翻中"),
    ],
)
def test_quick_entry_refuses_an_indicator_where_the_wild_is_fixed(
    rules: str, words: str, token: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, rules)
    error = caught.value
    with pytest.raises(ScoringError) as typed:
        scoring.score("123m456m789m123p5s +5s 自摸 翻1m", rules)
    assert (error.code, error.token) == (typed.value.code, token)
    assert (error.zh, error.en) == (typed.value.zh, typed.value.en)
    assert "白板" in error.message("zh") and "White" in error.message("en")


@pytest.mark.parametrize(
    ("rules", "offers_discard"),
    [
        pytest.param(HZ, True, id="hz"),
        pytest.param(QD, True, id="qd"),
        pytest.param(YP, False, id="yp-self-draw-only"),
        pytest.param(RP, True, id="rp"),
        pytest.param(SL, True, id="sl"),
        pytest.param(PF, True, id="pf"),
    ],
)
def test_how_was_it_won_suggests_only_what_the_ruleset_allows(
    rules: str, offers_discard: bool
) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick("爆头", rules)
    error = caught.value
    assert error.code is ScoringErrorCode.INCONSISTENT
    assert ("点炮X" in error.zh) is offers_discard
    assert ("ron X" in error.en) is offers_discard
    assert "自摸" in error.zh and "抢杠X" in error.zh and "rob X" in error.en


# (ruleset, English quick entry, the patterns it scores): the English names the replies
# print (the rows' name_en) and the English forms of 飘 and 抢杠 read back.
ENGLISH_NAMES = [
    pytest.param(YP, "float 1", ["飘一花"], id="float-1"),
    pytest.param(YP, "float1", ["飘一花"], id="float1"),
    pytest.param(YP, "piao 2", ["飘两花"], id="piao-2"),
    pytest.param(YP, "one wild float", ["飘一花"], id="one-wild-float"),
    pytest.param(YP, "two wild floats", ["飘两花"], id="two-wild-floats"),
    pytest.param(YP, "Three wild floats", ["飘三花"], id="Three-wild-floats"),
    pytest.param(YP, "kong and float", ["杠飘"], id="kong-and-float"),
    pytest.param(RP, "three wild floats", ["飘三花", "软飘花"], id="rp-three-wild-floats"),
    pytest.param(HZ, "wild float", ["财飘"], id="hz-wild-float"),
    pytest.param(HZ, "Triple wild float", ["三财飘"], id="hz-triple-wild-float"),
    pytest.param(HZ, "Kong bloom with baotou", ["杠爆"], id="hz-kong-bloom-with-baotou"),
    pytest.param(HZ, "two chained kongs", ["二连杠"], id="hz-two-chained-kongs"),
    pytest.param(HZ, "win on a kong replacement", ["杠上开花"], id="hz-kong-replacement"),
    pytest.param(HZ, "ron S Seven pairs, baotou", ["七对爆头"], id="hz-seven-pairs-baotou"),
    pytest.param(HZ, "tsumo pure seven pairs", ["清七对"], id="hz-pure-seven-pairs"),
    pytest.param(
        HZ, "tsumo luxury seven pairs with wilds", ["财神豪华七对"], id="hz-luxury-with-wilds"
    ),
    pytest.param(HZ, "robbing kong S", ["平胡"], id="hz-robbing-kong-S"),
    pytest.param(HZ, "robbing the kong S", ["平胡"], id="hz-robbing-the-kong-S"),
    pytest.param(HZ, "tsumo plain win", ["平胡"], id="hz-plain-win"),
    pytest.param(QD, "self-draw with a wild", ["自摸有花"], id="qd-self-draw-with-a-wild"),
    pytest.param(QD, "kong bloom without wilds", ["杠开无花"], id="qd-kong-bloom-without"),
    pytest.param(
        SL,
        "tsumo all triplets, mixed one suit, no wilds, red dragon triplet",
        ["混一色", "对对胡", "无花", "中刻", "双辣"],
        id="sl-english-tai-items",
    ),
    pytest.param(PF, "heavenly win with wild", ["天胡"], id="pf-heavenly-win"),
    pytest.param(PF, "four wilds, self-draw", ["4财神（自摸）"], id="pf-four-wilds-self-draw"),
]


@pytest.mark.parametrize(("rules", "words", "patterns"), ENGLISH_NAMES)
def test_english_names_as_the_replies_print_them_are_read(
    rules: str, words: str, patterns: list[str]
) -> None:
    assert [p.name for p in scoring.quick(words, rules).patterns] == patterns


@pytest.mark.parametrize("rules", [HZ, YP, RP])
def test_every_float_row_name_the_reply_prints_reads_back(rules: str) -> None:
    for table in get(rules).tables:
        for row in table.rows:
            if "float" in row.name_en.casefold() and row.name != "软飘花":
                # 飘杠 and 杠飘 are one win (named 杠飘): compare the value, not the name
                assert scoring.quick(row.name_en, rules).value == row.value, row.name_en


# (ruleset, words, English forms the message must suggest): English messages suggest
# English words, not only the Chinese ones.
ENGLISH_HINTS = [
    pytest.param(HZ, "自摸 七对", ["with wild", "no wild"], id="hz-seven-pairs-wild"),
    pytest.param(QD, "自摸", ["with wild", "no wild"], id="qd-self-draw-wild"),
    pytest.param(HZ, "自摸 豪华", ["luxury seven pairs"], id="luxury-needs-seven-pairs"),
    pytest.param(HZ, "自摸 无花 爆头", ["not with no wild"], id="baotou-no-wild"),
    pytest.param(HZ, "爆头", ["tsumo", "ron X", "rob X"], id="how-won"),
    pytest.param(QD, "自摸 有花 清一色", ["counts no tai"], id="tai-outside-双辣"),
    pytest.param(HZ, "七对 七对子 十三不搭 自摸", ["thirteen unrelated"], id="shape-conflict"),
    pytest.param(SL, "自摸 七对 对对胡 有花", ["seven pairs has no triplets"], id="no-triplets"),
]


@pytest.mark.parametrize(("rules", "words", "hints"), ENGLISH_HINTS)
def test_english_refusals_suggest_english_words(rules: str, words: str, hints: list[str]) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, rules)
    for hint in hints:
        assert hint in caught.value.en
    assert "有花 (with)" not in caught.value.en


@pytest.mark.parametrize(
    ("words", "lang", "hint"),
    [
        pytest.param("自摸 双豪华 有花", "zh", "写 双豪华七对", id="zh-keeps-双"),
        pytest.param("tsumo luxury2 with wild", "en", "write luxury2 seven pairs", id="en-keeps-2"),
        pytest.param("自摸 豪华 有花", "en", "write 豪华七对", id="zh-word-in-en"),
    ],
)
def test_luxury_without_seven_pairs_suggests_the_word_typed(
    words: str, lang: str, hint: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, HZ)
    assert hint in caught.value.message(lang)


@pytest.mark.parametrize(
    ("words", "reach", "items"),
    [
        pytest.param("自摸 十三不搭 台4", 1, "无花 1", id="十三不搭-never-一辣"),
        pytest.param("自摸 十三不搭 有花 台1", 0, "没有台", id="十三不搭-有花-no-台"),
        pytest.param("自摸 七对 台6", 5, "清一色 4 + 无花 1", id="七对-at-most-5"),
        pytest.param("放冲S 豪华七对 有花 台5", 4, "清一色 4", id="豪华七对-有花-at-most-4"),
        pytest.param("自摸 台11", 10, "混一色 2 + 对对胡 2 + 无花 1", id="no-hand-has-11"),
        pytest.param("自摸 爆头 台10", 9, "混一色 2 + 对对胡 2 + 座风刻 1", id="爆头-has-a-wild"),
        pytest.param("自摸 座S 台10", 9, "无花 1 + 座风刻 1 + 中刻 1", id="seat-not-round"),
        pytest.param("杠开 财神2 圈S 座W 台9", 8, "对对胡 2 + 座风刻 1", id="两财神-winds-apart"),
    ],
)
def test_shuangla_tai_total_beyond_the_declared_shape_is_refused(
    words: str, reach: int, items: str
) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, SL)
    error = caught.value
    token = next(word for word in words.split() if word.startswith("台"))
    assert (error.code, error.token, error.position) == (
        ScoringErrorCode.UNREACHABLE_TAI,
        token,
        words.index(token),
    )
    assert f"最多 {reach} 台（" in error.message("zh") and items in error.message("zh")
    assert f"at most {reach} tai (" in error.message("en")


@pytest.mark.parametrize(
    ("words", "value"),
    [
        pytest.param("自摸 台10", 2, id="10-is-the-most"),
        pytest.param("自摸 七对 台5", 2, id="七对-清一色-无花"),
        pytest.param("自摸 七对 有花 台4", 1, id="七对-有花-清一色"),
        pytest.param("自摸 十三不搭 台1", "under_four_tai", id="十三不搭-reachable-but-under-4"),
        pytest.param("点炮S 座S 台9", 2, id="seat-not-round-9"),
        pytest.param("自摸 有花 台9", 2, id="有花-9"),
    ],
)
def test_shuangla_tai_totals_within_reach_score_as_before(words: str, value: object) -> None:
    try:
        got: object = scoring.quick(words, SL).value
    except ScoringError as error:
        got = error.code.value
    assert got == value


@pytest.mark.parametrize(
    ("rules", "words", "value"),
    [
        pytest.param(PF, "地胡 座S 杠开 有花", 12, id="pf-地胡-杠开-stays"),
        pytest.param(HZ, "天胡 爆头", 2, id="hz-天胡-爆头-stays"),
        pytest.param(PF, "天胡 无花", 12, id="pf-天胡"),
        pytest.param(HZ, "地胡 点炮W 座S 爆头", 2, id="hz-地胡-on-a-discard"),
    ],
)
def test_heavenly_and_earthly_that_can_happen_still_score(
    rules: str, words: str, value: int
) -> None:
    assert scoring.quick(words, rules).value == value
