"""Handlers through Application.process_update over the in-memory Bot API and a real ledger."""

from __future__ import annotations

import gzip
import html
import re

import pytest

from bot.handlers import views
from bot.handlers.views import running_totals
from bot.i18n import HELP
from bot.table_html import signed
from tests.bot.conftest import FAULT_COMMAND, GROUP, PLAYERS, Harness


async def balances(h: Harness, chat: int = GROUP) -> dict[str, int]:
    session = await h.ledger.sessions.current(chat)
    tally = await h.ledger.reports.tally(chat, session.id if session else None)
    return {row.player.name: row.balance for row in tally.rows}


async def test_new_seats_four_players_and_refuses_a_second_session(harness: Harness) -> None:
    [reply] = await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁")
    assert "杭州麻将" in reply.text and "底分 1" in reply.text
    assert "东 甲" in reply.text and "北 丁" in reply.text and "庄：甲" in reply.text
    [again] = await harness.say("乙", "/new 强盗胡 2")
    assert "已有进行中的牌局" in again.text and "/settle" in again.text


async def test_quick_win_reply_shows_patterns_deltas_and_details_the_formula_and_tally(
    harness: Harness,
) -> None:
    await harness.open_table()
    [reply, _who] = await harness.say("乙", "/hu 甲 自摸 爆头")
    assert "爆头 = 2 番" in reply.text and "× 8" not in reply.text
    assert "甲 +48 · 乙 −16 · 丙 −16 · 丁 −16" in reply.text
    assert "下一局：甲（东）坐庄" in reply.text
    assert reply.buttons == [("↩️ 撤销", "undo:1"), ("📋 详情", "full:1"), ("➕ 记一手", "tap:next")]
    _, details = await harness.press("乙", reply, 1)
    assert "爆头 2 番 × 8" in details.text and "本场积分" in details.text
    # The hand's deltas are told once, by name (not again by seat), and the ruleset once.
    assert "东（胡）" not in details.text and details.text.count("杭州麻将") == 1
    assert details.text.count("甲 +48 · 乙 −16") == 1
    assert await balances(harness) == {"甲": 48, "乙": -16, "丙": -16, "丁": -16}


async def test_full_hand_win_sends_a_picture(harness: Harness) -> None:
    await harness.open_table()
    sent = await harness.say("甲", "/hu 东 123m456m789m123p白 +5s 自摸")
    assert [s.method for s in sent] == ["sendMessage", "sendPhoto"]
    assert sent[1].content is not None and sent[1].content.startswith(b"\x89PNG")
    assert "sendChatAction" in harness.api.calls
    assert (await balances(harness))["甲"] == 48


async def test_two_winners_on_one_discard_under_huzhou(harness: Harness) -> None:
    await harness.open_table("/new 强盗胡 2 甲 乙 丙 丁")
    [reply, _who] = await harness.say("丙", "/hu 甲 乙 点炮 丙")
    assert "#1,2" in reply.text
    assert await balances(harness) == {"甲": 2, "乙": 2, "丙": -4}
    # 抢庄制 after 一炮多响: the first winner in turn after the discarder (丙, 西) deals: 甲 (东).
    assert "下一局：甲（东）坐庄" in reply.text


@pytest.mark.parametrize(
    ("table", "shown", "hidden"),
    [
        pytest.param(
            "/new 双辣 1", "南 乙 🀄（门风东）", "东 甲 🀄", id="shuangla-scores-seat-wind"
        ),
        pytest.param("/new 杭州 1", "南 乙 🀄", "门风", id="hangzhou-does-not"),
    ],
)
async def test_the_table_shows_each_seats_wind_where_it_scores(
    harness: Harness, table: str, shown: str, hidden: str
) -> None:
    """After 乙 wins and deals, 乙's 门风 is 东 although 乙 still sits at 南."""
    await harness.open_table(f"{table} 甲 乙 丙 丁")
    await harness.say("乙", "/hu 乙 自摸 清一色 无花" if "双辣" in table else "/hu 乙 自摸")
    [seats] = await harness.say("甲", "/seat")
    assert shown in seats.text and hidden not in seats.text


@pytest.mark.parametrize(
    ("table", "shown"),
    [
        pytest.param("/new 双辣 1", "<b>乙</b>（南 · 门风东）胡", id="shuangla-names-the-wind"),
        pytest.param("/new 杭州 1", "<b>乙</b>（南）胡", id="hangzhou-seat-only"),
    ],
)
async def test_a_dealers_win_names_the_wind_it_was_scored_with(
    harness: Harness, table: str, shown: str
) -> None:
    """乙 deals from 南: under 双辣 the reply says 乙's 门风 was 东 (what 座风刻 counted)."""
    await harness.open_table(f"{table} 甲 乙 丙 丁")
    line = "/hu 乙 自摸 清一色 无花" if "双辣" in table else "/hu 乙 自摸"
    await harness.say("乙", line)
    [second] = await harness.say("乙", line)
    assert shown in second.params["text"]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        pytest.param("/hu 乙 天胡", "现在 甲 坐庄，乙 不是庄家", id="heavenly-by-a-non-dealer"),
        pytest.param("/hu 甲 地胡", "甲 现在坐庄", id="earthly-by-the-dealer"),
    ],
)
async def test_heavenly_and_earthly_refusals_name_the_dealer(
    harness: Harness, line: str, said: str
) -> None:
    await harness.open_table()
    [refused] = await harness.say("甲", line)
    assert refused.text.startswith("❌") and said in refused.text and "座" not in refused.text
    assert await balances(harness) == {}


