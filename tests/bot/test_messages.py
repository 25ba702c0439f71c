"""Every reply in the chat's language: each refusal the bot can say — the catalog, every error
code of the scoring core and of the ledger — read in Chinese holds no English sentence, and in
English no Chinese one; and the range and amount messages the issue named say what is true."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import scoring
from bot.i18n import CATALOG, t
from bot.refusals.user_errors import user_message
from scoring.errors import ScoringError, ScoringErrorCode
from storage import ErrorCode, StorageError
from tests.bot.conftest import GROUP, Harness

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff"
# What a Chinese reply may carry in Latin letters without being English: a command (/hu),
# tile notation (123m, +5s, 11z), a placeholder's value, HTML tags and the seat letters E S W N.
_NOT_ENGLISH = re.compile(r"<[^>]+>|/[a-z_]+|\+?[0-9]+[mpsz]\b|\{[^{}]*\}")
# An English sentence: three Latin words in a row separated by spaces (a number may stand
# between them), two of them longer than a letter; words listed with commas (the ruleset ids a
# refusal offers: hangzhou, huzhou-qiangdao …) are a list of what to type, not a sentence.
_WORD = r"[A-Za-z]+(?:['’-][A-Za-z]+)*"
_ENGLISH_RUN = re.compile(rf"{_WORD}(?: +(?:[0-9]+ +)?{_WORD}){{2,}}")
# A Chinese sentence inside an English reply: Chinese text with Chinese punctuation in it, or
# six characters in a row (a rule name such as 七对 or 三财飘 is shorter and stands alone).
_CHINESE_RUN = re.compile(rf"[{_CJK}]+[，。：；！？][{_CJK}]+|[{_CJK}]{{6,}}")


def english_in_chinese(text: str) -> list[str]:
    """The English sentences in a Chinese reply (the letters it may carry aside)."""
    runs = _ENGLISH_RUN.findall(_NOT_ENGLISH.sub(" ", text))
    return [run for run in runs if sum(len(word) > 1 for word in re.findall(r"\w+", run)) >= 2]


def chinese_in_english(text: str) -> list[str]:
    return _CHINESE_RUN.findall(_NOT_ENGLISH.sub(" ", text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        pytest.param("❌ 参数无效：one player in two seats", True, id="issue-seats"),
        pytest.param("名字：a name longer than 64 characters", True, id="issue-name"),
        pytest.param("CSV 第 3 行有误：not a ledger export (header)", True, id="issue-csv"),
        pytest.param("写法：/hu 甲 自摸 爆头 · /hu 东 123m456m789m123p白 +5s 自摸", False, id="ok"),
        pytest.param("点炮后面要写座位 E S W N 或 东 南 西 北", False, id="seat-letters"),
        pytest.param("「float 2」：with wild", False, id="two-words"),
        pytest.param("可选：hangzhou, huzhou-qiangdao, huzhou-yingpiao", False, id="id-list"),
        pytest.param("CSV 第 3 行有误：created_at 栏是空的", False, id="column-name"),
    ],
)
def test_the_rule_finds_english_sentences_and_passes_the_rest(text: str, found: bool) -> None:
    assert bool(english_in_chinese(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        pytest.param("Invalid argument: 同一位玩家不能同时坐两个位子", True, id="sentence"),
        pytest.param("“三财飘”: there are only 4 wild tiles", False, id="rule-name"),
    ],
)
def test_the_rule_finds_chinese_sentences_in_english(text: str, found: bool) -> None:
    assert bool(chinese_in_english(text)) is found


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_catalog_text_is_in_its_language(key: str) -> None:
    values = {name: "甲" for name in _fields(CATALOG[key][0])}
    assert english_in_chinese(t(key, "zh", **values)) == []
    assert chinese_in_english(t(key, "en", **{name: "Amy" for name in values})) == []


# One line for each code of the scoring core a chat can meet (USAGE and INTERNAL are the
# command line's: python -m scoring, never a reply).
_SCORING_EXAMPLES = {
    ScoringErrorCode.EMPTY: ("score", " ", "hangzhou", 1),
    ScoringErrorCode.UNKNOWN_TOKEN: ("score", "123m456m789m123p5x +5s 自摸", "hangzhou", 1),
    ScoringErrorCode.FIFTH_COPY: ("quick", "财飘 4财神", "hangzhou", 1),
    ScoringErrorCode.TILE_COUNT: ("score", "123m456m789m5s +5s 自摸", "hangzhou", 1),
    ScoringErrorCode.MALFORMED_MELD: ("score", "[124m] 456m789m123p5s +5s 自摸", "hangzhou", 1),
    ScoringErrorCode.WILD_IN_MELD: ("score", "[白白白] 456m789m123p5s +5s 自摸", "hangzhou", 1),
    ScoringErrorCode.MISSING_INDICATOR: ("score", "123m456m789m123p5s +5s 自摸", "硬飘花", 1),
    ScoringErrorCode.CONFLICTING_WORDS: ("score", "123m456m789m123p5s +5s 自摸 点炮S", "杭州", 1),
    ScoringErrorCode.BAD_SEAT: ("score", "123m456m789m123p5s +5s 点炮X", "hangzhou", 1),
    ScoringErrorCode.BAD_INDICATOR: ("score", "123m456m789m123p5s +5s 自摸 翻", "硬飘花", 1),
    ScoringErrorCode.BAD_WINNING_TILE: ("score", "123m456m789m123p5s + 自摸", "hangzhou", 1),
    ScoringErrorCode.UNKNOWN_RULESET: ("score", "123m456m789m123p5s +5s 自摸", "nosuch", 1),
    ScoringErrorCode.BAD_BASE: ("score", "123m456m789m123p5s +5s 自摸", "hangzhou", 0),
    ScoringErrorCode.NOT_WINNING: ("score", "123m456m789m123p5s +6s 自摸", "hangzhou", 1),
    ScoringErrorCode.DISCARD_WIN_FORBIDDEN: (
        "score",
        "123m456m789m123p5s +5s 点炮S 翻1z",
        "硬飘花",
        1,
    ),
    ScoringErrorCode.DISCARDED_WILD: ("score", "123m456m789m123p5s +白 点炮S", "hangzhou", 1),
    ScoringErrorCode.THREE_WILDS: ("score", "123m456m789m***5s +5s 自摸", "双辣", 1),
    ScoringErrorCode.UNDER_FOUR_TAI: ("score", "123m456m789m123p5s +5s 自摸 翻1z", "双辣", 1),
    ScoringErrorCode.DEALER_MISMATCH: ("score", "123m456m789m123p5s +5s 自摸 天胡 座南", "杭州", 1),
    ScoringErrorCode.KONGS_NOT_SETTLED: ("kong", "", "硬飘花", 1),
    ScoringErrorCode.INCONSISTENT: ("quick", "七对 十三不搭", "硬飘花", 1),
    ScoringErrorCode.UNREACHABLE_TAI: ("quick", "台20 自摸", "双辣", 1),
}
_CLI_ONLY = {ScoringErrorCode.USAGE, ScoringErrorCode.INTERNAL}


def test_every_scoring_code_has_an_example() -> None:
    assert set(_SCORING_EXAMPLES) == set(ScoringErrorCode) - _CLI_ONLY


def _scoring_error(kind: str, line: str, rules: str, base: int) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        if kind == "kong":
            kinds = scoring.payments.KongKind
            scoring.kong_payment(next(iter(kinds)), scoring.tiles.Seat.E, None, base, rules)
        else:
            (scoring.score if kind == "score" else scoring.quick)(line, rules, base)
    return caught.value


@pytest.mark.parametrize("code", sorted(_SCORING_EXAMPLES), ids=str)
def test_every_scoring_refusal_is_in_the_chats_language(code: ScoringErrorCode) -> None:
    error = _scoring_error(*_SCORING_EXAMPLES[code])
    assert error.code is code
    zh, en = user_message(error, "zh"), user_message(error, "en")
    assert zh is not None and en is not None
    assert english_in_chinese(zh) == []
    assert chinese_in_english(en) == []


def _storage_details() -> Iterator[tuple[ErrorCode, str]]:
    """Every detail the ledger writes into a refusal, read from its source: each
    StorageError(code, detail=…) and bad_csv(line, detail), values filled in (a detail passed
    on from another error stands as an English sentence)."""
    for path in sorted(Path("storage").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            if name == "bad_csv" and len(node.args) == 2:
                yield ErrorCode.BAD_CSV, _filled(node.args[1])
            elif (
                name == "StorageError"
                and node.args
                and ast.unparse(node.args[0]).startswith("ErrorCode.")
            ):
                code = ErrorCode[ast.unparse(node.args[0]).removeprefix("ErrorCode.")]
                for keyword in node.keywords:
                    if keyword.arg == "detail":
                        yield code, _filled(keyword.value)


def _filled(node: ast.expr) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "7" for part in node.values
        )
    return "something the layer below said in English"


_DETAILS = sorted(set(_storage_details()))


def test_the_walk_finds_the_ledgers_details() -> None:
    found = {detail for _, detail in _DETAILS}
    assert {"one player in two seats", "not a ledger export (header)"} <= found
    assert len(_DETAILS) > 30


def _storage_error(code: ErrorCode, detail: str | None = None) -> StorageError:
    """The code's refusal with every value its message names (a name, a number)."""
    params: dict[str, object] = {} if detail is None else {"detail": detail}
    while True:
        try:
            return StorageError(code, **params)
        except KeyError as missing:
            name = str(missing.args[0])
            params[name] = 3 if "id" in name or name == "line" else "甲"


