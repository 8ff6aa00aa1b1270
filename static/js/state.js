// Shared by the table's modules: the app state, the DOM shorthands and small helpers.
// No game rule lives here either: everything it knows comes from Python's replies.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const escapeHtml = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The computer level each game defaults to: the original program's player. */
export const ORIGINAL_LEVEL = {
  "diminishing-whist": "expectation",
  "black-queen": "strength2",
  "nine-five-two": "rules",
  "bidding-whist": "heuristic",
  "classic-whist": "none+smart",
};

/** Pause before each computer move and after each trick, per speed (ms). */
export const SPEEDS = {
  instant: { move: 0, trick: 0 },
  fast: { move: 150, trick: 700 },
  normal: { move: 400, trick: 1400 },
  slow: { move: 900, trick: 2500 },
};

export const DECISION_PROMPTS = {
  bid: "Your bid: how many tricks will you take?",
  initial_bid: "Your bid: tricks and trump, or skip",
  secondary_bet: "Your bet: how many tricks will you take?",
  trump: "Name trump (you are the dealer, going for 9)",
  discard: "Discard",
  pass: "Pass",
  card: "Your turn: play a card",
};

export const app = {
  catalog: null,
  games: {},
  settings: null,
  view: null,
  speed: "normal",
  shownTrick: null,
  busy: false,
  gen: 0, // bumped by new game / undo / resume so a running computer loop stops
  selected: new Set(),
  zoomed: null,
  lastPointer: null,
  hint: null,
  events: [],
};

// ------------------------------------------------------------------ helpers

export function obs() {
  return app.view?.observation;
}

export function seatName(seat) {
  if (!app.view) return `Seat ${seat}`;
  if (seat === app.view.seat && app.view.seats[seat]?.human) return "You";
  return `Seat ${seat}`;
}

export function seatLevel(seat) {
  const level = app.view?.seats[seat]?.level;
  return level === "human" ? "you" : level;
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
