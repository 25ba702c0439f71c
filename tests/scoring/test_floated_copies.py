"""Every real copy counts: the wilds a 飘 / 飘N花 discarded share the four tiles with the wilds
held, so a line that needs a fifth copy of the wild is refused, naming the face and the count."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.errors import ScoringError, ScoringErrorCode

HZ, YP, RP = "hangzhou", "huzhou-yingpiao", "huzhou-ruanpiao"

# (rules, line, the 飘 word named, held, discarded, (face zh, face en))
IMPOSSIBLE = [
    pytest.param(
        HZ,
        "[123m] [456m] [789m] [123p] 白 +白 三财飘",
        "三财飘",
        2,
        3,
        ("白", "White"),
        id="hz-issue",
    ),
    pytest.param(
        HZ, "123m456m789m白白白5s +5s 飘2", "飘2", 3, 2, ("白", "White"), id="hz-three-held"
    ),
    pytest.param(
        HZ, "123m456m789m白白白白 +1p 财飘", "财飘", 4, 1, ("白", "White"), id="hz-four-held"
    ),
    pytest.param(
        HZ, "123m456m789m1p**5s +5s 三财飘", "三财飘", 2, 3, ("白", "White"), id="hz-faceless"
    ),
    pytest.param(
        HZ, "123m456m789m5p5s白* +白 float 2", "float 2", 3, 2, ("白", "White"), id="hz-en"
    ),
    pytest.param(
        YP, "123m456m789m2z2z2z1z +1z 飘三花 翻1z", "飘三花", 3, 3, ("南", "South"), id="yp-issue"
    ),
    pytest.param(
        YP,
        "123m456m789m2m2m5p5s +5s 飘三花 翻1m",
        "飘三花",
        3,  # the 2m of 123m is wild too
        3,
        ("二万", "2 Characters"),
        id="yp-wild-2m",
    ),
    pytest.param(
        RP, "123m456m789m*2z1z1z +1z 飘三花 翻东", "飘三花", 2, 3, ("南", "South"), id="rp-mixed"
    ),
    pytest.param(
        RP, "123m456m789m**1z1z +1z 飘三花", "飘三花", 2, 3, (None, None), id="rp-faceless"
    ),
]


@pytest.mark.parametrize(("rules", "line", "word", "held", "discarded", "face"), IMPOSSIBLE)
def test_a_float_needing_a_fifth_wild_is_refused(
    rules: str,
    line: str,
    word: str,
    held: int,
    discarded: int,
    face: tuple[str | None, str | None],
) -> None:
    face_zh, face_en = face
    with pytest.raises(ScoringError) as caught:
        scoring.score(line, rules)
    error = caught.value
    assert (error.code, error.token) == (ScoringErrorCode.FIFTH_COPY, word)
    assert error.position == line.index(word)
    needed = held + discarded
    zh_face = "财神" if face_zh is None else f"{face_zh}（财神）"
    en_face = "wild tiles" if face_en is None else f"{face_en} tiles (the wild)"
    assert error.zh == (
        f"{zh_face}一共只有 4 张，这手牌要 {needed} 张："
        f"手里 {held} 张，「{word}」打出了 {discarded} 张"
    )
    assert error.en == (
        f"there are only 4 {en_face}: this line needs {needed}: {held} in the hand and "
        f"{discarded} discarded by “{word}”"
    )
    with pytest.raises(ScoringError) as untyped:
        scoring.score_hand(scoring.parse(line), rules)
    assert (untyped.value.code, untyped.value.position) == (ScoringErrorCode.FIFTH_COPY, None)


# Lines at the limit still score what they scored before.
POSSIBLE = [
    pytest.param(
        HZ, "[123m] [456m] [789m] [123p] 白 +5s 三财飘", 16, id="hz-one-held-three-floated"
    ),
    pytest.param(HZ, "123m456m789m123p白 +白 双财飘", 8, id="hz-two-held-two-floated"),
    pytest.param(HZ, "123m456m789m白白白5s +5s 财飘", 4, id="hz-three-held-one-floated"),
    pytest.param(YP, "123m456m789m5p2z1z1z +1z 飘三花 翻1z", 16, id="yp-one-held-three-floated"),
    pytest.param(RP, "123m456m789m2z2z1z1z +1z 飘两花 翻1z", 16, id="rp-two-held-two-floated"),
    # 双辣 has no 飘: the word is refused for that, not counted as discarded wilds
    pytest.param(
        "huzhou-shuangla", "123m456m789m2m2m5p5s +5s 飘三花 翻1m", None, id="shuangla-no-piao"
    ),
]


@pytest.mark.parametrize(("rules", "line", "value"), POSSIBLE)
def test_a_float_within_the_four_wilds_scores_as_before(
    rules: str, line: str, value: int | None
) -> None:
    if value is None:
        with pytest.raises(ScoringError) as caught:
            scoring.score(line, rules)
        assert caught.value.code is ScoringErrorCode.INCONSISTENT
        return
    assert scoring.score(line, rules).value == value


@settings(max_examples=300, deadline=None)
@given(
    white_held=st.integers(0, 4),
    faceless=st.integers(0, 4),
    piao=st.integers(1, 3),
    rules=st.sampled_from([HZ, YP, RP]),
)
def test_a_float_is_refused_exactly_when_the_wilds_outnumber_the_wall(
    white_held: int, faceless: int, piao: int, rules: str
) -> None:
    """1–9m, 123p and a 5s waiting on 5s, the first tiles swapped for the ruleset's wild (白 in
    杭州, the 南 after 翻东 in 飘花) or faceless ones: refused iff the wilds held and floated
    pass 4, else the 飘 series' value (×2 in 软飘花) as before."""
    wild_face = "白" if rules == HZ else "南"
    indicator = "" if rules == HZ else " 翻东"
    wilds = [wild_face] * white_held + ["*"] * faceless
    real = [f"{rank}m" for rank in range(1, 10)] + ["1p", "2p", "3p", "5s"]
    line = "".join(real[len(wilds) :] + wilds) + f" +5s 飘{piao}{indicator}"
    held = len(wilds)
    try:
        result = scoring.score(line, rules)
    except ScoringError as error:
        assert error.code is ScoringErrorCode.FIFTH_COPY
        assert held + piao > 4
        if held <= 4:
            assert f"要 {held + piao} 张" in error.zh and f"needs {held + piao}" in error.en
        return
    assert held + piao <= 4
    assert result.value == 2 ** (piao + 1) * (2 if rules == RP else 1)


