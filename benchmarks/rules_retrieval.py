"""Retrieval benchmark: our dictionary + synonym ranking against SQLite FTS5 ``trigram``.

Run: ``python -m benchmarks.rules_retrieval``. Both engines get the same segmented, synonym-
expanded terms; FTS5 can only use those of three characters or more (a trigram index cannot
match 爆头, 杠开, 财神 …), ranked by bm25 with the same column weights. Prints the top-1
accuracy of each on the test questions and the time per question, as a ratio.
"""

from __future__ import annotations

import sqlite3
import time

from bot.rules_qa import answer
from bot.rules_qa.content import load_topics
from bot.rules_qa.search import default_index, normalize, topic_fields
from rigs.rules_questions import questions

QUESTIONS = questions()


def fts5_index() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(topic UNINDEXED, heads, short, long,"
        " tokenize='trigram')"
    )
    for fields, topic in zip((topic_fields(t) for t in load_topics()), load_topics(), strict=True):
        db.execute("INSERT INTO docs VALUES (?, ?, ?, ?)", (topic.id, *fields))
    return db


def fts5_answer(db: sqlite3.Connection, question: str) -> str | None:
    surfaces = {s for term in default_index().terms(question) for s in term.surfaces if len(s) >= 3}
    if not surfaces:
        return None
    query = " OR ".join('"' + s.replace('"', '""') + '"' for s in sorted(surfaces))
    row = db.execute(
        "SELECT topic FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, 4.0, 1.5, 1.0) LIMIT 1",
        (query,),
    ).fetchone()
    return row[0] if row else None


def main() -> None:
    print(
        f"sqlite {sqlite3.sqlite_version}; {len(QUESTIONS)} questions, {len(load_topics())} topics"
    )
    db = fts5_index()
    normalize("warm up")
    start = time.perf_counter()
    for q, lang, rules, _ in QUESTIONS:
        answer(q, lang, rules)
    cold = (time.perf_counter() - start) / len(QUESTIONS)
    print(f"ours, first round (no cached terms): {cold * 1e3:.3f} ms per question")
    rounds = 20
    start = time.perf_counter()
    for _ in range(rounds):
        ours = [answer(q, lang, rules) for q, lang, rules, _ in QUESTIONS]
    ours_time = (time.perf_counter() - start) / rounds / len(QUESTIONS)
    start = time.perf_counter()
    for _ in range(rounds):
        theirs = [fts5_answer(db, q) for q, _, _, _ in QUESTIONS]
    fts_time = (time.perf_counter() - start) / rounds / len(QUESTIONS)
    ours_ok = sum(a is not None and a.topic == c[3] for a, c in zip(ours, QUESTIONS, strict=True))
    fts_ok = sum(t == c[3] for t, c in zip(theirs, QUESTIONS, strict=True))
    print(f"ours : {ours_ok}/{len(QUESTIONS)} right, {ours_time * 1e3:.3f} ms per question")
    print(f"fts5 : {fts_ok}/{len(QUESTIONS)} right, {fts_time * 1e3:.3f} ms per question")
    print(f"time ratio ours/fts5: {ours_time / fts_time:.2f}")


if __name__ == "__main__":
    main()
