// The tile keyboard: tap a hand, see its score from the bot's scoring core, record it as /hu
// with Telegram's MainButton. ES modules, no build step. The API is /api/keyboard/*
// (docs/webapp.md, "The tile keyboard"), called through api.js.
//
// The page keeps the hand honest before the server sees it: a hand holds at most 14 tiles
// and one more per kong; a full hand is scored only with its winning tile (without one it is
// asked for, and nothing is scored or sent); 13 (+kongs) tiles show the waits.

import { ApiError, call, problemText } from "./api.js";
import {
  confirmClosing, failed, initData, mainButton, pressed, setUp, succeeded, tapped, userLanguage,
} from "./telegram.js";
import { say, setLanguage } from "./texts.js";

const SUITS = ["m", "p", "s"];
const FACES = [].concat(
  ...SUITS.map((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n + s)),
  [1, 2, 3, 4, 5, 6, 7].map((n) => n + "z"),
);
const NUMERALS = "一二三四五六七八九";
const SUIT_GLYPH = { m: "萬", p: "筒", s: "条" };
const HONORS = ["東", "南", "西", "北", "", "發", "中"];
const MODES = ["hand", "chi", "pon", "kong", "concealed_kong", "winning"];
const HOWS = ["self_draw", "discard", "rob", "kong_draw"];
const KONGS = ["kong", "concealed_kong"];
const DEBOUNCE_MS = 250;
const OWN_WORDS = { member: "kb_member", signature: "kb_signature" };

const $ = (id) => document.getElementById(id);
let table = null;
const state = {
  winner: "E", tiles: [], melds: [], winning: null, how: "self_draw", from: null,
  words: [], contract: null, indicator: null, mode: "hand",
};
let requestId = newRequestId();
let asked = 0;
let timer = null;
let scoredOk = false;
let recording = false;
let autoWinning = false; // the page, not the player, turned the mode to 胡的牌

function newRequestId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return "kb-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---- the hand's size --------------------------------------------------------------------
function kongs() {
  return state.melds.filter((m) => KONGS.includes(m.kind)).length;
}

/** The most tiles this hand may hold: 14, one more per kong. */
function fullSize() {
  return 14 + kongs();
}

/** Tiles in the hand as a player counts them (a kong is four). */
function tileCount() {
  return state.tiles.length + state.melds.reduce((n, m) => n + m.tiles.length, 0) + (state.winning ? 1 : 0);
}

/** Tiles still to tap before the winning tile (a meld needs its tiles and keeps one free). */
function room() {
  return fullSize() - 1 - (tileCount() - (state.winning ? 1 : 0));
}

// ---- drawing -------------------------------------------------------------------------
function wilds() {
  if (!table) return [];
  if (table.ruleset.uses_indicator) return state.indicator ? table.wilds_by_indicator[state.indicator] : [];
  return table.wilds;
}

function tileEl(face, opts) {
  const el = document.createElement(opts && opts.tag ? opts.tag : "span");
  const suit = face[1];
  const n = Number(face[0]);
  el.className = "tile " + suit + (opts && opts.small ? " small" : "");
  el.dataset.face = face;
  if (wilds().includes(face)) el.classList.add("wild");
  if (suit === "z") {
    if (n === 5) el.classList.add("white");
    if (n === 6) el.classList.add("green");
    if (n === 7) el.classList.add("red");
    el.innerHTML = '<span class="h">' + HONORS[n - 1] + "</span>";
  } else {
    el.innerHTML = '<span class="n">' + NUMERALS[n - 1] + '</span><span class="s">' + SUIT_GLYPH[suit] + "</span>";
  }
  el.setAttribute("aria-label", face);
  return el;
}

function chip(label, pressedNow, onTap, data) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "chip";
  b.textContent = label;
  b.setAttribute("aria-pressed", pressedNow ? "true" : "false");
  if (data) b.dataset.value = data;
  b.addEventListener("click", () => { tapped(); onTap(); });
  return b;
}

function used(face) {
  let count = state.tiles.filter((t) => t === face).length + (state.winning === face ? 1 : 0);
  for (const meld of state.melds) count += meld.tiles.filter((t) => t === face).length;
  return count + (state.indicator === face ? 1 : 0);
}