# Quick entry says the wilds held as 财神N / N财神 / N花: they share the copies with the 飘'd ones
# exactly as a full line's tiles do, and the refusal is the full line's. (rules, words, the 飘
# word named, held, discarded, (face zh, face en))
QUICK_IMPOSSIBLE = [
    pytest.param(HZ, "财飘 4财神", "财飘", 4, 1, ("白", "White"), id="hz-caipiao-4caishen"),
    pytest.param(HZ, "双财飘 财神3", "双财飘", 3, 2, ("白", "White"), id="hz-double-caishen3"),
    pytest.param(HZ, "三财飘 财神2", "三财飘", 2, 3, ("白", "White"), id="hz-triple-caishen2"),
    pytest.param(HZ, "4财神 自摸 财飘", "财飘", 4, 1, ("白", "White"), id="hz-wilds-first"),
    pytest.param(HZ, "杠飘 4财神", "杠飘", 4, 1, ("白", "White"), id="hz-kong-float"),
    pytest.param(HZ, "float 2 wilds 3", "float 2", 3, 2, ("白", "White"), id="hz-english"),
    pytest.param(YP, "飘两花 财神3", "飘两花", 3, 2, (None, None), id="yp-two-floats-3"),
    pytest.param(YP, "飘三花 2花", "飘三花", 2, 3, (None, None), id="yp-three-floats-2hua"),
    pytest.param(RP, "飘三花 财神2", "飘三花", 2, 3, (None, None), id="rp-three-floats-2"),
    pytest.param(RP, "飘一花 4财神", "飘一花", 4, 1, (None, None), id="rp-one-float-4"),
]


@pytest.mark.parametrize(("rules", "words", "word", "held", "discarded", "face"), QUICK_IMPOSSIBLE)
def test_quick_entry_counts_floated_wilds_against_the_wilds_held(
    rules: str,
    words: str,
    word: str,
    held: int,
    discarded: int,
    face: tuple[str | None, str | None],
) -> None:
    face_zh, face_en = face
    with pytest.raises(ScoringError) as caught:
        scoring.quick(words, rules)
    error = caught.value
    assert (error.code, error.token, error.position) == (
        ScoringErrorCode.FIFTH_COPY,
        word,
        words.index(word),
    )
    zh_face = "财神" if face_zh is None else f"{face_zh}（财神）"
    en_face = "wild tiles" if face_en is None else f"{face_en} tiles (the wild)"
    assert error.zh == (
        f"{zh_face}一共只有 4 张，这手牌要 {held + discarded} 张："
        f"手里 {held} 张，「{word}」打出了 {discarded} 张"
    )
    assert f"needs {held + discarded}" in error.en and en_face in error.en


# At the limit quick entry scores what the full line with those tiles scores.
QUICK_POSSIBLE = [
    pytest.param(HZ, "三财飘 财神1", 16, id="hz-one-held-three-floated"),
    pytest.param(HZ, "双财飘 财神2", 8, id="hz-two-held-two-floated"),
    pytest.param(HZ, "财飘 3财神", 4, id="hz-three-held-one-floated"),
    pytest.param(HZ, "飘3 有花", 16, id="hz-with-wild-no-count"),
    pytest.param(YP, "飘三花 财神1", 16, id="yp-one-held-three-floated"),
    pytest.param(RP, "飘两花 财神2", 16, id="rp-two-held-two-floated"),
]


@pytest.mark.parametrize(("rules", "words", "value"), QUICK_POSSIBLE)
def test_quick_entry_within_the_four_wilds_scores(rules: str, words: str, value: int) -> None:
    assert scoring.quick(words, rules).value == value


@settings(max_examples=200, deadline=None)
@given(held=st.integers(0, 4), piao=st.integers(1, 3), rules=st.sampled_from([HZ, YP, RP]))
def test_quick_entry_refuses_exactly_when_the_full_line_does(
    held: int, piao: int, rules: str
) -> None:
    """财神N with 飘N against the full line holding N faceless wilds: refused alike."""
    real = [f"{rank}m" for rank in range(1, 10)] + ["1p", "2p", "3p", "5s"]
    line = "".join(real[held:] + ["*"] * held) + f" +5s 飘{piao}"

    def code(run: Callable[[], object]) -> ScoringErrorCode | None:
        try:
            run()
        except ScoringError as error:
            return error.code
        return None

    full = code(lambda: scoring.score(line, rules))
    quick = code(lambda: scoring.quick(f"飘{piao} 财神{held}", rules))
    assert (full is ScoringErrorCode.FIFTH_COPY) == (quick is ScoringErrorCode.FIFTH_COPY)
