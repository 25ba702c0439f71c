"""Console mode through stdin/stdout: ``python -m bot`` without a token, as a newcomer runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EVENING = "\n".join(
    [
        "/new 杭州 1 甲 乙 丙 丁",
        "/hu 东 123m456m789m123p白 +5s 自摸",
        "/as 乙",
        "/press 1",
        "胡 乙 点炮 丙 七对 有花",
        "/undo",
        "胡 丙 自摸",
        "/tally",
        "/hu 戊 自摸",
        "",
    ]
)


def run_console(tmp_path: Path, stdin: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "TELEGRAM_BOT_TOKEN"}
    env["DATABASE_PATH"] = str(tmp_path / "console.db")
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_console_evening(tmp_path: Path) -> None:
    out = run_console(tmp_path, EVENING)
    lines = out.splitlines()
    assert "TELEGRAM_BOT_TOKEN" in lines[0] and "控制台" in lines[0]
    assert "第 1 场开始" in out and "东 甲" in out
    assert "爆头" in out and "甲 +48 · 乙 −16 · 丙 −16 · 丁 −16" in out
    pictures = [line.split(" ", 1)[1] for line in lines if line.startswith("[图片]")]
    assert len(pictures) == 2  # the hand, then the tally chart (two hands: one was undone)
    assert all(Path(path).read_bytes()[:4] == b"\x89PNG" for path in pictures)
    assert "[1 ↩️ 撤销]" in out
    assert "（现在发言的是 乙）" in out
    assert "（提示）只有记这笔的人" in out  # 乙 pressed 甲's 撤销: refused
    assert "财神七对" in out and "已撤销 #2" in out
    assert "「戊」不是本桌玩家" in out


def test_console_keeps_the_database_between_runs(tmp_path: Path) -> None:
    run_console(tmp_path, "/new 杭州 1 甲 乙 丙 丁\n/hu 甲 自摸 爆头\n")
    out = run_console(tmp_path, "/tally\n")
    assert "甲 +48" in out


def test_console_private_chat_scores_without_a_session(tmp_path: Path) -> None:
    out = run_console(
        tmp_path,
        "/as 乙\n/private\n/score 123m456m789m123p白 +5s 自摸\n/ting 123m456m789m123p5s\n"
        "/rules\n/press 1\n/group\n/tally\n",
    )
    assert "（现在在和机器人的私聊（乙））" in out and "（现在在群里）" in out
    assert "爆头" in out and "东（胡） +48" in out  # scored as East, nothing recorded
    assert "听" in out and "五条" in out
    assert "本群总积分" in out and "还没有记录" in out
