"""The bot's words in Chinese and English: one catalog, HTML-safe templates.

Templates are HTML (the bot's parse mode); every value put into them is escaped by ``t``
unless it is wrapped in ``Html`` (already-built markup such as a list of names).
"""

from __future__ import annotations

import html
import re
from typing import Final

LANGS: Final = ("zh", "en")


class Html(str):
    """A string that is already HTML and must not be escaped again."""

    __slots__ = ()


_USAGE_HU_ZH: Final = (
    "写法：/hu 甲 自摸 爆头 · /hu 乙 点炮 丙 七对 有花 · /hu 东 123m456m789m123p白 +5s 自摸 · "
    "一炮多响：/hu 甲 乙 点炮 丙"
)
_USAGE_HU_EN: Final = (
    "Write: /hu Amy 自摸 爆头 · /hu Bob 点炮 Cat 七对 有花 · /hu E 123m456m789m123p白 +5s 自摸 · "
    "two winners on one discard: /hu Amy Bob 点炮 Cat"
)

CATALOG: Final[dict[str, tuple[str, str]]] = {
    # errors of the chat grammar
    "new_usage": (
        "写法：/new 杭州 [底分|初级场] [东 南 西 北 四位玩家]，例如 /new 杭州 1 甲 乙 丙 丁",
        "Write: /new hangzhou [base|room] [players E S W N], e.g. /new hangzhou 1 Amy Bob Cat Dan",
    ),
    "new_family_mismatch": (
        "「{token}」不是{family}的玩法：二者选一个",
        "“{token}” is not a way {family} plays: say one of the two",
    ),
    "new_which_system": (
        "{family}有 {count} 种玩法，打哪一种？",
        "{family} is played {count} ways: which one?",
    ),
    "new_same_as_last": (
        "🔁 和上次一样：{ruleset} · 底分 {base} · {players}",
        "🔁 Same as last time: {ruleset} · base {base} · {players}",
    ),
    "new_same_chosen": ("和上次一样", "same as last time"),
    "new_chosen": ("✅ {name} 选了：{chosen}", "✅ {name} chose: {chosen}"),
    "open_not_yours": (
        "只有发 /new 的人或群管理员能选",
        "Only whoever sent /new, or an admin, may choose",
    ),
    "carried_over": ("（沿用上一场）", " (as last session)"),
    "fee_carried": (
        "💰 台费 {fee} 元（沿用上一场），每人 {each} 元，已记账",
        "💰 Table fee {fee} yuan (as last session): {each} yuan each, recorded",
    ),
    "fee_carried_later": (
        "💰 上一场台费 {fee} 元：坐满后发 /fee {fee} 再记",
        "💰 Last session's table fee was {fee} yuan: send /fee {fee} once the table is full",
    ),
    "bad_base": (
        "底分「{token}」不对：要 1 到 {last} 之间的整数，例如 1 或 5",
        "Base {token!s} must be a whole number from 1 to {last}, e.g. 1 or 5",
    ),
    "room_not_in_ruleset": (
        "「{token}」是房间名，可{ruleset}没有房间：直接写底分，例如 /new {typed} 2 甲 乙 丙 丁",
        "{token} is a room, but {ruleset} has no rooms: give the base instead, "
        "e.g. /new {typed} 2 Amy Bob Cat Dan",
    ),
    "room_unknown": (
        "{ruleset}没有「{token}」这个房间；它的房间：{rooms}",
        "{ruleset} has no room {token}; its rooms: {rooms}",
    ),
    "too_many_players": (
        "一桌最多四人，多出了「{token}」",
        "Four players at most; {token} is one too many",
    ),
    "duplicate_player": ("「{token}」写了两次", "{token} is named twice"),
    "name_is_seat": ("「{token}」是座位，不能当名字用", "{token} is a seat, not a name"),
    "name_is_word": (
        "「{token}」是计分用词（自摸、点炮、七对……），不能当名字用：换个名字（如加上姓）",
        "{token} is a scoring word (自摸, ron, 七对 …), not a name: pick another name",
    ),
    "me_not_seated": (
        "「{token}」是你自己，可你不在本桌：写胡牌人的名字或座位，或先 /join",
        "{token} means you, but you are not seated: name the player or seat, or /join first",
    ),
    "discard_and_rob": (
        "一手只能是一种：点炮（打出的牌）或抢杠（补杠的牌），「{token}」和前面不一致",
        "One tile only: a discard or a robbed kong; {token} disagrees with the earlier word",
    ),
    "kong_discarder_is_owner": (
        "点杠的人不能是杠牌的{who}自己：明杠写 /kong 甲 明杠 丙（丙打出那张）",
        "The discarder of an exposed kong cannot be its owner {who}: /kong Amy 明杠 Cat",
    ),
    "bad_round_wind": (
        "圈风「{token}」不对：圈后面写 东 南 西 北 或 E S W N，例如 /dealer 圈南",
        "Round wind {token} is not a wind: 圈 takes 东 南 西 北 or E S W N, e.g. /dealer 圈S",
    ),
    "bad_name": (
        "名字「{token}」太长了（{length} 个字）：名字最多 {limit} 个字",
        "The name {token!s} is too long ({length} characters): at most {limit}",
    ),
    "name_separator": (
        "名字「{token}」里有「{separator}」：它用来分开玩家和词，不能放在名字里，换个名字",
        "The name {token} contains {separator!r}, which separates players and words: "
        "pick a name without it",
    ),
    "name_invisible": (
        "名字里没有看得见的字（{token}）：控制符、零宽、双向控制字符、填充符和空白符号不算",
        "The name has nothing visible ({token}): control, zero-width, bidi, filler and blank "
        "characters do not count",
    ),
    "name_hidden": (
        "名字「{token}」里有看不见的字符 {character}：它让两个名字看起来一样，去掉它再写",
        "The name {token} holds the invisible character {character}, which makes two names "
        "look alike: write the name without it",
    ),
    "name_is_pronoun": (
        "「{token}」指的是说话的人，不能当名字用：写这个人的名字",
        "{token} points at whoever speaks, it is not a name: write the person's name",
    ),
    "name_guest_mark": (
        "名字「{token}」带着「（客）」：这是本群标出客人的记号，不能写进名字",
        "The name {token} ends in the guest mark, which the bot adds itself: "
        "write the name without it",
    ),
    "word_repeated": (
        "「{token}」写了 {times} 次：一手牌里没有哪个词要写这么多遍",
        "{token} is written {times} times: no word of a hand needs that many",
    ),
    "line_too_long": (
        "这一手写得太长了（最多 {limit} 个字）：「{token}」",
        "This hand is too long (at most {limit} characters): {token}",
    ),
    "draw_args": (
        "流局不用写别的：看不懂「{token}」。只写 /draw",
        "A draw takes nothing else: {token} is not understood. Write just /draw",
    ),
    "bad_page": (
        "「{token}」不是页码：写 /history 2 这样的整数",
        "{token} is not a page number: write a whole number, e.g. /history 2",
    ),
    "bad_button": (
        "这个按钮的数据不对（{token}），请重新发命令",
        "This button's data is not valid ({token}); send the command again",
    ),
    # The Mini App's API refusals (bot/webapp/contract.py): {"error": code, "message": this}.
    "webapp_error_signature": (
        "无法确认你的 Telegram 身份，请从群里的按钮重新打开",
        "Telegram could not vouch for you: open the page again from the group's button",
    ),
    "webapp_error_rate": (
        "请求太频繁了，请 {seconds} 秒后再试",
        "Too many requests: try again in {seconds} s",
    ),
    "webapp_error_token": (
        "这个链接不是本机器人发的，请从群里的按钮重新打开",
        "This link was not made by this bot: open the page from the group's button",
    ),
    "webapp_error_member": (
        "你不在这个群里（或不能在群里发言），看不到它的账",
        "You are not in this group (or may not speak there), so its ledger is not shown",
    ),
    "webapp_error_period": ("看不懂时间段「{token}」", "Cannot read the period {token}"),
    "webapp_error_player": ("没有这位玩家：{token}", "No such player: {token}"),
    "webapp_error_no_player": ("这段时间里没有 {token} 的记录", "No records of {token} then"),
    "webapp_error_page": ("「{token}」不是页码", "{token} is not a page number"),
    "webapp_error_share": (
        "这个机器人没有配置 Mini App 的公网地址，无法分享卡片",
        "This bot has no public Mini App address: cards cannot be shared",
    ),
    "webapp_error_picture": ("这条记录没有牌面图", "This entry has no picture of a hand"),
    "webapp_error_body": (
        "请求的内容看不懂（要一个 JSON 对象）",
        "The request's body cannot be read (a JSON object, please)",
    ),
    "webapp_error_too_large": (
        "请求太大了，一手牌用不了这么多",
        "The request is too large for a hand",
    ),
    "webapp_error_bad_request": ("请求看不懂", "The request cannot be read"),
    "webapp_error_not_found": ("没有这个地址", "No such address"),
    "webapp_error_method": ("这个地址不接受这种请求", "This address does not take this method"),
    "webapp_error_internal": (
        "机器人出错了，已经记下；请稍后再试",
        "Something broke in the bot (it is logged); please try again later",
    ),
    "webapp_error_reply_lost": (
        "这手已记账（#{entries}），但群里的回复没发出去：再点一次 ✅ 会补发（不会重复记账）",
        "Recorded (#{entries}), but the group's reply did not go out: tap ✅ again to post it "
        "(it will not count twice)",
    ),
    "webapp_error_busy": (
        "机器人正忙，还没答复这手记没记上：再点一次 ✅ 就知道（不会重复记账）",
        "The bot is busy and has not said yet whether the hand is recorded: tap ✅ again to see "
        "(it will not count twice)",
    ),
    # The tile keyboard (bot/webapp/keyboard_hand.py): a value the page sent that no tap makes.
    "keyboard_bad_tile": ("没有这张牌：{token}", "No such tile: {token}"),
    "keyboard_bad_seat": ("没有这个座位：{token}（东南西北）", "No such seat: {token} (E S W N)"),
    "keyboard_bad_word": (
        "这桌的规则没有 {token} 这个词",
        "This table's ruleset has no word {token}",
    ),
    "keyboard_bad_value": ("看不懂 {token}", "Cannot read {token}"),
    "keyboard_too_many_tiles": (
        "牌太多了：现在 {count} 张，这手最多 {limit} 张（每个杠多 1 张）",
        "Too many tiles: {count}, where this hand holds at most {limit} (one more per kong)",
    ),
    "keyboard_too_few_tiles": (
        "牌还不够：现在 {count} 张，胡牌要 {limit} 张（每个杠多 1 张）",
        "Not enough tiles: {count}, where a winning hand holds {limit} (one more per kong)",
    ),
    "keyboard_needs_winning_tile": (
        "已经 {count} 张了，还差胡的是哪张：点「胡的牌」，再点最后摸到或别人打出的那张",
        "{count} tiles: which one won? Tap “Winning tile”, then the tile drawn or discarded last",
    ),
    "keyboard_meld_tiles": (
        "一组吃碰杠最多 4 张，这组有 {count} 张",
        "A meld holds at most 4 tiles; this one has {count}",
    ),
    "keyboard_too_many_melds": ("副露太多了：最多 4 组", "Too many melds: at most 4"),
    "keyboard_too_many_words": ("附加的词太多了", "Too many words"),
    "keyboard_self_discard": (
        "{token} 不能自己点炮给自己",
        "{token} cannot have discarded the winning tile to themselves",
    ),
    "keyboard_recorded_by": (
        "🀄 {name} 用整手牌键盘记账",
        "🀄 Recorded by {name} on the tile keyboard",
    ),
    "hu_usage": (_USAGE_HU_ZH, _USAGE_HU_EN),
    "unknown_winner": (
        "「{token}」不是本桌玩家（{roster}）。" + _USAGE_HU_ZH,
        "{token} is not at this table ({roster}). " + _USAGE_HU_EN,
    ),
    "unknown_player": (
        "「{token}」不是本桌玩家（{roster}）；可以写名字、@用户名或座位 东/南/西/北",
        "{token} is not at this table ({roster}); name a player, an @username or a seat E/S/W/N",
    ),
    "nobody_in_seat": (
        "「{token}」这个位子没人坐，没法付钱或收钱（本桌：{roster}）：写坐着的玩家",
        "Nobody sits at {token}, so nobody there can pay or be paid (table: {roster}); "
        "name a seated player",
    ),
    "winner_unclear": (
        "看不出谁胡（{roster}）：把胡牌的人写在最前面。" + _USAGE_HU_ZH,
        "Cannot tell who won ({roster}): put the winner first. " + _USAGE_HU_EN,
    ),
    "winner_twice": ("{who}写了两次胡", "{who} is named as a winner twice"),
    "two_contracts": (
        "一家只能由一个人承包，「{token}」和前面不一致",
        "One contract payer per winner: {token} disagrees with the earlier one",
    ),
    # A refusal of the scoring core: the word it is about, and why (a seat it was given as a
    # value named by the player's name).
    "scoring_token": ("「{token}」：{text}", "“{token}”: {text}"),
    "scoring_conflict": ("和「{other}」矛盾：{why}", "contradicts “{other}”: {why}"),
    "two_discarders": (
        "一炮多响只能有一个点炮的人，{who}是第二个",
        "One discard only: {who} is a second discarder",
    ),
    "discarder_is_winner": (
        "{who}不能自己点炮给自己",
        "{who} cannot both win and discard",
    ),
    "multi_needs_discard": (
        "几家同时胡要写谁点炮：/hu 甲 乙 点炮 丙",
        "Several winners need the discarder: /hu Amy Bob 点炮 Cat",
    ),
    "too_many_winners": ("最多三家同时胡", "At most three players can win on one discard"),
    "hu_needs_words": (
        "{who}怎么胡的？加上牌或者说明，例如 自摸、点炮 丙、七对 有花、爆头",
        "How did {who} win? Add the hand or words: 自摸, 点炮 Cat, 七对, 爆头",
    ),
    "prefix_needs_player": (
        "「{token}」后面要写是谁，例如 点炮 丙 或 点炮S",
        "{token} needs a player: 点炮 Cat or 点炮S",
    ),
    "kong_usage": (
        "写法：/kong 甲 暗杠 · /kong 甲 补杠 · /kong 甲 明杠 丙（丙打出的牌）",
        "Write: /kong Amy 暗杠 · /kong Amy 补杠 · /kong Amy 明杠 Cat (Cat discarded it)",
    ),
    "kong_kind": (
        "「{token}」不是杠的种类：写 明杠、暗杠 或 补杠",
        "{token} is not a kong: write 明杠, 暗杠 or 补杠",
    ),
    "kong_needs_discarder": (
        "明杠要写是谁打出的牌：/kong 甲 明杠 丙",
        "An exposed kong needs the discarder: /kong Amy 明杠 Cat",
    ),
    "kong_no_discarder": ("{token}不用写点杠的人", "{token} takes no discarder"),
    "kong_not_hangzhou": (
        "{ruleset}的杠不另外结算；只有{payers}的明杠、暗杠、补杠当场付钱",
        "{ruleset} does not pay kongs separately; only {payers} kongs settle at once",
    ),
    "bad_entry_id": (
        "「{token}」不是记录编号：写 #12 或 12（编号见 /history）",
        "{token} is not an entry number: write #12 or 12 (numbers are in /history)",
    ),
    "dealer_usage": (
        "写法：/dealer 乙（乙坐庄）· /dealer 圈南（改圈风）· /dealer 乙 圈南",
        "Write: /dealer Bob (Bob deals) · /dealer 圈S (round wind) · /dealer Bob 圈S",
    ),
    "seat_usage_taken": ("「{token}」已经在桌上了", "{token} is already at the table"),
    "seat_usage": (
        "写法：/seat 甲 南（甲和南位对调），/seat 戊 南（戊替下南位的人）",
        "Write: /seat Amy S (Amy swaps with South), /seat Eve S (Eve replaces South)",
    ),
    "bad_seat": (
        "「{token}」不是座位：写 东 南 西 北 或 E S W N",
        "{token} is not a seat: write E S W N or 东 南 西 北",
    ),
    "short_tai": ("{tai} 台", "{tai} tai"),
    "short_contract": ("{name} 承包全付", "{name} pays all (contract)"),
    "lang_admins_only": (
        "只有群管理员可以改本群的语言（/settings 里也一样）",
        "Only chat admins can change this group's language (as in /settings)",
    ),
    "lang_usage": ("写法：/lang zh 或 /lang en", "Write: /lang zh or /lang en"),
    "score_usage": (
        "写法：/score 123m456m789m123p白 +5s 自摸（可以在前面写规则：/score 强盗胡 … 翻1m）",
        "Write: /score 123m456m789m123p白 +5s 自摸 "
        "(a ruleset may come first: /score 强盗胡 … 翻1m)",
    ),
    "ting_usage": (
        "写法：/ting 123m456m789m123p5s（13 张，可以在前面写规则）",
        "Write: /ting 123m456m789m123p5s (13 tiles; a ruleset may come first)",
    ),
    "why_usage": (
        "这一场还没有胡牌可以解释。写法：/why 12（记录编号），或者回复机器人的记分消息发 /why",
        "No win in this session to explain yet. Write: /why 12 (an entry number), or reply "
        "/why to the bot's recording message",
    ),
    "why_header": ("#{entry} {name} 胡", "#{entry} {name} won"),
    "why_not_win": (
        "第 {entry} 条不是胡牌记录，没有番型可讲",
        "Entry #{entry} is not a win; nothing to explain",
    ),
    # sessions
    "no_session": (
        "本群没有进行中的牌局。开一局：/new 杭州 1 甲 乙 丙 丁",
        "No open session here. Open one: /new hangzhou 1 Amy Bob Cat Dan",
    ),
    "seats_incomplete": (
        "还没坐满四家（空位：{seats}）。发 /join 入座，或 /seat 名字 座位",
        "Seats still empty: {seats}. Send /join to sit down, or /seat NAME SEAT",
    ),
    "session_opened": (
        "🀄 第 {session} 场开始 · {ruleset} · 底分 {base}{room}",
        "🀄 Session #{session} · {ruleset} · base {base}{room}",
    ),
    "session_table": (
        "{seats}\n庄：{dealer} · 圈风：{round}",
        "{seats}\nDealer: {dealer} · round wind: {round}",
    ),
    "session_join_hint": (
        "空位：{seats}。发 /join 入座",
        "Empty seats: {seats}. Send /join to sit down",
    ),
    "joined": ("{name} 坐{seat}位", "{name} sits at {seat}"),
    "joined_already": ("{name} 已经坐在{seat}位了", "{name} already sits at {seat}"),
    "seat_empty": ("（空）", "(empty)"),
    # recording
    "replay": (
        "这条消息已经记过了（#{entries}），没有重复记账",
        "Already recorded (#{entries}); not counted twice",
    ),
    "hand_header": (
        "🀄 #{entries} · 第 {hand} 局 · {ruleset} · 底分 {base}",
        "🀄 #{entries} · hand {hand} · {ruleset} · base {base}",
    ),
    "winner_line": ("<b>{name}</b>（{seat}）胡", "<b>{name}</b> ({seat}) wins"),
    "deltas": ("本局：{deltas}", "This hand: {deltas}"),
    "tally_title": ("本场积分", "Session standings"),
    "next_dealer": (
        "下一局：{dealer}坐庄 · 圈风 {round}",
        "Next: {dealer} deals · round wind {round}",
    ),
    "undo_button": ("撤销", "Undo"),
    "kong_recorded": (
        "🀄 #{entry} · {name}（{seat}）{kind}",
        "🀄 #{entry} · {name} ({seat}) {kind}",
    ),
    "draw_recorded": ("🀄 #{entry} · 第 {hand} 局流局", "🀄 #{entry} · hand {hand} drawn"),
    "undone": (
        "↩️ 已撤销 #{entry}（冲正记录 #{reversal}）",
        "↩️ Entry #{entry} undone (reversal #{reversal})",
    ),
    "undone_mark": ("↩️ 已由 {name} 撤销（#{reversal}）", "↩️ Undone by {name} (#{reversal})"),
    "undo_confirm": (
        "#{entry} 不是最近一手（最近的是 #{latest}）：确定要撤销 #{entry} 吗？"
        "只有提出撤销的人或群管理员可以确认",
        "#{entry} is not the latest hand (that is #{latest}): undo #{entry} anyway? "
        "Only whoever asked or a chat admin can confirm",
    ),
    "undo_confirm_button": ("✅ 确认撤销 #{entry}", "✅ Undo #{entry}"),
    # a typed result read with a guess: one reading offered with ✅ (bot.handlers.typed)
    "typed_suggest": (
        "🤔 是不是这样记？\n{line}\n"
        "按 ✅ 就按这一行记（发这句话的人或群管理员可按，10 分钟内有效）",
        "🤔 Record it like this?\n{line}\nPress ✅ to record exactly this line (whoever wrote it "
        "or a chat admin, within 10 minutes)",
    ),
    "typed_correction_note": (
        "（这是记一手新的：上一手要作废，请按它下面的 ↩️ 撤销）",
        "(this records a new hand: to drop the earlier one, press ↩️ Undo under it)",
    ),
    "typed_unread": ("❌ 「{token}」看不懂", "❌ {token}: not a word I know"),
    "typed_not_player": ("❌ 「{token}」不是本桌玩家", "❌ {token} is not at this table"),
    "typed_corrects": (
        "（按 ✅ 就把上一手 #{entry} 改成这一行：#{entry} 撤销，记这一手）",
        "(✅ replaces the latest hand #{entry} with this line: #{entry} is reversed, this "
        "recorded)",
    ),
    "typed_ok_button": ("✅ 就这样记", "✅ Record this"),
    "typed_done": ("✅ {name} 确认记下：{line}", "✅ {name} confirmed: {line}"),
    "typed_already": (
        "这一行已经记过了（#{entries}），没有重复记",
        "Already recorded (#{entries}), not twice",
    ),
    "typed_expired": (
        "这个建议已过期：请重新发一次",
        "This suggestion has expired: please send the line again",
    ),
    "typed_denied": (
        "只有发这句话的人或群管理员可以确认",
        "Only whoever wrote the line or a chat admin can confirm it",
    ),
    "typed_ambiguous": (
        "「{token}」可以读成 {options}：请用空格把名字分开再发一次",
        "{token} reads as {options}: please send it again with a space between the names",
    ),
    "typed_no_piao": (
        "{ruleset}不算飘：请去掉「{token}」再发",
        "{ruleset} scores no 飘: send it again without {token}",
    ),
    "undo_cancel_button": ("✖ 取消", "✖ Cancel"),
    "undo_cancelled": ("已取消：#{entry} 没有撤销", "Cancelled: #{entry} stays recorded"),
    "undo_confirm_expired": (
        "这个确认已经过期（10 分钟），#{entry} 没有撤销：要撤销请重新发 /undo #{entry}",
        "This confirm expired (10 minutes): #{entry} stays recorded. Send /undo #{entry} again",
    ),
    "undo_confirm_denied": (
        "只有提出撤销的人或群管理员可以确认",
        "Only whoever asked or a chat admin can confirm this",
    ),
    "undo_denied": (
        "只有记这笔的人、开局的人或群管理员可以撤销",
        "Only whoever recorded it, the session's creator or a chat admin can undo it",
    ),
    "settle_denied": (
        "只有开局的人或群管理员可以结算",
        "Only the session's creator or a chat admin can settle",
    ),
    "dealer_denied": (
        "只有开局的人或群管理员可以改庄家和圈风",
        "Only the session's creator or a chat admin can change the dealer or round wind",
    ),
    "seat_denied": (
        "只有开局的人或群管理员可以换座",
        "Only the session's creator or a chat admin can change seats",
    ),
    "edit_corrected": (
        "✏️ 消息改了，已更正：撤销 #{old}，重记为 #{new}",
        "✏️ Message edited: #{old} reversed, recorded again as #{new}",
    ),
    "edit_note": (
        "✏️ 这条消息记过账（#{entries}），改消息不会重算；要改请先 /undo 再重新记",
        "✏️ This message was recorded (#{entries}); editing it changes nothing. "
        "/undo and record again",
    ),
    "edit_after_undo": (
        "✏️ 这条记录已撤销，改消息不会重记",
        "✏️ That entry was undone; the edit is not recorded",
    ),
    "already_undone": ("这条已经撤销过了", "That entry has already been undone"),
    "guest_mark": ("（客）", " (guest)"),
    "heavenly_not_dealer": (
        "天胡是庄家起手就胡：现在 {dealer} 坐庄，{name} 不是庄家（庄家不对就用 /dealer 改）",
        "a heavenly hand (天胡) is the dealer's: {dealer} deals now, not {name} "
        "(if that is wrong, fix it with /dealer)",
    ),
    "earthly_by_dealer": (
        "地胡是闲家第一轮就胡，{name} 现在坐庄：庄家起手就胡写 天胡",
        "an earthly hand (地胡) is a non-dealer's, and {name} deals now: the dealer's win on "
        "the deal is 天胡 (heavenly)",
    ),
    "nothing_to_undo": ("这一场没有可以撤销的记录", "Nothing left to undo in this session"),
    "no_sender": ("看不出是谁发的消息，没有记账", "Cannot tell who sent this; nothing recorded"),
    "unknown_chat_player": (
        "本群没有叫「{token}」的玩家；写名字或 @用户名，例如 /stats 甲 或 /stats 甲 乙",
        "No player {token} in this chat; name players, e.g. /stats Amy or /stats Amy Bob",
    ),
    "hint_settle_first": ("发 /settle 结算散场后再 /new", "Send /settle, then /new"),
    "hint_replace": (
        "要换人：/seat 新来的人 座位，例如 /seat 戊 北",
        "To replace a player: /seat NEWCOMER SEAT, e.g. /seat Eve N",
    ),
    "hint_open_session": (
        "开一局：/new 杭州 1 甲 乙 丙 丁",
        "Open one: /new hangzhou 1 Amy Bob Cat Dan",
    ),
    "hint_seat_swap": (
        "换座：/seat 甲 南；看座位：/seat",
        "Swap seats: /seat Amy S; show them: /seat",
    ),
    "hint_history": ("记录编号见 /history", "Entry numbers are in /history"),
    "hint_players": (
        "重名时用 @用户名，客人名字写在 /new 里",
        "Use the @username when names clash; guests are named in /new",
    ),
    # views
    "tally_all_time": ("本群总积分", "All-time standings"),
    "tally_empty": ("还没有记录", "Nothing recorded yet"),
    "history_title": (
        "📜 记录 第 {page}/{pages} 页（共 {total} 条）",
        "📜 History page {page}/{pages} ({total} entries)",
    ),
    "history_prev": ("◀ 上一页", "◀ Newer"),
    "history_next": ("下一页 ▶", "Older ▶"),
    "kind_win": ("胡", "win"),
    "kind_kong": ("杠", "kong"),
    "kind_draw": ("流局", "draw"),
    "kind_adjustment": ("调整", "adjustment"),
    "kind_reversal": ("冲正", "reversal"),
    "reversed_tag": ("（已撤销）", "(undone)"),
    "settle_empty": (
        "第 {session} 场什么都没记，就当没开过（不算一场）。重新开局发 /new",
        "Session #{session} recorded nothing: taken back as never opened (it does not "
        "count as a session). Send /new to open one",
    ),
    "settle_title": (
        "💰 第 {session} 场结算，牌局结束",
        "💰 Session #{session} settled and closed",
    ),
    "settle_awards": ("🏅 今晚：{awards}", "🏅 Tonight: {awards}"),
    "card_evening": ("第 {session} 场", "Session {session}"),
    "stats_awards": ("🏅 {name}：{awards}", "🏅 {name}: {awards}"),
    "settle_none": ("大家都是 0，不用转账", "Everyone is even; no transfers"),
    "rating_line": ("实力分：{ratings}", "Rating: {ratings}"),
    "rating_none": (
        "还没有实力分：每次 /settle 后按名次算（有分数的场次）",
        "No ratings yet: each /settle rates the session's placements",
    ),
    "rating_title": ("实力分 · 变化：{period}", "Rating · change: {period}"),
    "rating_row": (
        "{place}. {name} {shown} {change} · {games} 场",
        "{place}. {name} {shown} {change} · {games} games",
    ),
    "rating_no_change": ("(—)", "(—)"),
    "rating_unknown_word": (
        "「{token}」既不是时段（本月 上月 2026-11 …）也不是玩法（杭州 湖州）",
        "{token} is neither a period (this month, 2026-11 …) nor a family (hangzhou, huzhou)",
    ),
    "debts_reminder_title": (
        "⏰ 超过一周没结清的欠账（{count} 笔）：",
        "⏰ Debts open for over a week ({count}):",
    ),
    "debts_reminder_hint": (
        "付了就在 /debts 里按 ✅，或发 <code>/paid 乙 20</code>",
        "Paid? Press ✅ under /debts, or send <code>/paid Bob 20</code>",
    ),
    "debts_none": ("没有欠账，都结清了 ✅", "No open debts: everyone is square ✅"),
    "debts_title": ("欠账（{count} 笔，最早的在前）", "Open debts ({count}, oldest first)"),
    "debt_line": (
        "{payer} → {payee}：{amount}（{since} 起）",
        "{payer} → {payee}: {amount} (since {since})",
    ),
    "debts_more": ("……还有 {count} 笔", "… and {count} more"),
    "debts_details": ("📋 详情", "📋 Details"),
    "debt_from_session": (
        "{day} 第 {session} 场结算：{payer} → {payee} {amount}",
        "{day} session {session} settled: {payer} → {payee} {amount}",
    ),
    "debt_from_payment": (
        "{day} 已付：{payer} → {payee} {amount}",
        "{day} paid: {payer} → {payee} {amount}",
    ),
    "debt_from_payment_undone": (
        "{day} <s>已付：{payer} → {payee} {amount}</s>（已撤销）",
        "{day} <s>paid: {payer} → {payee} {amount}</s> (undone)",
    ),
    "debt_from_reversal": (
        "{day} 撤销已付：{payer} → {payee} {amount}",
        "{day} payment undone: {payer} → {payee} {amount}",
    ),
    "debts_open_note": (
        "💸 上次的钱还有 {count} 笔没结清（共 {amount}）：/debts",
        "💸 {count} debts from earlier are still open ({amount} in all): /debts",
    ),
    "debt_pay_button": ("✅ 已付 {payer}→{payee}", "✅ Paid {payer}→{payee}"),
    "debt_undo_button": ("↩ 撤销（管理员）", "↩ Undo (admins)"),
    "debt_press_denied": (
        "只有 {payer}、{payee} 或管理员可以标记这笔已付",
        "Only {payer}, {payee} or an admin may mark this paid",
    ),
    "debt_marked_toast": ("已记下 ✅", "Marked ✅"),
    "debt_an_admin": ("管理员", "an admin"),
    "debt_marked": (
        "✅ {who} 标记已付：{payer} → {payee} {amount}",
        "✅ {who} marked paid: {payer} → {payee} {amount}",
    ),
    "debt_unmarked": (
        "↩ {who} 撤销了已付：{payer} → {payee} {amount}（仍欠着）",
        "↩ {who} undid the payment: {payer} → {payee} {amount} (owed again)",
    ),
    "debt_already_paid": (
        "这笔已经付过了（或金额变了）：发 /debts 看现在的欠账",
        "This was paid already (or the amount changed): send /debts for what is owed now",
    ),
    "debt_undo_denied": ("只有管理员可以撤销已付", "Only an admin may undo a payment"),
    "debt_undo_done_already": ("这笔已经撤销过了", "This payment was undone already"),
    "paid_usage": (
        "用法：<code>/paid 乙 20</code>（你还给乙 20 元）· 管理员：<code>/paid 甲 乙 20</code>",
        "Usage: <code>/paid Bob 20</code> (you paid Bob 20 yuan) · admins: "
        "<code>/paid Amy Bob 20</code>",
    ),
    "paid_admin_only": (
        "替别人记还钱（/paid 甲 乙 20）只有管理员可以；自己还钱写 <code>/paid 乙 20</code>",
        "Only an admin may record someone else's payment (/paid Amy Bob 20); for your own "
        "write <code>/paid Bob 20</code>",
    ),
    "paid_nothing_owed": ("你不欠「{payee}」钱", "You owe {payee} nothing"),
    "paid_nothing_owed_by": ("{payer} 不欠 {payee} 钱", "{payer} owes {payee} nothing"),
    "paid_too_much": (
        "「{token}」比欠的多：{payer} 只欠 {payee} {owed}",
        "{token} is more than owed: {payer} owes {payee} only {owed}",
    ),
    "paid_recorded": (
        "✅ 记下了：{payer} 还给 {payee} {amount}",
        "✅ Recorded: {payer} paid {payee} {amount}",
    ),
    "paid_left": ("还欠 {amount}", "Still owed: {amount}"),
    "paid_square": ("这一对结清了 🎉", "This pair is square 🎉"),
    "transfer": ("{payer} → {payee}：{amount}", "{payer} → {payee}: {amount}"),
    # --- money: /stake, /fee, /penalty, /pay, money at /tally and /settle (issue 13) ---
    "fee_usage": (
        "写法：/fee 40（台费 40 元，在座的人平摊）· /fee 40 赢家（本场最大赢家付）",
        "Write: /fee 40 (a 40 yuan table fee, shared by those seated) · /fee 40 winner (the "
        "session's biggest winner pays)",
    ),
    "stake_word": (
        "看不懂「{token}」。写法：/stake 0.5（每分 0.5 元）",
        "Cannot read {token}. Write: /stake 0.5 (0.5 yuan a point)",
    ),
    "fee_word": (
        "看不懂「{token}」。写法：/fee 40 · /fee 40 赢家",
        "Cannot read {token}. Write: /fee 40 · /fee 40 winner",
    ),
    "penalty_usage": (
        "写法：/penalty 甲 30 [理由]（甲 罚 30 分，其他三家平分）· 按钱算：/penalty 甲 30元",
        "Write: /penalty Amy 30 [reason] (Amy pays 30 points, shared by the other three) · "
        "in money: /penalty Amy 30元",
    ),
    "pay_usage": (
        "写法：/pay 甲 乙 20 [理由]（甲 付给 乙 20 分）· 按钱算：/pay 甲 乙 20元",
        "Write: /pay Amy Bob 20 [reason] (Amy pays Bob 20 points) · in money: /pay Amy Bob 20元",
    ),
    "amount_not_number": (
        "「{token}」不是数目：写数字，例如 30、0.5 或 20元",
        "{token} is not an amount: write a number, e.g. 30, 0.5 or 20元",
    ),
    "amount_decimal_comma": (
        "「{token}」里的逗号看不出是小数点还是千位：小数点请写 0.5，千位请三位一组写 1,000",
        "{token}: a comma is not a decimal point here; write the decimal point as 0.5, "
        "and thousands in groups of three as 1,000",
    ),
    "amount_numerals": (
        "「{token}」：请用阿拉伯数字写，例如 0.5 或 5毛",
        "{token}: write the amount in digits, e.g. 0.5 or 5毛",
    ),
    "amount_fen_unit": (
        "「{token}」里的「分」分不清是积分还是钱：钱请写成元，例如 0.05元",
        "{token}: 分 could mean points or fen; write money in yuan, e.g. 0.05元",
    ),
    "amount_not_positive": (
        "「{token}」要大于 0（谁付给谁由写法决定）",
        "{token} must be more than 0 (who pays whom comes from the command)",
    ),
    "amount_too_fine": (
        "「{token}」太细：最多 {decimals} 位小数",
        "{token} is too fine: at most {decimals} decimals",
    ),
    "amount_too_big": (
        "「{token}」太大了：最多 {limit} 元",
        "{token} is too large: at most {limit} yuan",
    ),
    "points_too_big": (
        "「{token}」太大了：积分最多 {limit}",
        "{token} is too large: at most {limit} points",
    ),
    "stake_too_big": (
        "「{token}」太大了：每分最多 {limit} 元",
        "{token} is too large: at most {limit} yuan a point",
    ),
    "points_not_whole": (
        "「{token}」：积分要是整数；按钱算请写 {token}元",
        "{token}: points are whole numbers; for money write {token}元",
    ),
    "reason_too_long": (
        "理由太长（最多 {limit} 个字）：「{token}」",
        "The reason is too long (at most {limit} characters): {token}",
    ),
    "reason_note": ("（{reason}）", " ({reason})"),
    "pay_self": ("{who}不能付给自己", "{who} cannot pay themselves"),
    "money_denied": (
        "只有开局的人或群管理员可以设每分金额、台费、罚分和转账",
        "Only the session's creator or a chat admin can set the stake, fees, penalties and "
        "payments",
    ),
    "fee_no_players": (
        "本场还没有人入座，台费没有人付：先 /join 或 /new 时写上玩家",
        "Nobody is seated in this session, so nobody can pay a table fee: /join first",
    ),
    "fee_no_winner": (
        "本场还没有赢家（没有人是正分），台费不能由赢家付；可以写 /fee {fee} 平摊",
        "Nobody is ahead in this session yet, so no winner can pay; /fee {fee} shares it",
    ),
    "penalty_alone": (
        "只有{who}一人入座，罚分没有人收",
        "Only {who} is seated: nobody would receive the penalty",
    ),
    "penalty_too_small": (
        "罚的 {amount} 不够 {receivers} 家平分（有人会收 0）：至少罚 {least}；"
        "只给一个人请用 /pay {payer} 收的人 {amount}",
        "A penalty of {amount} cannot reach {receivers} players (someone would get 0): "
        "fine at least {least}, or give it to one player with /pay {payer} PLAYER {amount}",
    ),
    "stake_none": (
        "本场只记分，没有设每分多少钱。设：/stake 0.5（每分 0.5 元）",
        "This session keeps points only. Set a stake: /stake 0.5 (0.5 yuan a point)",
    ),
    "stake_is": ("每分 {stake} 元", "{stake} yuan a point"),
    "stake_set": (
        "💰 #{entry} · 本场每分 {stake} 元（整场的分都按这个价算）",
        "💰 #{entry} · {stake} yuan a point for this session (all its points are priced so)",
    ),
    "fee_recorded": (
        "💰 #{entry} · 台费 {fee} 元：{shares}",
        "💰 #{entry} · table fee {fee} yuan: {shares}",
    ),
    "penalty_recorded": (
        "⚖️ #{entry} · 罚{what}：{deltas}",
        "⚖️ #{entry} · penalty{what}: {deltas}",
    ),
    "pay_recorded": ("💸 #{entry} · 转账{what}：{deltas}", "💸 #{entry} · payment{what}: {deltas}"),
    "adjust_stake": ("每分", "stake"),
    "adjust_fee": ("台费", "table fee"),
    "adjust_penalty": ("罚", "penalty"),
    "adjust_pay": ("转账", "payment"),
    "table_account": ("台费", "table fee"),
    "yuan": ("{amount} 元", "{amount} yuan"),
    "money_title": ("💰 钱（{stake}）", "💰 Money ({stake})"),
    "money_lines_only": ("只算台费和按元记的调整", "fees and money adjustments only"),
    "money_fee_line": ("台费 {fee} 元", "table fee {fee} yuan"),
    "money_fee_each": (
        "台费 {fee} 元（每人 {each}，已算在上面）",
        "table fee {fee} yuan ({each} each, included above)",
    ),
    "money_fee_shares": (
        "台费 {fee} 元（已算在上面：{shares}）",
        "table fee {fee} yuan (included above: {shares})",
    ),
    "money_transfers": ("转账（元）：", "Transfers (yuan):"),
    "points_transfers": ("按分转账：", "Transfers in points:"),
    "why_adjustment": (
        "#{entry} {kind}{reason}，{author}记\n{lines}",
        "#{entry} {kind}{reason}, recorded by {author}\n{lines}",
    ),
    # --- end money ---
    "stats_title": ("📊 本群统计", "📊 Chat statistics"),
    "stats_page": ("第 {page}/{pages} 页", "page {page}/{pages}"),
    "stats_row": (
        "{name}：{hands} 局 胡 {wins}（自摸 {self_draws}）点炮 {dealt_in} 最大 {biggest} 净 {net}",
        "{name}: hands {hands} · won {wins} (self-drawn {self_draws}) · dealt in {dealt_in} · "
        "best {biggest} · net {net}",
    ),
    "h2h_row": (
        "{a} 对 {b}：同桌 {hands} 局，{a} 胡 {a_wins} 次、{b} 胡 {b_wins} 次，净 {a_net} / {b_net}",
        "{a} vs {b}: hands together {hands} · won {a_wins} / {b_wins} · net {a_net} / {b_net}",
    ),
    "export_caption": ("本群记录（CSV）", "This chat's records (CSV)"),
    "backup_caption": (
        "「{chat}」的记账备份：{entries} 条记录，只含本群（SQLite 文件）",
        "Backup of {chat}'s ledger: {entries} entries, this chat only (a SQLite file)",
    ),
    "backup_sent_privately": ("备份已私聊发给你", "I sent you the backup in a private chat"),
    "backup_private_hint": (
        "想私下收到备份：先私聊我发一次 /start",
        "To get backups privately, send me /start in a private chat first",
    ),
    "backup_admins_only": (
        "只有群管理员可以备份本群记录",
        "Only a chat admin can back up this chat's records",
    ),
    "export_part": (
        "本群记录（CSV）第 {part}/{parts} 部分：按顺序拼接成一个文件",
        "This chat's records (CSV), part {part} of {parts}: join the parts in order",
    ),
    # evaluate
    "waits_none": ("这手牌没有听", "Not ready: no tile completes this hand"),
    "waits_title": ("听 {count} 张：", "Waiting on {count} tiles:"),
    "wait_row": (
        "{tile}：自摸 {self_draw} · 点炮 {discard}",
        "{tile}: self-draw {self_draw} · discard {discard}",
    ),
    "wait_refused": ("不能胡", "not allowed"),
    # rules
    "rules_more": ("详细说明", "Full text"),
    "rules_off_topic": (
        "这不像是麻将规则的问题。可以这样问：/rules 爆头怎么算",
        "That does not look like a mahjong rules question. Try: /rules how is baotou scored",
    ),
    "rules_maybe": (
        "这个问题我答不准，可能是下面这些：",
        "I cannot answer that one exactly; perhaps one of these:",
    ),
    "rules_open_menu": ("📖 全部题目", "📖 All topics"),
    "rules_menu": ("📖 规则问答（{ruleset}）：", "📖 Rules ({ruleset}):"),
    "rules_other": ("其他玩法 ›", "Other rulesets ›"),
    "rules_back": ("‹ 本群玩法", "‹ This chat's rules"),
    "rules_menu_other": (
        "📖 其他玩法的话题（本群玩的是{ruleset}）：",
        "📖 Topics of the other rulesets (this chat plays {ruleset}):",
    ),
    # the first minute
    "private_intro": (
        "🀄 我是麻将计分助手：在群里记杭州、湖州麻将的账，谁胡、怎么胡、谁付多少，"
        "一场打完帮你们结算。\n"
        "把我加到你们的麻将群，用 /new 开一场，/hu 记每一手（/help 看全部用法）。\n"
        "在这里直接发一手牌我就算分、不记账，例如 <code>123m456m789m123p白 +5s 自摸</code>",
        "🀄 I keep the score of Hangzhou and Huzhou mahjong in a group: who won, how, who pays "
        "whom, and I settle up when the session ends.\n"
        "Add me to your mahjong group, open a session with /new and record each hand with /hu "
        "(/help shows everything).\n"
        "Send me a hand here and I score it without recording, e.g. "
        "<code>123m456m789m123p白 +5s 自摸</code>",
    ),
    "add_to_group_button": ("➕ 添加到群组", "➕ Add to group"),
    # what the bot reads in a group, from getMe's can_read_all_group_messages (or being an admin)
    "privacy_on": (
        "🔒 我开着隐私模式：群里只看得到 / 开头的命令和回复我的消息，所以记账请写 /hu …\n"
        "想直接写「老王自摸爆头」「台费40」：在 @BotFather 发 /setprivacy，选我，选 Disable"
        "（然后把我移出群再加回来），或者把我设为群管理员",
        "🔒 I am in privacy mode: in a group I only see commands (messages starting with /) and "
        "replies to me, so record with /hu …\n"
        "To just write 「Tom tsumo baotou」 or 「台费40」: send /setprivacy to @BotFather, "
        "pick me, choose Disable (then remove me from the group and add me again), or make me "
        "a group admin",
    ),
    "privacy_off": (
        "👀 群里的话我都看得到：不加斜杠直接写「老王自摸爆头」「阿明点炮 小李胡了」"
        "「台费40」也能记；看不全的我给一个读法，按 ✅ 才记；闲聊我不插嘴",
        "👀 I see every message in the group: just write 「Tom tsumo baotou」, 「Amy dealt in to "
        "Tom」 or 「台费40」 and I record it; a line I cannot fully read gets one reading to "
        "confirm with ✅; chatter gets no answer",
    ),
    "group_welcome": (
        "👋 我是麻将计分助手，帮这个群记麻将账。\n"
        "开一场：<code>/new 杭州 1 甲 乙 丙 丁</code>"
        "（或 <code>/new 强盗胡 2</code> 再各自 /join）· 看座位或换座：/seat\n"
        "记一手：<code>/hu 甲 自摸 爆头</code> · 撤销 /undo · 看分 /tally · 全部用法 /help",
        "👋 I am the mahjong score keeper; I keep this group's ledger.\n"
        "Open a session: <code>/new hangzhou 1 Amy Bob Cat Dan</code> (or "
        "<code>/new 强盗胡 2</code>, then everyone /join)\n"
        "Record a hand: <code>/hu Amy 自摸 爆头</code> · undo /undo · standings /tally · "
        "everything /help",
    ),
    "private_greeting": (
        "👋 你好！我是麻将计分助手。在这里发一手牌我就算分，例如 "
        "<code>123m456m789m123p白 +5s 自摸</code>；记账请把我加到麻将群，用 /new 开一场。"
        "全部用法 /help",
        "👋 Hello! I am the mahjong score keeper. Send me a hand here and I score it, e.g. "
        "<code>123m456m789m123p白 +5s 自摸</code>; to keep a ledger add me to your mahjong "
        "group and open a session with /new. Everything: /help",
    ),
    "button_expired": ("这个按钮已经过期了", "This button has expired"),
    "records_in_groups": (
        "这里是私聊：记账在群里用 /hu、/kong、/draw。在这里直接发一手牌我就算分，"
        "例如 <code>123m456m789m123p白 +5s 自摸</code>（或 /score、/ting）",
        "This is a private chat: recording happens in a group with /hu, /kong, /draw. Send me a "
        "hand here and I score it, e.g. <code>123m456m789m123p白 +5s 自摸</code> "
        "(or /score, /ting)",
    ),
    # phone-sized replies and /settings (issue 14)
    "hand_header_short": ("🀄 #{entries} · 第 {hand} 局", "🀄 #{entries} · hand {hand}"),
    "details_button": ("📋 详情", "📋 Details"),
    "short_button": ("🔼 收起", "🔼 Less"),
    "undone_since": ("↩️ 已撤销（#{reversal}）", "↩️ Undone (#{reversal})"),
    "settings_title": ("⚙️ <b>本群设置</b>", "⚙️ <b>This chat's settings</b>"),
    "settings_replies": ("回复：{value}", "Replies: {value}"),
    "settings_pictures": ("图片：{value}", "Pictures: {value}"),
    "settings_debt_reminder": ("欠账提醒：{value}", "Debt reminder: {value}"),
    "settings_lang": ("语言：{value}", "Language: {value}"),
    "settings_who": (
        "群管理员点下面的按钮修改，或写 <code>/settings 图片 从不</code>",
        "Chat admins change them with the buttons below or <code>/settings pictures never</code>",
    ),
    "replies_compact": ("简短（每手最多 6 行，📋 详情看算法）", "short (6 lines, 📋 for more)"),
    "replies_full": ("完整（算法、付款和积分）", "full (formula, who pays, standings)"),
    "pictures_always": ("全部（牌图、积分图、结算图）", "all (hands, charts, settle-up)"),
    "pictures_full_hands": ("只发整手牌的牌图", "hand pictures of full hands only"),
    "pictures_never": ("不发图", "none"),
    "debt_reminder_off": ("关", "off"),
    "debt_reminder_weekly": (
        "每周一晚 8 点提醒超过一周没结清的欠账",
        "Mondays 20:00 (Beijing), debts open for over a week",
    ),
    "button_debt_reminder_off": ("不提醒", "No reminder"),
    "button_debt_reminder_weekly": ("每周提醒欠账", "Weekly reminder"),
    "lang_zh": ("中文", "Chinese (中文)"),
    "lang_en": ("英文 English", "English"),
    "button_replies_compact": ("简短", "Short"),
    "button_replies_full": ("完整", "Full"),
    "button_pictures_always": ("全部图", "All pictures"),
    "button_pictures_full_hands": ("整手牌", "Full hands"),
    "button_pictures_never": ("不发图", "No pictures"),
    "button_lang_zh": ("中文", "中文"),
    "button_lang_en": ("English", "English"),
    "settings_set": ("已改：{value}", "Set: {value}"),
    "settings_admins_only": (
        "只有群管理员可以改设置（谁都可以发 /settings 看）",
        "Only chat admins can change settings (anyone may look with /settings)",
    ),
    "settings_unknown": (
        "没有「{token}」这项设置：可以设 回复、图片、语言，例如 /settings 图片 从不",
        "There is no setting {token}: replies, pictures or language, e.g. /settings pictures never",
    ),
    "settings_bad_value": (
        "「{token}」不是{setting}的选项：可以写 {choices}",
        "{token} is not a choice for {setting}: write {choices}",
    ),
    "settings_missing_value": (
        "{setting}要写成什么？可以写 {choices}，例如 /settings {setting} {example}",
        "Set {setting} to what? Write {choices}, e.g. /settings {setting} {example}",
    ),
    # misc
    "lang_set": ("好的，本群以后用中文回复", "OK, this chat gets English replies from now on"),
    "migrated": (
        "群升级为超级群，记录已经搬过来了",
        "The group became a supergroup; its records moved along",
    ),
    "did_you_mean": ("是不是想写{words}？", "Did you mean {words}?"),
    "apology": (
        "抱歉，出了点问题，这条没有记账。请稍后再试",
        "Sorry, something went wrong; nothing was recorded. Please try again",
    ),
    "apology_recorded": (
        "已经记账（#{entries}），但显示结果时出了点问题。发 /history 查看，不要重发",
        "Recorded (#{entries}), but showing it went wrong. See /history; do not send it again",
    ),
    "apology_unknown": (
        "抱歉，出了点问题。发 /history 看这条有没有记上，再决定是否重发",
        "Sorry, something went wrong. Check /history whether it was recorded before resending",
    ),
    # periods, seasons, leaderboard, trend, readable export (issue 13)
    "bad_period_month": (
        "「{token}」不是月份：月份是 1 到 12，例如 /stats 2026-11",
        "{token} is no month: months run 1 to 12, e.g. /stats 2026-11",
    ),
    "bad_period_year": (
        "「{token}」的年份不对：要 {first} 到 {last} 年之间，例如 /stats 2026",
        "{token}: the year must be from {first} to {last}, e.g. /stats 2026",
    ),
    "period_twice": (
        "只能写一个时段，「{token}」是第二个",
        "One period at a time; {token} is a second one",
    ),
    "not_a_period": (
        "「{token}」不是时段也不是本群的赛季；可以写 本周 本月 上月 今年 全部 2026-11 或赛季名",
        "{token} is neither a period nor a season of this chat; write this week, this month, "
        "last month, this year, all, 2026-11 or a season's name",
    ),
    "unknown_name_or_period": (
        "本群没有叫「{token}」的玩家，也没有这个赛季；时段写 本周 本月 上月 今年 全部 2026-11",
        "No player {token} in this chat, and no season of that name; periods are this week, "
        "this month, last month, this year, all, 2026-11",
    ),
    "webapp_season_button": ("📊 赛季页面", "📊 Season page"),
    "webapp_keyboard_button": ("🀄 整手牌", "🀄 Full hand"),
    "webapp_menu_button": ("📊 赛季", "📊 Season"),
    "period_week": ("本周", "this week"),
    "period_month": ("本月", "this month"),
    "period_last_month": ("上月", "last month"),
    "period_year": ("今年", "this year"),
    "period_all": ("全部", "all time"),
    "period_season": ("{name}（赛季）", "season {name}"),
    "top_title": ("🏆 排行榜 · {period}", "🏆 Leaderboard · {period}"),
    "board_heading": ("〔{ruleset}〕", "[{ruleset}]"),
    "top_empty": ("{period}还没有人打过牌", "Nobody has played in {period} yet"),
    "top_row": (
        "{rank}. {name} {net} · {hands} 局 · 胡牌率 {win_rate} · 点炮率 {deal_in_rate} · "
        "每局 {average}",
        "{rank}. {name} {net} · {hands} hands · won {win_rate} · dealt in {deal_in_rate} · "
        "{average} a hand",
    ),
    "top_biggest": (" · 最大一手：{hand} {points}", " · biggest hand: {hand} {points}"),
    "plain_win": ("平胡", "plain win"),
    "trend_usage": (
        "写法：/trend [玩家] [时段]，例如 /trend 甲 本月；多出了「{token}」",
        "Write: /trend [player] [period], e.g. /trend Amy this month; {token} is one word too many",
    ),
    "trend_empty": ("{name} {period}没有输赢记录", "{name} has nothing won or lost in {period}"),
    "trend_by_hand": ("{name} · {period}累计（{count} 局）", "{name} · {period} ({count} hands)"),
    "trend_by_month": (
        "{name} · {period}累计（按月，{count} 个月）",
        "{name} · {period} (by month, {count} months)",
    ),
    "trend_caption": ("📈 {name} {period}：{net}", "📈 {name}, {period}: {net}"),
    "season_one_word": (
        "赛季名要写成一个词（不带空格），「{token}」有空格",
        "A season's name is one word (no spaces); {token} has spaces",
    ),
    "season_denied": (
        "只有群管理员或本场牌局的开局人可以开始或结束赛季",
        "Only a chat admin or the open session's creator can start or end a season",
    ),
    "season_name_long": (
        "赛季名「{token}」太长：最多 {limit} 个字",
        "The season name {token} is too long: {limit} characters at most",
    ),
    "season_name_reserved": (
        "「{token}」是时段或结束用词，不能当赛季名",
        "{token} is a period or the word that ends a season, not a season's name",
    ),
    "season_started": (
        "🏁 赛季「{name}」开始了：从现在起的牌局都算进这个赛季",
        "🏁 Season {name} has started: every hand from now counts in it",
    ),
    "season_ended": ("赛季「{name}」结束了", "Season {name} has ended"),
    "season_see": (
        "看排行：/top {name} · 看统计：/stats {name}",
        "Leaderboard: /top {name} · statistics: /stats {name}",
    ),
    "season_none": (
        "本群现在没有进行中的赛季；管理员可以用 /season 秋季赛 开始一个",
        "No season is running; an admin can start one with /season autumn",
    ),
    "export_readable_caption": (
        "{period}的记录表：每局一行，每位玩家一列（Excel / WPS 直接打开）；"
        "可导回的完整账本：/export",
        "{period} as a table: a row per hand, a column per player (opens in Excel or WPS); "
        "the full ledger that imports back: /export",
    ),
    "season_running": (
        "当前赛季：「{name}」，{since} 开始（北京时间）· 看排行：/top {name}",
        "Current season: {name}, since {since} (Beijing time) · leaderboard: /top {name}",
    ),
    # ---- recording by buttons (bot/tap, bot/handlers/tap.py) ----
    "tap_title_hu": ("🀄 按钮记胡", "🀄 Record a win by buttons"),
    "tap_title_kong": ("🀄 按钮记杠", "🀄 Record a kong by buttons"),
    "tap_title_draw": ("🀄 流局", "🀄 Drawn hand"),
    "tap_line": ("等于打字：<code>{line}</code>", "Same as typing: <code>{line}</code>"),
    "tap_ask_winner": ("谁胡了？", "Who won?"),
    "tap_ask_more_winner": (
        "还有谁胡了同一张？",
        "Who else won on the same tile?",
    ),
    "tap_add_winner": ("➕ 还有人胡", "➕ Another winner"),
    "tap_more": ("更多", "More"),
    "tap_fewer": ("常用", "Common"),
    "tap_next_hand": ("➕ 记一手", "➕ Next hand"),
    "tap_changed": ("已经改过了，请看最新的", "It was changed since: look at the latest"),
    "tap_ask_owner": ("谁杠了？", "Whose kong?"),
    "tap_ask_how": ("{names} 怎么胡的？", "How did {names} win?"),
    "tap_ask_kind": ("什么杠？", "Which kong?"),
    "tap_ask_discarder": ("谁点的炮？", "Who discarded the winning tile?"),
    "tap_ask_robbed": ("抢了谁的杠？", "Whose kong was robbed?"),
    "tap_ask_gave": ("谁打出的那张？", "Who discarded the tile?"),
    "tap_ask_patterns": (
        "{name} 有哪些牌型？可多选，没有就直接点 ✅",
        "Patterns for {name}? Tap any that apply, or ✅ for none",
    ),
    "tap_ask_wild": (
        "有花（财神）无花分数不同：请选一个",
        "With or without a wild scores differently: pick one",
    ),
    "tap_ask_draw": ("第 {hand} 局流局，记吗？", "Hand {hand} drawn: record it?"),
    "tap_kong_preview": ("<b>{name}</b> {kind}", "<b>{name}</b>: {kind}"),
    "tap_self_draw": ("自摸", "自摸 self-draw"),
    "tap_discard": ("点炮", "点炮 discard"),
    "tap_rob": ("抢杠", "抢杠 robbing a kong"),
    "tap_bloom": ("杠开", "杠开 kong bloom"),
    "tap_next": ("▶ 下一步", "▶ Next"),
    "tap_back": ("◀ 返回", "◀ Back"),
    "tap_cancel": ("✖ 取消", "✖ Cancel"),
    "tap_record": ("✅ 记账", "✅ Record"),
    "tap_fix": ("按 ◀ 返回改一下", "Press ◀ Back to change it"),
    "tap_cancelled": ("✖ {name} 取消了，没有记账", "✖ Cancelled by {name}: nothing recorded"),
    "tap_expired": (
        "⌛ 15 分钟没人按，已过期，没有记账。要记请重新发 /{command}",
        "⌛ Expired after 15 minutes untouched: nothing recorded. Send /{command} again",
    ),
    "tap_done": (
        "✅ {name} 记账：<code>{line}</code>",
        "✅ Recorded by {name}: <code>{line}</code>",
    ),
    "tap_denied": (
        "只有本桌入座的玩家或群管理员能按",
        "Only the seated players or an admin of the group may press",
    ),
    "tap_unknown": (
        "这个记账已经不在了（过期或机器人重启过），没有记账：请重新发 /hu、/kong 或 /draw",
        "This flow is gone (expired, or the bot restarted); nothing was recorded: "
        "send /hu, /kong or /draw again",
    ),
    "tap_stale": (
        "已经到下一步了，请按新的按钮",
        "The flow moved on: press one of the new buttons",
    ),
    "tap_already": (
        "已经记过了（#{entries}），没有重复记账",
        "Already recorded (#{entries}); not counted twice",
    ),
    "tap_session_changed": (
        "牌局已经换了，没有记账：请重新开始",
        "The session changed; nothing was recorded: start again",
    ),
    # --- One person, one record (issue 13): /iam, /merge, /rename, the /join takeover ---
    "unknown_record": (
        "本群没有叫「{token}」的玩家，没有改动（/stats 列出本群玩家）",
        "No player {token} in this chat; nothing changed (/stats lists the players)",
    ),
    "claim_who": (
        "{name}，你是哪位？点你的名字就算认领（同 /iam），刚才按的会接着记",
        "{name}, which one are you? Tap your name to claim it (as /iam); what you pressed "
        "then goes on",
    ),
    "claim_who_toast": ("先点一下你是哪位", "First tap which one you are"),
    "claim_watching_button": ("👀 只是看看", "👀 Just watching"),
    "claim_watching": ("好的，只看不按", "OK, just watching"),
    "claim_new": (
        "哪位是你？点自己的名字认领（同 /iam）",
        "Which one is you? Tap your name to claim it (as /iam)",
    ),
    "iam_usage": (
        "写法：/iam 名字（我是 阿明）：认领客人「阿明」的记录，例如 /iam 阿明",
        "Write: /iam NAME to claim a guest's record as yours, e.g. /iam Amy",
    ),
    "iam_member": (
        "「{token}」是群成员，不是客人，不能认领；两个账号是同一个人时请管理员 /merge",
        "{token} is a chat member, not a guest, and cannot be claimed; "
        "an admin can /merge two accounts of one person",
    ),
    "merge_usage": (
        "写法：/merge 阿明（客） @aming（合并 两个名字）：把同一个人的两条记录合成一条",
        "Write: /merge Amy (guest) @amy — two records of one person become one",
    ),
    "iam_claimed": (
        "「{token}」已经有人认领过了（和一位群成员是同一个人），不能再认领，没有改动；"
        "认错了请群管理员处理",
        "{token} has already been claimed (it is one person with a chat member) and cannot be "
        "claimed again; nothing changed. If that is wrong, ask a chat admin",
    ),
    "merge_members_admin": (
        "「{a}」和「{b}」里有别的群成员，只有群管理员可以合并，没有合并",
        "{a} and {b} include another chat member: only a chat admin can merge them; nothing merged",
    ),
    "season_name_player": (
        "「{token}」是本群一位玩家的名字，/stats {token} 会查这位玩家："
        "赛季换个名字（如 {token}杯）",
        "{token} is a player of this chat, and /stats {token} means them: give the season "
        "another name (e.g. {token} Cup)",
    ),
    "merge_denied": (
        "只有群管理员或开这一场的人可以合并玩家，没有合并",
        "Only a chat admin or the session's creator can merge players; nothing merged",
    ),
    "rename_usage": (
        "写法：/rename 旧名 新名（改名 阿明 老明）：改客人的名字",
        "Write: /rename OLD NEW to rename a guest, e.g. /rename Amy Amelia",
    ),
    "rename_denied": (
        "只有群管理员或开这一场的人可以改名，没有改",
        "Only a chat admin or the session's creator can rename a guest; nothing renamed",
    ),
    "linked": (
        "P{event} 「{record}」和「{person}」是同一个人了：以前的牌和统计都算在「{person}」名下",
        "P{event} {record} and {person} are one person now: past hands and stats count as "
        "{person}'s",
    ),
    "linked_seat": ("{seat}位由本人接着坐", "They take over the {seat} seat"),
    "renamed": ("P{event} 「{old}」改名为「{new}」", "P{event} {old} is now called {new}"),
    "identity_undone": ("已撤销 P{event}：{what}", "Undone P{event}: {what}"),
    "identity_undo_unsigned": (
        "这个撤销按钮不是我在这里发的（或来自旧版本）：要撤销请发 /undo P编号",
        "This undo button is not one I showed here (or is from an older version): "
        "send /undo P and the number to undo",
    ),
    "identity_undo_denied": (
        "只有做这次改动的人、开这一场的人或群管理员可以撤销 P{event}",
        "Only whoever made P{event}, the session's creator or an admin can undo it",
    ),
    "history_link": (
        "身份 「{record}」=「{person}」（{how}）",
        "identity {record} = {person} ({how})",
    ),
    "link_how_join": ("入座认领", "took the seat at /join"),
    "link_how_iam": ("本人认领", "claimed with /iam"),
    "link_how_merge": ("管理员合并", "merged by an admin"),
    "history_rename": ("改名 「{old}」→「{new}」", "renamed {old} → {new}"),
    "history_identity_undo": ("撤销 P{event}", "undo P{event}"),
    # Telegram's command menu (bot.commands.menu): one line a declared command
    "menu_new": ("开局：/new 杭州 1 甲 乙 丙 丁", "open a session: /new hangzhou 1 A B C D"),
    "menu_join": ("入座", "take the next free seat"),
    "menu_seat": ("看座位或换座", "show or change seats"),
    "menu_dealer": ("看或改庄家、圈风", "show or correct the dealer and round wind"),
    "menu_hu": (
        "记胡：点这里用按钮，或 /hu 甲 自摸 爆头",
        "record a win: tap for buttons, or /hu Amy 自摸 爆头",
    ),
    "menu_kong": (
        "记杠：点这里用按钮，或 /kong 甲 暗杠",
        "record a kong: tap for buttons, or /kong Amy 暗杠",
    ),
    "menu_draw": ("流局（点 ✅ 确认）", "record a drawn hand (after a ✅ tap)"),
    "menu_undo": ("撤销上一笔", "undo the last entry"),
    "menu_stake": ("每分多少钱：/stake 0.5", "money a point: /stake 0.5"),
    "menu_fee": ("台费：/fee 40 或 /fee 40 赢家", "table fee: /fee 40 or /fee 40 winner"),
    "menu_penalty": ("罚分：/penalty 甲 30 诈胡", "penalty: /penalty Amy 30 false win"),
    "menu_pay": ("转账：/pay 甲 乙 20", "payment: /pay Amy Bob 20"),
    "menu_iam": ("认领客人记录：/iam 阿明", "claim a guest's record: /iam Amy"),
    "menu_merge": ("合并同一人的两条记录（管理员）", "merge two records of one person (admins)"),
    "menu_rename": ("给客人改名（管理员）", "rename a guest (admins)"),
    "menu_tally": ("本场积分", "session standings"),
    "menu_history": ("记录", "entries, page by page"),
    "menu_settle": ("结算并散场", "settle up and close"),
    "menu_debts": ("欠账：谁还欠谁", "open debts: who still owes whom"),
    "menu_paid": ("还钱：/paid 乙 20", "a payment: /paid Bob 20"),
    "menu_rating": ("实力分：/rating 本月", "ratings from placements: /rating this month"),
    "menu_stats": ("统计：/stats 本月", "statistics: /stats this month"),
    "menu_export": ("导出 CSV：/export 本月", "CSV export: /export this month"),
    "menu_top": ("排行榜：/top 本月", "leaderboard: /top this month"),
    "menu_trend": ("走势图：/trend 甲 今年", "trend chart: /trend Amy this year"),
    "menu_season": ("赛季：/season 秋季赛", "seasons: /season autumn"),
    "menu_backup": ("备份本群记录（管理员）", "back up this chat's records (admins)"),
    "menu_score": ("算分不记账", "score a hand without recording"),
    "menu_ting": ("听什么牌", "which tiles complete a hand"),
    "menu_rules": ("规则问答", "rules questions"),
    "menu_why": ("为什么这么算", "explain an entry"),
    "menu_lang": ("语言 zh/en", "reply language zh/en"),
    "menu_settings": ("设置：回复长短、图片、语言", "settings: reply length, pictures, language"),
    "menu_help": ("帮助", "how to use the bot"),
    # A number typed that is no number of the chat but an old message's row id (migration 0014).
    "old_number": ("（旧编号）", " (old number)"),
}

