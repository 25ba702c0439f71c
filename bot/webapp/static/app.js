// The season page: standings, a person's trend and record, head-to-head and the history, each
// from /api/ (api.js); from the private chat's menu button, the list of one's chats first.
// Plain DOM and ES modules, no build step. Telegram's BackButton walks back the screens.

import { ApiError, call, currentStart, problemText, useStart } from "./api.js";
import {
  clearBack, failed, initData, popBack, pressed, pushBack, setUp, tapped, userLanguage,
} from "./telegram.js";
import { language, say, setLanguage, windName } from "./texts.js";

const state = { period: "month", periods: [], players: [], historyPage: 1, pictures: new Map() };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child != null && child !== false) node.append(child);
  return node;
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function points(n) {
  return el("span", { class: n > 0 ? "plus" : n < 0 ? "minus" : "" }, signed(n));
}

// Fen as /settle writes them (storage.money.yuan_text): "+24.00 元", "−8.50 yuan".
function yuanText(fen, withSign = true) {
  const whole = Math.floor(Math.abs(fen) / 100).toLocaleString("en-US");
  const cents = String(Math.abs(fen) % 100).padStart(2, "0");
  const sign = fen < 0 ? "−" : fen > 0 && withSign ? "+" : "";
  return say("yuan", { amount: `${sign}${whole}.${cents}` });
}

function yuan(fen) {
  return el("span", { class: `money ${fen > 0 ? "plus" : fen < 0 ? "minus" : ""}` }, yuanText(fen));
}

function percent(part, whole) {
  return whole ? `${Math.round((100 * part) / whole)}%` : "–";
}

function when(iso) {
  // The phone's own clock: the ledger keeps UTC.
  return new Date(iso).toLocaleString(language() === "en" ? "en-GB" : "zh-CN", {
    month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit",
  });
}

// ---- screens --------------------------------------------------------------------------
function show(id) {
  for (const section of document.querySelectorAll("main section")) section.hidden = section.id !== id;
  document.getElementById("season-header").hidden = id === "chats" || id === "problem";
  for (const tab of document.querySelectorAll("#tabs button")) {
    tab.classList.toggle("on", tab.dataset.tab === id || (id === "person" && tab.dataset.tab === "standings"));
  }
  window.scrollTo(0, 0);
}

function currentTab() {
  const on = document.querySelector("#tabs button.on");
  return on ? on.dataset.tab : "standings";
}

/** A page of its own for what stops the page (no signature, not a member …), with a way on. */
function showProblem(text, again) {
  failed();
  const box = document.getElementById("problem");
  const retry = again
    ? [el("button", { onclick: () => { pressed(); guarded(again); } }, say("retry"))]
    : [];
  box.replaceChildren(el("p", {}, text), ...retry);
  show("problem");
}

async function guarded(work) {
  try {
    await work();
  } catch (error) {
    const final = error instanceof ApiError && [401, 403, 404].includes(error.status);
    showProblem(problemText(error), final ? null : work);
  }
}

// ---- one's chats (the private chat's menu button) ----------------------------------------
async function showChats() {
  const found = await call("chats");
  setLanguage(found.lang);
  const box = document.getElementById("chats");
  const rows = found.chats.map((chat) => el("button", {
    class: "chat entry", "data-start": chat.start,
    onclick: () => { pressed(); guarded(() => openChat(chat.start)); },
  },
  el("div", { class: "names" }, chat.players.join(" · "),
    chat.more ? ` ${say("and_more", { n: chat.more })}` : ""),
  chat.last ? el("div", { class: "when" }, say("last_played", { when: when(chat.last) })) : null));
  box.replaceChildren(el("h1", {}, say("my_chats")),
    ...(rows.length ? rows : [el("p", { class: "hint" }, say("no_chats"))]));
  show("chats");
}

let inChat = false; // a chat of the list is open: the BackButton leads back to the list

async function openChat(token) {
  if (!inChat) {
    // Before the chat loads: a chat that refuses (left it since) still has a way back.
    const before = currentStart();
    inChat = true;
    pushBack(() => { inChat = false; useStart(before); show("chats"); });
  }
  useStart(token);
  await openSeason();
}

