"""SPEC §5's worked examples, verbatim (底分 1, winner E)."""

import pytest

import scoring
from scoring.errors import ScoringError, ScoringErrorCode


@pytest.mark.parametrize(
    ("rules", "line", "patterns", "payments"),
    [
        pytest.param(
            "hangzhou",
            "123m456m789m123p5s +5s 自摸",
            [("平胡", 1)],
            {"E": 24, "S": -8, "W": -8, "N": -8},
            id="hangzhou-平胡",
        ),
        pytest.param(
            "hangzhou",
            "123m456m789m123p白 +5s 自摸",
            [("爆头", 2)],
            {"E": 48, "S": -16, "W": -16, "N": -16},
            id="hangzhou-爆头",
        ),
        pytest.param(
            "hangzhou",
            "[5555p] 123m456m789m5s +5s 杠开",
            [("杠上开花", 2)],
            {"E": 48, "S": -16, "W": -16, "N": -16},
            id="hangzhou-杠上开花",
        ),
        pytest.param(
            "hangzhou",
            "1133m5577p99s东东白 +3s 点炮S",
            [("七对爆头", 4)],
            {"E": 32, "S": -32, "W": 0, "N": 0},
            id="hangzhou-七对爆头-点炮",
        ),
        pytest.param(
            "hangzhou",
            "1111m2222p3333s5s +5s 自摸",
            [("三豪华清七对", 32)],
            {"E": 768, "S": -256, "W": -256, "N": -256},
            id="hangzhou-三豪华清七对",
        ),
        pytest.param(
            "huzhou-qiangdao",
            "123p456p789p东东东1s +1s 自摸 翻1m",
            [("自摸无花", 3)],
            {"E": 9, "S": -3, "W": -3, "N": -3},
            id="qiangdao-自摸无花",
        ),
        pytest.param(
            "huzhou-qiangdao",
            "123p456p789p东东东2m +1s 自摸 翻1m",
            [("自摸有花", 2)],
            {"E": 6, "S": -2, "W": -2, "N": -2},
            id="qiangdao-自摸有花",
        ),
        pytest.param(
            "huzhou-shuangla",
            "111m234m567m789m9m +9m 自摸 翻5p",
            [("清一色", 4), ("无花", 1), ("双辣", 2)],
            {"E": 6, "S": -2, "W": -2, "N": -2},
            id="shuangla-清一色无花-双辣",
        ),
        pytest.param(
            "huzhou-platform",
            "123p456p789p东东东2m +1s 自摸 翻1m",
            [("爆头", 6)],
            {"E": 18, "S": -6, "W": -6, "N": -6},
            id="platform-爆头-beats-自摸有财神",
        ),
    ],
)
def test_worked_example(
    rules: str, line: str, patterns: list[tuple[str, int]], payments: dict[str, int]
) -> None:
    result = scoring.score(line, rules)
    out = result.to_json()
    assert [(p["name"], p["value"]) for p in out["patterns"]] == patterns
    assert out["payments"] == payments


def test_shuangla_example_counts_five_tai() -> None:
    result = scoring.score("111m234m567m789m9m +9m 自摸 翻5p", "huzhou-shuangla")
    assert (result.tai, result.value) == (5, 2)


@pytest.mark.parametrize(
    ("rules", "line", "code", "token"),
    [
        pytest.param(
            "huzhou-qiangdao",
            "123p456p789p东东东1s +2m 放冲S 翻1m",
            ScoringErrorCode.DISCARDED_WILD,
            "+2m",
            id="qiangdao-winning-on-a-discarded-wild",
        ),
        pytest.param(
            "huzhou-yingpiao",
            "123p456p789p东东东1s +1s 放冲S 翻1m",
            ScoringErrorCode.DISCARD_WIN_FORBIDDEN,
            "放冲S",
            id="yingpiao-any-放冲",
        ),
        pytest.param(
            "huzhou-yingpiao",
            "1133m5577p99s东东2m +3s 点炮W 翻1m",
            ScoringErrorCode.DISCARD_WIN_FORBIDDEN,
            "点炮W",
            id="yingpiao-any-点炮",
        ),
    ],
)
def test_worked_example_errors(rules: str, line: str, code: ScoringErrorCode, token: str) -> None:
    with pytest.raises(ScoringError) as caught:
        scoring.score(line, rules)
    assert (caught.value.code, caught.value.token) == (code, token)
    assert caught.value.position == line.index(token)
