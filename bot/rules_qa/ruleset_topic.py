"""A topic made from a ruleset's own tables, for a ruleset no topic file is written about.

Its figures are placeholders (``{ningbo:自摸}``) resolved like a file's, so a registered
ruleset is answered for, with the numbers the scorer charges, before anyone writes its text.
"""

from __future__ import annotations

from bot.rules_qa.topic import Topic
from bot.rules_qa.values import resolve_text
from scoring.rulesets import Ruleset, Table

LANGS = ("zh", "en")


def ruleset_topic(rules: Ruleset, group: str) -> Topic:
    """The topic ``ruleset-<id>`` about ``rules`` alone, in the menu ``group``."""
    raw = {
        "title.zh": f"{rules.name_zh}怎么算",
        "title.en": f"{rules.name_en}: how it scores",
        "short.zh": _short(rules, "zh"),
        "long.zh": _long(rules, "zh"),
        "short.en": _short(rules, "en"),
        "long.en": _long(rules, "en"),
    }
    source = f"ruleset {rules.id}"
    names = (rules.name_zh, rules.short_zh, *rules.aliases)
    return Topic(
        id=f"ruleset-{rules.id}",
        group=group,
        rulesets=frozenset({rules.id}),
        patterns=(),
        title={lang: raw[f"title.{lang}"] for lang in LANGS},
        keywords={
            "zh": tuple(name for name in names if not name.isascii()),
            "en": (rules.id, rules.name_en, *(name for name in names if name.isascii())),
        },
        short={lang: resolve_text(raw[f"short.{lang}"], source) for lang in LANGS},
        long={lang: resolve_text(raw[f"long.{lang}"], source) for lang in LANGS},
        raw=raw,
        named=frozenset({rules.id}),
    )


def _figure(rules: Ruleset, row_name: str) -> str:
    return f"{{{rules.id}:{row_name}}}"


def _unit(table: Table, lang: str) -> str:
    return table.unit_en if lang == "en" else table.unit


def _short(rules: Ruleset, lang: str) -> str:
    """One line per table: 'title (unit): row figure, row figure …'."""
    lines = []
    for table in rules.tables:
        if lang == "en":
            rows = ", ".join(f"{row.name_en} {_figure(rules, row.name)}" for row in table.rows)
            lines.append(f"{table.title_en} ({table.unit_en}): {rows}")
        else:
            rows = "、".join(f"{row.name} {_figure(rules, row.name)}" for row in table.rows)
            lines.append(f"{table.title}（{table.unit}）：{rows}")
    return "\n".join(lines)


def _long(rules: Ruleset, lang: str) -> str:
    """Every row with its figure, unit and the note the table gives it."""
    lines = [
        f"{rules.name_en}, counted in {rules.unit_en}."
        if lang == "en"
        else f"{rules.name_zh}，单位{rules.unit_zh}。"
    ]
    for table in rules.tables:
        lines.append(table.title_en if lang == "en" else table.title)
        for row in table.rows:
            figure = f"{_figure(rules, row.name)} {_unit(table, lang)}"
            if lang == "en":
                note = row.note_en or row.note
                line = f"· {row.name_en} ({row.name}): {figure}" + (f" — {note}" if note else "")
            else:
                line = f"· {row.name}：{figure}" + (f"（{row.note}）" if row.note else "")
            lines.append(line)
    return "\n".join(lines)
