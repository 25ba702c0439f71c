// The season page: standings, a person's trend and record, head-to-head and the history,
// each from /api/ with Telegram's initData. Plain DOM, no build step.
"use strict";

const tg = window.Telegram && window.Telegram.WebApp;
const TEXT = {
  zh: {
    title: "赛季", standings: "排名", h2h: "对局", history: "记录", hands: "局", won: "胡",
    self_draws: "自摸", dealt_in: "点炮", biggest: "最大", biggest_hands: "最大一手", empty: "这段时间还没有记录",
    back: "‹ 返回", win_rate: "胡牌率", deal_rate: "点炮率", net: "净分", trend: "走势",
    together: "同桌 {n} 局", beat: "{a} 胡 {x} 次 · {b} 胡 {y} 次", page: "第 {p}/{n} 页",
    older: "更早 ›", newer: "‹ 更新", nobody: "至少要两位玩家",
    bad_signature: "无法确认你的身份", bad_signature_hint: "请回到群里重新打开这个页面。",
    bad_token: "这个链接无效", bad_token_hint: "请使用群里机器人消息下的按钮打开。",
    not_member: "你不在这个群里", not_member_hint: "只有群成员能查看本群的记录。",
    rate: "请求太频繁", rate_hint: "请稍等一会儿再试。",
    failed: "加载失败", failed_hint: "请检查网络后重试。", yuan: "{amount} 元", money: "钱",
  },
  en: {
    title: "Season", standings: "Standings", h2h: "Head to head", history: "History",
    hands: "hands", won: "won", self_draws: "self-drawn", dealt_in: "dealt in",
    biggest: "best", biggest_hands: "Biggest hands", empty: "Nothing recorded in this period", back: "‹ Back",
    win_rate: "win rate", deal_rate: "deal-in rate", net: "net", trend: "Trend",
    together: "{n} hands together", beat: "{a} won {x} · {b} won {y}", page: "page {p}/{n}",
    older: "Older ›", newer: "‹ Newer", nobody: "Two players are needed",
    bad_signature: "Telegram could not vouch for you",
    bad_signature_hint: "Open this page again from the chat.",
    bad_token: "This link is not valid", bad_token_hint: "Open it with a button under the bot's message.",
    not_member: "You are not in this chat", not_member_hint: "Only its members can see its records.",
    rate: "Too many requests", rate_hint: "Wait a moment and try again.",
    yuan: "{amount} yuan", money: "money",
    failed: "Could not load", failed_hint: "Check the connection and try again.",
  },
};
const PROBLEMS = { 401: "bad_signature", 404: "bad_token", 403: "not_member", 429: "rate" };

const userLang = (tg && tg.initDataUnsafe && tg.initDataUnsafe.user
  && tg.initDataUnsafe.user.language_code) || "zh";
