// The set-up screen: each game, its options and seats, starting a game (fresh,
// today's deal, resumed or opened) and showing it. Part of the card table
// (table.js is the entry); no game rule lives here (see table.js).

import { call } from "./bridge.js";
import { SEAT_COLOURS } from "./chart.js";
import { render, renderHint } from "./draw.js";
import { keep, reopenLog, runComputers } from "./loop.js";
import * as motion from "./motion.js";
import { rulesSummaryHtml } from "./rules.js";
import * as saves from "./saves.js";
import { $, $$, SPEEDS, app, setTurn, showMessage, escapeHtml, table } from "./state.js";
import { noting } from "./stats.js";
import { closePanels, setSpeed } from "./tools.js";

/** Settings before any are saved: the catalog's first game, tips on. */
export function defaultSettings() {
  return { game: app.catalog.games[0].name, speed: "normal", options: {}, levels: {},
           engines: {}, handPause: "wait", fourColour: false, tips: true, sound: false };
}

/** The first screen: each game with its one line (Python's rules summary), Start below. */
export function buildSetup() {
  const box = $("#setup-games");
  box.querySelectorAll(".game-choice").forEach((el) => el.remove());
  if (!app.games[app.settings.game]) app.settings.game = app.catalog.games[0].name;
  for (const game of app.catalog.games) {
    const label = document.createElement("label");
    label.className = "game-choice";
    label.dataset.game = game.name;
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "setup-game";
    input.value = game.name;
    input.checked = game.name === app.settings.game;
    input.addEventListener("change", () => {
      app.settings.game = game.name;
      renderSetupOptions();
    });
    const text = document.createElement("span");
    text.innerHTML = `<strong>${escapeHtml(game.title)}</strong> <small>${rulesSummaryHtml(game.rules)}</small>`;
    label.append(input, text);
    box.appendChild(label);
  }
  $("#setup-speed").value = SPEEDS[app.settings.speed] ? app.settings.speed : "normal";
  $("#setup-speed").addEventListener("change", () => setSpeed($("#setup-speed").value));
  $("#setup-tips").checked = app.settings.tips !== false;
  $("#setup-tips").addEventListener("change", () => setTips($("#setup-tips").checked));
  renderSetupOptions();
}

/** Tips in the first hand on or off, kept with the settings. */
export function setTips(on) {
  app.settings.tips = on;
  $("#setup-tips").checked = on;
  saves.saveSettings(app.settings);
  if (app.view && !$("#game").hidden) render();
}

function renderSetupOptions() {
  const game = app.games[app.settings.game];
  $("#start").textContent = `Start ${game.title}`;
  const saved = app.settings.options[game.name] ?? {};
  const box = $("#setup-options");
  box.innerHTML = "<legend>Options</legend>";
  const advanced = $("#setup-advanced-options");
  advanced.innerHTML = "";
  for (const spec of game.options) {
    const label = document.createElement("label");
    label.className = "field";
    label.append(`${spec.label} `);
    let input;
    const value = spec.name in saved ? saved[spec.name] : spec.default;
    if (spec.choices) {
      input = document.createElement("select");
      for (const choice of spec.choices) {
        const o = document.createElement("option");
        o.value = String(choice);
        o.textContent = String(choice).replace(/_/g, " ");
        input.appendChild(o);
      }
      input.value = String(value);
    } else if (spec.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = Boolean(value);
    } else if (spec.kind === "int") {
      input = document.createElement("input");
      input.type = "number";
      input.inputMode = "numeric";
      if (spec.low != null) input.min = spec.low;
      if (spec.high != null) input.max = spec.high;
      input.value = value == null ? "" : String(value);
      if (spec.derived) input.placeholder = "automatic";
    } else {
      input = document.createElement("input");
      input.value = value == null ? "" : String(value);
    }
    input.dataset.option = spec.name;
    input.dataset.kind = spec.kind;
    input.title = spec.help ?? "";
    input.addEventListener("change", () => renderSetupSeats());
    label.appendChild(input);
    if (spec.help) {
      const help = document.createElement("small");
      help.className = "help";
      help.textContent = spec.help;
      label.appendChild(help);
    }
    (spec.advanced ? advanced : box).appendChild(label);
  }
  box.hidden = !box.querySelector("[data-option]");
  renderSetupSeats();
}