@pytest.mark.parametrize("code", list(ErrorCode), ids=str)
def test_every_ledger_code_is_in_the_chats_language(code: ErrorCode) -> None:
    error = _storage_error(code)
    zh, en = user_message(error, "zh"), user_message(error, "en")
    assert zh is not None and en is not None
    assert english_in_chinese(zh) == [] and chinese_in_english(en) == []


@pytest.mark.parametrize(("code", "detail"), _DETAILS, ids=[d for _, d in _DETAILS])
def test_every_ledger_detail_is_said_in_chinese(code: ErrorCode, detail: str) -> None:
    error = _storage_error(code, detail)
    zh = user_message(error, "zh")
    assert zh is not None and english_in_chinese(zh) == []
    # Stricter than a sentence: not one English word is left (CSV and a CSV column aside).
    assert [w for w in re.findall(r"[A-Za-z]\w+", zh) if w != "CSV" and "_" not in w] == []
    assert user_message(error, "en") == user_message(_storage_error(code, detail), "en")


@pytest.mark.parametrize(
    ("code", "detail", "said"),
    [
        pytest.param(
            ErrorCode.INVALID_ARGUMENT,
            "one player in two seats",
            "参数无效：同一位玩家不能同时坐两个位子",
            id="two-seats",
        ),
        pytest.param(
            ErrorCode.INVALID_ARGUMENT,
            "a name longer than 64 characters",
            "参数无效：名字超过 64 个字",
            id="long-name",
        ),
        pytest.param(
            ErrorCode.BAD_CSV,
            "not a ledger export (header)",
            "CSV 第 3 行有误：不是本机器人导出的账本文件（表头不对）",
            id="csv-header",
        ),
        pytest.param(
            ErrorCode.BAD_CSV,
            "amount='x' is not an integer",
            "CSV 第 3 行有误：amount 栏的 'x' 不是整数",
            id="csv-integer",
        ),
        pytest.param(
            ErrorCode.BAD_CSV,
            "player #7 unknown",
            "CSV 第 3 行有误：前面没有第 7 号玩家",
            id="csv-player",
        ),
        pytest.param(
            ErrorCode.BAD_CSV,
            "a reason no pattern knows yet",
            "CSV 第 3 行有误：这一行读不懂",
            id="csv-unknown",
        ),
    ],
)
def test_the_named_details_read_as_chinese(code: ErrorCode, detail: str, said: str) -> None:
    error = StorageError(code, line=3, detail=detail) if code is ErrorCode.BAD_CSV else None
    error = error or StorageError(code, detail=detail)
    assert user_message(error, "zh") == f"❌ {said}"
    assert detail in (user_message(error, "en") or "")


