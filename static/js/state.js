// Shared by the table's modules: the app state, the DOM shorthands and small helpers.
// No game rule lives here either: everything the page shows comes from Python's
// replies (the catalog, and each reply's `table`, `events` and `completed`).

export { escapeHtml } from "./cards.js";

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pause before each computer move and after each trick, per speed (ms). */
export const SPEEDS = {
  instant: { move: 0, trick: 0 },
  fast: { move: 150, trick: 700 },
  normal: { move: 400, trick: 1400 },
  slow: { move: 900, trick: 2500 },
};

/** How many lines of events (hands scored, passes, redeals) stay under the table. */
export const EVENT_LINES = 6;

export const app = {
  catalog: null,
  games: {},
  settings: null,
  /** The last reply of start/resume/view/act/step/undo; drawing reads its `table`. */
  view: null,
  speed: "normal",
  /** A completed trick (a reply's `completed`) held on the table for a moment. */
  shownTrick: null,
  busy: false,
  gen: 0, // bumped by new game / undo / resume so a running computer loop stops
  selected: new Set(),
  zoomed: null,
  lastPointer: null,
  hint: null,
  /** Recent events, newest first: {type, text} from the replies. */
  events: [],
};

// ------------------------------------------------------------------ helpers

/** The TableView being drawn (Python's view of the person's seat). */
export function table() {
  return app.view?.table;
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

export function touchMode() {
  if (app.lastPointer) return app.lastPointer === "touch";
  return window.matchMedia("(hover: none)").matches;
}

export function speedOf() {
  return SPEEDS[app.speed] ?? SPEEDS.normal;
}

/** Functions one module hands to another without importing it back (no import cycles). */
export const handlers = {
  /** Send the person's action (set by table.js). */
  act: () => {},
};
