"""``python -m scoring``: score a typed line, or list a ready hand's waits (听牌).

    python -m scoring [--rules ID] [--base N] [--winner SEAT] [--lang zh|en] [--json] "LINE"
    python -m scoring waits [--rules ID] [--base N] [--winner SEAT] [--lang zh|en] [--json] "LINE"

Exit 0 with the explanation (or one JSON object); exit 2 on any error, with
``{"ok": false, "error": {...}}`` under ``--json`` or the message on stderr. Never a
traceback: bad options are errors like any other.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import scoring
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.explain import render
from scoring.hand import LineContext
from scoring.notation import parse_ready
from scoring.result import ScoreResult
from scoring.rulesets import get
from scoring.tiles import Seat, en_name, mpsz, zh_name
from scoring.waits import win_contexts
from scoring.words import seat_or_error

EXIT_OK = 0
EXIT_ERROR = 2
WAITS = "waits"


class _UsageError(Exception):
    """argparse's complaint, turned into an error value instead of an exit."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _parser(waits: bool) -> _Parser:
    parser = _Parser(
        prog="python -m scoring" + (f" {WAITS}" if waits else ""),
        description=(
            "列出听的牌，以及每张自摸、点炮各算多少 / list the waits of a ready hand"
            if waits
            else "给一手牌算分 / score a mahjong hand (杭州麻将, 湖州麻将)"
        ),
        epilog=None if waits else f"'{WAITS}' as the first argument lists a ready hand's waits",
    )
    parser.add_argument("--rules", default="hangzhou", help="ruleset id or name (default hangzhou)")
    parser.add_argument("--base", default="1", help="底分 base points, a whole number (default 1)")
    parser.add_argument(
        "--winner", default="E", help="winner's seat E S W N / 东南西北 (default E)"
    )
    parser.add_argument("--lang", default="zh", choices=("zh", "en"), help="reply language")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("line", nargs="+", help="the hand, e.g. '123m456m789m123p5s +5s 自摸'")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0, or 2 on any error)."""
    args = list(sys.argv[1:] if argv is None else argv)
    waits = bool(args) and args[0] == WAITS
    if waits:
        args = args[1:]
    as_json = "--json" in args
    lang = _lang_of(args)
    try:
        options = _parser(waits).parse_args(args)
        base = _base(options.base)
        line = " ".join(options.line)
        if waits:
            _print_waits(line, options.rules, base, options.winner, lang, as_json)
        else:
            result = scoring.score(line, options.rules, base, options.winner)
            _emit(result.to_json() if as_json else render(result, lang), as_json)
    except SystemExit as done:  # --help prints and exits 0
        return int(done.code or 0)
    except _UsageError as usage:
        _fail(_usage(str(usage), waits), lang, as_json)
        return EXIT_ERROR
    except ScoringError as error:
        _fail(error, lang, as_json)
        return EXIT_ERROR
    except Exception as bug:  # a bug of ours: still an error value, never a traceback
        _fail(_internal(bug), lang, as_json)
        return EXIT_ERROR
    return EXIT_OK


def _lang_of(args: Sequence[str]) -> str:
    """The --lang given, read before parsing so that option errors use it too."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args) and args[index + 1] == "en":
            return "en"
        if arg == "--lang=en":
            return "en"
    return "zh"


def _base(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ScoringError(
            ScoringErrorCode.BAD_BASE,
            "底分要写整数，如 --base 5",
            "the base (--base) must be a whole number, e.g. --base 5",
            text,
        ) from None


def _usage(message: str, waits: bool) -> ScoringError:
    usage = _parser(waits).format_usage().strip()
    return ScoringError(
        ScoringErrorCode.USAGE,
        f"命令行参数不对：{message}\n{usage}",
        f"bad command line: {message}\n{usage}",
    )


def _internal(bug: Exception) -> ScoringError:
    detail = f"{type(bug).__name__}: {bug}"
    return ScoringError(
        ScoringErrorCode.INTERNAL,
        f"内部错误，请把这一行发给维护者：{detail}",
        f"internal error, please report this line to the maintainers: {detail}",
    )


def _emit(payload: str | dict[str, Any], as_json: bool) -> None:
    text = json.dumps(payload, ensure_ascii=False) if as_json else str(payload)
    sys.stdout.write(text + "\n")


def _fail(error: ScoringError, lang: str, as_json: bool) -> None:
    if as_json:
        _emit({"ok": False, "error": error.to_json(lang)}, as_json=True)
    else:
        sys.stderr.write(error.message(lang) + "\n")


def _print_waits(line: str, rules: str, base: int, winner: str, lang: str, as_json: bool) -> None:
    found = scoring.waits(line, rules, base, winner)
    ruleset = get(rules)
    if as_json:
        waits_json = [wait.to_json(lang) for wait in found]
        _emit({"ok": True, "ruleset": ruleset.id, "waits": waits_json}, True)
        return
    en = lang == "en"
    title = ruleset.name_en if en else ruleset.name_zh
    if not found:
        _emit(
            f"{title}: not ready, no tile completes this hand" if en else f"{title}：没听牌", False
        )
        return
    self_drawn, on_discard = win_contexts(parse_ready(line).context, seat_or_error(winner))
    rows = [f"{title}: waiting on {len(found)} tile(s)" if en else f"{title}：听 {len(found)} 张"]
    for wait in found:
        sides = []
        for result, refusal, context in (
            (wait.self_draw, wait.self_draw_refusal, self_drawn),
            (wait.discard, wait.discard_refusal, on_discard),
        ):
            label = _win_label(context, en)
            if result is None:
                assert refusal is not None  # a Wait says why for each side it has no result
                why = refusal.en if en else refusal.zh
                sides.append(f"{label}: cannot win, {why}" if en else f"{label}：不能胡，{why}")
            else:
                sides.append(
                    f"{label}: {_summary(result, en)}" if en else f"{label}：{_summary(result, en)}"
                )
        name = en_name(wait.tile) if en else zh_name(wait.tile)
        rows.append(f"  {mpsz(wait.tile)} {name}  " + ("; " if en else "；").join(sides))
    _emit("\n".join(rows), False)


def _win_label(context: LineContext, en: bool) -> str:
    if context.self_draw:
        return "self-draw" if en else "自摸"
    if context.robbed_kong_of is not None:
        seat = context.robbed_kong_of
        return f"robbing {seat.value}'s kong" if en else f"抢{seat.zh}家的杠"
    seat = context.discarder or Seat.E
    return f"on {seat.value}'s discard" if en else f"点炮（{seat.zh}家打出）"


def _summary(result: ScoreResult, en: bool) -> str:
    names = (", " if en else "、").join(p.name_en if en else p.name for p in result.patterns)
    unit = result.unit_en if en else result.unit_zh
    gain = result.payments.get(result.winner, 0)
    if en:
        return f"{names} {result.value} {unit}, winner +{gain}"
    return f"{names} {result.value} {unit}，{result.winner.zh}家 +{gain}"
