"""The command line (interface fixed by issue 2): in-process ``main(argv)`` and subprocesses."""

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from scoring.cli import main

BAOTOU = "123m456m789m123p白 +5s 自摸"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, "--json", *argv)
    assert err == ""
    assert out.count("\n") == 1, "one JSON object on one line"
    return code, json.loads(out)


SCORED = [
    pytest.param(
        [BAOTOU],
        {
            "ruleset": "hangzhou",
            "shape": "standard",
            "value": 2,
            "patterns": [{"name": "爆头", "name_en": "Baotou", "value": 2}],
            "payments": {"E": 48, "S": -16, "W": -16, "N": -16},
        },
        id="hangzhou-baotou-defaults",
    ),
    pytest.param(
        ["--winner", "S", BAOTOU],
        {"value": 2, "payments": {"E": -16, "S": 48, "W": -16, "N": -16}},
        id="winner-south",
    ),
    pytest.param(
        ["--winner", "西", "--base", "2", BAOTOU],
        {"value": 2, "payments": {"E": -32, "S": -32, "W": 96, "N": -32}},
        id="winner-west-zh-base-2",
    ),
    pytest.param(
        ["123m456m789m123p白", "+5s", "自摸"],
        {"value": 2, "payments": {"E": 48, "S": -16, "W": -16, "N": -16}},
        id="line-in-several-arguments",
    ),
    pytest.param(
        ["1133m5577p99s东东白 +3s 点炮S"],
        {"shape": "seven_pairs", "value": 4, "payments": {"E": 32, "S": -32, "W": 0, "N": 0}},
        id="seven-pairs-discard",
    ),
    pytest.param(
        ["--rules", "huzhou-qiangdao", "123p456p789p东东东1s +1s 自摸 翻1m"],
        {"ruleset": "huzhou-qiangdao", "value": 3, "payments": {"E": 9, "S": -3, "W": -3, "N": -3}},
        id="qiangdao-no-wild",
    ),
    pytest.param(
        ["--rules", "huzhou-shuangla", "111m234m567m789m9m +9m 自摸 翻5p"],
        {
            "ruleset": "huzhou-shuangla",
            "value": 2,
            "tai": 5,
            "payments": {"E": 6, "S": -2, "W": -2, "N": -2},
        },
        id="shuangla-tai",
    ),
    pytest.param(
        ["１２３ｍ４５６ｍ７８９ｍ１２３ｐ５ｓ　＋５ｓ　自摸"],
        {"value": 1, "payments": {"E": 24, "S": -8, "W": -8, "N": -8}},
        id="full-width-line",
    ),
]


@pytest.mark.parametrize(("argv", "expected"), SCORED)
def test_scored_json(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: dict[str, Any]
) -> None:
    code, out = run_json(capsys, *argv)
    assert code == 0
    assert out["ok"] is True
    assert {key: out[key] for key in expected} == expected
    assert sum(out["payments"].values()) == 0


ERRORS = [
    pytest.param(["123m456m789m123p5x +5s"], "unknown_token", "5x", 16, id="unknown-token"),
    pytest.param([""], "empty", None, None, id="empty-line"),
    pytest.param(["123m456m789m123p +5s"], "tile_count", "+5s", 17, id="tile-count"),
    pytest.param([BAOTOU + " 点炮S"], "conflicting_words", "点炮S", 25, id="tsumo-and-discard"),
    pytest.param(["--winner", "X", BAOTOU], "bad_seat", "X", None, id="bad-winner"),
    pytest.param(["--base", "x", BAOTOU], "bad_base", "x", None, id="base-not-a-number"),
    pytest.param(["--base", "0", BAOTOU], "bad_base", "0", None, id="base-zero"),
    pytest.param(["--rules", "sichuan", BAOTOU], "unknown_ruleset", "sichuan", None, id="rules"),
    pytest.param(["--bogus", BAOTOU], "usage", None, None, id="unknown-option"),
    pytest.param([], "usage", None, None, id="no-line"),
    pytest.param(["--lang", "fr", BAOTOU], "usage", None, None, id="bad-lang"),
    pytest.param(["123m456m789m123p5s +6s 自摸"], "not_winning", "+6s", 19, id="not-winning"),
    pytest.param(
        ["--rules", "huzhou-yingpiao", "123p456p789p东东东1s +1s 放冲S 翻1m"],
        "discard_win_forbidden",
        None,
        None,
        id="yingpiao-discard",
    ),
]


@pytest.mark.parametrize(("argv", "code", "token", "position"), ERRORS)
def test_errors_as_json(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    code: str,
    token: str | None,
    position: int | None,
) -> None:
    exit_code, out = run_json(capsys, *argv)
    assert exit_code == 2
    assert out["ok"] is False
    error = out["error"]
    assert set(error) == {"code", "message", "token", "position"}
    assert error["code"] == code
    assert error["message"]
    if token is not None:
        assert (error["token"], error["position"]) == (token, position)


def test_error_without_json_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "123m456m789m123p5x +5s")
    assert (code, out) == (2, "")
    assert err.startswith("「5x」（第 17 个字符）：不是牌")


def test_error_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "--lang", "en", "123m456m789m123p5x +5s")
    assert code == 2
    assert out["error"]["message"].startswith("“5x” (at character 17): not a tile")


def test_usage_error_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang=en", "--base")
    assert (code, out) == (2, "")
    assert err.startswith("bad command line: argument --base: expected one argument")


