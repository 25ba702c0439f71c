"""Every notation error: its stable code, the offending token and where it was written."""

import pytest

from scoring import parse
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.notation import parse_ready

E = ScoringErrorCode
PLAIN = "123m456m789m123p5s"  # 13 tiles, 18 characters

ERRORS = [
    # empty
    ("", E.EMPTY, None, None, "empty"),
    ("   ", E.EMPTY, None, None, "spaces-only"),
    ("\u3000", E.EMPTY, None, None, "ideographic-space"),
    # unknown tokens
    ("123m456m789m123p5x +5s", E.UNKNOWN_TOKEN, "5x", 16, "bad-suit-letter"),
    ("１２３ｍ４５６ｍ７８９ｍ１２３ｐ５ｘ", E.UNKNOWN_TOKEN, "5x", 16, "bad-suit-full-width"),
    ("123m456m789m123p 你好 5s +5s", E.UNKNOWN_TOKEN, "你好", 17, "chinese-text"),
    ("123m456m789m123p0s +5s", E.UNKNOWN_TOKEN, "0s", 16, "zero"),
    ("123m456m789m123p8z +5s", E.UNKNOWN_TOKEN, "8z", 16, "honor-eight"),
    ("123m456m789m123p5s +5s 123", E.UNKNOWN_TOKEN, "123", 23, "digits-without-suit"),
    ("123m456m789m123p5s 飘 +5s", E.UNKNOWN_TOKEN, "飘", 19, "piao-without-count"),
    (PLAIN + " +5s 爆头", E.UNKNOWN_TOKEN, "爆头", 23, "quick-entry-word"),
    (PLAIN + "+5s selfish", E.UNKNOWN_TOKEN, "selfish", 22, "english-prefix-of-word"),
    (PLAIN + " +5s 杠开5", E.UNKNOWN_TOKEN, "杠开5", 23, "kong-chain-five"),
    (PLAIN + " +5s 飘12", E.UNKNOWN_TOKEN, "飘12", 23, "piao-twelve"),
    (PLAIN + " +5s 自摸 5", E.UNKNOWN_TOKEN, "5", 26, "digit-after-a-space"),
    # a fifth copy
    ("11111m456m789m123p +5s", E.FIFTH_COPY, "1m", 4, "five-concealed"),
    ("[1111m] 1m456m789m5s +5s", E.FIFTH_COPY, "1m", 8, "kong-then-tile"),
    ("1m456m789m5s [1111m] +5s", E.FIFTH_COPY, "[1111m]", 13, "tile-then-kong"),
    ("1111m456m789m123p +1m", E.FIFTH_COPY, "+1m", 18, "winning-tile"),
    ("1111m456m789m123p +5s 翻1m", E.FIFTH_COPY, "1m", 3, "indicator-is-a-copy"),
    ("翻1m 1111m456m789m123p +5s", E.FIFTH_COPY, "1m", 7, "indicator-written-first"),
    # tile count
    ("123m456m789m123p +5s", E.TILE_COUNT, "+5s", 17, "thirteen"),
    ("123m456m789m123p5s", E.TILE_COUNT, "5s", 16, "thirteen-no-plus"),
    ("123m456m789m123p55s +5s", E.TILE_COUNT, "+5s", 20, "fifteen"),
    (PLAIN + " [555p] +5s", E.TILE_COUNT, "[555p]", 19, "meld-counts-three"),
    ("[5555p] 123m456m789m55s +5s", E.TILE_COUNT, "+5s", 24, "kong-counts-three"),
    ("自摸", E.TILE_COUNT, None, None, "words-only"),
    ("[555p]", E.TILE_COUNT, "[555p]", 0, "one-meld-only"),
    # malformed melds
    ("[12m] 456m789m123p5s +5s", E.MALFORMED_MELD, "[12m]", 0, "two-tiles"),
    ("[12345m] 456m789m5s +5s", E.MALFORMED_MELD, "[12345m]", 0, "five-tiles"),
    ("[1234m] 456m789m123p5s +5s", E.MALFORMED_MELD, "[1234m]", 0, "four-not-quad"),
    ("[124m] 456m789m123p5s +5s", E.MALFORMED_MELD, "[124m]", 0, "not-a-sequence"),
    ("[1m2p3s] 456m789m123p5s +5s", E.MALFORMED_MELD, "[1m2p3s]", 0, "sequence-across-suits"),
    ("[89m1p] 456m789m123p5s +5s", E.MALFORMED_MELD, "[89m1p]", 0, "sequence-wraps"),
    ("[123z] 456m789m123p5s +5s", E.MALFORMED_MELD, "[123z]", 0, "honor-sequence"),
    ("[东南西] 456m789m123p5s +5s", E.MALFORMED_MELD, "[东南西]", 0, "honor-sequence-zh"),
    ("[55p*] 456m789m123p5s +5s", E.MALFORMED_MELD, "[55p*]", 0, "wild-star-in-meld"),
    ("[5p 财 5p] 456m789m123p5s +5s", E.MALFORMED_MELD, "[5p 财 5p]", 0, "wild-cai-in-meld"),
    ("(555p) 456m789m123p5s +5s", E.MALFORMED_MELD, "(555p)", 0, "round-not-quad"),
    ("(123m) 456m789m123p5s +5s", E.MALFORMED_MELD, "(123m)", 0, "round-sequence"),
    ("(5555p*) 456m789m123p5s +5s", E.MALFORMED_MELD, "(5555p*)", 0, "round-wild"),
    ("123m [555p 456m789m5s +5s", E.MALFORMED_MELD, "[555p 456m789m5s +5s", 5, "unclosed"),
    ("[555p) 456m789m123p5s +5s", E.MALFORMED_MELD, "[555p)", 0, "mismatched"),
    ("[[555p]] 456m789m123p5s +5s", E.MALFORMED_MELD, "[[", 0, "nested"),
    ("123m] 456m789m123p5s +5s", E.MALFORMED_MELD, "]", 4, "stray-closer"),
    ("123m) 456m789m123p5s +5s", E.MALFORMED_MELD, ")", 4, "stray-round-closer"),
    ("[] 456m789m123p5s +5s", E.MALFORMED_MELD, "[]", 0, "empty-meld"),
    ("[自摸] 456m789m123p5s +5s", E.MALFORMED_MELD, "[自摸", 0, "word-in-meld"),
    ("[+5s] 456m789m123p5s +5s", E.MALFORMED_MELD, "[+5s", 0, "plus-in-meld"),
    # contradicting words
    (PLAIN + " +5s 自摸 点炮S", E.CONFLICTING_WORDS, "点炮S", 26, "tsumo-and-discard"),
    (PLAIN + " +5s 点炮S 放冲W", E.CONFLICTING_WORDS, "放冲W", 27, "two-discarders"),
    (PLAIN + " +5s 天胡 地胡", E.CONFLICTING_WORDS, "地胡", 26, "heavenly-and-earthly"),
    (PLAIN + " +5s 抢杠S 自摸", E.CONFLICTING_WORDS, "自摸", 27, "robbed-and-tsumo"),
    (PLAIN + " +5s 飘1 飘2", E.CONFLICTING_WORDS, "飘2", 26, "piao-twice"),
    (PLAIN + " +5s 杠开", E.CONFLICTING_WORDS, "杠开", 23, "kong-bloom-without-kong"),
    (
        "[5555p] 123m456m789m5s +5s 二连杠",
        E.CONFLICTING_WORDS,
        "二连杠",
        27,
        "chain-of-two-one-kong",
    ),
    # seats and indicator
    (PLAIN + " +5s 点炮Q", E.BAD_SEAT, "点炮Q", 23, "discarder-letter"),
    (PLAIN + " +5s 点炮", E.BAD_SEAT, "点炮", 23, "discarder-missing"),
    (PLAIN + " +5s 承包 中", E.BAD_SEAT, "承包 中", 23, "contract-not-a-seat"),
    (PLAIN + " +5s 翻*", E.BAD_INDICATOR, "翻*", 23, "indicator-wild"),
    (PLAIN + " +5s 翻", E.BAD_INDICATOR, "翻", 23, "indicator-missing"),
    # the winning tile
    (PLAIN + " +", E.BAD_WINNING_TILE, "+", 19, "plus-alone"),
    ("123m456m789m123p +55s", E.BAD_WINNING_TILE, "+55s", 17, "plus-two-tiles"),
    ("123m456m789m123p +5s +6s", E.BAD_WINNING_TILE, "+6s", 21, "two-plus"),
    (PLAIN + " +自摸", E.BAD_WINNING_TILE, "+自摸", 19, "plus-word"),
]