// ---- the season -----------------------------------------------------------------------
function defaultPeriod(periods) {
  // The open season, hand by hand; else this month: 全部 is one point a month, a straight
  // line for most chats.
  const open = periods.find((p) => p.open);
  return open ? open.key : "month";
}

async function openSeason() {
  const found = await call("periods");
  setLanguage(found.lang);
  state.periods = found.periods;
  state.period = defaultPeriod(found.periods);
  state.historyPage = 1;
  state.pictures.clear();
  document.getElementById("title").textContent = say("title");
  for (const tab of document.querySelectorAll("#tabs button")) tab.textContent = say(tab.dataset.tab);
  const shareButton = document.getElementById("share");
  shareButton.textContent = say("share");
  if (window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.shareMessage) {
    shareButton.hidden = false;
    shareButton.onclick = () => { pressed(); guarded(share); };
  }
  drawPeriods();
  await loadStandings();
  show("standings");
}

function drawPeriods() {
  const bar = document.getElementById("periods");
  bar.replaceChildren(...state.periods.map((p) => el("button", {
    class: p.key === state.period ? "on" : "",
    "data-key": p.key,
    onclick: () => {
      tapped();
      state.period = p.key;
      drawPeriods();
      guarded(async () => { await loadStandings(); if (currentTab() === "standings") show("standings"); });
    },
  }, p.label)));
  const on = bar.querySelector("button.on");
  if (on) on.scrollIntoView({ inline: "center", block: "nearest" });
}

async function loadStandings() {
  const [found, biggest] = await Promise.all([
    call("standings", { params: { period: state.period } }),
    call("biggest", { params: { period: state.period } }),
  ]);
  state.players = found.players;
  const box = document.getElementById("standings");
  if (!found.players.length) {
    box.replaceChildren(el("p", { class: "hint" }, say("empty")));
  } else {
    box.replaceChildren(...found.players.map((p) => el("div", {
      class: "row", "data-player": p.id, onclick: () => { pressed(); guarded(() => openPerson(p)); },
    },
    el("span", { class: "rank" }, String(p.rank)),
    el("span", { class: "name" }, p.name),
    el("span", { class: "points" }, points(p.points),
      p.money_fen == null ? null : el("small", {}, " ", yuan(p.money_fen))),
    el("span", { class: "detail" },
      `${p.hands} ${say("hands")} · ${say("won")} ${p.wins} · ${say("dealt_in")} ${p.dealt_in}`
      + (p.biggest ? ` · ${say("biggest")} ${p.biggest.points} ${p.biggest.name}` : "")))));
  }
  if (biggest.hands.length) {
    box.append(el("h2", {}, say("biggest_hands")), ...biggest.hands.slice(0, 5).map((hand) => {
      const card = el("div", { class: "entry biggest", "data-entry": hand.entry },
        el("div", { class: "head" }, el("span", {}, hand.player), el("span", {}, `#${hand.entry}`)),
        el("div", {}, el("b", {}, String(hand.points)), ` · ${hand.hand}`));
      card.addEventListener("click", () => { tapped(); card.append(pictureOf(hand.entry)); }, { once: true });
      return card;
    }));
  }
  drawPicker();
}

function trendSvg(trend) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "trend");
  svg.setAttribute("viewBox", "0 0 360 180");
  const values = [0, ...trend.balances];
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const x = (i) => 40 + (310 * i) / Math.max(1, values.length - 1);
  const y = (v) => 160 - (140 * (v - lo)) / span;
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text != null) node.textContent = text;
    svg.append(node);
  };
  add("line", { class: "zero", x1: 40, x2: 350, y1: y(0), y2: y(0) });
  add("polyline", { class: "line", points: values.map((v, i) => `${x(i)},${y(v)}`).join(" ") });
  if (values.length <= 40) values.forEach((v, i) => add("circle", { cx: x(i), cy: y(v), r: 2.5 }));
  add("text", { x: 2, y: y(hi) + 4 }, signed(hi));
  if (lo < 0) add("text", { x: 2, y: y(lo) + 4 }, signed(lo));
  const steps = trend.steps;
  if (steps.length) add("text", { x: 350, y: 176, "text-anchor": "end" }, String(steps[steps.length - 1]));
  return svg;
}

