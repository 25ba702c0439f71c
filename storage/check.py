"""``python -m storage check FILE``: is this ledger file whole, and do its books balance?

Checks what SQLite knows (integrity, foreign keys) and what the ledger promises: every
entry's postings sum to 0 in integer points (its money lines, in integer fen), postings
belong to an entry and to players of the entry's chat, a reversal mirrors the entry it
reverses, the totals kept beside the ledger (schema 4 on) agree with its postings, the kept
identity links agree with the identity events and no two records of one person sat at one
table (schema 5 on), each month's kept money sums to 0 in every chat (schema 9 on), the
append-only triggers and the triggers that keep the totals are in place, and the schema
version is one this code knows. Reads only; never writes.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .database import schema_version
from .totals import REBUILD_STATEMENTS


@dataclass(frozen=True)
class Problem:
    """One broken promise, said in Chinese and English."""

    zh: str
    en: str

    def message(self, lang: str = "zh") -> str:
        return self.en if lang == "en" else self.zh


# (query returning the offending ids, zh, en): each row it returns is one problem.
_INVARIANTS: Final = (
    (
        "SELECT e.id FROM entries AS e LEFT JOIN postings AS p ON p.entry_id = e.id"
        " GROUP BY e.id HAVING coalesce(sum(p.delta), 0) <> 0",
        "第 {} 条记录的分数加起来不是 0",
        "entry {}: postings do not sum to 0",
    ),
    (
        "SELECT DISTINCT entry_id FROM postings WHERE entry_id NOT IN (SELECT id FROM entries)",
        "分数行指向不存在的记录 {}",
        "postings point at a missing entry {}",
    ),
    (
        "SELECT entry_id FROM postings WHERE typeof(delta) <> 'integer' OR delta = 0",
        "第 {} 条记录有非整数或为 0 的分数",
        "entry {}: a posting that is not a non-zero integer",
    ),
    (
        "SELECT DISTINCT e.id FROM entries AS e JOIN postings AS p ON p.entry_id = e.id"
        " JOIN players AS pl ON pl.id = p.player_id WHERE pl.chat_id <> e.chat_id",
        "第 {} 条记录给别的群的玩家记了分",
        "entry {}: a posting names a player of another chat",
    ),
    (
        "SELECT r.id FROM entries AS r JOIN postings AS rp ON rp.entry_id = r.id"
        " LEFT JOIN postings AS tp ON tp.entry_id = r.reverses AND tp.player_id = rp.player_id"
        " WHERE r.kind = 'reversal' AND (tp.delta IS NULL OR tp.delta <> -rp.delta)"
        " UNION SELECT r.id FROM entries AS r JOIN postings AS tp ON tp.entry_id = r.reverses"
        " LEFT JOIN postings AS rp ON rp.entry_id = r.id AND rp.player_id = tp.player_id"
        " WHERE r.kind = 'reversal' AND rp.delta IS NULL"
        " UNION SELECT r.id FROM entries AS r JOIN entries AS t ON t.id = r.reverses"
        " WHERE r.kind = 'reversal' AND (t.kind = 'reversal' OR t.chat_id <> r.chat_id)",
        "第 {} 条撤销记录与被撤销的记录不对应",
        "entry {}: a reversal that does not mirror the entry it reverses",
    ),
    (  # money lines (storage.money) in integer fen summing to 0, as postings do
        "SELECT e.id FROM entries AS e, json_each(e.result_json, '$.fen') AS line"
        " WHERE e.kind = 'adjustment' GROUP BY e.id"
        " HAVING total(json_extract(line.value, '$[1]')) <> 0"
        " OR max(json_type(line.value, '$[1]') <> 'integer')",
        "第 {} 条记录的钱（分）加起来不是 0",
        "entry {}: money lines do not sum to 0 in whole fen",
    ),
)
# The totals (migration 0004) are derived from the postings; a player whose all-time points
# differ from the sum of their postings has totals to rebuild (``python -m storage.rebuild``).
_TOTALS_SINCE: Final = 4
_TOTALS_INVARIANT: Final = (
    "SELECT posted.player_id FROM (SELECT player_id, sum(delta) AS points FROM postings"
    " GROUP BY player_id) AS posted LEFT JOIN player_totals AS t"
    " ON t.player_id = posted.player_id AND t.period = 'all'"
    " WHERE coalesce(t.points, 0) <> posted.points"
    " UNION SELECT player_id FROM player_totals WHERE period = 'all' AND points <> 0"
    " AND player_id NOT IN (SELECT player_id FROM postings)",
    "玩家 {} 的累计分和记账不符：请运行 python -m storage.rebuild",
    "player {}: the kept totals disagree with the postings (run python -m storage.rebuild)",
)
# The guards that keep history append-only; a file without them would take edits silently.
_GUARDS: Final = (
    "entries_balanced",
    "entries_no_update",
    "entries_no_delete",
    "postings_sealed",
    "postings_no_update",
    "postings_no_delete",
)
_SHOWN: Final = 10  # ids listed per kind of problem
# Schema 5 on (one person, one record): the kept links are the standing link events, and the
# identity events are as append-only as the entries.
_PEOPLE_SINCE: Final = 5
_STANDING_LINK: Final = (
    "i.kind = 'link' AND NOT EXISTS (SELECT 1 FROM identity_events AS u WHERE u.undoes = i.id)"
)
_PEOPLE_INVARIANT: Final = (
    "SELECT i.player_id FROM identity_events AS i WHERE " + _STANDING_LINK + " AND NOT EXISTS"
    " (SELECT 1 FROM person_links AS l WHERE l.event_id = i.id AND l.player_id = i.player_id"
    " AND l.person_id = i.person_id) UNION SELECT l.player_id FROM person_links AS l"
    " WHERE NOT EXISTS (SELECT 1 FROM identity_events AS i WHERE i.id = l.event_id AND "
    + _STANDING_LINK
    + ")",
    "玩家 {} 的身份链接和身份记录不符：请运行 python -m storage.rebuild",
    "player {}: the kept identity link disagrees with the identity events "
    "(run python -m storage.rebuild)",
)
# One person never sat twice at one table: no two records of one person (by the kept links,
# followed to their root) sat together in a hand that counts.
_ONE_SEAT_INVARIANT: Final = (
    "WITH RECURSIVE chain (player_id, root) AS (SELECT player_id, person_id FROM person_links"
    " UNION SELECT c.player_id, l.person_id FROM chain AS c"
    " JOIN person_links AS l ON l.player_id = c.root),"
    " person (player_id, root) AS (SELECT player_id, root FROM chain"
    " WHERE root NOT IN (SELECT player_id FROM person_links))"
    " SELECT DISTINCT t.player_id FROM pair_totals AS t"
    " LEFT JOIN person AS a ON a.player_id = t.player_id"
    " LEFT JOIN person AS b ON b.player_id = t.other_id"
    " WHERE t.hands > 0 AND coalesce(a.root, t.player_id) = coalesce(b.root, t.other_id)",
    "玩家 {} 和同一个人的另一条记录同桌坐过",
    "player {}: sat at one table with another record of the same person",
)
_PEOPLE_GUARDS: Final = ("identity_events_no_update", "identity_events_no_delete")
# Schema 9 on: money kept per month (storage/sql/money.sql) sums to 0 in every chat and month,
# as every entry's money does; a month that does not has totals to rebuild.
_MONEY_SINCE: Final = 9
_MONEY_INVARIANT: Final = (
    "SELECT chat_id || ' ' || period FROM money_totals GROUP BY chat_id, period"
    " HAVING sum(money) <> 0",
    "群和月份 {} 的钱的累计加起来不是 0：请运行 python -m storage.rebuild",
    "chat and month {}: the kept money does not sum to 0 (run python -m storage.rebuild)",
)
# Every kept total holds an integer: SQLite turns a sum past 64 bits into a float without a
# word, and the readers then fail (the bounds, storage/bounds.py, keep the ledger's sums inside).
_INTEGER_COLUMNS: Final = (
    ("player_totals", "player_id || ' ' || period",
     ("hands", "wins", "self_draws", "dealt_in", "points", "moves", "biggest_win")),
    ("pair_totals", "player_id || ' ' || other_id",
     ("hands", "wins", "dealt_in", "won_from", "net")),
    ("entry_counts", "chat_id || ' ' || session_id || ' ' || kind", ("entries",)),
)  # fmt: skip
_MONEY_COLUMNS: Final = (
    "money_totals", "chat_id || ' ' || period || ' ' || account", ("money", "priced")
)  # fmt: skip
# Each player's points per month, against the postings (the 'all' row has its own check).
_MONTHS_INVARIANT: Final = (
    "SELECT coalesce(k.player_id, x.player_id) || ' ' || coalesce(k.period, x.period)"
    " FROM (SELECT p.player_id, strftime('%Y-%m', e.created_at, '+8 hours') AS period,"
    " sum(p.delta) AS points FROM postings AS p JOIN entries AS e ON e.id = p.entry_id"
    " GROUP BY 1, 2) AS x FULL JOIN (SELECT * FROM player_totals WHERE period <> 'all') AS k"
    " ON k.player_id = x.player_id AND k.period = x.period"
    " WHERE coalesce(k.points, 0) <> coalesce(x.points, 0)",
    "玩家和月份 {} 的累计分和记账不符：请运行 python -m storage.rebuild",
    "player and month {}: the kept points disagree with the postings "
    "(run python -m storage.rebuild)",
)


def _money_invariant() -> tuple[str, str, str]:
    """Each chat's, month's and account's kept money against the money the entries make, as
    ``storage/sql/money.sql``'s rebuild computes it (its one SELECT, not a copy)."""
    [rebuild] = (s for s in REBUILD_STATEMENTS if s.startswith("INSERT INTO money_totals"))
    expected = rebuild[rebuild.index("SELECT") :].rstrip(";")
    return (
        f"WITH x (chat_id, period, account, money, priced) AS ({expected})"
        " SELECT coalesce(k.chat_id, x.chat_id) || ' ' ||"
        " coalesce(k.period, x.period) || ' ' || coalesce(k.account, x.account)"
        " FROM x FULL JOIN money_totals AS k ON k.chat_id = x.chat_id"
        " AND k.period = x.period AND k.account = x.account"
        " WHERE coalesce(k.money, 0) <> coalesce(x.money, 0)"
        " OR coalesce(k.priced, 0) <> coalesce(x.priced, 0)",
        "群、月份和账户 {} 的钱的累计和记账不符：请运行 python -m storage.rebuild",
        "chat, month and account {}: the kept money disagrees with the entries "
        "(run python -m storage.rebuild)",
    )