function readOptions() {
  const options = {};
  for (const input of $$("#setup [data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
    else if (input.dataset.kind === "int") {
      if (input.value.trim() !== "") options[name] = Number(input.value);
    } else options[name] = input.value;
  }
  return options;
}

let seatsRequest = 0;
let seatsPending = Promise.resolve();

/** Redraw the seat rows for the chosen options (Start waits for this, never blocked by it). */
function renderSetupSeats() {
  seatsPending = drawSetupSeats();
  return seatsPending;
}

/** A seat's name as the table shows it (Python's, when players_for sends them), else its number. */
function seatName(names, seat) {
  return typeof names?.[seat] === "string" ? names[seat] : `Seat ${seat}`;
}

/** One select per computer seat in `box`: `choices` ({level, label, description}), `first` on top. */
function seatSelects(box, legend, players, choices, wanted, fallback, first = null, names = null) {
  box.innerHTML = `<legend>${legend}</legend>`;
  for (let seat = 1; seat < players; seat++) {
    const row = document.createElement("label");
    row.className = "seat-row field";
    row.innerHTML = `<span><span class="seat-dot" style="background:${SEAT_COLOURS[seat % 6]}"></span> ${escapeHtml(seatName(names, seat))}</span>`;
    const select = document.createElement("select");
    select.dataset.seat = seat;
    for (const { level, label, description } of first ? [first, ...choices] : choices) {
      const o = document.createElement("option");
      o.value = level;
      o.textContent = label;
      o.title = description;
      select.appendChild(o);
    }
    const all = first ? [first, ...choices] : choices;
    select.value = all.some((l) => l.level === wanted[seat - 1]) ? wanted[seat - 1] : fallback;
    const help = document.createElement("small");
    help.className = "help level-help";
    const describe = () => {
      help.textContent = all.find((l) => l.level === select.value)?.description ?? "";
      select.title = help.textContent;
    };
    describe();
    select.addEventListener("change", () => {
      describe();
      storeSetup();
    });
    row.append(select, help);
    box.appendChild(row);
  }
}

async function drawSetupSeats() {
  const game = app.games[app.settings.game];
  const options = readOptions();
  const ticket = ++seatsRequest;
  $("#setup-error").textContent = "";
  let players;
  let names;
  try {
    ({ players, names } = await call("players_for", { game: game.name, options }));
  } catch (err) {
    if (ticket === seatsRequest) $("#setup-error").textContent = err.message;
    return;
  }
  if (ticket !== seatsRequest) return;
  app.settings.options[game.name] = options;
  // The four levels in a player's words up front; the engines by name only under "Advanced".
  const plain = game.levels.filter((l) => !l.advanced);
  const engines = game.levels.filter((l) => l.advanced);
  const fallback = plain.some((l) => l.level === game.default_level)
    ? game.default_level : plain[0].level;
  seatSelects($("#setup-seats"), "Opponents", players, plain,
              app.settings.levels[game.name] ?? [], fallback, null, names);
  const you = document.createElement("p");
  you.className = "seat-row";
  you.innerHTML = `<span class="seat-dot" style="background:${SEAT_COLOURS[0]}"></span> ${names ? "" : "Seat 0: "}<strong>You</strong>`;
  $("#setup-seats legend").after(you);
  const asLevel = { level: "", label: "As its level", description: "Plays at the level chosen above." };
  seatSelects($("#setup-engines"), "Computer players by name", players, engines,
              app.settings.engines?.[game.name] ?? [], "", asLevel, names);
  storeSetup();
}

function storeSetup() {
  const game = app.settings.game;
  app.settings.levels[game] = $$("#setup-seats select[data-seat]").map((s) => s.value);
  app.settings.engines ??= {};
  app.settings.engines[game] = $$("#setup-engines select[data-seat]").map((s) => s.value);
  app.settings.speed = $("#setup-speed").value;
  saves.saveSettings(app.settings);
}

/** Each computer seat's level for the game: a named engine (Advanced) over its level. */
function chosenSeats(game) {
  const levels = app.settings.levels[game] ?? [];
  const engines = app.settings.engines?.[game] ?? [];
  return levels.map((level, i) => engines[i] || level);
}

export function showSetup() {
  closePanels();
  $("#setup").hidden = false;
  $("#game").hidden = true;
  $("#setup-resume").hidden = !(app.view && !table()?.over);
  $$(".ingame").forEach((b) => (b.disabled = true));
  $("#setup-speed").value = SPEEDS[app.settings.speed] ? app.settings.speed : "normal";
  $("#game-title").textContent = "";
  delete $(".topbar h1").dataset.brief; // the last game's name made it brief: the brand is back
  setTurn("setup");
}

export function showGame() {
  $("#setup").hidden = true;
  $("#game").hidden = false;
}

/** The set-up's choices settled and stored; false (the set-up shown again) if one is wrong. */
async function setupReady() {
  // A changed option fires `change` as the Start press takes focus: let its seats arrive first.
  await seatsPending;
  if ($("#setup-error").textContent) {
    setTurn("setup");
    return false;
  }
  storeSetup();
  return true;
}

export async function startGame() {
  // Busy before the first wait: the page is about to ask the worker for a game.
  setTurn("busy");
  if (!(await setupReady())) return;
  const game = app.settings.game;
  const seats = ["human", ...chosenSeats(game)];
  const payload = { game, options: app.settings.options[game] ?? {}, seats };
  // ?seed=N in the address deals a repeatable game (tests, sharing a deal).
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) payload.seed = Number(seed);
  await openGame("#start", "start", payload);
}

