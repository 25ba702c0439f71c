// Telegram's Mini App controls for both pages (https://core.telegram.org/bots/webapps): the
// theme's colours and scheme (Telegram's, not the phone's), the safe areas, the BackButton,
// the MainButton, haptics and the closing confirmation. Every call is a no-op outside
// Telegram, so a page can call them unconditionally.

export const tg = (window.Telegram && window.Telegram.WebApp) || null;

const root = document.documentElement;
const noop = () => {};

/** The signed initData the server checks (empty outside Telegram). */
export function initData() {
  return (tg && tg.initData) || "";
}

/** The start token: the page's own query (?start=) or the link's startapp. */
export function startParam() {
  return new URLSearchParams(location.search).get("start")
    || (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || "";
}

/** "zh" or "en" from the Telegram user's language, until the chat's arrives. */
export function userLanguage() {
  const user = tg && tg.initDataUnsafe && tg.initDataUnsafe.user;
  const code = (user && user.language_code) || "zh";
  return code.startsWith("zh") ? "zh" : "en";
}

function cssName(key) {
  return key.replace(/_/g, "-");
}

// Telegram's script sets these variables too; setting them from themeParams here keeps the
// page right on clients that do not, and repaints on themeChanged either way.
function applyTheme() {
  for (const [key, value] of Object.entries(tg.themeParams || {})) {
    root.style.setProperty(`--tg-theme-${cssName(key)}`, value);
  }
  root.dataset.scheme = tg.colorScheme === "dark" ? "dark" : "light";
}

function applyInsets() {
  for (const [name, inset] of [["safe-area", tg.safeAreaInset], ["content-safe-area", tg.contentSafeAreaInset]]) {
    for (const side of ["top", "bottom", "left", "right"]) {
      root.style.setProperty(`--tg-${name}-inset-${side}`, `${(inset && inset[side]) || 0}px`);
    }
  }
}

function applyViewport() {
  const stable = tg.viewportStableHeight || window.innerHeight;
  root.style.setProperty("--tg-viewport-stable-height", `${stable}px`);
}

/** ready(), expand(), the theme, the insets and the viewport, kept up to date. */
export function setUp() {
  if (!tg) {
    root.dataset.scheme = "light";
    return;
  }
  applyTheme();
  applyInsets();
  applyViewport();
  tg.onEvent && tg.onEvent("themeChanged", applyTheme);
  tg.onEvent && tg.onEvent("viewportChanged", applyViewport);
  tg.onEvent && tg.onEvent("safeAreaChanged", applyInsets);
  tg.onEvent && tg.onEvent("contentSafeAreaChanged", applyInsets);
  tg.ready && tg.ready();
  tg.expand && tg.expand();
}

const haptics = () => (tg && tg.HapticFeedback) || null;

/** A tap that changes a choice (a tile, a chip, a tab). */
export function tapped() {
  const h = haptics();
  h && h.selectionChanged && h.selectionChanged();
}

/** A tap that opens or sends something. */
export function pressed() {
  const h = haptics();
  h && h.impactOccurred && h.impactOccurred("light");
}

export function failed() {
  const h = haptics();
  h && h.notificationOccurred && h.notificationOccurred("error");
}

export function succeeded() {
  const h = haptics();
  h && h.notificationOccurred && h.notificationOccurred("success");
}

/** Telegram asks before the page is closed while ``on`` (a hand half entered). */
export function confirmClosing(on) {
  if (!tg) return;
  const call = on ? tg.enableClosingConfirmation : tg.disableClosingConfirmation;
  call && call.call(tg);
}

// The BackButton walks back a stack of in-page steps: each open() pushes how to go back.
const backSteps = [];

function onBack() {
  const step = backSteps.pop();
  if (!backSteps.length && tg && tg.BackButton) tg.BackButton.hide();
  tapped();
  (step || noop)();
}

if (tg && tg.BackButton) tg.BackButton.onClick(onBack);

/** An in-page step was taken; ``goBack`` undoes it when the BackButton is pressed. */
export function pushBack(goBack) {
  backSteps.push(goBack);
  if (tg && tg.BackButton) tg.BackButton.show();
}

/** Forget the last step without taking it (the page left that screen by other means). */
export function popBack() {
  backSteps.pop();
  if (!backSteps.length && tg && tg.BackButton) tg.BackButton.hide();
}

/** Forget every step (the page went back to its first screen by other means). */
export function clearBack() {
  backSteps.length = 0;
  if (tg && tg.BackButton) tg.BackButton.hide();
}

/** The MainButton at the bottom of Telegram's window: one action at a time. */
export const mainButton = {
  handler: null,
  available() {
    return Boolean(tg && tg.MainButton);
  },
  show(text, onPress) {
    if (!this.available()) return;
    const button = tg.MainButton;
    if (this.handler) button.offClick(this.handler);
    this.handler = onPress;
    button.onClick(onPress);
    button.setText(text);
    button.show();
  },
  enable(on) {
    if (!this.available()) return;
    on ? tg.MainButton.enable() : tg.MainButton.disable();
  },
  progress(on) {
    if (!this.available()) return;
    on ? tg.MainButton.showProgress(false) : tg.MainButton.hideProgress();
  },
  hide() {
    if (this.available()) tg.MainButton.hide();
  },
};
