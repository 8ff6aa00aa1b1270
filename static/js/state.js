// Shared by the table's modules: the app state, the DOM shorthands and small helpers.
// No game rule lives here either: everything the page shows comes from Python's
// replies (the catalog, and each reply's `view`, `events` and `completed`).

export { escapeHtml } from "./cards.js";

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Per speed (ms): the pause before each computer move, how long a completed
 * trick stays on show, and the length of the card movements (deal, a card to
 * the trick, the trick gathered to its taker). Changeable at any time.
 */
export const SPEEDS = {
  instant: { move: 0, trick: 0, fly: 0, gather: 0, deal: 0 },
  fast: { move: 150, trick: 700, fly: 180, gather: 260, deal: 220 },
  normal: { move: 400, trick: 1400, fly: 320, gather: 420, deal: 380 },
  slow: { move: 900, trick: 2500, fly: 520, gather: 650, deal: 600 },
};

/** After each hand: wait for the person, or go on after this many seconds. */
export const HAND_PAUSES = ["wait", "3", "6", "10"];

/** How many lines of events the score drawer keeps. */
export const EVENT_LINES = 40;

export const app = {
  catalog: null,
  games: {},
  settings: null,
  /** The last reply of start/resume/act/step/claim/undo; drawing reads its `view`. */
  view: null,
  speed: "normal",
  /** Computer play held by the person (the pause control). */
  paused: false,
  /** A completed trick (a reply's `completed`) held on the table for a moment. */
  shownTrick: null,
  /** An action the person chose while a trick was on show: sent as soon as it is gone. */
  queued: null,
  busy: false,
  gen: 0, // bumped by new game / undo / resume so a running computer loop stops
  selected: new Set(),
  /** The column of a grid of choices being shown (a grid is drawn one column at a time). */
  gridColumn: null,
  zoomed: null,
  lastPointer: null,
  /** null, "thinking", or the hint reply ({hint, best?, items?}). */
  hint: null,
  /** Events of the game so far, newest first: {type, text} from the replies. */
  events: [],
  /** The newest event line shown on the felt. */
  latest: "",
};

// ------------------------------------------------------------------ helpers

/** The TableView being drawn (Python's view of the person's seat). */
export function table() {
  return app.view?.view;
}

export function setTurn(turn) {
  document.body.dataset.turn = turn;
}

export function showMessage(text, kind = "error") {
  const el = $("#message");
  el.hidden = !text;
  el.textContent = text ?? "";
  el.dataset.kind = kind;
}

export function showNotice(text) {
  const el = $("#notice");
  el.hidden = !text;
  el.textContent = text ?? "";
}

/** Say `text` to screen readers (a polite live region); the same text twice is said twice. */
export function announce(text) {
  const el = $("#announce");
  if (!el || !text) return;
  el.textContent = "";
  requestAnimationFrame(() => (el.textContent = text));
}

export function touchMode() {
  if (app.lastPointer) return app.lastPointer === "touch";
  return window.matchMedia("(hover: none)").matches;
}

export function speedOf() {
  return SPEEDS[app.speed] ?? SPEEDS.normal;
}

/** No card movement: the person asked the system for reduced motion, or the speed is instant. */
export function motionOff() {
  return app.speed === "instant" || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A pause the person can cut short: `wait(ms)` resolves after `ms`, or at once
 * when `wake()` is called (a click while a trick is on show), and never runs
 * while the game is paused.
 */
let wakers = [];
export function wait(ms) {
  return new Promise((resolve) => {
    if (!ms) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      wakers = wakers.filter((w) => w !== done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakers.push(done);
  });
}

export function wake() {
  for (const done of [...wakers]) done();
}

/** Resolves when the game is not paused (at once if it is not). */
let resumers = [];
export function unpaused() {
  if (!app.paused) return Promise.resolve();
  return new Promise((resolve) => resumers.push(resolve));
}

export function setPaused(paused) {
  app.paused = paused;
  document.body.toggleAttribute("data-paused", paused);
  if (!paused) {
    const waiting = resumers;
    resumers = [];
    waiting.forEach((resolve) => resolve());
  }
}

/** Functions one module hands to another without importing it back (no import cycles). */
export const handlers = {
  /** Send the person's action (set by tools.js). */
  act: () => {},
};