// Until the chat's language arrives (or when nothing does), the user's own.
const state = { lang: /^zh/.test(userLang) ? "zh" : "en", period: "all", players: [], historyPage: 1, pictures: new Map() };
const start = new URLSearchParams(location.search).get("start")
  || (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || "";

function say(key, params) {
  let text = (TEXT[state.lang] || TEXT.zh)[key] || key;
  for (const [k, v] of Object.entries(params || {})) text = text.replace(`{${k}}`, v);
  return text;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function points(n) {
  return el("span", { class: n > 0 ? "plus" : n < 0 ? "minus" : "" }, signed(n));
}

// Fen as /settle writes them (storage.money.yuan_text and the chat's "yuan" text):
// "+24.00 元", "−8.50 yuan", "1,234.50 元".
function yuan(fen) {
  const whole = Math.floor(Math.abs(fen) / 100).toLocaleString("en-US");
  const cents = String(Math.abs(fen) % 100).padStart(2, "0");
  const sign = fen < 0 ? "−" : fen > 0 ? "+" : "";
  return el("span", { class: `money ${fen > 0 ? "plus" : fen < 0 ? "minus" : ""}` },
    say("yuan", { amount: `${sign}${whole}.${cents}` }));
}

function percent(part, whole) {
  return whole ? `${Math.round((100 * part) / whole)}%` : "–";
}

class Problem extends Error {}

async function api(path, params, asBlob) {
  const query = new URLSearchParams({ ...(params || {}), start });
  const answer = await fetch(`/api/${path}?${query}`, {
    headers: { Authorization: `tma ${(tg && tg.initData) || ""}` },
  });
  if (!answer.ok) throw new Problem(PROBLEMS[answer.status] || "failed");
  return asBlob ? answer.blob() : answer.json();
}

function show(id) {
  for (const section of document.querySelectorAll("main section")) section.hidden = section.id !== id;
  for (const tab of document.querySelectorAll("#tabs button")) {
    tab.classList.toggle("on", tab.dataset.tab === id || (id === "person" && tab.dataset.tab === "standings"));
  }
}

function showProblem(key) {
  document.querySelector("header").hidden = true;
  const box = document.getElementById("problem");
  box.replaceChildren(el("h2", {}, say(key)), el("p", { class: "hint" }, say(`${key}_hint`)));
  show("problem");
}

async function guarded(work) {
  try {
    await work();
  } catch (error) {
    showProblem(error instanceof Problem ? error.message : "failed");
  }
}

function drawPeriods(periods) {
  const bar = document.getElementById("periods");
  bar.replaceChildren(...periods.map((p) => el("button", {
    class: p.key === state.period ? "on" : "",
    "data-key": p.key,
    onclick: () => { state.period = p.key; drawPeriods(periods); guarded(loadStandings); },
  }, p.label)));
}

async function loadStandings() {
  const found = await api("standings", { period: state.period });
  state.players = found.players;
  const box = document.getElementById("standings");
  if (!found.players.length) {
    box.replaceChildren(el("p", { class: "hint" }, say("empty")));
  } else {
    box.replaceChildren(...found.players.map((p) => el("div", {
      class: "row", "data-player": p.id, onclick: () => guarded(() => loadPerson(p)),
    },
    el("span", { class: "rank" }, String(p.rank)),
    el("span", { class: "name" }, p.name),
    el("span", { class: "points" }, points(p.points),
      p.money_fen == null ? null : el("small", {}, " ", yuan(p.money_fen))),
    el("span", { class: "detail" },
      `${p.hands} ${say("hands")} · ${say("won")} ${p.wins} · ${say("dealt_in")} ${p.dealt_in}`
      + (p.biggest ? ` · ${say("biggest")} ${p.biggest.points} ${p.biggest.name}` : "")))));
  }
  const biggest = await api("biggest", { period: state.period });
  if (biggest.hands.length) {
    box.append(el("h2", {}, say("biggest_hands")), ...biggest.hands.slice(0, 5).map((hand) => {
      const card = el("div", { class: "entry biggest", "data-entry": hand.entry },
        el("div", { class: "head" }, el("span", {}, hand.player), el("span", {}, `#${hand.entry}`)),
        el("div", {}, el("b", {}, String(hand.points)), ` · ${hand.hand}`));
      card.addEventListener("click", () => picture(hand.entry).then((url) => {
        if (url && !card.querySelector("img")) card.append(el("img", { src: url, alt: `#${hand.entry}` }));
      }), { once: true });
      return card;
    }));
  }
  drawPicker();
  if (!["h2h", "history"].includes(currentTab())) show("standings");
}

function currentTab() {
  const on = document.querySelector("#tabs button.on");
  return on ? on.dataset.tab : "standings";
}

function trendSvg(trend) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "trend");
  svg.setAttribute("viewBox", "0 0 360 180");
  const values = [0, ...trend.balances];
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const x = (i) => 30 + (320 * i) / Math.max(1, values.length - 1);
  const y = (v) => 160 - (140 * (v - lo)) / span;
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text != null) node.textContent = text;
    svg.append(node);
  };
  add("line", { class: "zero", x1: 30, x2: 350, y1: y(0), y2: y(0) });
  add("polyline", { class: "line", points: values.map((v, i) => `${x(i)},${y(v)}`).join(" ") });
  add("text", { x: 2, y: y(hi) + 4 }, signed(hi));
  if (lo < 0) add("text", { x: 2, y: y(lo) + 4 }, signed(lo));
  const steps = trend.steps;
  if (steps.length) add("text", { x: 250, y: 176 }, String(steps[steps.length - 1]));
  return svg;
}

async function loadPerson(p) {
  const trend = await api("trend", { player: p.id, period: state.period });
  const box = document.getElementById("person");
  const stat = (label, value) => el("div", {}, el("b", {}, value), label);
  box.replaceChildren(
    el("a", { class: "back", href: "#", onclick: (e) => { e.preventDefault(); show("standings"); } }, say("back")),
    el("h2", {}, p.name, " ", points(p.points)),
    el("div", { class: "grid" },
      stat(say("hands"), String(p.hands)),
      stat(say("won"), `${p.wins} (${say("self_draws")} ${p.self_draws})`),
      stat(say("win_rate"), percent(p.wins, p.hands)),
      stat(say("deal_rate"), percent(p.dealt_in, p.hands)),
      stat(say("biggest"), p.biggest ? `${p.biggest.points} · ${p.biggest.name}` : "–"),
      stat(say("net"), signed(p.points)),
      p.money_fen == null ? null : stat(say("money"), yuan(p.money_fen))),
    el("h2", {}, say("trend")),
    trend.balances.length ? trendSvg(trend) : el("p", { class: "hint" }, say("empty")));
  show("person");
}