@pytest.mark.parametrize(
    ("lang", "line", "quoted"),
    [
        pytest.param("zh", "/hu 甲 点炮 乙 财飘", "和「点炮 乙」矛盾", id="zh"),
        pytest.param("en", "/hu 甲 ron 乙 float 1", "contradicts “ron 乙”", id="en"),
        pytest.param(
            "zh", "/hu 甲 放冲 乙 财飘", "「财飘」：和「放冲 乙」矛盾", id="the-word-typed"
        ),
        pytest.param("zh", "/hu 甲 自摸 抢杠胡 乙", "「自摸」：和「抢杠 乙」矛盾", id="robbed"),
        pytest.param("en", "/hu 甲 tsumo rob 乙", "“tsumo”: contradicts “rob 乙”", id="robbed-en"),
        pytest.param("zh", "/hu 甲 自摸 承包 甲", "「承包 甲」：承包的是胡牌者自己", id="contract"),
        pytest.param(
            "en", "/hu 甲 tsumo contract 甲", "“contract 甲”: the contract", id="contract-en"
        ),
    ],
)
async def test_a_refusal_quotes_the_discarder_as_typed(
    harness: Harness, lang: str, line: str, quoted: str
) -> None:
    """The core is given seats (WinFacts); the player wrote names, and reads them back."""
    await harness.say("甲", f"/lang {lang}")
    await harness.open_table("/new 杭州 1 甲 乙 丙 丁")
    [refused] = await harness.say("甲", line)
    assert quoted in refused.text
    assert not any(f"{word}{seat}" in refused.text for word in "炮杠包" for seat in "ESWN")
    assert await balances(harness) == {}


async def test_a_slash_before_a_chinese_verb_still_runs_it(harness: Harness) -> None:
    """/流局 is no bot command to Telegram (Latin only) but reaches a bot in privacy mode."""
    await harness.open_table()
    [drawn] = await harness.say("甲", "/流局")
    assert "流局" in drawn.text and drawn.buttons


async def test_undoing_an_undone_entry_says_so_to_anyone(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/undo")
    [again] = await harness.say("戊", "/undo #1")  # 戊 could not undo it, but there is no need
    assert "已经撤销过了" in again.text


async def test_a_typed_seat_wind_is_the_one_the_reply_names(harness: Harness) -> None:
    """乙 deals (门风东) but the line says 座南: the reply names the 门风 the 台 counted."""
    await harness.open_table("/new 双辣 1 甲 乙 丙 丁")
    await harness.say("甲", "/dealer 乙")
    reply, _picture, _who = await harness.say(
        "乙", "/hu 乙 南南南123m456m789m9m +9m 自摸 翻5p 座南"
    )
    assert "<b>乙</b>（南）胡" in reply.params["text"] and "门风东" not in reply.text
    assert "座风刻" in reply.text


async def test_an_empty_dealers_seat_is_named_in_the_readers_language(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    [opened] = await harness.say("甲", "/new hangzhou 1")
    assert "Dealer: E ·" in opened.text and "东" not in opened.text


async def test_winner_deals_next_under_huzhou_and_the_seat_wind_follows(harness: Harness) -> None:
    await harness.open_table("/new 双辣 1 甲 乙 丙 丁")
    [first, _who] = await harness.say("乙", "/hu 乙 自摸 清一色 无花")
    assert "下一局：乙（南）坐庄" in first.text
    # 乙 now deals, so 乙's seat wind is 东 and 甲's is 北: a triplet of 北 is 甲's seat-wind 台.
    await harness.say("甲", "/hu 甲 自摸 混一色 无花 门风刻")
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and session.dealer == "E"
    history = await harness.ledger.reports.history(GROUP, session.id)
    assert history.entries[0].hand_line is not None and "座N" in history.entries[0].hand_line


async def test_replayed_update_is_not_counted_twice(harness: Harness) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸 爆头")
    await harness.feed(update)
    [again] = await harness.feed(update)
    assert "已经记过了" in again.text
    assert await balances(harness) == {"甲": 48, "乙": -16, "丙": -16, "丁": -16}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/hu 戊 自摸", "「戊」不是本桌玩家"),
        ("/hu 甲 123m456m789m123p白 +5x 自摸", "5x"),
        ("/hu 甲 点炮 甲", "不能自己点炮"),
        ("/hu 甲 七对", "自摸"),
        ("/kong 甲 明杠", "明杠要写是谁打出的牌"),
        ("/undo abc", "不是记录编号"),
    ],
    ids=[
        "unknown-player",
        "bad-tile",
        "self-discard",
        "missing-fact",
        "kong-without-discarder",
        "bad-entry-id",
    ],
)
async def test_bad_input_gets_one_message_and_records_nothing(
    harness: Harness, line: str, expected: str
) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", line)
    assert expected in reply.text
    assert reply.buttons == []
    assert await balances(harness) == {}


async def test_no_open_session_says_how_to_open_one(harness: Harness) -> None:
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    assert "/new 杭州" in reply.text