function drawHand() {
  const hand = $("hand");
  hand.replaceChildren();
  if (!state.tiles.length && !state.melds.length && !state.winning) {
    const empty = document.createElement("span");
    empty.className = "empty";
    empty.textContent = say("tap_tiles");
    hand.append(empty);
  }
  state.tiles.forEach((face, index) => {
    const el = tileEl(face, { tag: "button", small: true });
    el.addEventListener("click", () => {
      tapped();
      state.tiles.splice(index, 1);
      // In 胡的牌 mode a tile of the hand is the one it was won on; otherwise it goes back.
      if (state.mode === "winning" && !state.winning) { state.winning = face; state.mode = "hand"; }
      changed();
    });
    hand.append(el);
  });
  state.melds.forEach((meld, index) => {
    const group = document.createElement("button");
    group.type = "button";
    group.className = "meld";
    group.dataset.kind = meld.kind;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = say(meld.kind);
    group.append(kind, ...meld.tiles.map((f) => tileEl(f, { small: true })));
    group.addEventListener("click", () => { tapped(); state.melds.splice(index, 1); changed(); });
    hand.append(group);
  });
  if (state.winning) {
    const el = tileEl(state.winning, { tag: "button", small: true });
    el.classList.add("winning");
    el.id = "winning-tile";
    el.addEventListener("click", () => { tapped(); state.winning = null; changed(); });
    hand.append(el);
  }
  const hints = [say("count", { n: tileCount(), max: fullSize() })];
  if (state.mode === "chi") hints.push(say("chi_hint"));
  if (state.mode === "winning" && !state.winning) hints.push(say("next_is_winning"));
  $("count").textContent = hints.join(" · ");
  $("count").dataset.count = String(tileCount());
  $("count").dataset.max = String(fullSize());
}

function drawKeys() {
  const keys = $("keys");
  keys.replaceChildren();
  for (const face of FACES) {
    const el = tileEl(face, { tag: "button" });
    el.disabled = !canTap(face);
    el.addEventListener("click", () => { tapped(); tap(face); });
    keys.append(el);
  }
}

function canTap(face) {
  const left = 4 - used(face);
  const mode = state.mode;
  if (mode === "winning") return !state.winning && left >= 1 && tileCount() < fullSize();
  if (mode === "hand") return left >= 1 && room() >= 1;
  // A meld takes three places (a kong four, and the hand grows by one); it may take the
  // winning tile's place too (melds are often tapped last): the page then asks for it.
  if (fullSize() - tileCount() < 3) return false;
  if (mode === "pon") return left >= 3;
  if (KONGS.includes(mode)) return left >= 4;
  const n = Number(face[0]);
  return face[1] !== "z" && n <= 7 && [0, 1, 2].every((k) => 4 - used(n + k + face[1]) >= 1);
}

function drawChoices() {
  $("winners").replaceChildren(
    ...table.seats.map((s) => chip(s.name, state.winner === s.seat, () => { state.winner = s.seat; if (state.from === s.seat) state.from = null; changed(); }, s.seat)),
  );
  $("modes").replaceChildren(
    ...MODES.map((m) => chip(say(m), state.mode === m, () => { state.mode = m; redraw(); }, m)),
  );
  const hows = HOWS.filter((h) => h !== "discard" || table.ruleset.allows_discard_win);
  $("hows").replaceChildren(
    ...hows.map((h) => chip(say(h), state.how === h, () => { state.how = h; changed(); }, h)),
  );
  const needsFrom = state.how === "discard" || state.how === "rob";
  $("from-row").hidden = !needsFrom;
  const others = table.seats.filter((s) => s.seat !== state.winner);
  $("froms").replaceChildren(
    ...others.map((s) => chip(s.name, state.from === s.seat, () => { state.from = s.seat; changed(); }, s.seat)),
  );
  $("words-row").hidden = !table.words.length;
  $("words").replaceChildren(
    ...table.words.map((w) => chip(w, state.words.includes(w), () => { toggleWord(w); changed(); }, w)),
  );
  $("contract-row").hidden = !table.ruleset.has_contract;
  $("contracts").replaceChildren(
    chip(say("nobody_seat"), state.contract === null, () => { state.contract = null; changed(); }, ""),
    ...others.map((s) => chip(s.name, state.contract === s.seat, () => { state.contract = s.seat; changed(); }, s.seat)),
  );
  $("indicator-row").hidden = !table.ruleset.uses_indicator;
  if (state.indicator) {
    $("indicator-shown").replaceChildren(tileEl(state.indicator, { small: true }));
    $("wild-shown").replaceChildren(say("wild", { tiles: "" }), ...wilds().map((f) => tileEl(f, { small: true })));
  }
}

