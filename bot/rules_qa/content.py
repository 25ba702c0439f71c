"""The knowledge base: one Markdown file per topic in ``topics/``, parsed and resolved.

A topic file is a few ``key: value`` header lines, then four sections introduced by
``--- short.zh``, ``--- long.zh``, ``--- short.en`` and ``--- long.en``. Every figure in
the text is a placeholder such as ``{hangzhou:七对爆头}``, filled in from the scoring
tables when the topics load (see ``values.py``), so an answer can never quote a figure the
scorer does not charge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from bot.rules_qa.values import resolve_text
from scoring import rulesets

LANGS = ("zh", "en")
SECTIONS = ("short.zh", "long.zh", "short.en", "long.en")
HEADER_KEYS = ("id", "group", "rulesets", "title.zh", "title.en", "keywords.zh", "keywords.en")
GROUP_TITLES = {
    "basics": ("基本规则", "Basics"),
    "wilds": ("财神", "Wilds"),
    "hangzhou": ("杭州麻将", "Hangzhou"),
    "huzhou": ("湖州麻将", "Huzhou"),
    "payments": ("结算", "Payments"),
    "strategy": ("打法建议", "Tips"),
    "compare": ("各地对比", "Comparisons"),
    "myths": ("常见误区", "Myths"),
    "bot": ("机器人用法", "Using the bot"),
}
GROUP_ORDER = tuple(GROUP_TITLES)

ALL_RULESETS = tuple(rulesets.RULESETS)
HUZHOU_RULESETS = tuple(r for r in ALL_RULESETS if r.startswith("huzhou-"))
_RULESET_GROUPS = {"all": ALL_RULESETS, "huzhou": HUZHOU_RULESETS}


def lang_code(lang: str) -> str:
    """The topic language for a caller's ``lang``: English for any ``en…``, else Chinese."""
    return "en" if lang.lower().startswith("en") else "zh"


_SECTION_LINE = re.compile(r"^--- (\S+)\s*$", re.MULTILINE)


class ContentError(ValueError):
    """A topic file that is malformed; raised at load time, caught by the tests."""


@dataclass(frozen=True)
class Topic:
    id: str
    group: str
    rulesets: frozenset[str]  # the rulesets this topic is about
    patterns: tuple[str, ...]  # scoring pattern names (zh) this topic explains, for /why
    title: dict[str, str]
    keywords: dict[str, tuple[str, ...]]
    short: dict[str, str]  # placeholders resolved
    long: dict[str, str]
    raw: dict[str, str]  # every section before resolution, for the content tests


def _split_list(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in re.split(r"[,，、]", value) if item.strip())


def _rulesets(value: str, topic_id: str) -> frozenset[str]:
    out: set[str] = set()
    for name in value.split():
        if name in _RULESET_GROUPS:
            out.update(_RULESET_GROUPS[name])
        elif name in ALL_RULESETS:
            out.add(name)
        else:
            raise ContentError(f"{topic_id}: unknown ruleset {name!r}")
    return frozenset(out)


def parse_topic(text: str, source: str) -> Topic:
    """One topic file's text as a ``Topic``; ``source`` names the file in errors."""
    parts = _SECTION_LINE.split(text)
    header_text, rest = parts[0], parts[1:]
    header: dict[str, str] = {}
    for line in header_text.splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ContentError(f"{source}: header line without ':': {line!r}")
        header[key.strip()] = value.strip()
    missing = [key for key in HEADER_KEYS if not header.get(key)]
    if missing:
        raise ContentError(f"{source}: missing header keys {missing}")
    sections = {rest[i]: rest[i + 1].strip() for i in range(0, len(rest), 2)}
    if sorted(sections) != sorted(SECTIONS) or not all(sections.values()):
        raise ContentError(f"{source}: needs exactly the sections {SECTIONS}, got {list(sections)}")
    topic_id = header["id"]
    if header["group"] not in GROUP_TITLES:
        raise ContentError(f"{source}: unknown group {header['group']!r}")
    raw = {**sections, **{f"title.{lang}": header[f"title.{lang}"] for lang in LANGS}}
    return Topic(
        id=topic_id,
        group=header["group"],
        rulesets=_rulesets(header["rulesets"], topic_id),
        patterns=_split_list(header.get("patterns", "")),
        title={lang: header[f"title.{lang}"] for lang in LANGS},
        keywords={lang: _split_list(header[f"keywords.{lang}"]) for lang in LANGS},
        short={lang: resolve_text(sections[f"short.{lang}"], source) for lang in LANGS},
        long={lang: resolve_text(sections[f"long.{lang}"], source) for lang in LANGS},
        raw=raw,
    )


@cache
def load_topics() -> tuple[Topic, ...]:
    """Every topic, in menu order (by group, then file name)."""
    folder = resources.files("bot.rules_qa") / "topics"
    topics = [
        parse_topic(entry.read_text(encoding="utf-8"), entry.name)
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".md")
    ]
    ids = [topic.id for topic in topics]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ContentError(f"duplicate topic ids: {sorted(duplicates)}")
    rank = {group: n for n, group in enumerate(GROUP_ORDER)}
    return tuple(sorted(topics, key=lambda t: rank[t.group]))


@cache
def topics_by_id() -> dict[str, Topic]:
    return {topic.id: topic for topic in load_topics()}
