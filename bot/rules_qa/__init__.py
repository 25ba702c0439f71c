"""Rules questions answered from one knowledge base, in Chinese or English (no Telegram here).

The bot wires ``/rules`` and ``/why`` to these functions:

- ``answer(question, lang, ruleset)`` → ``Answer`` (topic id, title, short text) or None;
- ``topic(topic_id, lang)`` → the long text of a topic (the "more" button), or None;
- ``menu(lang, ruleset)`` → ``[(topic_id, title), ...]``, every topic, ``ruleset``'s first;
- ``menu_pages(lang, ruleset)`` → the menu as (the group's page, the other family's page);
- ``why(result_json, lang)`` → a hand's score explained from its stored breakdown.
"""

from bot.rules_qa.answers import Answer, answer, menu, menu_pages, search, topic
from bot.rules_qa.why import pattern_topic, why, why_topics

__all__ = [
    "Answer",
    "answer",
    "menu",
    "menu_pages",
    "pattern_topic",
    "search",
    "topic",
    "why",
    "why_topics",
]