# ---- the examples of the issue, through the Application --------------------------------------

CHINA = timezone(timedelta(hours=8))


async def test_the_year_refusal_names_the_years_accepted(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    year = datetime.now(CHINA).year
    [accepted] = await harness.say("甲", f"/stats {year + 1}")
    assert "❌" not in accepted.text
    [refused] = await harness.say("甲", f"/stats {year + 2}")
    assert f"要 2000 到 {year + 1} 年之间" in refused.text
    [first] = await harness.say("甲", "/stats 2000")
    assert "❌" not in first.text
    [before] = await harness.say("甲", "/stats 1999")
    assert f"要 2000 到 {year + 1} 年之间" in before.text


@pytest.mark.parametrize(
    ("line", "said"),
    [
        pytest.param("/penalty 丁 1", "罚的 1 不够 3 家平分（有人会收 0）：至少罚 3", id="points"),
        pytest.param("/penalty 丁 2", "罚的 2 不够 3 家平分", id="two-points"),
        pytest.param(
            "/penalty 丁 0.02元",
            "罚的 0.02元 不够 3 家平分（有人会收 0）：至少罚 0.03元",
            id="money",
        ),
    ],
)
async def test_a_penalty_too_small_to_share_is_refused(
    harness: Harness, line: str, said: str
) -> None:
    await harness.open_table()
    [sent] = await harness.say("甲", line)
    assert said in sent.text and "/pay 丁" in sent.text and " 0 ·" not in sent.text
    assert (await harness.ledger.reports.history(GROUP)).total == 0


async def test_a_penalty_that_reaches_everyone_lists_no_zero(harness: Harness) -> None:
    await harness.open_table()
    [sent] = await harness.say("甲", "/penalty 丁 3")
    assert "丁 −3" in sent.text and "甲 +1" in sent.text and "+0" not in sent.text