def test_explanation_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, BAOTOU)
    assert (code, err) == (0, "")
    assert "爆头" in out and "+48" in out and "−16" in out


def test_explanation_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "en", BAOTOU)
    assert code == 0
    assert "Hangzhou" in out and "+48" in out


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "--rules" in out and "--winner" in out


def _subprocess(*argv: str, encoding: str = "utf-8") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "scoring", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def test_subprocess_json_success() -> None:
    done = _subprocess("--json", BAOTOU)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["payments"] == {"E": 48, "S": -16, "W": -16, "N": -16}
    assert "爆头" in done.stdout, "JSON keeps Chinese readable (ensure_ascii=False)"


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--json", "1m 5x"], id="unknown-token"),
        pytest.param(["--json", "--base"], id="usage"),
        pytest.param(["--json"], id="no-line"),
    ],
)
def test_subprocess_json_error_has_no_traceback(argv: list[str]) -> None:
    done = _subprocess(*argv)
    assert done.returncode == 2
    assert json.loads(done.stdout)["ok"] is False
    assert "Traceback" not in done.stderr


def test_subprocess_text() -> None:
    done = _subprocess("--winner", "N", BAOTOU)
    assert done.returncode == 0
    assert "北（胡） +48" in done.stdout
    failed = _subprocess("1m 5x")
    assert failed.returncode == 2
    assert failed.stdout == "" and "「5x」" in failed.stderr and "Traceback" not in failed.stderr


READY = "123m456m789m123p5s"  # waits on 5s (and on a drawn 白, the Hangzhou wild)


def test_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "waits", "--json", READY)
    assert (code, err) == (0, "")
    body = json.loads(out)
    assert (body["ok"], body["ruleset"]) == (True, "hangzhou")
    by_tile = {wait["tile"]: wait for wait in body["waits"]}
    assert "5s" in by_tile
    five = by_tile["5s"]
    assert five["self_draw"]["payments"] == {"E": 24, "S": -8, "W": -8, "N": -8}
    assert five["discard"]["payments"] == {"E": 8, "S": -8, "W": 0, "N": 0}


def test_waits_json_refused_side_is_null(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("waits", "--json", "--rules", "huzhou-yingpiao", "123p456p789p东东东1s 翻1m")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    waits = json.loads(out)["waits"]
    assert {wait["tile"] for wait in waits} == {"1s", "2m"}
    assert all(wait["discard"] is None and wait["self_draw"]["value"] for wait in waits)
    assert all(wait["discard_refusal"]["code"] == "discard_win_forbidden" for wait in waits)
    assert all("self_draw_refusal" not in wait for wait in waits)


def test_waits_text_says_why_a_side_cannot_win(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("waits", "--rules", "huzhou-yingpiao", "--winner", "W", "123p456p789p东东东1s 翻1m")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "湖州·硬飘花：听 2 张"
    one_bamboo = next(line for line in lines if line.strip().startswith("1s 一条"))
    assert "自摸：小胡 1 倍，西家 +3" in one_bamboo
    assert "点炮（北家打出）：不能胡，湖州·硬飘花只能自摸" in one_bamboo


def test_waits_text_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "--lang", "en", READY)
    assert code == 0
    assert out.startswith("Hangzhou")
    assert "5s 5 Bamboo" in out and "self-draw:" in out and "on S's discard:" in out


def test_waits_not_ready(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "123m456m789m159p5s")
    assert (code, out) == (0, "杭州麻将：没听牌\n")
    code, out, _ = run(capsys, "waits", "--json", "123m456m789m159p5s")
    assert json.loads(out) == {"ok": True, "ruleset": "hangzhou", "waits": []}


@pytest.mark.parametrize(
    ("argv", "code", "token", "position"),
    [
        pytest.param([READY + " +5s"], "bad_winning_tile", "+5s", 19, id="winning-tile-given"),
        pytest.param([READY + "5s"], "tile_count", "5s", 18, id="fourteen-tiles"),
        pytest.param(["123m456m789m123p5x"], "unknown_token", "5x", 16, id="unknown-token"),
        pytest.param(["--rules", "nope", READY], "unknown_ruleset", "nope", None, id="rules"),
        pytest.param(["--winner", "Q", READY], "bad_seat", "Q", None, id="winner"),
        pytest.param([], "usage", None, None, id="no-line"),
    ],
)
def test_waits_errors(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    code: str,
    token: str | None,
    position: int | None,
) -> None:
    exit_code, out, _ = run(capsys, "waits", "--json", *argv)
    assert exit_code == 2
    error = json.loads(out)["error"]
    assert (error["code"], error["token"], error["position"]) == (code, token, position)


def test_subprocess_waits() -> None:
    done = _subprocess("waits", "--json", READY)
    assert done.returncode == 0, done.stderr
    assert "5s" in {wait["tile"] for wait in json.loads(done.stdout)["waits"]}


def test_subprocess_on_a_terminal_without_chinese_escapes_instead_of_crashing() -> None:
    done = _subprocess(BAOTOU, encoding="ascii")
    assert done.returncode == 0, done.stderr
    assert "\\u7206\\u5934" in done.stdout  # 爆头, escaped
    failed = _subprocess("--json", "1m 5x", encoding="ascii")
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert json.loads(failed.stdout)["error"]["token"] == "5x"