/** Ask Python for a new game (`fn`: start, daily) with `button` disabled; play it or say why not. */
async function openGame(button, fn, payload) {
  $(button).disabled = true;
  try {
    const view = await call(fn, payload);
    setSpeed(app.settings.speed);
    await begin(view);
  } catch (err) {
    $("#setup-error").textContent = err.message;
    setTurn("setup");
  } finally {
    $(button).disabled = false;
  }
}

/** Today's deal (the UTC date) for the chosen game and options, computers at the daily level. */
export async function startDaily() {
  setTurn("busy");
  if (!(await setupReady())) return;
  const game = app.settings.game;
  const date = new Date().toISOString().slice(0, 10);
  await openGame("#daily-start", "daily", { game, options: app.settings.options[game] ?? {}, date });
}

/** A finished daily deal's result card on the game summary: the text to share, no card in it. */
export async function showDaily() {
  const card = $("#daily-card");
  card.hidden = !table()?.daily;
  delete card.dataset.state;
  $("#daily-copied").textContent = "";
  if (card.hidden) return;
  const gen = app.gen;
  try {
    const [line, reply] = await Promise.all([noting, call("daily_result", {})]);
    if (gen !== app.gen) return;
    $("#daily-text").textContent = reply.text;
    $("#daily-replay").hidden = !line?.replay;
    card.dataset.state = "ready";
  } catch (err) {
    $("#daily-text").textContent = `No result: ${err.message}`;
    card.dataset.state = "failed";
  }
}

export async function copyDaily() {
  const text = $("#daily-text").textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("#daily-copied").textContent = "Copied: paste it to your friends.";
    $("#daily-card").dataset.copied = "1";
  } catch {
    $("#daily-copied").textContent = "This browser would not copy it: select the text above instead.";
    $("#daily-card").dataset.copied = "0";
  }
}

/** Show a freshly started, resumed or opened game and let the computers move. */
export async function begin(view) {
  app.gen += 1;
  // Not idle until the computers have moved: the turn shown may still be the old game's.
  setTurn("busy");
  app.view = view;
  keep(view.sealed); // saved at once: a reload during the deal lands here
  app.shownTrick = null;
  app.queued = null;
  app.selected.clear();
  app.hint = null;
  reopenLog(view); // a resumed game's log opens with its hand so far
  app.busy = false;
  showMessage("");
  closePanels();
  for (const id of ["#summary", "#hand-summary"]) if ($(id).open) $(id).close();
  showGame();
  render();
  renderHint();
  const gen = app.gen;
  await motion.deal();
  if (gen !== app.gen) return;
  runComputers();
}
