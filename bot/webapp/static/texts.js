// Every word both pages show, in Chinese and English: the chat's language once the API has
// said it, the Telegram user's own until then.

const TEXTS = {
  zh: {
    // the season page
    title: "赛季", share: "分享", standings: "排名", h2h: "对局", history: "记录", hands: "局", won: "胡",
    self_draws: "自摸", dealt_in: "点炮", biggest: "最大", biggest_hands: "最大一手",
    empty: "这段时间还没有记录", win_rate: "胡牌率", deal_rate: "点炮率", net: "净分",
    trend: "走势", trend_by_hand: "走势 · 每手", trend_by_month: "走势 · 每月",
    together: "同桌 {n} 局", beat: "{a} 胡 {x} 次 · {b} 胡 {y} 次", page: "第 {p}/{n} 页",
    older: "更早 ›", newer: "‹ 更新", nobody: "至少要两位玩家", yuan: "{amount} 元", money: "钱",
    dealt_to: "{a} 点炮给 {b} {n} 次",
    // the list of one's chats (the private chat's menu button)
    my_chats: "我的牌局", no_chats: "你还没有在任何群里打过牌。把机器人拉进牌友群，开一局就能在这里看到。",
    last_played: "最近 {when}", and_more: "等 {n} 人",
    // the history, entry by entry
    kind_win: "胡", kind_kong: "杠", kind_draw: "流局", kind_undo: "撤销", kind_penalty: "罚",
    kind_pay: "转账", kind_fee: "台费", kind_stake: "每分 {stake} 元", kind_adjustment: "调整",
    undone: "已撤销", points_n: "{n} 分", from: "← {name}", wind_seat: "{wind}家", wind_round: "{wind}风圈",
    // trouble, by the API's error code (the server's own sentence comes first when it sends one)
    signature: "无法确认你的身份。请回到群里重新打开这个页面。",
    token: "这个链接无效。请使用群里机器人消息下的按钮打开。",
    member: "你不在这个群里（或已经离开），看不到它的记录。",
    failed: "加载失败，请检查网络后重试。", retry: "重试",
    rate: "请求太频繁，{s} 秒后自动重试…", rate_now: "正在重试…",
    no_telegram: "请在 Telegram 里点机器人消息下的按钮打开。",
    // the tile keyboard
    kb_title: "🀄 整手牌", indicator_ask: "先点翻出的牌（翻牌）", indicator: "翻牌", winner: "谁胡",
    how: "怎么胡", from_who: "谁点的", words: "另外", contract: "承包", clear: "清空", record: "✅ 记账",
    hand: "手牌", chi: "吃", pon: "碰", kong: "明杠", concealed_kong: "暗杠", winning: "胡的牌",
    self_draw: "自摸", discard: "点炮", rob: "抢杠", kong_draw: "杠开", nobody_seat: "无",
    tap_tiles: "点下面的牌", count: "{n}/{max} 张", wild: "财神：{tiles}", waits: "听 {n} 张",
    wait_self: "自摸", wait_discard: "点炮", recording: "记账中…", recorded: "已记账 #{ids}，群里已发",
    replayed: "这手已经记过了 #{ids}", chi_hint: "吃：点顺子最小的那张",
    ask_winning: "{n} 张齐了，还差胡的牌：点手牌里胡的那一张（或先拿掉一张）。",
    next_is_winning: "下一张点胡的牌",
    full_hand: "最多 {max} 张（14 张，每个杠多 1 张）",
    kb_member: "你不在这个群里（或已经离开），不能记它的牌。",
    kb_signature: "这个页面的登录已失效。请回到群里重新点「🀄 整手牌」。",
    kb_no_telegram: "请在 Telegram 群里点「🀄 整手牌」按钮打开。",
  },
  en: {
    title: "Season", share: "Share", standings: "Standings", h2h: "Head to head", history: "History",
    hands: "hands", won: "won", self_draws: "self-drawn", dealt_in: "dealt in",
    biggest: "best", biggest_hands: "Biggest hands", empty: "Nothing recorded in this period",
    win_rate: "win rate", deal_rate: "deal-in rate", net: "net", trend: "Trend",
    trend_by_hand: "Trend · hand by hand", trend_by_month: "Trend · by month",
    together: "{n} hands together", beat: "{a} won {x} · {b} won {y}", page: "page {p}/{n}",
    older: "Older ›", newer: "‹ Newer", nobody: "Two players are needed",
    yuan: "{amount} yuan", money: "money", dealt_to: "{a} dealt in to {b} {n}×",
    my_chats: "My games", no_chats: "You have not played in any group yet. Add the bot to your group and start a table to see it here.",
    last_played: "last {when}", and_more: "+{n} more",
    kind_win: "Win", kind_kong: "Kong", kind_draw: "Draw", kind_undo: "Undo", kind_penalty: "Penalty",
    kind_pay: "Payment", kind_fee: "Table fee", kind_stake: "Stake {stake} yuan a point",
    kind_adjustment: "Adjustment", undone: "undone", points_n: "{n} pts", from: "← {name}",
    wind_seat: "{wind} seat", wind_round: "{wind} round",
    signature: "Telegram could not vouch for you. Open this page again from the chat.",
    token: "This link is not valid. Open it with a button under the bot's message.",
    member: "You are not (or no longer) in this chat, so its records are not shown.",
    failed: "Could not load. Check the connection and try again.", retry: "Try again",
    rate: "Too many requests; trying again in {s} s…", rate_now: "Trying again…",
    no_telegram: "Open this from a button under the bot's message in Telegram.",
    kb_title: "🀄 Full hand", indicator_ask: "First tap the flipped indicator tile", indicator: "Indicator",
    winner: "Winner", how: "Won by", from_who: "From", words: "Also", contract: "Contract", clear: "Clear",
    record: "✅ Record", hand: "Hand", chi: "Chow", pon: "Pung", kong: "Kong",
    concealed_kong: "Concealed kong", winning: "Winning tile", self_draw: "Self-draw",
    discard: "Discard", rob: "Robbed kong", kong_draw: "After kong", nobody_seat: "None",
    tap_tiles: "Tap the tiles below", count: "{n}/{max} tiles", wild: "Wild: {tiles}", waits: "Waits on {n}",
    wait_self: "self-draw", wait_discard: "discard", recording: "Recording…",
    recorded: "Recorded #{ids}; posted in the group", replayed: "Already recorded #{ids}",
    chi_hint: "Chow: tap its lowest tile",
    ask_winning: "{n} tiles, but no winning tile: tap the one it was won on in the hand (or take one back).",
    next_is_winning: "Next: the winning tile",
    full_hand: "At most {max} tiles (14, one more per kong)",
    kb_member: "You are not (or no longer) in this group, so you cannot record its hands.",
    kb_signature: "This page's sign-in has expired. Open it again from the 🀄 button in your group.",
    kb_no_telegram: "Open this from the 🀄 button in your Telegram group.",
  },
};

const WIND_NAMES = { zh: { E: "东", S: "南", W: "西", N: "北" }, en: { E: "East", S: "South", W: "West", N: "North" } };

let current = "zh";

export function setLanguage(lang) {
  current = lang === "en" ? "en" : "zh";
  document.documentElement.lang = current;
}

export function language() {
  return current;
}

export function say(key, params) {
  let text = TEXTS[current][key] ?? TEXTS.zh[key] ?? key;
  for (const [name, value] of Object.entries(params || {})) text = text.replaceAll(`{${name}}`, value);
  return text;
}

/** A wind as a player reads it: 东 南 西 北, or East South West North. */
export function windName(letter) {
  return WIND_NAMES[current][letter] || letter;
}
