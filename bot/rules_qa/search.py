"""Finding the topic a player's question is about, in Chinese or English.

Why not SQLite FTS5 ``trigram``: most mahjong terms are two characters (爆头, 杠开, 财神,
双辣, 底分), which a trigram index cannot match at all, and the knowledge base is a few
dozen topics, so a scan is cheap (about a millisecond cold, well under once its terms
are cached; see benchmarks/rules_retrieval.py). Instead the question is segmented
against a dictionary (every topic keyword, the synonym table and the ruleset names, longest
match first, English by whole words); each term then counts for the topics that contain it,
weighted by where it occurs (keywords and titles above the short answer above the long
text) and by how rare it is across topics (idf). Text the dictionary does not know falls
back to Chinese bigrams and English words at a lower weight.

A question must also be mostly about the rules: when the text no topic contains outweighs
the rule words found (今天吃什么: 吃 is a rule word, 今天 is in no topic), it gets no answer.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from bot.rules_qa.content import LANGS, Topic, load_topics
from bot.rules_qa.synonyms import (
    GENERIC_TERMS,
    STOPCHARS_ZH,
    STOPWORDS_EN,
    SYNONYMS,
    WEAK_GROUPS,
    ruleset_mentions,
    ruleset_names,
)
from scoring import rulesets

# Characters players type in traditional form, folded to the simplified ones the topics use.
_TRADITIONAL = str.maketrans(
    "發財槓飄頭莊對雙點砲衝搶開張門風萬條餅龍華無連銃將臺幾麼嗎錢誰贏輸糊們盤規則據",
    "发财杠飘头庄对双点炮冲抢开张门风万条饼龙华无连铳将台几么吗钱谁赢输胡们盘规则据",
)
FIELD_WEIGHTS = (4.0, 2.5, 1.5, 1.0)  # a keyword itself, inside keywords/titles, short, long
DICTIONARY_WEIGHT = 1.0
WEAK_WEIGHT = 0.3
INNER_FACTOR = 0.5  # a term found inside a longer matched keyword
GENERIC_FACTOR = 0.5  # a generic question word (谁付, who pays) beside a rule term
CACHE_LIMIT = 20_000  # terms whose per-topic weights are kept
BIGRAM_WEIGHT = 0.4
WORD_WEIGHT = 0.6
TITLE_BONUS = 1.5  # on top of the field weight: the term is in the topic's title
SINGLE_CHAR_FACTOR = 0.5  # a one-character surface (花, 冲) is a weaker hint
MIN_SCORE = 4.0  # below this the best topic is not a good match: answer None
RULESET_BOOST = 0.8  # a topic about the ruleset in question (or its family) ranks higher
GENERAL_BOOST = 0.15  # a topic about every ruleset is only a little closer
NAMED_GENERAL_BOOST = 0.5  # … unless the question itself names the ruleset
ELSEWHERE_FACTOR = 0.85  # the question names a ruleset this topic is not about
# A question whose unknown text (in no topic; a Chinese character counts half, like a
# one-character rule word) is at least this many times its rule words is not about the rules.
OFF_TOPIC_RATIO = 2.0


def normalize(text: str) -> str:
    """Full-width to half-width, lower case, traditional characters folded."""
    return unicodedata.normalize("NFKC", text).lower().translate(_TRADITIONAL)


def _is_cjk(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff"


def _is_ascii_word(text: str) -> bool:
    return all(c.isascii() for c in text)


@dataclass(frozen=True)
class Term:
    key: str
    surfaces: tuple[str, ...]  # any of these in a topic's text counts as the term
    weight: float
    known: bool = True  # from the dictionary, not a leftover bigram or word
    exact: bool = True  # may count as a topic's keyword itself (FIELD_WEIGHTS[0])


@dataclass(frozen=True)
class Hit:
    topic: Topic
    score: float


class Index:
    """The searchable form of the knowledge base; build once, query many times."""

    def __init__(self, topics: Iterable[Topic]) -> None:
        self.topics = tuple(topics)
        self._fields = [topic_fields(topic) for topic in self.topics]
        self._titles = [normalize(" | ".join(t.title.values())) for t in self.topics]
        self._exact = [
            {normalize(k) for k in (*t.keywords["zh"], *t.keywords["en"], *t.patterns)}
            | {normalize(title) for title in t.title.values()}
            for t in self.topics
        ]
        self._dictionary: dict[str, Term] = {}
        for group in SYNONYMS:
            weight = WEAK_WEIGHT if group[0] in WEAK_GROUPS else DICTIONARY_WEIGHT
            term = Term(normalize(group[0]), tuple(normalize(s) for s in group), weight)
            for surface in term.surfaces:
                self._dictionary[surface] = term
        for topic in self.topics:
            for keyword in (*topic.keywords["zh"], *topic.keywords["en"]):
                surface = normalize(keyword)
                self._dictionary.setdefault(surface, Term(surface, (surface,), DICTIONARY_WEIGHT))
        for rules in rulesets.RULESETS.values():
            for name in ruleset_names(rules):
                surface = normalize(name)
                self._dictionary.setdefault(surface, Term(surface, (surface,), DICTIONARY_WEIGHT))
        mentions = ruleset_mentions()
        self._ruleset_keys = frozenset(normalize(mention) for mention in mentions)
        self._mentions = tuple(
            (normalize(mention), mentions[mention])
            for mention in sorted(mentions, key=len, reverse=True)
        )
        self._everyone = len(rulesets.RULESETS)
        self._longest = max(len(surface) for surface in self._dictionary)
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._cache: dict[Term, tuple[float, ...]] = {}

    def segment(self, question: str) -> tuple[list[tuple[str, Term]], str]:
        """The dictionary terms found (surface as written, term), and the text left over."""
        text = normalize(question)
        found: list[tuple[str, Term]] = []
        leftover: list[str] = []
        i = 0
        while i < len(text):
            match = self._match_at(text, i)
            if match is None:
                leftover.append(text[i])
                i += 1
                continue
            found.append(match)
            leftover.append(" ")
            i += len(match[0])
        return found, "".join(leftover)

    def terms(self, question: str) -> list[Term]:
        """The question segmented: dictionary terms first, leftovers as bigrams and words."""
        return self._terms_of(*self.segment(question))

    def _terms_of(self, matched: list[tuple[str, Term]], rest: str) -> list[Term]:
        found: list[Term] = []
        for surface, term in matched:
            found.append(term)
            if term.surfaces == (surface,) and not _is_ascii_word(surface):
                found.extend(self._inner_terms(surface, term))
        found.extend(self._leftover_terms(rest))
        unique: dict[str, Term] = {}
        for term in found:
            if term.key not in unique or unique[term.key].weight < term.weight:
                unique[term.key] = term
        return self._generic_damped(list(unique.values()))

    def _generic_damped(self, terms: list[Term]) -> list[Term]:
        """Generic question words (谁付, who pays, 多少钱) count for little beside a rule term
        that is neither generic nor a ruleset's name: 杠开谁付 asks about 杠开."""
        if not any(
            term.known and term.key not in GENERIC_TERMS and term.key not in self._ruleset_keys
            for term in terms
        ):
            return terms
        return [
            Term(term.key, term.surfaces, term.weight * GENERIC_FACTOR, term.known, exact=False)
            if term.key in GENERIC_TERMS
            else term
            for term in terms
        ]

    def _inner_terms(self, surface: str, outer: Term) -> list[Term]:
        """Shorter terms inside a Chinese keyword (湖州财神是白板 → 湖州, 财神, 白板), weaker."""
        inner: list[Term] = []
        j = 0
        while j < len(surface):
            match = self._match_at(surface, j, shorter_than=len(surface))
            if match is None or match[1].key == outer.key:
                j += 1
                continue
            part, term = match
            inner.append(Term(term.key, term.surfaces, term.weight * INNER_FACTOR))
            j += len(part)
        return inner

    def _match_at(self, text: str, i: int, shorter_than: int = 0) -> tuple[str, Term] | None:
        longest = min(self._longest, len(text) - i, (shorter_than or len(text) + 1) - 1)
        for length in range(longest, 0, -1):
            surface = text[i : i + length]
            term = self._dictionary.get(surface)
            if term is None:
                continue
            if _is_ascii_word(surface):
                ending = _INFLECTION.match(text, i + length)
                end = ending.end() if ending else i + length
                if not _word_bounded(text, i, end):
                    continue
                return text[i:end], term
            return surface, term
        return None

    @staticmethod
    def _leftover_terms(rest: str) -> list[Term]:
        pieces, stems = _leftover_pieces(rest)
        out: list[Term] = []
        for piece in pieces:
            for j in range(len(piece) - 1):
                bigram = piece[j : j + 2]
                out.append(Term(bigram, (bigram,), BIGRAM_WEIGHT, known=False))
        out.extend(Term(stem, (stem,), WORD_WEIGHT, known=False) for stem in stems)
        return out

    def _occurs(self, surface: str, field: str) -> bool:
        if surface not in field:
            return False
        if not _is_ascii_word(surface):
            return True
        pattern = self._patterns.get(surface)
        if pattern is None:
            pattern = re.compile(rf"(?<![a-z0-9]){re.escape(surface)}(?:s|es|ed|ing)?(?![a-z0-9])")
            self._patterns[surface] = pattern
        return pattern.search(field) is not None

    def _weights(self, term: Term) -> tuple[float, ...]:
        """The term's field weight in every topic; cached, as players ask the same words."""
        cached = self._cache.get(term)
        if cached is None:
            if len(self._cache) >= CACHE_LIMIT:
                self._cache.clear()
            cached = tuple(self._field_weight(term, k) for k in range(len(self.topics)))
            self._cache[term] = cached
        return cached

    def _field_weight(self, term: Term, k: int) -> float:
        """How strongly topic ``k`` holds the term: the best field any surface occurs in."""
        best = 0.0
        for surface in term.surfaces:
            factor = SINGLE_CHAR_FACTOR if len(surface) == 1 and _is_cjk(surface) else 1.0
            if term.exact and surface in self._exact[k]:
                best = max(best, FIELD_WEIGHTS[0] * factor)
                continue
            for weight, field in zip(FIELD_WEIGHTS[1:], self._fields[k], strict=True):
                if weight * factor > best and self._occurs(surface, field):
                    best = weight * factor
        if best and any(self._occurs(s, self._titles[k]) for s in term.surfaces if len(s) > 1):
            best += TITLE_BONUS
        return best

    def off_topic(self, question: str) -> bool:
        """Most of the question is text no topic holds: not a rules question (今天吃什么)."""
        return self._off_topic(*self.segment(question))

    def _off_topic(self, matched: list[tuple[str, Term]], rest: str) -> bool:
        rule_words = sum(_strength(surface) for surface, _ in matched)
        return rule_words > 0 and self._unknown(rest) >= OFF_TOPIC_RATIO * rule_words

    def _unknown(self, rest: str) -> float:
        """How much of the leftover text occurs in no topic (by its bigrams and words)."""
        pieces, stems = _leftover_pieces(rest)
        unknown = 0.0
        for piece in pieces:
            seen = [False] * len(piece)
            for j in range(len(piece) - 1):
                if self._anywhere(piece[j : j + 2]):
                    seen[j] = seen[j + 1] = True
            unknown += SINGLE_CHAR_FACTOR * seen.count(False)
        return unknown + sum(0.0 if self._anywhere(stem) else 1.0 for stem in stems)

    def _anywhere(self, surface: str) -> bool:
        return any(self._weights(Term(surface, (surface,), WORD_WEIGHT, known=False)))

    def _mentioned_rulesets(self, text: str) -> set[str]:
        """Rulesets the question names; a longer name hides the shorter inside it (硬飘花, 飘花)."""
        found: set[str] = set()
        for surface, named in self._mentions:
            start = text.find(surface)
            while start >= 0:
                end = start + len(surface)
                if not _is_ascii_word(surface) or _word_bounded(text, start, end):
                    found.update(named)
                    text = text[:start] + " " * len(surface) + text[end:]
                start = text.find(surface, start + 1)
        return found

    def search(self, question: str, ruleset: str | None = None) -> list[Hit]:
        """Topics that match the question, best first (all of them, with their scores)."""
        matched, rest = self.segment(question)  # once: the off-topic test and the terms
        if self._off_topic(matched, rest):
            return []
        terms = self._terms_of(matched, rest)
        mentioned = self._mentioned_rulesets(normalize(question))
        target = mentioned or ({ruleset} if ruleset else set())
        weights = [self._weights(term) for term in terms]
        n = len(self.topics)
        scores = [0.0] * n
        grounded = [False] * n  # a topic needs one dictionary term, not just stray bigrams
        for term, per_topic in zip(terms, weights, strict=True):
            df = sum(1 for w in per_topic if w > 0)
            if df == 0:
                continue
            idf = math.log(1 + n / df)
            for k, w in enumerate(per_topic):
                scores[k] += term.weight * idf * w
                grounded[k] = grounded[k] or (term.known and w > 0)
        hits = []
        for topic, score, known in zip(self.topics, scores, grounded, strict=True):
            if not known:
                continue
            if topic.rulesets & target:
                # A topic about the rulesets in question beats a general one; a general topic
                # still gains when the question itself names the ruleset.
                if len(topic.rulesets) < self._everyone:
                    # the more of the topic is about the rulesets in question, the closer
                    share = len(topic.rulesets & target) / len(topic.rulesets)
                    score *= 1 + RULESET_BOOST * math.sqrt(share)
                else:
                    score *= 1 + (NAMED_GENERAL_BOOST if mentioned else GENERAL_BOOST)
            elif mentioned:
                score *= ELSEWHERE_FACTOR
            hits.append(Hit(topic, score))
        return sorted(hits, key=lambda hit: -hit.score)