function drawPicker() {
  const box = document.getElementById("h2h");
  if (state.players.length < 2) {
    box.replaceChildren(el("p", { class: "hint" }, say("nobody")));
    return;
  }
  const select = (index) => el("select", { onchange: compare },
    ...state.players.map((p, i) => {
      const option = el("option", { value: p.id }, p.name);
      if (i === index) option.selected = true;
      return option;
    }));
  const a = select(0), b = select(1);
  const result = el("div", { id: "h2h-result" });
  box.replaceChildren(el("div", { class: "pick" }, a, el("span", {}, "vs"), b), result);
  async function compare() {
    if (a.value === b.value) { result.replaceChildren(); return; }
    await guarded(async () => {
      const met = await api("h2h", { a: a.value, b: b.value });
      result.replaceChildren(el("div", { class: "entry" },
        el("div", { class: "head" }, say("together", { n: met.hands })),
        el("div", {}, say("beat", { a: met.a, x: met.a_wins, b: met.b, y: met.b_wins })),
        el("div", {}, met.a, " ", points(met.a_net), " · ", met.b, " ", points(met.b_net))));
    });
  }
  compare();
}

async function loadHistory() {
  const found = await api("history", { page: state.historyPage });
  const box = document.getElementById("history");
  const entries = found.entries.map((entry) => {
    const card = el("div", { class: "entry", "data-entry": entry.id },
      el("div", { class: "head" }, el("span", {}, `#${entry.number} ${entry.winner || ""}`),
        el("span", {}, when(entry.at))),
      entry.line ? el("div", {}, entry.line) : null,
      el("div", {}, ...entry.postings.flatMap((p, i) => [i ? " · " : "", p.name, " ", points(p.delta)])));
    if (entry.picture) picture(entry.id).then((url) => url && card.append(el("img", { src: url, alt: `#${entry.number}` })));
    return card;
  });
  const pager = el("div", { class: "pager" },
    el("button", { onclick: () => turn(-1), ...(found.page <= 1 ? { disabled: "" } : {}) }, say("newer")),
    el("span", { class: "hint" }, say("page", { p: found.page, n: found.pages })),
    el("button", { onclick: () => turn(1), ...(found.page >= found.pages ? { disabled: "" } : {}) }, say("older")));
  box.replaceChildren(...(entries.length ? entries : [el("p", { class: "hint" }, say("empty"))]), pager);
}

function when(iso) {
  // The phone's own clock and language: the ledger keeps UTC.
  const at = new Date(iso);
  return at.toLocaleString(state.lang === "en" ? "en-GB" : "zh-CN", {
    month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit",
  });
}

async function picture(id) {
  // An <img> cannot send the initData header: the PNG is fetched and shown as a blob URL.
  if (!state.pictures.has(id)) {
    state.pictures.set(id, api(`picture/${id}.png`, {}, true)
      .then((blob) => URL.createObjectURL(blob)).catch(() => null));
  }
  return state.pictures.get(id);
}

function turn(by) {
  state.historyPage = Math.max(1, state.historyPage + by);
  guarded(loadHistory);
}

function keyboardScreen() {
  // The token's ninth byte names the screen (bot/webapp/start_token.py): 1 is the keyboard.
  try {
    const raw = atob(start.replace(/-/g, "+").replace(/_/g, "/"));
    return raw.length > 8 && raw.charCodeAt(8) === 1;
  } catch (error) {
    return false;
  }
}

async function main() {
  if (tg) { tg.ready(); tg.expand(); }
  if (start && keyboardScreen()) {
    location.replace(`keyboard.html${location.search}${location.hash}`);
    return;
  }
  for (const tab of document.querySelectorAll("#tabs button")) {
    tab.addEventListener("click", () => {
      show(tab.dataset.tab);
      if (tab.dataset.tab === "history") guarded(loadHistory);
    });
  }
  await guarded(async () => {
    const found = await api("periods");
    state.lang = found.lang === "en" ? "en" : "zh";
    document.documentElement.lang = state.lang === "en" ? "en" : "zh";
    document.getElementById("title").textContent = say("title");
    for (const tab of document.querySelectorAll("#tabs button")) tab.textContent = say(tab.dataset.tab);
    drawPeriods(found.periods);
    await loadStandings();
  });
  document.body.dataset.ready = "1";
}

main();
