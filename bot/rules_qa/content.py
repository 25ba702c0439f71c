"""The knowledge base: one Markdown file per topic in ``topics/``, parsed and resolved.

A topic file is a few ``key: value`` header lines, then four sections introduced by
``--- short.zh``, ``--- long.zh``, ``--- short.en`` and ``--- long.en``. Every figure in
the text is a placeholder such as ``{hangzhou:七对爆头}``, filled in from the scoring
tables when the topics load (see ``values.py``), so an answer can never quote a figure the
scorer does not charge.

A topic's ``rulesets`` header names ruleset ids, a family (``huzhou``: its registered
members) or ``all``; topics load again whenever the ruleset registry changes, so a ruleset
registered later is in ``all`` and its family. A ruleset no topic file names gets a topic
made from its own tables (``ruleset_topic.py``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from bot.rules_qa.ruleset_topic import ruleset_topic
from bot.rules_qa.topic import ContentError, Topic
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


def all_rulesets() -> frozenset[str]:
    """The ids of every registered ruleset: what a topic about ``all`` is about."""
    return frozenset(rulesets.RULESETS)


def lang_code(lang: str) -> str:
    """The topic language for a caller's ``lang``: English for any ``en…``, else Chinese."""
    return "en" if lang.lower().startswith("en") else "zh"


_SECTION_LINE = re.compile(r"^--- (\S+)\s*$", re.MULTILINE)


def _split_list(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in re.split(r"[,，、]", value) if item.strip())


def _rulesets(value: str, topic_id: str) -> frozenset[str]:
    """A header's ruleset words as ids: ``all``, a ruleset id, or a family's id."""
    families = {family.id: family for family in rulesets.families()}
    out: set[str] = set()
    for name in value.split():
        if name == "all":
            out.update(rulesets.RULESETS)
        elif name in rulesets.RULESETS:
            out.add(name)
        elif name in families:
            out.update(rulesets.family_members(families[name]))
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
        named=frozenset(header["rulesets"].split()) & frozenset(rulesets.RULESETS),
        patterns=_split_list(header.get("patterns", "")),
        title={lang: header[f"title.{lang}"] for lang in LANGS},
        keywords={lang: _split_list(header[f"keywords.{lang}"]) for lang in LANGS},
        short={lang: resolve_text(sections[f"short.{lang}"], source) for lang in LANGS},
        long={lang: resolve_text(sections[f"long.{lang}"], source) for lang in LANGS},
        raw=raw,
    )


def load_topics() -> tuple[Topic, ...]:
    """Every topic, in menu order (by group, then file name), for the rulesets registered now."""
    return _load_topics(rulesets.revision())


@lru_cache(maxsize=1)
def _load_topics(revision: int) -> tuple[Topic, ...]:
    # ``revision`` is only the cache key: the topics hold the registry's ids as of it.
    folder = resources.files("bot.rules_qa") / "topics"
    topics = [
        parse_topic(entry.read_text(encoding="utf-8"), entry.name)
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".md")
    ]
    named: frozenset[str] = frozenset().union(*(topic.named for topic in topics))
    topics += [
        ruleset_topic(rules, _group_of(rules))
        for rules in rulesets.RULESETS.values()
        if rules.id not in named
    ]
    ids = [topic.id for topic in topics]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ContentError(f"duplicate topic ids: {sorted(duplicates)}")
    rank = {group: n for n, group in enumerate(GROUP_ORDER)}
    return tuple(sorted(topics, key=lambda t: rank[t.group]))


def _group_of(rules: rulesets.Ruleset) -> str:
    """A made-up topic's menu group: its family's, or the basics for a family of its own."""
    return rules.family.id if rules.family.id in GROUP_TITLES else "basics"


def topics_by_id() -> dict[str, Topic]:
    return _topics_by_id(rulesets.revision())


@lru_cache(maxsize=1)
def _topics_by_id(revision: int) -> dict[str, Topic]:
    return {topic.id: topic for topic in load_topics()}
