// The tile keyboard: tap a hand, see its score from the bot's scoring core, record it as /hu.
// Plain script, no build step. The API is /api/keyboard/* (docs/webapp.md, "The tile
// keyboard"); every call carries Telegram's signed initData, and the server answers in the
// chat's language.
"use strict";

(function () {
  const tg = window.Telegram && window.Telegram.WebApp;
  const TEXT = {
    zh: {
      title: "🀄 整手牌", indicator_ask: "先点翻出的牌（翻牌）", indicator: "翻牌", winner: "谁胡", how: "怎么胡",
      from: "谁点的", words: "另外", contract: "承包", clear: "清空", record: "✅ 记账",
      hand: "手牌", chi: "吃", pon: "碰", kong: "明杠", concealed_kong: "暗杠", winning: "胡的牌",
      self_draw: "自摸", discard: "点炮", rob: "抢杠", kong_draw: "杠开", nobody: "无",
      empty: "点下面的牌", count: "{n}/14 张", wild: "财神：{tiles}", waits: "听 {n} 张",
      wait_self: "自摸", wait_discard: "点炮", recording: "记账中…", recorded: "已记账 #{ids}，群里已发",
      replayed: "这手已经记过了 #{ids}", no_telegram: "请在 Telegram 群里点「🀄 整手牌」按钮打开。",
      failed: "没连上，请稍后再试", status_401: "这个页面的登录已失效。请回到群里重新点「🀄 整手牌」。",
      status_403: "你不在这个群里，看不到它的牌桌。", status_404: "这个链接不是本机器人发的。",
      status_429: "请求太频繁，请稍等一会儿再试。", chi_hint: "吃：点顺子最小的那张", need_melds: "还差",
    },
    en: {
      title: "🀄 Full hand", indicator_ask: "First tap the flipped indicator tile", indicator: "Indicator", winner: "Winner",
      how: "Won by", from: "From", words: "Also", contract: "Contract", clear: "Clear",
      record: "✅ Record", hand: "Hand", chi: "Chow", pon: "Pung", kong: "Kong",
      concealed_kong: "Concealed kong", winning: "Winning tile", self_draw: "Self-draw",
      discard: "Discard", rob: "Robbed kong", kong_draw: "After kong", nobody: "None",
      empty: "Tap the tiles below", count: "{n}/14 tiles", wild: "Wild: {tiles}", waits: "Waits on {n}",
      wait_self: "self-draw", wait_discard: "discard", recording: "Recording…",
      recorded: "Recorded #{ids}; posted in the group", replayed: "Already recorded #{ids}",
      no_telegram: "Open this from the 🀄 button in your Telegram group.",
      failed: "Could not reach the bot; try again",
      status_401: "This page's sign-in has expired. Open it again from the 🀄 button in your group.",
      status_403: "You are not in this group, so its table is not shown.",
      status_404: "This link was not made by this bot.", status_429: "Too many requests; wait a moment.",
      chi_hint: "Chow: tap its lowest tile", need_melds: "",
    },
  };
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
  const DEBOUNCE_MS = 250;

  const $ = (id) => document.getElementById(id);
  let lang = "zh";
  let table = null;
  const state = {
    winner: "E", tiles: [], melds: [], winning: null, how: "self_draw", from: null,
    words: [], contract: null, indicator: null, mode: "hand",
  };
  let requestId = newRequestId();
  let asked = 0;
  let timer = null;
  let scoredOk = false;

  function say(key, params) {
    let text = (TEXT[lang] || TEXT.zh)[key] || key;
    for (const [name, value] of Object.entries(params || {})) text = text.replace("{" + name + "}", value);
    return text;
  }

  function newRequestId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return "kb-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function api(method, path, body) {
    const response = await fetch("/api/keyboard/" + path, {
      method,
      headers: { Authorization: "tma " + (tg ? tg.initData : ""), "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    let data = {};
    try { data = await response.json(); } catch (e) { data = {}; }
    return { status: response.status, data };
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

  function chip(label, pressed, onTap, data) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.textContent = label;
    b.setAttribute("aria-pressed", pressed ? "true" : "false");
    if (data) b.dataset.value = data;
    b.addEventListener("click", onTap);
    return b;
  }

  function seatName(seat) {
    const found = table.seats.find((s) => s.seat === seat);
    return found ? found.name : seat;
  }

  function used(face) {
    let count = state.tiles.filter((t) => t === face).length + (state.winning === face ? 1 : 0);
    for (const meld of state.melds) count += meld.tiles.filter((t) => t === face).length;
    return count + (state.indicator === face ? 1 : 0);
  }

  function tileCount() {
    return state.tiles.length + 3 * state.melds.length + (state.winning ? 1 : 0);
  }

  function drawHand() {
    const hand = $("hand");
    hand.replaceChildren();
    if (!state.tiles.length && !state.melds.length && !state.winning) {
      const empty = document.createElement("span");
      empty.className = "empty";
      empty.textContent = say("empty");
      hand.append(empty);
    }
    state.tiles.forEach((face, index) => {
      const el = tileEl(face, { tag: "button", small: true });
      el.addEventListener("click", () => { state.tiles.splice(index, 1); changed(); });
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
      group.addEventListener("click", () => { state.melds.splice(index, 1); changed(); });
      hand.append(group);
    });
    if (state.winning) {
      const el = tileEl(state.winning, { tag: "button", small: true });
      el.classList.add("winning");
      el.id = "winning-tile";
      el.addEventListener("click", () => { state.winning = null; changed(); });
      hand.append(el);
    }
    const n = tileCount();
    $("count").textContent = say("count", { n }) + (state.mode === "chi" ? " · " + say("chi_hint") : "");
  }

  function drawKeys() {
    const keys = $("keys");
    keys.replaceChildren();
    for (const face of FACES) {
      const el = tileEl(face, { tag: "button" });
      el.disabled = !canTap(face);
      el.addEventListener("click", () => tap(face));
      keys.append(el);
    }
  }

  function canTap(face) {
    const left = 4 - used(face);
    const mode = state.mode;
    if (mode === "pon") return left >= 3;
    if (mode === "kong" || mode === "concealed_kong") return left >= 4;
    if (mode === "chi") {
      const n = Number(face[0]);
      return face[1] !== "z" && n <= 7 && [0, 1, 2].every((k) => 4 - used(n + k + face[1]) >= 1);
    }
    return left >= 1;
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
      chip(say("nobody"), state.contract === null, () => { state.contract = null; changed(); }, ""),
      ...others.map((s) => chip(s.name, state.contract === s.seat, () => { state.contract = s.seat; changed(); }, s.seat)),
    );
    const indicatorRow = $("indicator-row");
    indicatorRow.hidden = !table.ruleset.uses_indicator;
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

  function changed() {
    requestId = newRequestId(); // another hand: another recording
    scoredOk = false;
    $("record").disabled = true;
    redraw();
    clearTimeout(timer);
    const n = tileCount();
    const ready = n === 13 && !state.winning;
    const fromMissing = (state.how === "discard" || state.how === "rob") && !state.from;
    if ((n !== 14 && !ready) || (n === 14 && fromMissing)) {
      $("result").replaceChildren();
      return;
    }
    timer = setTimeout(preview, DEBOUNCE_MS);
  }

  async function preview() {
    const mine = ++asked;
    let answer;
    try {
      answer = await api("POST", "score", payload());
    } catch (e) {
      showError(say("failed"));
      return;
    }
    if (mine !== asked) return; // a later tap asked again: its answer is the one to show
    if (answer.status !== 200) {
      showError(errorText(answer));
      return;
    }
    if (answer.data.waits) showWaits(answer.data.waits);
    else showScore(answer.data);
  }

  // The server's gate answers 401/403/404/429 with a code word; a refusal (422) with the
  // chat's own sentence.
  function errorText(answer) {
    if ([401, 403, 404, 429].includes(answer.status)) return say("status_" + answer.status);
    return answer.data.error || say("failed");
  }

  function showError(text) {
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
    scoredOk = true;
    $("record").disabled = false;
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
    if (!scoredOk) return;
    const button = $("record");
    button.disabled = true;
    const sent = Object.assign(payload(), { request_id: requestId });
    let answer;
    try {
      answer = await api("POST", "record", sent);
    } catch (e) {
      button.disabled = false; // the same request id again: recorded once either way
      showError(say("failed"));
      return;
    }
    if (answer.status !== 200) {
      if (answer.status === 429) button.disabled = false; // the same request id, once allowed
      showError(errorText(answer));
      return;
    }
    const ids = answer.data.entries.join(",");
    const done = document.createElement("p");
    done.id = "recorded";
    done.textContent = say(answer.data.replay ? "replayed" : "recorded", { ids });
    $("result").append(done);
    if (tg && tg.HapticFeedback) tg.HapticFeedback.notificationOccurred("success");
  }

  function clearHand() {
    Object.assign(state, {
      tiles: [], melds: [], winning: null, how: "self_draw", from: null, words: [], contract: null, mode: "hand",
    });
    changed();
  }

  // ---- start ---------------------------------------------------------------------------
  function translate() {
    document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = say(el.dataset.t);
  }

  function notice(text) {
    const el = $("notice");
    el.textContent = text;
    el.className = "notice bad";
    el.hidden = false;
  }

  function askIndicator() {
    $("indicator-step").hidden = false;
    $("hand-step").hidden = true;
    $("footer").hidden = true;
    const grid = $("indicator-grid");
    grid.replaceChildren(
      ...FACES.map((face) => {
        const el = tileEl(face, { tag: "button" });
        el.addEventListener("click", () => {
          state.indicator = face;
          $("indicator-step").hidden = true;
          $("hand-step").hidden = false;
          $("footer").hidden = false;
          changed();
        });
        return el;
      }),
    );
  }

  async function start() {
    if (tg) {
      tg.ready();
      tg.expand();
      document.documentElement.dataset.scheme = tg.colorScheme || "light";
    }
    const user = tg && tg.initDataUnsafe && tg.initDataUnsafe.user;
    lang = user && user.language_code && !user.language_code.startsWith("zh") ? "en" : "zh";
    translate();
    if (!tg || !tg.initData) {
      notice(say("no_telegram"));
      return;
    }
    let answer;
    try {
      answer = await api("GET", "table");
    } catch (e) {
      notice(say("failed"));
      return;
    }
    if (answer.status !== 200) {
      notice(errorText(answer));
      return;
    }
    table = answer.data;
    lang = table.lang;
    translate();
    $("ruleset").textContent = table.ruleset.label;
    state.winner = table.me || "E";
    $("record").addEventListener("click", record);
    $("clear").addEventListener("click", clearHand);
    $("indicator-shown").addEventListener("click", askIndicator);
    if (table.ruleset.uses_indicator) askIndicator();
    else { $("hand-step").hidden = false; $("footer").hidden = false; changed(); }
  }

  start();
})();