@pytest.mark.parametrize(
    ("line", "code", "token", "position"), [pytest.param(*e[:4], id=e[4]) for e in ERRORS]
)
def test_notation_errors(
    line: str, code: ScoringErrorCode, token: str | None, position: int | None
) -> None:
    with pytest.raises(ScoringError) as caught:
        parse(line)
    error = caught.value
    assert (error.code, error.token, error.position) == (code, token, position)
    assert error.zh and error.en and error.zh != error.en
    if token is not None:
        assert f"「{token}」（第 {position + 1} 个字符）" in error.message("zh")
        assert f"“{token}” (at character {position + 1})" in error.message("en")


def test_tile_count_error_says_how_many_and_that_fourteen_are_needed() -> None:
    with pytest.raises(ScoringError) as caught:
        parse("[555p] 123m456m789m5s")
    error = caught.value
    assert "手牌 10 张 + 1 组吃碰杠 × 3 = 13 张" in error.zh and "要 14 张" in error.zh
    assert "少了 1 张" in error.zh
    assert "= 13" in error.en and "needs 14" in error.en


def test_fifth_copy_with_indicator_explains_the_indicator() -> None:
    with pytest.raises(ScoringError) as caught:
        parse("1111m456m789m123p +5s 翻1m")
    assert "翻1m" in caught.value.zh and "最多三张" in caught.value.zh


def test_unknown_token_says_how_to_write_tiles() -> None:
    with pytest.raises(ScoringError) as caught:
        parse("123m456m789m123p5x +5s")
    assert "5m" in caught.value.zh and "花色" in caught.value.zh
    assert "suit" in caught.value.en


@pytest.mark.parametrize(
    ("line", "code", "token", "position"),
    [
        pytest.param("123m456m789m123p +5s", E.BAD_WINNING_TILE, "+5s", 17, id="plus"),
        pytest.param("123m456m789m123p", E.TILE_COUNT, "3p", 14, id="twelve"),
        pytest.param(PLAIN + "5s", E.TILE_COUNT, "5s", 18, id="fourteen"),
        pytest.param("11111m456m789m12p", E.FIFTH_COPY, "1m", 4, id="fifth-copy"),
    ],
)
def test_ready_hand_errors(line: str, code: ScoringErrorCode, token: str, position: int) -> None:
    with pytest.raises(ScoringError) as caught:
        parse_ready(line)
    assert (caught.value.code, caught.value.token, caught.value.position) == (code, token, position)
