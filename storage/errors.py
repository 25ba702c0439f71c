"""StorageError: the one error the ledger raises, with a code and a zh/en message."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from .error_details import detail_zh


class ErrorCode(StrEnum):
    """Why a ledger operation was refused; nothing was written."""

    INVALID_ARGUMENT = "invalid_argument"
    UNKNOWN_CHAT = "unknown_chat"
    UNKNOWN_PLAYER = "unknown_player"
    DUPLICATE_NAME = "duplicate_name"
    AMBIGUOUS_PLAYER = "ambiguous_player"
    UNKNOWN_SESSION = "unknown_session"
    NO_OPEN_SESSION = "no_open_session"
    SESSION_ALREADY_OPEN = "session_already_open"
    SESSION_CLOSED = "session_closed"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    NOT_SEATED = "not_seated"
    TABLE_FULL = "table_full"
    SEATS_INCOMPLETE = "seats_incomplete"
    UNKNOWN_ENTRY = "unknown_entry"
    NOTHING_TO_REVERSE = "nothing_to_reverse"
    ALREADY_REVERSED = "already_reversed"
    REVERSAL_OF_REVERSAL = "reversal_of_reversal"
    UNBALANCED_POSTINGS = "unbalanced_postings"
    MIGRATION_CONFLICT = "migration_conflict"
    SCHEMA_TOO_NEW = "schema_too_new"
    BAD_CSV = "bad_csv"
    BAD_BACKUP = "bad_backup"
    CLOSED = "closed"
    # seasons (issue 13)
    DUPLICATE_SEASON = "duplicate_season"
    NO_OPEN_SEASON = "no_open_season"
    # One person, one record (storage/people.py)
    SAME_RECORD = "same_record"
    ALREADY_ONE_PERSON = "already_one_person"
    SAT_TOGETHER = "sat_together"
    MEMBER_NAME = "member_name"
    UNKNOWN_IDENTITY_EVENT = "unknown_identity_event"
    IDENTITY_UNDONE = "identity_undone"
    UNDO_OF_UNDO = "undo_of_undo"
    RENAMED_SINCE = "renamed_since"
    ONE_PERSON_TWICE = "one_person_twice"
    # The ledger CSV proven whole and within limits (storage/csv_reading.py)
    CSV_CUT = "csv_cut"
    CSV_CHANGED = "csv_changed"
    CSV_TOO_LARGE = "csv_too_large"
    CSV_TOO_MANY_RECORDS = "csv_too_many_records"
    CSV_FIELD_TOO_LONG = "csv_field_too_long"
    CSV_NAME_TOO_LONG = "csv_name_too_long"
    CSV_NAME_EMPTY = "csv_name_empty"
    CSV_NAME_INVISIBLE = "csv_name_invisible"
    CSV_NAME_SEPARATOR = "csv_name_separator"
    CSV_UNREADABLE = "csv_unreadable"
    LINKED_SINCE = "linked_since"
    SAME_NAME_AT_TABLE = "same_name_at_table"
    UNDO_SAME_NAME_AT_TABLE = "undo_same_name_at_table"
    # Amounts bounded so every sum fits 64 bits (storage/bounds.py, docs/money.md)
    POINTS_TOO_LARGE = "points_too_large"
    MONEY_TOO_LARGE = "money_too_large"
    PRICED_TOO_LARGE = "priced_too_large"
    ENTRY_MONEY_TOO_LARGE = "entry_money_too_large"
    # An import that is whole, once (storage/exchange.py, docs/ledger-csv.md)
    CSV_COUNT = "csv_count"
    CSV_UNSIGNED = "csv_unsigned"
    CSV_ALREADY_IMPORTED = "csv_already_imported"


_MESSAGES: Final[dict[ErrorCode, tuple[str, str]]] = {
    ErrorCode.INVALID_ARGUMENT: ("参数无效：{detail}", "Invalid argument: {detail}"),
    ErrorCode.UNKNOWN_CHAT: (
        "本群还没有记录（群 {chat_id}）",
        "This chat has no records yet ({chat_id})",
    ),
    ErrorCode.UNKNOWN_PLAYER: (
        "本群没有这位玩家：{player}",
        "No such player in this chat: {player}",
    ),
    ErrorCode.DUPLICATE_NAME: (
        "本群已有玩家叫「{name}」",
        "This chat already has a player named {name!r}",
    ),
    ErrorCode.AMBIGUOUS_PLAYER: (
        "本群有好几位叫「{name}」，请用 @用户名",
        "Several players are called {name!r}; use their @username",
    ),
    ErrorCode.UNKNOWN_SESSION: (
        "本群没有第 {session_id} 场",
        "This chat has no session #{session_id}",
    ),
    ErrorCode.NO_OPEN_SESSION: (
        "本群现在没有进行中的牌局",
        "There is no open session in this chat",
    ),
    ErrorCode.SESSION_ALREADY_OPEN: (
        "本群已有进行中的牌局（第 {session_id} 场），请先结束它",
        "Session #{session_id} is still open in this chat; close it first",
    ),
    ErrorCode.SESSION_CLOSED: ("第 {session_id} 场已经结束", "Session #{session_id} is closed"),
    ErrorCode.SEAT_TAKEN: ("{seat} 位已经有人了", "Seat {seat} is already taken"),
    ErrorCode.ALREADY_SEATED: ("这位玩家已经坐在 {seat} 位", "That player already sits at {seat}"),
    ErrorCode.NOT_SEATED: ("{player} 不在这桌上", "{player} is not seated at this table"),
    ErrorCode.TABLE_FULL: ("四个位子都坐满了", "All four seats are taken"),
    ErrorCode.SEATS_INCOMPLETE: ("还没坐满四家（空位：{seats}）", "Seats still empty: {seats}"),
    ErrorCode.UNKNOWN_ENTRY: ("本群没有第 {entry_id} 条记录", "This chat has no entry #{entry_id}"),
    ErrorCode.NOTHING_TO_REVERSE: (
        "这一场没有可以撤销的记录",
        "Nothing left to undo in this session",
    ),
    ErrorCode.ALREADY_REVERSED: (
        "第 {entry_id} 条已经撤销过了",
        "Entry #{entry_id} has already been reversed",
    ),
    ErrorCode.REVERSAL_OF_REVERSAL: (
        "第 {entry_id} 条本身是撤销记录，不能再撤销；请重新记一笔",
        "Entry #{entry_id} is itself a reversal and cannot be reversed; record it again instead",
    ),
    ErrorCode.UNBALANCED_POSTINGS: (
        "收支合计必须为 0，现在是 {total}",
        "Postings must sum to 0, they sum to {total}",
    ),
    ErrorCode.MIGRATION_CONFLICT: (
        "新群 {new_id} 已经有牌局记录，无法合并",
        "The new chat {new_id} already has its own records; cannot merge",
    ),
    ErrorCode.SCHEMA_TOO_NEW: (
        "数据库版本 {found} 比程序支持的 {supported} 新，请升级程序",
        "Database schema version {found} is newer than this program supports ({supported}); "
        "upgrade the program",
    ),
    ErrorCode.BAD_CSV: ("CSV 第 {line} 行有误：{detail}", "CSV line {line}: {detail}"),
    ErrorCode.BAD_BACKUP: ("备份文件无效：{detail}", "Not a usable backup: {detail}"),
    ErrorCode.CLOSED: ("账本已关闭", "The ledger is closed"),
    # seasons (issue 13)
    ErrorCode.DUPLICATE_SEASON: (
        "本群已经有过叫「{name}」的赛季，换个名字吧",
        "This chat already had a season called {name!r}; pick another name",
    ),
    ErrorCode.NO_OPEN_SEASON: ("本群现在没有进行中的赛季", "No season is running in this chat"),
    # One person, one record (storage/people.py)
    ErrorCode.SAME_RECORD: (
        "「{name}」和自己不能合并：请写两个不同的玩家",
        "{name!r} cannot be merged with itself: name two different players",
    ),
    ErrorCode.ALREADY_ONE_PERSON: (
        "「{a}」和「{b}」已经是同一个人了",
        "{a!r} and {b!r} are already one person",
    ),
    ErrorCode.SAT_TOGETHER: (
        "「{a}」和「{b}」在同一手牌里同桌坐过（或现在都在桌上），不可能是同一个人，没有合并",
        "{a!r} and {b!r} sat at one table in the same hand (or both sit now): "
        "one person cannot sit twice, so they were not merged",
    ),
    ErrorCode.MEMBER_NAME: (
        "「{name}」是群成员，名字跟随 Telegram，只能改客人的名字",
        "{name!r} is a chat member whose name follows Telegram; only a guest can be renamed",
    ),
    ErrorCode.UNKNOWN_IDENTITY_EVENT: (
        "本群没有第 P{event_id} 条身份记录",
        "This chat has no identity record P{event_id}",
    ),
    ErrorCode.IDENTITY_UNDONE: (
        "身份记录 P{event_id} 已经撤销过了",
        "Identity record P{event_id} has already been undone",
    ),
    ErrorCode.UNDO_OF_UNDO: (
        "P{event_id} 本身是撤销，不能再撤销；请重新合并或改名",
        "P{event_id} is itself an undo and cannot be undone; merge or rename again instead",
    ),
    ErrorCode.ONE_PERSON_TWICE: (
        "「{a}」和「{b}」是同一个人，不能同时坐两个位子",
        "{a!r} and {b!r} are one person, who cannot hold two seats",
    ),
    ErrorCode.RENAMED_SINCE: (
        "「{name}」之后又改过名，请先撤销较新的改名",
        "{name!r} was renamed again since P{event_id}; undo the newer rename first",
    ),
    # The ledger CSV proven whole and within limits (storage/csv_reading.py)
    ErrorCode.CSV_CUT: (
        "CSV 文件不完整：最后一行（第 {line} 行）不是导出时写的结尾行，"
        "文件被截断了或在结尾后加了内容；没有导入任何记录",
        "The CSV file is not whole: its last line (line {line}) is not the end line the export "
        "writes, so it was cut off or added to; nothing was imported",
    ),
    ErrorCode.CSV_CHANGED: (
        "CSV 文件和导出时不一样：内容和结尾行的校验和对不上（结尾行记着 {entries} 条记录），"
        "文件被改过或缺了一部分；没有导入任何记录",
        "The CSV file is not what was exported: its rows do not match the end line's checksum "
        "(which counts {entries} entries), so it was edited or lost a part; nothing was imported",
    ),
    ErrorCode.CSV_TOO_LARGE: (
        "CSV 文件太大：{size} 个字符，最多 {limit} 个；没有导入任何记录",
        "The CSV file is too large: {size} characters, at most {limit}; nothing was imported",
    ),
    ErrorCode.CSV_TOO_MANY_RECORDS: (
        "CSV 文件的记录超过 {limit} 行；没有导入任何记录",
        "The CSV file holds more than {limit} records; nothing was imported",
    ),
    ErrorCode.CSV_FIELD_TOO_LONG: (
        "CSV 第 {line} 行有一栏太长（最多 {limit} 个字符）；没有导入任何记录",
        "CSV line {line}: a field is too long (at most {limit} characters); nothing was imported",
    ),
    ErrorCode.CSV_NAME_TOO_LONG: (
        "CSV 第 {line} 行的名字「{name}」太长（最多 {limit} 个字符）；没有导入任何记录",
        "CSV line {line}: the name {name!r} is too long (at most {limit} characters); "
        "nothing was imported",
    ),
    # A guest's name (storage/names.py: the rule the bot's /new holds a name to)
    ErrorCode.CSV_NAME_EMPTY: (
        "CSV 第 {line} 行的名字是空的（或只有看不见的字符）；没有导入任何记录",
        "CSV line {line}: the name is empty (or holds nothing visible); nothing was imported",
    ),
    ErrorCode.CSV_NAME_INVISIBLE: (
        "CSV 第 {line} 行的名字「{name}」里有看不见的字符 {character}"
        "（控制符、零宽或双向控制字符），机器人记下的名字里不会有；没有导入任何记录",
        "CSV line {line}: the name {name!r} holds the invisible character {character} "
        "(a control, zero-width or bidi character), which no name the bot keeps holds; "
        "nothing was imported",
    ),
    ErrorCode.CSV_NAME_SEPARATOR: (
        "CSV 第 {line} 行的名字「{name}」里有「{character}」：它在命令里用来分开玩家和词，"
        "不能放在名字里；没有导入任何记录",
        "CSV line {line}: the name {name!r} contains {character!r}, which separates players "
        "and words in a command, so no name may hold it; nothing was imported",
    ),
    ErrorCode.CSV_UNREADABLE: (
        "CSV 第 {line} 行读不出来：有一栏夹着换行符却没有加引号；没有导入任何记录",
        "CSV line {line} cannot be read: a field holds a line break without quotes; "
        "nothing was imported",
    ),
    ErrorCode.SAME_NAME_AT_TABLE: (
        "同桌不能有两个人都叫「{name}」（{first_zh}位和{second_zh}位），没有改动："
        "是同一个人就用 /iam 或 /join 认领；不是的话，客人先 /rename 换个名字"
        "（群成员改 Telegram 名字）",
        "Two people named {name!r} cannot sit at one table (seats {first} and {second}); "
        "nothing changed. The same person? /iam or /join. If not, /rename the guest first "
        "(a member changes their Telegram name)",
    ),
    ErrorCode.UNDO_SAME_NAME_AT_TABLE: (
        "撤销 P{event_id} 会让同桌两人都叫「{name}」（{first_zh}位和{second_zh}位），没有撤销："
        "先用 /rename 给客人换个别的名字，或让其中一位离座，再来",
        "Undoing P{event_id} would seat two people named {name!r} at one table "
        "(seats {first} and {second}); nothing was undone. /rename the guest to another name, "
        "or have one of them leave the table, first",
    ),
    ErrorCode.LINKED_SINCE: (
        "P{later} 之后又把这个人和别人连在一起，请先撤销 P{later}，再撤销 P{event_id}",
        "P{later} joined this person to someone else since; undo P{later} before P{event_id}",
    ),
    ErrorCode.POINTS_TOO_LARGE: (
        "一笔给一位玩家记 {points} 分太大了：最多 {limit} 分；没有记下",
        "{points} points for one player in one entry is too many: at most {limit}; "
        "nothing was recorded",
    ),
    ErrorCode.MONEY_TOO_LARGE: (
        "{yuan} 元太大了：一笔最多 {limit} 元；没有记下",
        "{yuan} yuan is too much: one entry moves at most {limit} yuan; nothing was recorded",
    ),
    ErrorCode.PRICED_TOO_LARGE: (
        "{points} 分按每分 {stake} 元是 {yuan} 元，一笔给一位玩家最多 {limit} 元；没有记下",
        "{points} points at {stake} yuan a point is {yuan} yuan, and one entry moves at most "
        "{limit} yuan for a player; nothing was recorded",
    ),
    ErrorCode.ENTRY_MONEY_TOO_LARGE: (
        "按这一局的每分价钱，这一笔给一位玩家的钱超过 {limit} 元；没有记下",
        "At this session's stake this entry moves more than {limit} yuan for a player; "
        "nothing was recorded",
    ),
    ErrorCode.CSV_COUNT: (
        "CSV 文件的结尾行记着 {expected} 条记录，文件里却有 {found} 条；没有导入任何记录",
        "The CSV file's end line counts {expected} entries but the file holds {found}; "
        "nothing was imported",
    ),
    ErrorCode.CSV_UNSIGNED: (
        "这个 CSV 文件没有结尾校验行（导出时加的校验和），无法确认它完整、没被改过；"
        "确定要导入就加上 --unsigned；没有导入任何记录",
        "This CSV file has no end line (the checksum the export writes), so it cannot be "
        "proven whole and unedited; add --unsigned to import it anyway; nothing was imported",
    ),
    ErrorCode.CSV_ALREADY_IMPORTED: (
        "CSV 第 {line} 行的记录（原 #{entry}）已经导入过这个群了：同一份记录不能导入两次；"
        "没有导入任何记录",
        "CSV line {line}: its entry (#{entry} in the file) was already imported into this "
        "chat, and an entry is imported once; nothing was imported",
    ),
}


# A detail in English that no pattern of ``error_details`` knows, said in general words.
_UNKNOWN_DETAIL_ZH: Final = {
    ErrorCode.BAD_CSV: "这一行读不懂",
    ErrorCode.BAD_BACKUP: "读不出账本",
    ErrorCode.INVALID_ARGUMENT: "这个值不能用",
}


class StorageError(Exception):
    """A refused ledger operation: ``code`` says why, ``zh``/``en`` say it to people."""

    def __init__(self, code: ErrorCode, **params: object) -> None:
        zh, en = _MESSAGES[code]
        self.code = code
        self.params = params
        detail = params.get("detail")
        said_zh = params
        given_zh = params.get("detail_zh")
        if isinstance(given_zh, str):  # the caller said it in Chinese too
            said_zh = {**params, "detail": given_zh}
        elif isinstance(detail, str):  # written in English by the caller
            unknown = _UNKNOWN_DETAIL_ZH.get(code, _UNKNOWN_DETAIL_ZH[ErrorCode.INVALID_ARGUMENT])
            said_zh = {**params, "detail": detail_zh(detail, unknown)}
        self.zh = zh.format(**said_zh)
        self.en = en.format(**params)
        super().__init__(f"[{code}] {self.zh} / {self.en}")

    def message(self, lang: str = "zh") -> str:
        """The message in ``lang`` ('zh' or 'en'; Chinese by default)."""
        return self.en if lang == "en" else self.zh
