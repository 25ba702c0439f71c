"""The human text of a result: patterns, formula, payer rule and every seat's delta."""

import pytest

import scoring
from scoring.explain import render
from scoring.tiles import Seat


@pytest.mark.parametrize(
    ("rules", "line", "lang", "expected_lines"),
    [
        pytest.param(
            "hangzhou",
            "123m456m789m123p白 +5s 自摸",
            "zh",
            [
                "杭州麻将：爆头 = 2 番",
                "算法：爆头 2 番 × 8 × 底分 1 = 16 / 家",
                "付款：自摸：其他三家各付一份",
                "东（胡） +48　南 −16　西 −16　北 −16",
            ],
            id="hangzhou-zh",
        ),
        pytest.param(
            "hangzhou",
            "123m456m789m123p白 +5s 自摸",
            "en",
            [
                "Hangzhou mahjong: Baotou (爆头) = 2 fan",
                "Formula: Baotou 2 fan × 8 × base 1 = 16 each",
                "Who pays: self-draw: each of the other three pays one share",
                "E* +48  S −16  W −16  N −16",
            ],
            id="hangzhou-en",
        ),
        pytest.param(
            "hangzhou",
            "[1111m] (2222m) 123p456s白 +5s 二连杠",
            "zh",
            [
                "杭州麻将：二连杠、爆头 = 8 番",
                "算法：二连杠 4 × 爆头 2 = 8 番 × 8 × 底分 1 = 64 / 家",
                "付款：自摸：其他三家各付一份",
                "东（胡） +192　南 −64　西 −64　北 −64",
            ],
            id="hangzhou-components-named",
        ),
        pytest.param(
            "huzhou-shuangla",
            "111m234m567m789m9m +9m 放冲S 翻5p",
            "zh",
            [
                "湖州·双辣：清一色、无花、双辣 = 2 倍",
                "台数：5 台",
                "算法：清一色 4 + 无花 1 = 5 台 → 双辣 2 倍 × 底分 1 = 2",
                "付款：点炮（放冲）：放炮者一人付一份（南）",
                "东（胡） +2　南 −2　西 ±0　北 ±0",
            ],
            id="shuangla-zh",
        ),
        pytest.param(
            "huzhou-platform",
            "123p456p789p11s2m4s +3s 放冲S 翻1m",
            "zh",
            [
                "湖州·平台计分：放冲（有财神） = 2 分",
                "算法：放冲（有财神） 2+1+1 分 × 底分 1：放冲者 2，其余两家各 1",
                "付款：放冲：放冲者付大份，其余两家各付小份（南）",
                "东（胡） +4　南 −2　西 −1　北 −1",
            ],
            id="platform-split",
        ),
        pytest.param(
            "huzhou-qiangdao",
            "123p456p789p东东东1s +1s 抢杠W 翻1m",
            "en",
            [
                "Huzhou: robber's win: Self-draw without wilds (自摸无花) = 3 bei",
                "Formula: Self-draw without wilds 3 bei × base 1 = 3 a share × 3 shares = 9",
                "Who pays: robbing a kong: scored as a self-draw, the robbed player alone pays "
                "all three shares (W)",
                "E* +9  S ±0  W −9  N ±0",
            ],
            id="qiangdao-robbed-en",
        ),
    ],
)
def test_render(rules: str, line: str, lang: str, expected_lines: list[str]) -> None:
    assert render(scoring.score(line, rules), lang).splitlines() == expected_lines


def test_render_contract() -> None:
    text = render(scoring.quick("自摸 爆头 承包W", "hangzhou", base=400))
    assert "爆头 2 番 × 8 × 底分 400 = 6400 / 份 × 3 份 = 19200" in text
    assert "三摊承包：承包者一人付三家的份（西）" in text
    assert text.endswith("东（胡） +19200　南 ±0　西 −19200　北 ±0")


def test_explanation_factors_multiply_to_one_share() -> None:
    result = scoring.score("123m456m789m123p白 +5s 自摸", "hangzhou", base=3)
    product = 1
    for _, _, number in result.explanation.factors:
        product *= number
    assert product == -result.payments[Seat.S]
    assert result.explanation.payer_rule == "self_draw"
