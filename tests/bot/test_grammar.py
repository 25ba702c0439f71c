"""The chat grammar as tables: what each line means, and what each bad line is told."""

from __future__ import annotations

import pytest

from bot.grammar import (
    GrammarError,
    Member,
    Roster,
    SeatChange,
    is_full_hand,
    parse_dealer,
    parse_entry_id,
    parse_hu,
    parse_kong,
    parse_new,
    parse_seat_change,
    text_command,
)
from scoring.tiles import Seat

ROSTER = Roster(
    {
        Seat.E: Member("甲"),
        Seat.S: Member("乙", "bob"),
        Seat.W: Member("丙"),
        Seat.N: Member("Dan Wu", "dan"),
    }
)
ROOMS = {"初级场": 400, "尊爵场": 80_000}


@pytest.mark.parametrize(
    ("text", "claims", "discarder"),
    [
        ("甲 自摸 爆头", [(Seat.E, "自摸 爆头", False)], None),
        ("乙 点炮 丙 七对", [(Seat.S, "七对", False)], Seat.W),
        ("乙 点炮丙 七对", [(Seat.S, "七对", False)], Seat.W),
        ("乙 点炮N 七对", [(Seat.S, "七对", False)], Seat.N),
        ("@bob 放冲 东", [(Seat.S, "", False)], Seat.E),
        ("bob 点炮 @dan", [(Seat.S, "", False)], Seat.N),
        ("东 123m456m789m123p白 +5s 自摸", [(Seat.E, "123m456m789m123p白 +5s 自摸", True)], None),
        ("E 一万二万三万 +5s 自摸", [(Seat.E, "一万二万三万 +5s 自摸", True)], None),
        ("甲 乙 点炮 丙", [(Seat.E, "", False), (Seat.S, "", False)], Seat.W),
        (
            "甲 七对 有花；乙 爆头 点炮 丙",
            [(Seat.E, "七对 有花", False), (Seat.S, "爆头", False)],
            Seat.W,
        ),
        ("甲 抢杠 乙", [(Seat.E, "", False)], Seat.S),
        ("甲 自摸 承包 @dan", [(Seat.E, "自摸", False)], None),
        ("DAN WU 自摸", [(Seat.N, "自摸", False)], None),
        ("自摸 甲 爆头", [(Seat.E, "自摸 爆头", False)], None),
        ("点炮 丙 乙 七对", [(Seat.S, "七对", False)], Seat.W),
        ("七对 有花 @bob 点炮丙", [(Seat.S, "七对 有花", False)], Seat.W),
        ("点炮 丙 甲 乙", [(Seat.E, "", False), (Seat.S, "", False)], Seat.W),
        ("自摸 Dan Wu 飘2", [(Seat.N, "自摸 飘2", False)], None),
        ("自摸 翻 甲 乙", [(Seat.S, "自摸 翻 甲", False)], None),
        ("南家 自摸", [(Seat.S, "自摸", False)], None),
        ("甲自摸爆头", [(Seat.E, "自摸爆头", False)], None),
        ("乙点炮丙七对", [(Seat.S, "七对", False)], Seat.W),
        ("乙 点炮丙 七对有花", [(Seat.S, "七对有花", False)], Seat.W),
        ("@bob自摸", [(Seat.S, "自摸", False)], None),
    ],
    ids=[
        "quick-self-draw",
        "discarder-by-name",
        "discarder-glued",
        "discarder-by-seat-letter",
        "username-and-seat-word",
        "username-without-at",
        "full-hand-by-seat",
        "chinese-tiles",
        "two-winners-one-discard",
        "two-segments-shared-discard",
        "robbed-kong-by-name",
        "contract-by-name",
        "multi-word-name",
        "winner-after-a-word",
        "winner-after-the-discarder",
        "username-in-the-middle",
        "two-winners-after-the-discarder",
        "multi-word-name-after-a-word",
        "the-word-after-翻-is-its-argument",
        "seat-word-from-scoring",
        "name-glued-to-words",
        "all-glued",
        "discarder-glued-to-words",
        "username-glued",
    ],
)
def test_hu_lines(
    text: str, claims: list[tuple[Seat, str, bool]] | None, discarder: Seat | None
) -> None:
    if claims is None:
        with pytest.raises(GrammarError):
            parse_hu(text, ROSTER)
        return
    command = parse_hu(text, ROSTER)
    assert [(c.winner, c.words, c.full_hand) for c in command.claims] == claims
    assert command.discarder == discarder