async function openPerson(p) {
  const trend = await call("trend", { params: { player: p.id, period: state.period } });
  const box = document.getElementById("person");
  const stat = (label, value) => el("div", {}, el("b", {}, value), label);
  box.replaceChildren(
    el("h2", {}, p.name, " ", points(p.points)),
    el("div", { class: "grid" },
      stat(say("hands"), String(p.hands)),
      stat(say("won"), `${p.wins} (${say("self_draws")} ${p.self_draws})`),
      stat(say("win_rate"), percent(p.wins, p.hands)),
      stat(say("deal_rate"), percent(p.dealt_in, p.hands)),
      stat(say("biggest"), p.biggest ? `${p.biggest.points} · ${p.biggest.name}` : "–"),
      stat(say("net"), signed(p.points)),
      p.money_fen == null ? null : stat(say("money"), yuan(p.money_fen))),
    el("h2", { class: "trend-title" }, say(trend.by_month ? "trend_by_month" : "trend_by_hand")),
    trend.balances.length ? trendSvg(trend) : el("p", { class: "hint" }, say("empty")));
  show("person");
  pushBack(() => show("standings"));
}

function drawPicker() {
  const box = document.getElementById("h2h");
  if (state.players.length < 2) {
    box.replaceChildren(el("p", { class: "hint" }, say("nobody")));
    return;
  }
  const select = (index) => el("select", { onchange: () => { tapped(); compare(); } },
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
      const met = await call("h2h", { params: { a: a.value, b: b.value } });
      result.replaceChildren(el("div", { class: "entry" },
        el("div", { class: "head" }, say("together", { n: met.hands })),
        el("div", {}, say("beat", { a: met.a, x: met.a_wins, b: met.b, y: met.b_wins })),
        el("div", {}, say("dealt_to", { a: met.a, b: met.b, n: met.a_dealt_in_to_b })),
        el("div", {}, say("dealt_to", { a: met.b, b: met.a, n: met.b_dealt_in_to_a })),
        el("div", {}, met.a, " ", points(met.a_net), " · ", met.b, " ", points(met.b_net))));
    });
  }
  compare();
}

// ---- the history ----------------------------------------------------------------------
/** What the entry is, as the chat says it — 胡 甲 · 撤销 #8 · 罚 甲 30 诈胡 · 转账 甲 → 乙 20 …:
 * the label's text key (and its values), then the rest. */
function entryTitle(entry) {
  const amount = () => (entry.fen != null ? yuanText(entry.fen, false) : String(entry.points));
  const from = entry.from ? say("from", { name: entry.from }) : "";
  const words = (...parts) => parts.filter(Boolean).join(" ");
  switch (entry.kind) {
    case "win": return [["kind_win"], entry.who];
    case "kong": return [["kind_kong"], words(entry.who, entry.kong, from)];
    case "draw": return [["kind_draw"], ""];
    case "undo": return [["kind_undo"], `#${entry.reverses}`];
    case "penalty": return [["kind_penalty"], words(entry.who, amount(), entry.reason)];
    case "pay": return [["kind_pay"], `${entry.who || "?"} → ${entry.to || "?"} ${amount()}`];
    case "fee": return [["kind_fee"], amount()];
    case "stake": return [["kind_stake", { stake: entry.stake }], ""];
    default: return [["kind_adjustment"], entry.reason || ""];
  }
}