function toggleWord(word) {
  const at = state.words.indexOf(word);
  if (at >= 0) state.words.splice(at, 1);
  else state.words.push(word);
}

function redraw() {
  drawChoices();
  drawHand();
  drawKeys();
}

// ---- tapping -------------------------------------------------------------------------
function tap(face) {
  const n = Number(face[0]);
  const suit = face[1];
  const mode = state.mode;
  if (mode === "hand") state.tiles.push(face);
  else if (mode === "winning") state.winning = face;
  else if (mode === "chi") state.melds.push({ kind: "chi", tiles: [n + suit, n + 1 + suit, n + 2 + suit] });
  else state.melds.push({ kind: mode, tiles: Array(mode === "pon" ? 3 : 4).fill(face) });
  if (mode !== "hand") state.mode = "hand";
  changed();
}

function payload() {
  const body = {
    winner: state.winner, tiles: state.tiles, melds: state.melds, winning: state.winning,
    how: state.how, words: state.words,
  };
  if (state.how === "discard" || state.how === "rob") body.from = state.from;
  if (state.how === "kong_draw") body.kong_draws = 1;
  if (state.indicator) body.indicator = state.indicator;
  if (state.contract) body.contract = state.contract;
  return body;
}

function setRecordable(on) {
  scoredOk = on;
  mainButton.enable(on && !recording);
  $("footer").dataset.recordable = on ? "1" : "0";
}

function changed() {
  requestId = newRequestId(); // another hand: another recording
  setRecordable(false);
  const n = tileCount();
  const full = fullSize();
  const waiting = n === full - 1 && !state.winning;
  // The last tile of a full hand is its winning tile: the next tap after 13 (+kongs) is it.
  if (waiting && state.mode === "hand") {
    state.mode = "winning";
    autoWinning = true;
  } else if (autoWinning && state.mode === "winning" && n < full - 1) {
    state.mode = "hand"; // a tile was taken back: tapping goes on into the hand
  }
  if (state.mode !== "winning") autoWinning = false;
  redraw();
  confirmClosing(n > 0);
  clearTimeout(timer);
  if (n === full && !state.winning) {
    showAsk(say("ask_winning", { n }));
    state.mode = "winning";
    drawHand();
    return;
  }
  const fromMissing = (state.how === "discard" || state.how === "rob") && !state.from;
  if (!(waiting || (n === full && !fromMissing))) {
    $("result").replaceChildren();
    return;
  }
  timer = setTimeout(preview, DEBOUNCE_MS);
}

async function preview() {
  const mine = ++asked;
  let answer;
  try {
    answer = await call("keyboard/score", { json: payload() });
  } catch (error) {
    if (mine === asked) showError(problemText(error, OWN_WORDS));
    return;
  }
  if (mine !== asked) return; // a later tap asked again: its answer is the one to show
  if (answer.waits) showWaits(answer.waits);
  else showScore(answer);
}

function showAsk(text) {
  const p = document.createElement("p");
  p.className = "ask";
  p.id = "ask";
  p.textContent = text;
  $("result").replaceChildren(p);
}

function showError(text) {
  failed();
  const p = document.createElement("p");
  p.className = "bad";
  p.id = "refusal";
  p.textContent = text;
  $("result").replaceChildren(p);
}

function showScore(data) {
  const head = document.createElement("div");
  head.className = "score";
  head.id = "score";
  const patterns = data.patterns.map((p) => p.name + " " + p.value).join(" · ");
  head.textContent = data.value + " " + data.unit + (patterns ? "  " : "");
  const detail = document.createElement("span");
  detail.className = "dim";
  detail.textContent = patterns;
  head.append(detail);
  const rows = document.createElement("div");
  rows.id = "payments";
  for (const row of data.payments) {
    const cell = document.createElement("div");
    cell.className = "pay";
    cell.dataset.seat = row.seat;
    const who = document.createElement("div");
    who.className = "who";
    who.textContent = row.name;
    const amount = document.createElement("div");
    amount.className = "amount " + (row.delta > 0 ? "plus" : row.delta < 0 ? "minus" : "");
    amount.textContent = (row.delta > 0 ? "+" : "") + row.delta;
    cell.append(who, amount);
    rows.append(cell);
  }
  $("result").replaceChildren(head, rows);
  setRecordable(true);
}