def _types_invariant(table: str, key: str, columns: tuple[str, ...]) -> tuple[str, str, str]:
    wrong = " OR ".join(f"typeof({column}) <> 'integer'" for column in columns)
    return (
        f"SELECT {key} FROM {table} WHERE {wrong}",
        f"{table} 的 {{}} 一行存的不是整数（超出了 64 位？）：请运行 python -m storage.rebuild",
        f"{table} {{}}: a kept total that is not an integer (past 64 bits?)",
    )


# The triggers that keep the totals as entries are written: without one, every later hand
# would be missing from /stats, /top and the season page without a word.
_KEEPERS: Final = ((_TOTALS_SINCE, "entries_totals"), (_MONEY_SINCE, "entries_money"))


def check_file(path: str | Path) -> list[Problem]:
    """Every problem found in the ledger file at ``path``; empty when it is healthy."""
    file = Path(path)
    if not file.is_file():
        return [_no_such_file(file)]
    try:
        with _read_only(file) as db:
            return _check(db)
    except sqlite3.DatabaseError as error:
        return [
            Problem(f"不是可用的 SQLite 数据库：{error}", f"not a usable SQLite database: {error}")
        ]


def probe(path: str | Path) -> list[Problem]:
    """The cheap part, for a health check while the bot runs: the file opens read-only, has
    the ledger's tables and a schema version this code knows. Its cost does not grow with
    history (``check_file`` reads everything)."""
    file = Path(path)
    if not file.is_file():
        return [_no_such_file(file)]
    try:
        with _read_only(file) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            db.execute("SELECT id FROM entries ORDER BY id DESC LIMIT 1").fetchall()
    except sqlite3.Error as error:
        return [Problem(f"不是可用的账本：{error}", f"not a usable ledger: {error}")]
    return _version_problems(version)


