"""What the knowledge base is made of: topics, from a file or from a ruleset's tables."""

from __future__ import annotations

from dataclasses import dataclass


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
    named: frozenset[str] = frozenset()  # the ruleset ids its header names one by one