function showWaits(waits) {
  const head = document.createElement("div");
  head.className = "score";
  head.textContent = say("waits", { n: waits.length });
  const list = document.createElement("ul");
  list.className = "waits";
  list.id = "waits";
  for (const wait of waits) {
    const li = document.createElement("li");
    li.dataset.face = wait.tile;
    const text = document.createElement("span");
    text.textContent = [["wait_self", wait.self_draw], ["wait_discard", wait.discard]]
      .map(([key, side]) => say(key) + " " + (side.refused ? "✖" : side.value + side.unit + " (+" + side.gain + ")"))
      .join(" · ");
    li.append(tileEl(wait.tile, { small: true }), text);
    const why = [wait.self_draw.refused, wait.discard.refused].filter(Boolean).join(" ");
    if (why) {
      const reason = document.createElement("span");
      reason.className = "dim why";
      reason.textContent = why;
      text.append(document.createElement("br"), reason);
    }
    list.append(li);
  }
  $("result").replaceChildren(head, list);
}

async function record() {
  // Only a hand the server has just scored, with its winning tile, is sent.
  if (!scoredOk || recording || !state.winning || tileCount() !== fullSize()) return;
  pressed();
  recording = true;
  mainButton.progress(true);
  mainButton.enable(false);
  const sent = Object.assign(payload(), { request_id: requestId });
  let answer;
  try {
    answer = await call("keyboard/record", { json: sent }); // a 429 is waited out and sent again
  } catch (error) {
    recording = false;
    mainButton.progress(false);
    // The same request id when tapped again: recorded once either way.
    mainButton.enable(!(error instanceof ApiError && [401, 403, 404, 422].includes(error.status)));
    showError(problemText(error, OWN_WORDS));
    return;
  }
  recording = false;
  mainButton.progress(false);
  mainButton.enable(true);
  const ids = answer.entries.join(",");
  const done = document.createElement("p");
  done.className = "recorded";
  done.textContent = say(answer.replay ? "replayed" : "recorded", { ids });
  $("result").append(done);
  confirmClosing(false); // written: nothing is lost if the page closes now
  succeeded();
}

function clearHand() {
  Object.assign(state, {
    tiles: [], melds: [], winning: null, how: "self_draw", from: null, words: [], contract: null, mode: "hand",
  });
  changed();
}

// ---- start ---------------------------------------------------------------------------
function translate() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = say(el.dataset.t);
}

function notice(text) {
  failed();
  const el = $("notice");
  el.textContent = text;
  el.className = "notice bad";
  el.hidden = false;
}

function askIndicator() {
  $("indicator-step").hidden = false;
  $("hand-step").hidden = true;
  $("footer").hidden = true;
  mainButton.hide();
  const grid = $("indicator-grid");
  grid.replaceChildren(
    ...FACES.map((face) => {
      const el = tileEl(face, { tag: "button" });
      el.addEventListener("click", () => {
        tapped();
        state.indicator = face;
        showHandStep();
      });
      return el;
    }),
  );
}

function showHandStep() {
  $("indicator-step").hidden = true;
  $("hand-step").hidden = false;
  $("footer").hidden = false;
  mainButton.show(say("record"), record);
  changed();
}

async function start() {
  setUp();
  setLanguage(userLanguage());
  translate();
  if (!initData()) {
    notice(say("kb_no_telegram"));
    return;
  }
  try {
    table = await call("keyboard/table");
  } catch (error) {
    notice(problemText(error, OWN_WORDS));
    return;
  }
  setLanguage(table.lang);
  translate();
  $("ruleset").textContent = table.ruleset.label;
  state.winner = table.me || "E";
  $("clear").addEventListener("click", () => { tapped(); clearHand(); });
  $("indicator-shown").addEventListener("click", () => { tapped(); askIndicator(); });
  if (table.ruleset.uses_indicator) askIndicator();
  else showHandStep();
}

start();