def _no_such_file(file: Path) -> Problem:
    return Problem(f"文件不存在：{file}", f"no such file: {file}")


def _read_only(file: Path) -> contextlib.closing[sqlite3.Connection]:
    """The ledger file opened read-only: a check must never change it."""
    return contextlib.closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True))


def _version_problems(version: int) -> list[Problem]:
    if 1 <= version <= schema_version():
        return []
    return [
        Problem(
            f"数据库版本 {version} 不在本程序支持的 1–{schema_version()} 之内",
            f"schema version {version} is not one this program knows (1–{schema_version()})",
        )
    ]


def _check(db: sqlite3.Connection) -> list[Problem]:
    integrity = [row[0] for row in db.execute("PRAGMA integrity_check")]
    if integrity != ["ok"]:
        detail = "; ".join(integrity[:_SHOWN])
        return [Problem(f"SQLite 完整性检查失败：{detail}", f"SQLite integrity check: {detail}")]
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if _version_problems(version):
        return _version_problems(version)
    problems = _foreign_keys(db)
    invariants = (*_INVARIANTS, _TOTALS_INVARIANT) if version >= _TOTALS_SINCE else _INVARIANTS
    guards = (*_GUARDS, *_PEOPLE_GUARDS) if version >= _PEOPLE_SINCE else _GUARDS
    if version >= _PEOPLE_SINCE:
        invariants = (*invariants, _PEOPLE_INVARIANT, _ONE_SEAT_INVARIANT)
    if version >= _TOTALS_SINCE:
        typed = [_types_invariant(*columns) for columns in _INTEGER_COLUMNS]
        invariants = (*invariants, *typed, _MONTHS_INVARIANT)
    if version >= _MONEY_SINCE:
        invariants = (*invariants, _types_invariant(*_MONEY_COLUMNS), _MONEY_INVARIANT)
        invariants = (*invariants, _money_invariant())
    for query, zh, en in invariants:
        try:
            ids = [str(row[0]) for row in db.execute(query)]
        except sqlite3.OperationalError as error:
            if "overflow" not in str(error):  # a sum past 64 bits; anything else is a bug
                raise
            problems.append(Problem(f"算不出来：{error}", f"cannot be summed: {error}"))
            continue
        problems += [Problem(zh.format(i), en.format(i)) for i in ids[:_SHOWN]]
    triggers = {
        row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    }
    problems += [
        Problem(f"缺少保护触发器 {name}", f"the guard trigger {name} is missing")
        for name in guards
        if name not in triggers
    ]
    problems += [
        Problem(
            f"缺少累计触发器 {name}：请运行 python -m storage.rebuild",
            f"the totals trigger {name} is missing",
        )
        for since, name in _KEEPERS
        if version >= since and name not in triggers
    ]
    return problems


def _foreign_keys(db: sqlite3.Connection) -> list[Problem]:
    rows = db.execute("PRAGMA foreign_key_check").fetchall()
    return [
        Problem(
            f"{table} 第 {rowid} 行指向不存在的 {parent}", f"{table} row {rowid}: no such {parent}"
        )
        for table, rowid, parent, _ in rows[:_SHOWN]
    ]