async def test_undo_button_permissions(harness: Harness) -> None:
    await harness.open_table()
    [reply, _who] = await harness.say("乙", "/hu 乙 自摸 爆头")
    [refused] = await harness.press("丙", reply)
    assert refused.method == "answerCallbackQuery" and "群管理员" in refused.text
    assert (await balances(harness))["乙"] == 48
    sent = await harness.press("丁", reply)  # 丁 is a chat admin
    assert [s.method for s in sent] == ["answerCallbackQuery", "editMessageText"]
    assert "已由 丁 撤销" in sent[1].text and sent[1].buttons == []
    assert (await balances(harness))["乙"] == 0
    # The old standings struck through, the standings after the undo below the mark.
    edited = sent[1].params["text"]
    assert edited.startswith("<s>") and "</s>\n↩️ 已由 丁 撤销" in edited
    now = "<b>本场积分</b>\n丁 0\n丙 0\n乙 0\n甲 0\n下一局：甲（东）坐庄 · 圈风 东"
    assert edited.endswith(now)
    [twice] = await harness.press("乙", reply)
    assert "已经撤销" in twice.text


async def test_undo_command_by_author_and_by_anonymous_admin(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    [refused] = await harness.say("丙", "/undo")
    assert "群管理员" in refused.text
    [done] = await harness.say("乙", "/undo")
    assert "已撤销 #1" in done.text
    await harness.say("丙", "/hu 丙 自摸")
    anonymous = {"sender_chat": harness.api.chats[GROUP]}
    [by_admin] = await harness.say("戊", "/undo", **anonymous)
    assert "已撤销 #3" in by_admin.text
    assert set((await balances(harness)).values()) == {0}


async def test_edited_hu_is_corrected_not_counted_twice(harness: Harness) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸")
    await harness.feed(update)
    message_id = update["message"]["message_id"]
    [reply] = await harness.feed(harness.make.edit(GROUP, message_id, "/hu 甲 自摸 爆头"))
    assert "已更正：撤销 #1，重记为 #3" in reply.text
    assert await balances(harness) == {"甲": 48, "乙": -16, "丙": -16, "丁": -16}


async def test_edit_of_an_undone_hu_only_gets_a_note(harness: Harness) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸")
    await harness.feed(update)
    await harness.say("甲", "/undo")
    [note] = await harness.feed(
        harness.make.edit(GROUP, update["message"]["message_id"], "/hu 甲 自摸 爆头")
    )
    assert "已撤销" in note.text
    assert set((await balances(harness)).values()) == {0}


async def test_plain_text_line_without_slash(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "胡 甲 自摸 爆头")
    assert "爆头" in reply.text
    assert await harness.say("甲", "胡说八道") == []


async def test_kong_draw_and_settle(harness: Harness) -> None:
    await harness.open_table()
    [kong] = await harness.say("甲", "/kong 甲 明杠 丙")
    assert "明杠" in kong.text and "甲 +3" in kong.text
    draw = await harness.draw()
    assert "流局" in draw.text and "下一局：甲（东）坐庄" in draw.text  # 杭州: 荒庄连庄
    [refused] = await harness.say("乙", "/settle")
    assert "开局的人或群管理员" in refused.text
    sent = await harness.say("甲", "/settle")
    assert "丙 → 甲：3" in sent[0].text
    assert sent[1].method == "sendPhoto"
    assert await harness.ledger.sessions.current(GROUP) is None


async def test_kong_is_refused_outside_hangzhou(harness: Harness) -> None:
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    [reply] = await harness.say("甲", "/kong 甲 暗杠")
    assert "不另外结算" in reply.text


async def test_names_are_escaped(harness: Harness) -> None:
    [reply] = await harness.say("甲", "/new 杭州 1 <i>坏</i> 乙 丙 丁")
    assert "<i>坏</i>" in reply.text  # shown literally, not as italics


async def test_join_fills_the_next_free_seat(harness: Harness) -> None:
    await harness.say("甲", "/new 杭州 1 我")
    [joined] = await harness.say("乙", "/join")
    assert "乙 坐南位" in joined.text
    [early] = await harness.say("甲", "/hu 甲 自摸")
    assert "还没坐满四家" in early.text


async def test_history_pages_with_buttons(harness: Harness) -> None:
    await harness.open_table()
    for _ in range(6):
        await harness.say("甲", "/hu 甲 自摸")
    [page1] = await harness.say("甲", "/history")
    assert "第 1/2 页" in page1.text and "#6" in page1.text and "平胡 = 1 番" in page1.text
    [edit] = (await harness.press("乙", page1, index=0))[1:]
    assert "第 2/2 页" in edit.text and "#1" in edit.text


async def test_export_sends_a_csv(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸")
    [document] = await harness.say("甲", "/export")
    assert document.method == "sendDocument" and document.file_name is not None
    assert document.file_name.endswith(".csv")
    assert document.content is not None and "甲" in document.content.decode("utf-8-sig")


async def test_a_large_export_is_sent_gzipped_in_parts(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Limits made small so a few hands cross them: the file is gzipped and cut in parts."""
    monkeypatch.setattr(views, "EXPORT_GZIP_ABOVE", 100)
    monkeypatch.setattr(views, "EXPORT_PART_LIMIT", 300)
    await harness.open_table()
    for _ in range(3):
        await harness.say("甲", "/hu 甲 自摸")
    documents = [s for s in await harness.say("甲", "/export") if s.method == "sendDocument"]
    assert len(documents) > 1
    assert documents[0].text.startswith(f"本群记录（CSV）第 1/{len(documents)} 部分")
    assert documents[0].file_name == f"mahjong-{abs(GROUP)}.csv.gz.part01"
    joined = gzip.decompress(b"".join(d.content or b"" for d in documents))
    assert joined.decode("utf-8-sig").count("\nentry,") == 3


async def test_english_per_chat(harness: Harness) -> None:
    [ok] = await harness.say("甲", "/lang en")
    assert "English" in ok.text
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    assert "No open session" in reply.text


async def test_score_in_private_chat(harness: Harness) -> None:
    sent = await harness.say("甲", "/score 123m456m789m123p白 +5s 自摸", chat=PLAYERS["甲"])
    assert "爆头" in sent[0].text and "+48" in sent[0].text
    assert sent[0].text.count("−16") == 3  # each seat's delta once, in the explanation's line
    assert sent[1].method == "sendPhoto"


async def test_rules_menu_and_why(harness: Harness) -> None:
    [menu] = await harness.say("甲", "/rules")
    assert len(menu.buttons) > 3
    [topic] = (await harness.press("甲", menu, index=0))[1:]
    assert topic.text
    await harness.open_table()
    [recorded] = await harness.say("甲", "/hu 甲 自摸 爆头")
    reply_to = recorded.message_id
    [why] = await harness.say("甲", "/why", reply_to=reply_to)
    assert "爆头" in why.text
    assert why.text.startswith("#1 甲 胡\n")  # the explanation names seats: who that was
    await harness.say("甲", "/undo")
    [undone] = await harness.say("乙", "/why 1")
    assert undone.text.startswith("#1 甲 胡 （已撤销）")


async def test_supergroup_migration_keeps_the_history(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    new_id = -1009999
    harness.api.add_chat(new_id, "周五麻将", kind="supergroup")
    await harness.feed(harness.make.migrate(GROUP, new_id, PLAYERS["甲"]))
    assert (await balances(harness, new_id))["甲"] == 48


async def test_after_a_migration_the_table_is_read_again_and_the_language_moves_along(
    harness: Harness,
) -> None:
    """The bot's copy of the table names the old chat id; a hand in the supergroup must be
    recorded in the moved session, answered in the language the group chose."""
    await harness.open_table()
    await harness.say("甲", "/lang en")
    await harness.say("甲", "/hu 甲 自摸 爆头")  # the table and its tally are now remembered
    new_id = -1009998
    harness.api.add_chat(new_id, "周五麻将", kind="supergroup")
    [moved] = await harness.feed(harness.make.migrate(GROUP, new_id, PLAYERS["甲"]))
    assert moved.chat_id == new_id and "supergroup" in moved.text
    [recorded] = await harness.say("甲", "/hu 甲 自摸 爆头", chat=new_id)
    assert "This hand: 甲 +48" in recorded.text
    _, details = await harness.press("甲", recorded, 1)
    assert details.chat_id == new_id
    assert "Session standings" in details.text and "+96" in details.text
    assert (await balances(harness, new_id))["甲"] == 96


async def test_unexpected_error_gets_an_apology(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    assert reply.message_id is not None
    sent = await harness.feed(harness.make.press(GROUP, PLAYERS["甲"], reply.message_id, "fault"))
    assert sent[-1].method == "answerCallbackQuery" and "抱歉" in sent[-1].text
    [said] = await harness.say("甲", FAULT_COMMAND)
    assert "抱歉" in said.text


async def test_tally_chart_has_a_line_per_seat_even_for_one_paid_later(
    harness: Harness,
) -> None:
    """甲 is in no posting of the first hand; the chart still draws every seat from the start."""
    await harness.open_table()
    await harness.say("甲", "/hu 乙 点炮 丙 七对 有花")
    await harness.say("甲", "/hu 甲 自摸 爆头")
    sent = await harness.say("甲", "/tally")
    assert [s.method for s in sent] == ["sendMessage", "sendPhoto"]
    assert sent[1].content is not None and sent[1].content.startswith(b"\x89PNG")


async def test_tally_chart_has_a_point_per_hand_and_leaves_out_what_was_undone(
    harness: Harness,
) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 乙 自摸 爆头")
    await harness.say("甲", "/undo")  # hand 1 again: neither the win nor its reversal shows
    await harness.say("甲", "/kong 甲 暗杠")
    await harness.say("甲", "/hu 甲 自摸")  # hand 1: the kong and the win make one point
    await harness.draw()  # hand 2: a point with no money
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    hands, series = await running_totals(harness.ledger, session)
    assert hands == (1, 2)
    assert series == {"甲": [30, 30], "乙": [-10, -10], "丙": [-10, -10], "丁": [-10, -10]}
    assert {name: values[-1] for name, values in series.items()} == await balances(harness)


async def test_the_tally_in_each_reply_is_the_ledgers(harness: Harness) -> None:
    """Replies move the session's standings along in memory; they must equal the ledger's
    (the full replies show them)."""
    await harness.open_table()
    await harness.say("甲", "/settings 回复 完整")
    lines = [
        "/hu 甲 自摸 爆头",
        "/kong 乙 明杠 丙",
        "/hu 乙 丙 点炮 丁",
        "/undo",
        "/hu 丁 点炮 甲 七对 有花",
        "/kong 丙 补杠",
        "/hu 丙 自摸 财飘",
    ]
    for line in lines:
        [reply] = await harness.say("甲", line)
        session = await harness.ledger.sessions.current(GROUP)
        assert session is not None
        tally = await harness.ledger.reports.tally(GROUP, session.id)
        expected = "\n".join(f"{row.player.name} {signed(row.balance)}" for row in tally.rows)
        assert reply.text.endswith(expected) or f"{expected}\n下一局" in reply.text, line


async def test_a_refused_hu_fixed_by_editing_is_recorded_once(harness: Harness) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自模 爆头")  # typo: 自模
    [refused] = await harness.feed(update)
    assert "自模" in refused.text
    edit = harness.make.edit(GROUP, update["message"]["message_id"], "/hu 甲 自摸 爆头")
    [recorded] = await harness.feed(edit)
    assert "爆头" in recorded.text and "#1" in recorded.text
    assert await harness.feed(edit) == []  # the same edit delivered twice changes nothing
    assert await balances(harness) == {"甲": 48, "乙": -16, "丙": -16, "丁": -16}


async def test_why_as_a_reply_to_the_hand_picture(harness: Harness) -> None:
    await harness.open_table()
    _, photo = await harness.say("甲", "/hu 东 123m456m789m123p白 +5s 自摸")
    assert photo.text == "#1"
    [why] = await harness.say("乙", "/why", reply_to=photo.message_id)
    assert "爆头" in why.text


async def test_anonymous_admin_records_and_undoes(harness: Harness) -> None:
    await harness.open_table()
    anonymous = {"sender_chat": harness.api.chats[GROUP]}
    [reply] = await harness.say("戊", "/hu 乙 自摸", **anonymous)
    assert "乙 +24" in reply.text
    [done] = await harness.say("戊", "/undo", **anonymous)
    assert "已撤销 #1" in done.text


async def test_stats_and_head_to_head(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/hu 乙 点炮 甲 七对 有花")
    [stats] = await harness.say("甲", "/stats")
    assert "甲：2 局 胡 1（自摸 1）点炮 1" in stats.text
    [pair] = await harness.say("甲", "/stats 甲 乙")
    assert "甲 对 乙：同桌 2 局" in pair.text
    [unknown] = await harness.say("甲", "/stats 甲 戊戊")
    assert "戊戊" in unknown.text
    [one] = await harness.say("甲", "/stats 乙")
    assert "乙：2 局 胡 1" in one.text and "甲：" not in one.text


async def test_stats_of_a_name_shared_by_a_guest_and_a_member_shows_both(
    harness: Harness,
) -> None:
    """乙 was seated as a guest; later a member named 乙 speaks up: /stats 乙 shows both."""
    harness.api.add_user(77, "乙")
    await harness.open_table()  # guest 乙 (the member has not spoken yet)
    await harness.say("甲", "/hu 乙 自摸")
    await harness.feed(harness.make.message(GROUP, 77, "/tally"))  # the member 乙 speaks
    await harness.feed(harness.make.message(GROUP, 77, "/hu 甲 自摸"))
    [both] = await harness.say("甲", "/stats 乙")
    assert "乙（客）：2 局 胡 1" in both.text and "\n乙：0 局" in both.text
    [pair] = await harness.say("甲", "/stats 甲 乙")  # the 乙 who played with 甲
    assert "甲 对 乙（客）：同桌 2 局" in pair.text
    [typed] = await harness.say("甲", "/stats 乙（客）")
    assert "乙（客）：2 局" in typed.text and "0 局" not in typed.text


async def test_head_to_head_of_a_shared_name_takes_the_one_who_sat_together(
    harness: Harness,
) -> None:
    """The member 乙 played more hands overall, but only the guest 乙 ever sat with 甲."""
    harness.api.add_user(77, "乙")
    await harness.open_table()  # guest 乙 sits with 甲
    await harness.say("甲", "/hu 乙 点炮 甲")
    await harness.say("甲", "/settle")
    await harness.feed(harness.make.message(GROUP, 77, "/new 杭州 1 我 丙 丁 戊"))
    for winner in ("我", "丙", "丁"):
        await harness.feed(harness.make.message(GROUP, 77, f"/hu {winner} 自摸"))
    [pair] = await harness.say("甲", "/stats 甲 乙")
    assert "甲 对 乙（客）：同桌 1 局" in pair.text


async def test_stats_reach_a_guest_written_as_an_at_name(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 乙 丙 @lisi")
    await harness.say("甲", "/hu @lisi 自摸")
    [one] = await harness.say("甲", "/stats @lisi")
    assert "lisi：1 局 胡 1" in one.text
    [pair] = await harness.say("甲", "/stats 甲 @lisi")
    assert "同桌 1 局" in pair.text


async def test_stats_leave_out_members_who_never_played(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("戊", "/hu 甲 自摸 爆头")  # 戊 keeps score: a player of the chat, unseated
    [stats] = await harness.say("戊", "/stats")
    assert "甲：1 局" in stats.text and "戊" not in stats.text
    [own] = await harness.say("戊", "/stats 戊")
    assert "戊：0 局" in own.text  # asked by name, the empty record is shown


async def test_ting_lists_the_waits(harness: Harness) -> None:
    [reply] = await harness.say("甲", "/ting 123m456m789m123p5s")
    assert "听" in reply.text and "五条" in reply.text and "自摸" in reply.text


async def test_seat_swap_needs_the_creator_and_moves_the_winds(harness: Harness) -> None:
    await harness.open_table()
    [refused] = await harness.say("乙", "/seat 甲 南")
    assert "开局的人或群管理员" in refused.text
    [moved] = await harness.say("甲", "/seat 甲 南")
    assert "东 乙" in moved.text and "南 甲" in moved.text
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    assert "甲（南）胡" in reply.text


async def test_english_recording_reply(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    await harness.open_table("/new hangzhou 1 甲 乙 丙 丁")
    [reply] = await harness.say("甲", "/hu 甲 自摸 爆头")
    assert "Baotou (爆头) = 2 fan" in reply.text and "Next: 甲 (E) deals" in reply.text
    assert [label for label, _ in reply.buttons] == ["↩️ Undo", "📋 Details", "➕ Next hand"]
    _, details = await harness.press("乙", reply, 1)
    assert "Formula: Baotou 2 fan × 8" in details.text and "Session standings" in details.text
    assert [label for label, _ in details.buttons] == ["↩️ Undo", "🔼 Less", "➕ Next hand"]


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_help_examples_work_when_pasted(harness: Harness, lang: str) -> None:
    examples = re.findall(r"<code>(/[^<]+)</code>", HELP[lang])
    opening, *rest = examples
    [opened] = await harness.say("甲", html.unescape(opening))
    assert "🀄" in opened.text, opened.text
    for example in rest:
        if example.startswith("/new"):
            continue  # a second session while one is open is refused, by design
        sent = await harness.say("甲", html.unescape(example))
        assert sent and not sent[0].text.startswith("❌"), (example, sent[0].text if sent else None)
        assert "写法" not in sent[0].text and "Write:" not in sent[0].text, example


async def test_join_as_a_reply_seats_the_replied_member(harness: Harness) -> None:
    await harness.say("甲", "/new 杭州 1 我")
    hello = harness.make.message(GROUP, PLAYERS["乙"], "我也来")
    await harness.feed(hello)
    [joined] = await harness.say("甲", "/join", reply_to=hello["message"]["message_id"])
    assert "乙 坐南位" in joined.text


async def test_rules_question_gets_a_short_answer_and_the_full_text(harness: Harness) -> None:
    [short] = await harness.say("甲", "/rules 爆头是什么")
    assert "爆头" in short.text and short.buttons and short.buttons[0][0] == "详细说明"
    [full] = (await harness.press("甲", short))[1:]
    assert len(full.text) > len(short.text)


async def test_english_error_names_the_table_in_english(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    await harness.open_table("/new hangzhou 1 甲 乙 丙 丁")
    [reply] = await harness.say("甲", "/hu Eve 自摸")
    assert "Eve is not at this table (E 甲 · S 乙 · W 丙 · N 丁)" in reply.text


async def test_a_newcomer_replaces_a_player_mid_session(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 丁 自摸")
    [moved] = await harness.say("甲", "/seat 戊 北")
    assert "北 戊" in moved.text and "丁" not in moved.text
    [reply] = await harness.say("甲", "/hu 戊 自摸")
    assert "戊 +24" in reply.text and "丁" not in reply.text  # the hand's four players
    _, details = await harness.press("甲", reply, 1)
    assert "戊 +24" in details.text and "丁 +24" in details.text  # 丁 keeps what 丁 won
    [taken] = await harness.say("甲", "/seat 戊 东")
    assert "东 戊" in taken.text and "北 甲" in taken.text  # 戊 is seated now: a swap


async def test_dealer_corrected_by_hand_feeds_the_seat_winds(harness: Harness) -> None:
    await harness.open_table("/new 双辣 1 甲 乙 丙 丁")
    [refused] = await harness.say("乙", "/dealer 乙")
    assert "开局的人或群管理员" in refused.text
    [shown] = await harness.say("甲", "/dealer 丙 圈南")
    assert "庄：丙" in shown.text and "圈风：南" in shown.text
    await harness.say("甲", "/hu 甲 自摸 清一色 无花")
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    history = await harness.ledger.reports.history(GROUP, session.id)
    line = history.entries[0].hand_line or ""
    assert "座W" in line and "圈S" in line  # 丙 (西) deals, so 甲 at 东 has seat wind 西


async def test_undo_takes_back_a_whole_double_win_and_a_replay_is_answered_as_one(
    harness: Harness,
) -> None:
    await harness.open_table("/new 强盗胡 2 甲 乙 丙 丁")
    await harness.say("甲", "/hu 甲 自摸 无花")
    await harness.say("丙", "/hu 甲 乙 点炮 丙")
    undo = harness.make.message(GROUP, PLAYERS["丙"], "/undo")
    [done] = await harness.feed(undo)
    assert "已撤销 #2,3" in done.text
    after_undo = await balances(harness)
    assert after_undo == {"甲": 18, "乙": -6, "丙": -6, "丁": -6}  # only the first hand stands
    [again] = await harness.feed(undo)
    assert "已经记过了（#4,5）" in again.text
    assert await balances(harness) == after_undo


async def test_undo_button_of_a_double_win_reverses_both_at_once(harness: Harness) -> None:
    await harness.open_table("/new 强盗胡 2 甲 乙 丙 丁")
    [reply, _who] = await harness.say("丙", "/hu 甲 乙 点炮 丙")
    assert reply.buttons == [
        ("↩️ 撤销", "undo:1,2"),
        ("📋 详情", "full:1,2"),
        ("➕ 记一手", "tap:next"),
    ]
    assert reply.message_id is not None
    press = harness.make.press(GROUP, PLAYERS["丙"], reply.message_id, "undo:1,2")
    answer, edited = await harness.feed(press)
    assert "已撤销 #1,2（冲正记录 #3,4）" in answer.text and "撤销（#3,4）" in edited.text
    [again] = await harness.feed(press)
    assert again.method == "answerCallbackQuery" and "已经撤销" in again.text
    assert set((await balances(harness)).values()) == {0}
    first, second = [await harness.ledger.reports.entry(GROUP, entry_id) for entry_id in (3, 4)]
    assert first.reverses == 1 and second.reverses == 2
    assert first.source is not None and first.source == second.source  # one write, one source


async def test_editing_an_undo_message_records_nothing(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸")
    undo = harness.make.message(GROUP, PLAYERS["甲"], "/undo")
    await harness.feed(undo)
    assert (
        await harness.feed(harness.make.edit(GROUP, undo["message"]["message_id"], "/undo #1"))
        == []
    )
    assert set((await balances(harness)).values()) == {0}


async def test_editing_a_hand_of_a_closed_session_changes_nothing(harness: Harness) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸")
    await harness.feed(update)
    await harness.say("甲", "/settle")
    await harness.open_table()
    edit = harness.make.edit(GROUP, update["message"]["message_id"], "/hu 甲 自摸 爆头")
    assert await harness.feed(edit) == []
    assert await balances(harness) == {}


async def test_kong_and_hu_in_the_order_players_say_them(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 大刘 老王 丙 丁")
    [kong] = await harness.say("甲", "/kong 暗杠 大刘")
    assert "暗杠" in kong.text and "大刘 +6" in kong.text
    [win] = await harness.say("甲", "/hu 自摸 老王 爆头")
    assert "老王（南）胡" in win.text and "老王 +48" in win.text
    [glued] = await harness.say("甲", "胡 大刘点炮丙七对有花")
    assert "大刘（东）胡" in glued.text and "财神七对" in glued.text
    [kong] = await harness.say("甲", "杠 老王暗杠")
    assert "老王（南）暗杠" in kong.text


@pytest.mark.parametrize(
    ("opening", "line", "named", "hidden"),
    [
        ("/new 杭州 1 甲 乙 丙 丁", "/hu 乙 自模 爆头", "「自模」", "个字符"),
        ("/new 杭州 1 甲 乙 丙 丁", "/hu 甲 123m456m789m123q白 +5s 自摸", "「123q白」", "个字符"),
        ("/new 硬飘花 1 甲 乙 丙 丁", "/hu 甲 放冲 乙 无花", "「放冲 乙」", "放冲S"),
        ("/new 强盗胡 1 甲 乙 丙 丁", "/hu 甲 自摸", "「自摸」", "个字符"),
        ("/new 杭州 1 甲 乙 丙 丁", "/kong 甲 明杠", "❌ 明杠要写是谁打出的牌", "个字符"),
        ("/new 杭州 1 甲 乙 丙 丁", "/hu 戊 自摸", "❌ 「戊」不是本桌玩家", "个字符"),
    ],
    ids=["typo-word", "typo-tile", "discard-in-硬飘花", "missing-有花", "grammar", "wrong-name"],
)
async def test_a_refusal_names_what_the_player_typed(
    harness: Harness, opening: str, line: str, named: str, hidden: str
) -> None:
    """Where in the line: the player's words, not the line the bot handed the scoring core."""
    await harness.open_table(opening)
    [reply] = await harness.say("甲", line)
    assert reply.text.startswith("❌") and named in reply.text and hidden not in reply.text
    assert await balances(harness) == {}


async def test_history_shows_the_line_as_players_write_it(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 乙 点炮 丙 七对 有花")
    [page] = await harness.say("甲", "/history")
    assert "#1 胡 乙 点炮 丙 七对 有花" in page.text
    assert "点炮W" not in page.text and "座" not in page.text and "圈" not in page.text


@pytest.mark.parametrize(
    ("table", "line", "shown"),
    [
        pytest.param(
            "/new 杭州 1", "/hu 丁 自摸 三连杠 爆头", "三连杠、爆头 = 16 番", id="hangzhou-product"
        ),
        pytest.param(
            "/new 双辣 1",
            "/hu 甲 自摸 清一色 无花",
            "清一色、无花、双辣 = 2 倍（5 台）",
            id="shuangla-tai",
        ),
        pytest.param(
            "/new 杭州 1", "/hu 丙 点炮 乙 承包 丁 爆头", "承包 丁", id="contract-by-name"
        ),
    ],
)
async def test_history_shows_patterns_and_names_as_the_reply_does(
    harness: Harness, table: str, line: str, shown: str
) -> None:
    """No sum of a product (三连杠 8 + 爆头 2 = 16), no seat letter where a name was typed."""
    await harness.open_table(f"{table} 甲 乙 丙 丁")
    await harness.say("甲", line)
    [page] = await harness.say("甲", "/history")
    assert shown in page.text and " + " not in page.text
    assert not re.search(r"(点炮|承包)[ESWN]", page.text)


async def test_english_stats_read_as_english(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    await harness.open_table("/new hangzhou 1 甲 乙 丙 丁")
    await harness.say("甲", "/hu 甲 自摸")
    [stats] = await harness.say("甲", "/stats")
    assert "甲: hands 1 · won 1 (self-drawn 1) · dealt in 0 · best 24 · net +24" in stats.text
    [pair] = await harness.say("甲", "/stats 甲 乙")
    assert "甲 vs 乙: hands together 1 · won 1 / 0 · net +24 / −8" in pair.text
    await harness.say("甲", "/kong 暗杠 乙")
    await harness.say("甲", "/hu 丙 ron 丁")
    [page] = await harness.say("甲", "/history")
    assert "#2 kong 乙 concealed kong (暗杠)" in page.text
    assert "<b>#3</b> win 丙 <code>ron 丁</code>" in page.params["text"]


async def test_every_reply_shows_an_html_name_literally(harness: Harness) -> None:
    """A player named <b>x</b>& is shown as typed in every reply, never as markup."""
    name = "<b>x</b>&"
    harness.api.add_user(99, "<i>y</i>")
    harness.api.set_status(GROUP, 99, "administrator")
    sent = await harness.say("甲", f"/new 杭州 1 甲 乙 丙 {name}")
    lines = [
        f"/hu {name} 自摸 爆头",
        f"/hu 甲 点炮 {name} 七对 有花",
        f"/kong {name} 明杠 甲",
        f"/kong 暗杠 {name}",
        "/tally",
        "/history",
        "/stats",
        f"/stats 甲 {name}",
        f"/seat {name} 南",
        "/seat",
        "/dealer",
        "/why 1",
        f"/hu {name} 123m456m789m123p白 +5s 自摸",
    ]
    for line in lines:
        sent += await harness.say("甲", line)
    recorded = sent[-2]
    assert recorded.message_id is not None
    sent += await harness.feed(
        harness.make.press(GROUP, 99, recorded.message_id, recorded.buttons[0][1])
    )
    sent += await harness.say("甲", "/settle")
    texts = [s.text for s in sent if s.method in ("sendMessage", "editMessageText")]
    assert len(texts) >= len(lines) + 2
    for text in texts:
        assert "x&" not in text.replace(name, ""), text  # no bold x: the tags were escaped
    mentioning = [text for text in texts if name in text]
    assert len(mentioning) == len(texts)
    assert "已由 <i>y</i> 撤销" in texts[-2]


async def test_a_page_past_the_end_shows_the_last_page(harness: Harness) -> None:
    await harness.open_table()
    for _ in range(6):
        await harness.say("甲", "/hu 甲 自摸")
    [page] = await harness.say("甲", "/history 9")
    assert "第 2/2 页" in page.text and "#1" in page.text
    assert page.buttons == [("◀ 上一页", "hist:1:n1")]


async def test_joining_twice_and_a_full_table_say_what_to_do(harness: Harness) -> None:
    await harness.open_table()
    [again] = await harness.say("甲", "/join")
    assert "甲 已经坐在东位了" in again.text
    [full] = await harness.say("戊", "/join")
    assert full.text.startswith("❌") and "/seat 戊 北" in full.text
    [second] = await harness.say("甲", "/new 杭州 1")
    assert second.text.count("先") <= 1 and "/settle" in second.text


@pytest.mark.parametrize(
    ("lang", "line", "expected"),
    [
        ("zh", "/hu 大刘 点炮 大刘 无花", "❌ 大刘（东）不能自己点炮给自己"),
        ("zh", "/hu 大刘 大刘 点炮 丙", "❌ 大刘（东）写了两次胡"),
        ("en", "/hu 大刘 点炮 大刘 无花", "❌ 大刘 (E) cannot both win and discard"),
        ("en", "/kong 丙 明杠 乙 点炮 丁", "❌ One discard only: 乙 (S) is a second discarder"),
    ],
    ids=["discard-to-self", "winner-twice", "english", "two-discarders"],
)
async def test_a_refusal_about_a_seat_names_its_player(
    harness: Harness, lang: str, line: str, expected: str
) -> None:
    await harness.say("甲", f"/lang {lang}")
    await harness.open_table("/new 强盗胡 1 大刘 乙 丙 丁")
    [reply] = await harness.say("甲", line)
    assert expected in reply.text


@pytest.mark.parametrize(
    ("lang", "table", "line", "said"),
    [
        pytest.param(
            "zh",
            "/new 双辣 1 甲 乙 丙 丁",
            "/hu 甲 自摸 七对 台6",
            "「台6」：七对子最多 5 台（清一色 4 + 无花 1），到不了 6 台",
            id="zh-tai-beyond-seven-pairs",
        ),
        pytest.param(
            "en",
            "/new 双辣 1 甲 乙 丙 丁",
            "/hu 甲 自摸 台11",
            "“台11”: a hand reaches at most 10 tai (Mixed one suit 2 + All triplets 2",
            id="en-no-hand-has-11-tai",
        ),
        pytest.param(
            "zh",
            "/new 杭州 1 甲 乙 丙 丁",
            "/hu 甲 天胡 财飘",
            "「财飘」：和「天胡」矛盾：天胡是庄家起手就胡，还没打过牌",
            id="zh-heavenly-float",
        ),
        pytest.param(
            "en",
            "/new 平台 1 甲 乙 丙 丁",
            "/hu 甲 tenhou gangkai",
            "“gangkai”: contradicts “tenhou”: a heavenly hand is the dealt 14 tiles",
            id="en-heavenly-kong-bloom",
        ),
    ],
)
async def test_wins_that_cannot_happen_are_refused_in_the_readers_language(
    harness: Harness, lang: str, table: str, line: str, said: str
) -> None:
    await harness.say("甲", f"/lang {lang}")
    await harness.open_table(table)
    [refused] = await harness.say("甲", line)
    assert refused.text.startswith("❌") and said in html.unescape(refused.text)
    assert refused.buttons == []
    assert await balances(harness) == {}


async def test_ting_of_a_hand_holding_all_four_wilds(harness: Harness) -> None:
    [reply] = await harness.say("甲", "/ting 345m678m999p白白白*")
    assert reply.text.startswith("听 33 张") and "中：" in reply.text
    assert not any(line.startswith("白：") for line in reply.text.splitlines())