@pytest.mark.parametrize(
    ("text", "key", "token"),
    [
        ("", "hu_usage", None),
        ("戊 自摸", "unknown_winner", "戊"),
        ("甲", "hu_needs_words", "东"),
        ("甲 点炮 戊", "unknown_player", "戊"),
        ("甲 点炮", "prefix_needs_player", "点炮"),
        ("甲 乙 自摸", "multi_needs_discard", None),
        ("甲 点炮 甲", "discarder_is_winner", "东"),
        ("甲 点炮 丙; 乙 点炮 Dan Wu", "two_discarders", "北"),
        ("甲 甲 点炮 丙", "winner_twice", "东"),
        ("甲 乙 丙 丁 点炮 东", "discarder_is_winner", "东"),
        ("自摸 东 爆头", "unknown_winner", "自摸"),
        ("自摸 甲 爆头 乙", "winner_unclear", "甲 爆头 乙"),
        ("自摸 123m456m789m123p白 +5s 甲", "unknown_winner", "自摸"),
        ("自摸 甲 甲", "winner_twice", "东"),
        ("甲 自摸; 点炮 丙 甲", "winner_twice", "东"),
        ("东自摸", "unknown_winner", "东自摸"),
    ],
    ids=[
        "empty",
        "unknown-winner",
        "no-words",
        "unknown-discarder",
        "discard-without-player",
        "several-winners-self-draw",
        "discard-to-self",
        "two-discarders",
        "same-winner-twice",
        "all-four-win",
        "a-seat-word-later-is-not-guessed",
        "two-names-apart",
        "full-hands-put-the-winner-first",
        "same-winner-twice-later",
        "same-winner-in-two-segments-later",
        "a-seat-word-never-glues",
    ],
)
def test_hu_refusals(text: str, key: str, token: str | None) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_hu(text, ROSTER)
    assert caught.value.key == key
    assert caught.value.token == token


@pytest.mark.parametrize(
    ("line", "full"),
    [
        ("自摸 爆头 飘2", False),
        ("七对 有花 点炮W", False),
        ("杠开2 无花", False),
        ("123m456m789m123p白 +5s 自摸", True),
        ("三万四万五万", True),
        ("[5555p] 123m 自摸", True),
        ("１２３ｍ", False),  # full-width letters are not MPSZ
        ("１２３m", True),
        ("自摸 翻1m", False),  # the indicator's tile is not a tile of the hand
        ("self-drawn flip 1m", False),
        ("自摸 翻 一万", False),
        ("111m222m333m南南南9m +9m 自摸 翻5p", True),
    ],
    ids=[
        "quick",
        "quick-discard",
        "kong-chain",
        "mpsz",
        "chinese",
        "meld",
        "fullwidth-letter",
        "fullwidth-digit",
        "quick-indicator",
        "quick-indicator-en",
        "quick-indicator-spaced",
        "full-hand-indicator",
    ],
)
def test_full_hand_detection(line: str, full: bool) -> None:
    assert is_full_hand(line) is full


@pytest.mark.parametrize(
    ("args", "ruleset", "base", "room", "players"),
    [
        (["杭州"], "杭州", None, None, ()),
        (["杭州", "5", "甲", "乙", "丙", "丁"], "杭州", 5, None, ("甲", "乙", "丙", "丁")),
        (["杭州", "初级场", "甲"], "杭州", 400, "初级场", ("甲",)),
        (["强盗胡", "２", "甲", "乙"], "强盗胡", 2, None, ("甲", "乙")),
        (["hangzhou", "甲", "乙"], "hangzhou", None, None, ("甲", "乙")),
        (["杭州", "1,000", "甲"], "杭州", 1000, None, ("甲",)),
        (["杭州", "1", "我", "self", "乙"], "杭州", 1, None, ("我", "self", "乙")),
    ],
    ids=[
        "ruleset-only",
        "base-and-four",
        "room",
        "fullwidth-base",
        "players-without-base",
        "thousands-comma",
        "sender-words-are-not-checked-as-names",
    ],
)
def test_new(
    args: list[str], ruleset: str, base: int | None, room: str | None, players: tuple[str, ...]
) -> None:
    command = parse_new(args, ROOMS)
    assert (command.ruleset, command.base, command.room, command.players) == (
        ruleset,
        base,
        room,
        players,
    )


