"""Rules questions answered from one knowledge base, in Chinese or English (no Telegram here).

The bot wires ``/rules`` and ``/why`` to these functions:

- ``answer(question, lang, ruleset)`` → ``Answer`` (topic id, title, short text) or None;
- ``topic(topic_id, lang)`` → the long text of a topic (the "more" button), or None;
- ``near(question, lang, ruleset)`` → a few topics an unanswered question touches (maybe none);
- ``menu(lang, ruleset)`` → ``[(topic_id, title), ...]``, every topic, ``ruleset``'s first;
- ``menu_pages(lang, ruleset)`` → the menu as (the group's page, the other family's page);
- ``question_lang(question, chat_lang)`` → the language to answer a question in;
- ``why(result_json, lang, names)`` → a hand's score explained from its stored breakdown,
  players named by ``names`` (seat letter → name; ``seat_players`` finds who sat where).
"""

from bot.rules_qa.answers import Answer, answer, menu, menu_pages, near, search, topic
from bot.rules_qa.language import question_lang
from bot.rules_qa.why import pattern_topic, seat_players, why, why_topics

__all__ = [
    "Answer",
    "answer",
    "menu",
    "menu_pages",
    "near",
    "pattern_topic",
    "question_lang",
    "search",
    "seat_players",
    "topic",
    "why",
    "why_topics",
]