HELP: Final[dict[str, str]] = {
    "zh": (
        "<b>麻将计分助手</b> · 杭州麻将和湖州麻将（强盗胡 硬飘花 软飘花 双辣 平台）\n"
        "开局：<code>/new 杭州 1 甲 乙 丙 丁</code>\n"
        "（或 <code>/new 强盗胡 2</code> 再各自 /join）· 看座位或换座：/seat\n"
        "记胡（快记）：<code>/hu 甲 自摸 爆头</code> · <code>/hu 乙 点炮 丙 七对 有花</code>\n"
        "记胡（整手牌）：<code>/hu 甲 123m456m789m123p白 +5s 自摸</code>\n"
        "一炮多响：<code>/hu 甲 乙 点炮 丙</code>\n"
        "按按钮记：只发 /hu（或 /hu 甲、/kong、/draw），一路点下去，最后 ✅ 记账\n"
        "杠：<code>/kong 甲 暗杠</code> · <code>/kong 甲 明杠 丙</code>\n"
        "流局：/draw · 撤销：/undo\n"
        "钱：<code>/stake 0.5</code>（每分 0.5 元，或开局写 <code>每分0.5元</code>）· "
        "台费 <code>/fee 40</code>（平摊）/ <code>/fee 40 赢家</code> · "
        "罚分 <code>/penalty 甲 30 诈胡</code>（其他三家平分）· 转账 <code>/pay 甲 乙 20</code>"
        "（写 20元 按钱算）\n"
        "同一个人：/iam 阿明（认领叫「阿明」的客人记录）· /merge 阿明（客） @aming"
        "（管理员）· 给客人改名：<code>/rename 丁 阿丁</code> · 撤销：回复里的撤销按钮或 /undo P1\n"
        "看分：/tally /history /stats /export · 结算散场：/settle · 备份（管理员）：/backup\n"
        "欠账：/debts（结算的转账记成欠账，按 ✅ 已付）· 还一部分：/paid 乙 20\n"
        "实力分（按每场名次算）：<code>/rating 本月</code>\n"
        "时段：<code>/stats 本月</code>（本周 上月 今年 全部 2026-11）· "
        "排行榜：<code>/top 本月</code> · 走势图：<code>/trend 甲 今年</code>\n"
        "赛季（管理员）：<code>/season 秋季赛</code> 开始 · <code>/season 结束</code> · "
        "<code>/top 秋季赛</code> · 按局导出表格：<code>/export 上月</code>\n"
        "不记账算分：<code>/score 123m456m789m123p白 +5s 自摸</code>\n"
        "听牌：<code>/ting 123m456m789m123p5s</code>\n"
        "规则问答：/rules · 为什么这么算：/why 12 · 英文：/lang en\n"
        "设置（回复长短、图片、语言）：/settings · <code>/settings 图片 从不</code>\n"
        "庄家、门风、圈风自动跟着牌局走，不用写（不对时：<code>/dealer 乙</code>）。\n"
        "群里看得到普通消息时，不加斜杠直接说也行：<code>老王自摸爆头</code> · "
        "<code>阿明点炮 小李胡了</code> · <code>胡 老王 飘</code> · <code>台费40</code> · "
        "<code>罚 老王 30</code>（看不全的给一个读法，按 ✅ 才记）"
    ),
    "en": (
        "<b>Mahjong score keeper</b> · Hangzhou and Huzhou rules\n"
        "Open: <code>/new hangzhou 1 Amy Bob Cat Dan</code>\n"
        "(or <code>/new 强盗胡 2</code>, then everyone /join) · seats: /seat\n"
        "Quick win: <code>/hu Amy 自摸 爆头</code> · <code>/hu Bob 点炮 Cat 七对 有花</code>\n"
        "Full hand: <code>/hu Amy 123m456m789m123p白 +5s 自摸</code>\n"
        "Two winners on one discard: <code>/hu Amy Bob 点炮 Cat</code>\n"
        "By buttons: send just /hu (or /hu Amy, /kong, /draw), tap through, then ✅ Record\n"
        "Kongs: <code>/kong Amy 暗杠</code> · <code>/kong Amy 明杠 Cat</code>\n"
        "Draw: /draw · undo: /undo\n"
        "Money: <code>/stake 0.5</code> (0.5 yuan a point, or <code>每分0.5元</code> in /new) · "
        "table fee <code>/fee 40</code> (shared) / <code>/fee 40 winner</code> · "
        "penalty <code>/penalty Amy 30 false win</code> (shared by the other three) · "
        "payment <code>/pay Amy Bob 20</code> (20元 for money)\n"
        "One person: /iam Amy (claim the guest record called Amy) · /merge Amy(guest) @amy "
        "(admins) · rename a guest: <code>/rename Dan Daniel</code> · undo: the reply's Undo "
        "button or /undo P1\n"
        "Standings: /tally /history /stats /export · settle and close: /settle · "
        "backup (admins): /backup\n"
        "Debts: /debts (settled transfers stay until ✅ paid) · part of one: "
        "/paid Bob 20 · ratings from placements: <code>/rating this month</code>\n"
        "Periods: <code>/stats this month</code> (this week, last month, this year, all, "
        "2026-11) · leaderboard: <code>/top this month</code> · trend: "
        "<code>/trend Amy this year</code>\n"
        "Seasons (admins): <code>/season autumn</code> starts one · <code>/season end</code> · "
        "<code>/top autumn</code> · a table by hand: <code>/export last month</code>\n"
        "Score without recording: <code>/score 123m456m789m123p白 +5s 自摸</code> · waits: "
        "<code>/ting 123m456m789m123p5s</code>\n"
        "Rules: /rules · explain an entry: /why 12 · 中文: /lang zh\n"
        "Settings (reply length, pictures, language): /settings · "
        "<code>/settings pictures never</code>\n"
        "Dealer, seat and round winds follow the session by themselves "
        "(to correct them: <code>/dealer Bob</code>).\n"
        "Where the bot sees plain messages, just say it: <code>胡 Tom 自摸</code> · "
        "<code>Tom tsumo baotou</code> · "
        "<code>Amy dealt in to Tom</code> · <code>台费40</code> (a line not fully read gets "
        "one reading to confirm with ✅)"
    ),
}


def t(key: str, lang: str, **params: object) -> str:
    """The catalog text for ``key`` in ``lang`` with ``params`` escaped into it."""
    zh, en = CATALOG[key]
    template = en if lang == "en" else zh
    safe = {
        k: v if isinstance(v, Html) else html.escape(str(v), quote=False) for k, v in params.items()
    }
    return template.format(**safe)


def plain(text: str, limit: int | None = 200) -> str:
    """HTML made plain for places without parse mode (button alerts: at most 200 characters)."""
    return html.unescape(re.sub(r"</?[a-z][^>]*>", "", text))[:limit]


def lang_of(value: str | None, default: str) -> str:
    """A supported language code: ``value`` if it is one, else ``default``."""
    return value if value in LANGS else default