@pytest.mark.parametrize(
    ("args", "key"),
    [
        ([], "new_usage"),
        (["杭州", "0"], "bad_base"),
        (["杭州", "1000000001"], "bad_base"),
        (["杭州", "1", "a", "b", "c", "d", "e"], "too_many_players"),
        (["杭州", "1", "甲", "甲"], "duplicate_player"),
        (["杭州", "1", "东"], "name_is_seat"),
        (["杭州", "1", "x" * 40], "bad_name"),
    ],
    ids=[
        "empty",
        "zero-base",
        "base-above-the-core's-limit",
        "five-players",
        "duplicate",
        "seat-as-name",
        "long-name",
    ],
)
def test_new_refusals(args: list[str], key: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_new(args, ROOMS)
    assert caught.value.key == key


@pytest.mark.parametrize(
    ("text", "owner", "kind", "discarder"),
    [
        ("甲 暗杠", Seat.E, "concealed", None),
        ("甲 补杠", Seat.E, "added", None),
        ("甲 明杠 丙", Seat.E, "exposed", Seat.W),
        ("甲 明杠 点炮丙", Seat.E, "exposed", Seat.W),
        ("北 直杠 S", Seat.N, "exposed", Seat.S),
        ("暗杠 甲", Seat.E, "concealed", None),
        ("补杠 Dan Wu", Seat.N, "added", None),
        ("明杠 甲 丙", Seat.E, "exposed", Seat.W),
        ("甲 丙 明杠", Seat.E, "exposed", Seat.W),
        ("明杠 点炮 丙 甲", Seat.E, "exposed", Seat.W),
        ("甲 明杠 丙 点炮丙", Seat.E, "exposed", Seat.W),
        ("甲暗杠", Seat.E, "concealed", None),
        ("暗杠甲", Seat.E, "concealed", None),
        ("甲明杠丙", Seat.E, "exposed", Seat.W),
        ("Dan Wu大明杠 甲", Seat.N, "exposed", Seat.E),
    ],
    ids=[
        "concealed",
        "added",
        "exposed-by-name",
        "exposed-with-word",
        "exposed-by-seat",
        "kind-first",
        "kind-first-multi-word-name",
        "kind-first-owner-then-discarder",
        "kind-last",
        "discarder-word-first",
        "discarder-twice-the-same",
        "glued",
        "glued-kind-first",
        "glued-with-discarder",
        "glued-longest-kind",
    ],
)
def test_kong(text: str, owner: Seat, kind: str, discarder: Seat | None) -> None:
    command = parse_kong(text, ROSTER)
    assert (command.owner, command.kind, command.discarder) == (owner, kind, discarder)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("甲", "kong_usage"),
        ("戊 暗杠", "unknown_player"),
        ("甲 大杠", "kong_kind"),
        ("甲 明杠", "kong_needs_discarder"),
        ("甲 暗杠 乙", "kong_no_discarder"),
        ("甲 明杠 甲", "kong_discarder_is_owner"),
        ("暗杠 戊", "unknown_player"),
        ("暗杠 甲 乙", "kong_no_discarder"),
        ("明杠 甲 丙 点炮乙", "two_discarders"),
        ("明杠 甲 丙 乙", "unknown_player"),
        ("明杠 点炮丙", "kong_usage"),
    ],
    ids=[
        "too-short",
        "unknown-owner",
        "unknown-kind",
        "exposed-alone",
        "concealed-with-payer",
        "self",
        "kind-first-unknown-owner",
        "kind-first-concealed-with-payer",
        "two-different-discarders",
        "three-players",
        "no-owner",
    ],
)
def test_kong_refusals(text: str, key: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_kong(text, ROSTER)
    assert caught.value.key == key


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("胡 甲 自摸 爆头", ("hu", "甲 自摸 爆头")),
        ("流局", ("draw", "")),
        ("积分", ("tally", "")),
        ("胡说八道", None),
        ("今天 胡 了", None),
        ("/流局", ("draw", "")),
        ("/胡 甲 自摸", ("hu", "甲 自摸")),
        ("/hu 甲 自摸", None),  # a real bot command: CommandHandler's
    ],
    ids=[
        "hu",
        "draw",
        "tally",
        "word-starting-with-verb",
        "verb-not-first",
        "slash-chinese-verb",
        "slash-chinese-hu",
        "latin-command",
    ],
)
def test_plain_text_verbs(text: str, command: tuple[str, str] | None) -> None:
    assert text_command(text) == command


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", None), ("12", 12), ("#7", 7), ("＃３", 3)],
    ids=["none", "number", "hash", "fullwidth"],
)
def test_entry_ids(text: str, expected: int | None) -> None:
    assert parse_entry_id(text) == expected