def topic_fields(topic: Topic) -> tuple[str, str, str]:
    """A topic's searchable text: keywords and titles, short answers, long texts (zh + en)."""
    heads = " | ".join((*topic.keywords["zh"], *topic.keywords["en"], *topic.title.values()))
    shorts = " | ".join(topic.short[lang] for lang in LANGS)
    longs = " | ".join(topic.long[lang] for lang in LANGS)
    return normalize(heads), normalize(shorts), normalize(longs)


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_STOPCHAR_SPLIT = re.compile("[" + "".join(STOPCHARS_ZH) + "]")
_ASCII_WORD = re.compile(r"[a-z0-9]+")


def _leftover_pieces(rest: str) -> tuple[list[str], list[str]]:
    """Text no dictionary term took: its Chinese pieces (runs cut at stop characters) and the
    stems of its English words (stopwords, words under 3 letters and numbers left out)."""
    pieces = [piece for run in _CJK_RUN.findall(rest) for piece in _STOPCHAR_SPLIT.split(run)]
    words = _ASCII_WORD.findall(rest)
    stems = [
        _stem(word)
        for word in words
        if word not in STOPWORDS_EN and len(word) >= 3 and not word.isdigit()
    ]
    return pieces, stems


def _strength(surface: str) -> float:
    """A rule word counts 1; a single Chinese character (吃, 花) is a weaker sign, half."""
    return SINGLE_CHAR_FACTOR if len(surface) == 1 and _is_cjk(surface) else 1.0


_INFLECTION = re.compile(r"(?:s|es|ed|d|ing)?(?![a-z0-9])")


def _stem(word: str) -> str:
    """Plural and tense endings off an English word (chowed → chow, times → time)."""
    for ending, keep in (
        ("ies", "y"),
        ("sses", "ss"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("xes", "x"),
    ):
        if word.endswith(ending):
            return word[: -len(ending)] + keep
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _word_bounded(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum())


def default_index() -> Index:
    """The index of the knowledge base for the rulesets registered now."""
    return _index(rulesets.revision())


@lru_cache(maxsize=1)
def _index(revision: int) -> Index:
    # ``revision`` is only the cache key: the index holds the registry's names as of it.
    return Index(load_topics())
