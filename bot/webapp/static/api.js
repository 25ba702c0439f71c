// The one way both pages call /api/: Telegram's signed initData in the Authorization header,
// the start token in the query, and the API's one error shape
// {"error": code, "message": text in the viewer's language}. A 429 is waited out as its
// Retry-After says, with a countdown on screen, and the call is made again by itself.

import { initData, startParam } from "./telegram.js";
import { say } from "./texts.js";

const MAX_WAITS = 5; // 429s in a row before a call gives up and says so
const DEFAULT_WAIT_S = 5;

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code);
    this.status = status;
    this.code = code; // "signature", "token", "member", "rate", "failed" or the route's own
    this.said = message || ""; // the server's sentence, when it sent one
  }
}

let start = startParam();

/** Another chat's token (the list of one's chats opens a chat's page in place). */
export function useStart(token) {
  start = token;
}

export function currentStart() {
  return start;
}

// ---- the countdown shown while a 429 is waited out --------------------------------------
let waitUntil = 0;
let ticker = null;

function banner() {
  let box = document.getElementById("retrying");
  if (!box) {
    box = document.createElement("div");
    box.id = "retrying";
    box.className = "retrying";
    box.setAttribute("role", "status");
    box.hidden = true;
    document.body.append(box);
  }
  return box;
}

function tick() {
  const box = banner();
  const left = Math.ceil((waitUntil - Date.now()) / 1000);
  box.hidden = false;
  box.dataset.seconds = String(Math.max(0, left));
  box.textContent = left > 0 ? say("rate", { s: left }) : say("rate_now");
  if (left <= 0) {
    clearInterval(ticker);
    ticker = null;
  }
}

function waitOut(seconds) {
  waitUntil = Math.max(waitUntil, Date.now() + seconds * 1000);
  if (!ticker) ticker = setInterval(tick, 250);
  tick();
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

function waited() {
  if (Date.now() >= waitUntil) banner().hidden = true;
}

function retryAfter(response, data) {
  const header = Number(response.headers.get("Retry-After"));
  const field = Number(data && data.retry_after);
  const seconds = header > 0 ? header : field > 0 ? field : DEFAULT_WAIT_S;
  return Math.min(seconds, 120);
}

async function body(response) {
  try {
    return await response.json();
  } catch (error) {
    return {};
  }
}

/**
 * GET (or POST with ``json``) /api/<path>; the JSON answer, or a Blob with ``blob``.
 * Throws ApiError for any answer but 2xx (a network failure is ApiError 0 "failed").
 */
export async function call(path, { params, json, blob } = {}) {
  const query = new URLSearchParams({ ...(params || {}) });
  if (start) query.set("start", start);
  const headers = { Authorization: `tma ${initData()}` };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  for (let waits = 0; ; waits += 1) {
    let response;
    try {
      response = await fetch(`/api/${path}?${query}`, {
        method: json === undefined ? "GET" : "POST",
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    } catch (error) {
      throw new ApiError(0, "failed", "");
    }
    if (response.ok) {
      waited();
      return blob ? response.blob() : response.json();
    }
    const data = await body(response);
    if (response.status === 429 && waits < MAX_WAITS) {
      await waitOut(retryAfter(response, data));
      continue;
    }
    waited();
    // The one shape: {"error": code, "message": text}. A 422 of an older server carried
    // its sentence as "error".
    const code = typeof data.error === "string" ? data.error : "failed";
    const message = data.message || (response.status === 422 ? data.error : "");
    throw new ApiError(response.status, response.status === 429 ? "rate" : code, message);
  }
}

const KNOWN = { signature: "signature", token: "token", member: "member" };
const BY_STATUS = { 401: "signature", 403: "member" };

/** The words for an ApiError: the page's own for what stops the page (no signature, a stale
 * token, not a member: it knows the way back, and the server cannot know the viewer's
 * language before the signature holds), else the server's sentence, else "failed" (``own``
 * renames the keys a page words its own way: {member: "kb_member"}). */
export function problemText(error, own = {}) {
  const known = error instanceof ApiError && (KNOWN[error.code] || BY_STATUS[error.status]);
  if (known) return say(own[known] || known);
  if (error instanceof ApiError && error.said) return error.said;
  return say(own.failed || "failed");
}