function entryCard(entry) {
  const [label, rest] = entryTitle(entry);
  const winds = [entry.seat_wind && say("wind_seat", { wind: windName(entry.seat_wind) }),
    entry.round_wind && say("wind_round", { wind: windName(entry.round_wind) })].filter(Boolean);
  const moves = [
    ...entry.postings.flatMap((p, i) => [i ? " · " : "", p.name, " ", points(p.delta)]),
    ...(entry.money || []).flatMap((m, i) => [i || entry.postings.length ? " · " : "", m.name, " ",
      el("span", { class: m.fen > 0 ? "plus" : "minus" }, yuanText(m.fen))]),
  ];
  return el("div", { class: `entry ${entry.undone ? "undone" : ""}`, "data-entry": entry.id, "data-kind": entry.kind },
    el("div", { class: "head" },
      el("span", { class: "what" }, el("span", { class: "label" }, say(...label)), rest ? ` ${rest}` : ""),
      el("span", {}, `#${entry.number} · ${when(entry.at)}`)),
    entry.undone ? el("div", { class: "tag" }, say("undone")) : null,
    entry.line ? el("div", { class: "line" }, entry.line) : null,
    winds.length ? el("div", { class: "winds" }, winds.join(" · ")) : null,
    entry.patterns ? el("div", { class: "patterns" }, entry.patterns) : null,
    moves.length ? el("div", { class: "moves" }, ...moves) : null,
    entry.picture ? pictureOf(entry.id) : null);
}

// A picture is fetched when its card comes near the screen, at the width it is shown (an
// <img> cannot send the initData header: it is fetched and shown as a blob URL).
const nearby = "IntersectionObserver" in window
  ? new IntersectionObserver((seen) => {
    for (const item of seen) {
      if (!item.isIntersecting) continue;
      nearby.unobserve(item.target);
      fill(item.target);
    }
  }, { rootMargin: "200px 0px" })
  : null;

function pictureOf(id) {
  const img = el("img", { class: "pic", alt: `#${id}`, loading: "lazy", "data-entry": id });
  if (nearby) nearby.observe(img); else fill(img);
  return img;
}

async function fill(img) {
  const id = img.dataset.entry;
  const width = Math.round((img.clientWidth || document.documentElement.clientWidth - 44) * (window.devicePixelRatio || 1));
  const key = `${id}@${width}`;
  if (!state.pictures.has(key)) {
    state.pictures.set(key, call(`picture/${id}.webp`, { params: { w: width }, blob: true })
      .then((blob) => URL.createObjectURL(blob)).catch(() => null));
  }
  const url = await state.pictures.get(key);
  if (url) img.src = url;
  else img.remove();
}

async function loadHistory() {
  const found = await call("history", { params: { page: state.historyPage } });
  const box = document.getElementById("history");
  const pager = el("div", { class: "pager" },
    el("button", { onclick: () => turn(-1), ...(found.page <= 1 ? { disabled: "" } : {}) }, say("newer")),
    el("span", { class: "hint" }, say("page", { p: found.page, n: found.pages })),
    el("button", { onclick: () => turn(1), ...(found.page >= found.pages ? { disabled: "" } : {}) }, say("older")));
  const cards = found.entries.map(entryCard);
  box.replaceChildren(...(cards.length ? cards : [el("p", { class: "hint" }, say("empty"))]), pager);
  box.dataset.page = String(found.page);
}

function turn(by) {
  tapped();
  state.historyPage = Math.max(1, state.historyPage + by);
  guarded(async () => { await loadHistory(); window.scrollTo(0, 0); });
}

// 「分享」: the server prepares the season card (savePreparedInlineMessage) and Telegram lets
// the user pick any chat to send it to.
async function share() {
  const prepared = await call("share", { json: {} });
  window.Telegram.WebApp.shareMessage(prepared.id);
}

// ---- start ----------------------------------------------------------------------------
async function main() {
  setUp();
  setLanguage(userLanguage());
  for (const tab of document.querySelectorAll("#tabs button")) {
    tab.addEventListener("click", () => {
      tapped();
      if (currentTab() === "standings" && !document.getElementById("person").hidden) popBack();
      show(tab.dataset.tab);
      if (tab.dataset.tab === "history") guarded(loadHistory);
    });
  }
  if (!initData()) {
    showProblem(say("no_telegram"));
  } else {
    await guarded(async () => {
      const where = await call("start");
      setLanguage(where.lang);
      if (where.screen === "keyboard") {
        const query = location.search || `?start=${encodeURIComponent(currentStart())}`;
        location.replace(`keyboard.html${query}${location.hash}`);
        return;
      }
      clearBack();
      if (where.screen === "chats") await showChats();
      else await openSeason();
    });
  }
  document.body.dataset.ready = "1";
}

main();
