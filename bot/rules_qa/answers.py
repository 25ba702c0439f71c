"""The rules Q&A's public functions: a short answer, the long text, the topic menu."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from bot.rules_qa.content import all_rulesets, lang_code, load_topics, topics_by_id
from bot.rules_qa.search import MIN_SCORE, default_index
from bot.rules_qa.topic import Topic
from scoring import rulesets
from scoring.errors import ScoringError


@dataclass(frozen=True)
class Answer:
    """A short answer (a few lines) under its topic's title; the long text is one click away."""

    topic: str  # the topic id (for the "more" button and ``topic()``)
    title: str
    short: str
    has_long: bool
    score: float = 0.0  # retrieval score; 0 for a topic opened from the menu

    def html(self) -> str:
        """Telegram HTML: the title in bold, then the text, both escaped."""
        return f"<b>{escape(self.title, quote=False)}</b>\n{escape(self.short, quote=False)}"


def _answer(topic: Topic, lang: str, score: float = 0.0) -> Answer:
    return Answer(
        topic=topic.id,
        title=topic.title[lang],
        short=topic.short[lang],
        has_long=topic.long[lang] != topic.short[lang],
        score=score,
    )


def search(
    question: str, lang: str = "zh", ruleset: str | None = None, limit: int = 3
) -> list[Answer]:
    """The best ``limit`` topics for a question that pass the match threshold, best first."""
    hits = default_index().search(question, ruleset)
    return [
        _answer(hit.topic, lang_code(lang), hit.score) for hit in hits if hit.score >= MIN_SCORE
    ][:limit]


def near(
    question: str, lang: str = "zh", ruleset: str | None = None, limit: int = 3
) -> list[Answer]:
    """Topics a question touches without matching any well enough (below the threshold): what
    an unanswered question is offered instead of the whole menu; none for chatter."""
    hits = default_index().search(question, ruleset)
    return [_answer(hit.topic, lang_code(lang), hit.score) for hit in hits if hit.score > 0][:limit]


def answer(question: str, lang: str = "zh", ruleset: str | None = None) -> Answer | None:
    """The short answer to a rules question, or None when no topic matches well enough.

    ``ruleset`` is the group's current ruleset id: answers lean towards it unless the
    question names another (杭州, 湖州, 双辣 …).
    """
    found = search(question, lang, ruleset, limit=1)
    return found[0] if found else None


def topic(topic_id: str, lang: str = "zh") -> str:
    """A topic's title and long text (the "more" button).

    An unknown id (a button from an older version) gets a sentence saying so, not an error.
    """
    found = topics_by_id().get(topic_id)
    if found is None:
        return (
            "No such topic; send /rules for the menu."
            if lang_code(lang) == "en"
            else "没有这个话题；发 /rules 看目录。"
        )
    return f"{found.title[lang_code(lang)]}\n\n{found.long[lang_code(lang)]}"


def menu(lang: str = "zh", ruleset: str | None = None) -> list[tuple[str, str]]:
    """Every topic as (id, title): those about ``ruleset`` first, each part in menu order."""
    topics = load_topics()
    if ruleset:
        topics = tuple(sorted(topics, key=lambda t: ruleset not in t.rulesets))
    return [(t.id, t.title[lang_code(lang)]) for t in topics]


def family(ruleset: str) -> frozenset[str]:
    """The rulesets of ``ruleset``'s family: Hangzhou alone, or the five Huzhou systems."""
    try:
        return frozenset(rulesets.family_members(rulesets.get(ruleset).family))
    except ScoringError:  # a ruleset no longer registered: a family of its own
        return frozenset({ruleset})


def _elsewhere(topic: Topic, ruleset: str) -> bool:
    """A topic only about the other family's systems; myths stay in sight everywhere."""
    return topic.group != "myths" and not topic.rulesets & family(ruleset)


def menu_pages(
    lang: str = "zh", ruleset: str | None = None
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The menu as two pages of (id, title): the group's page, then the other family's.

    The first page holds ``ruleset``'s own topics, then the rest of its family's, then the
    general ones and the myths (always in sight); the second page the other family's
    system-specific topics. Without a ruleset everything is on the first page.
    """
    if not ruleset:
        return menu(lang, ruleset), []
    everyone = all_rulesets()
    ours = family(ruleset)

    def tier(topic: Topic) -> int:
        if topic.rulesets == everyone:
            return 2
        return 0 if ruleset in topic.rulesets else 1 if topic.rulesets & ours else 2

    here = sorted((t for t in load_topics() if not _elsewhere(t, ruleset)), key=tier)
    other = [t for t in load_topics() if _elsewhere(t, ruleset)]
    return [(t.id, t.title[lang_code(lang)]) for t in here], [
        (t.id, t.title[lang_code(lang)]) for t in other
    ]