def test_entry_id_refused() -> None:
    with pytest.raises(GrammarError) as caught:
        parse_entry_id("abc")
    assert caught.value.key == "bad_entry_id"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["甲", "南"], SeatChange(Seat.S, Seat.E, None)),
        (["@dan", "E"], SeatChange(Seat.E, Seat.N, None)),
        (["Dan", "Wu", "西"], SeatChange(Seat.W, Seat.N, None)),
        (["戊", "北"], SeatChange(Seat.N, None, "戊")),
        (["东", "南"], SeatChange(Seat.S, Seat.E, None)),
    ],
    ids=["name-to-zh-seat", "username-to-letter", "two-word-name", "newcomer-replaces", "by-seat"],
)
def test_seat_change(args: list[str], expected: SeatChange) -> None:
    assert parse_seat_change(args, ROSTER) == expected


@pytest.mark.parametrize(
    ("args", "key"),
    [(["甲"], "seat_usage"), (["甲", "中"], "bad_seat"), (["x" * 40, "南"], "bad_name")],
    ids=["no-seat", "not-a-seat", "newcomer-name-too-long"],
)
def test_seat_change_refusals(args: list[str], key: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_seat_change(args, ROSTER)
    assert caught.value.key == key


@pytest.mark.parametrize(
    ("args", "dealer", "round_wind"),
    [
        (["乙"], Seat.S, None),
        (["圈南"], None, Seat.S),
        (["Dan", "Wu", "圈W"], Seat.N, Seat.W),
        (["西"], Seat.W, None),
        (["乙", "round", "N"], Seat.S, Seat.N),
        (["round", "wind", "S"], None, Seat.S),
        (["圈风", "西"], None, Seat.W),
    ],
    ids=["player", "round-wind-only", "both", "seat-word", "english", "english-long", "spaced"],
)
def test_dealer(args: list[str], dealer: Seat | None, round_wind: Seat | None) -> None:
    change = parse_dealer(args, ROSTER)
    assert (change.dealer, change.round_wind) == (dealer, round_wind)


@pytest.mark.parametrize(
    ("args", "key"),
    [([], "dealer_usage"), (["戊"], "unknown_player")],
    ids=["nothing", "not-at-the-table"],
)
def test_dealer_refusals(args: list[str], key: str) -> None:
    with pytest.raises(GrammarError) as caught:
        parse_dealer(args, ROSTER)
    assert caught.value.key == key


@pytest.mark.parametrize(
    ("text", "contracts", "discard_word"),
    [
        ("甲 自摸 承包 @dan", [Seat.N], "点炮"),
        ("甲 自摸 三摊承包 丙", [Seat.W], "点炮"),
        ("甲 乙 放冲 丙", [None, None], "放冲"),
        ("甲 ron 丙", [None], "点炮"),
        ("甲 七对 承包 乙；丙 点炮 @dan", [Seat.S, None], "点炮"),
    ],
    ids=["contract", "contract-seed-name", "discard-word-kept", "ron", "contract-per-segment"],
)
def test_hu_contract_and_discard_word(
    text: str, contracts: list[Seat | None], discard_word: str
) -> None:
    """The seats taken out of the words travel as values; the word said is kept to quote."""
    command = parse_hu(text, ROSTER)
    assert [claim.contract for claim in command.claims] == contracts
    assert command.discard_word == discard_word


def test_two_contract_payers_for_one_winner_are_refused() -> None:
    with pytest.raises(GrammarError) as caught:
        parse_hu("甲 自摸 承包 乙 承包 丙", ROSTER)
    assert (caught.value.key, caught.value.token) == ("two_contracts", "承包 丙")
