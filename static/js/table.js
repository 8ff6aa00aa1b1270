// The card table: set-up screen, the game loop (the person's actions, the
// computer players' turns, the pauses between them, saves), input (clicks,
// taps, keys) and the tools (menu, score sheet, hint, last trick, undo).
// Drawing is draw.js, sizes layout.js, movement motion.js; shared state and
// helpers are state.js.
//
// No game rule lives here: what is legal, what an action means, every word
// shown and every score come from Python (whist_app.webapi through bridge.js):
// the catalog for the set-up screen and the rules, each reply's `table` for the
// game. This file only sends the action strings the view lists.

import { call, ready } from "./bridge.js";
import { cardElement, setFourColour } from "./cards.js";
import { SEAT_COLOURS } from "./chart.js";
import {
  drawHandSummary, render, renderDecision, renderHand, renderHint, renderStatus, renderTools,
  showSummary,
} from "./draw.js";
import { fit, placePreview } from "./layout.js";
import * as motion from "./motion.js";
import { rulesHtml, rulesSummaryHtml } from "./rules.js";
import * as saves from "./saves.js";
import { buzz, setSound, sound } from "./sound.js";
import { noteGameOver, noting } from "./stats.js";
import { renderTip, toggleTip } from "./tips.js";
import {
  $, $$, EVENT_LINES, HAND_PAUSES, SPEEDS, announce, app, handlers, setPaused, setTurn, showMessage,
  showNotice, sleep, speedOf, table, touchMode, unpaused, wait, wake, escapeHtml,
} from "./state.js";

// ------------------------------------------------------------------- set-up

/** Settings before any are saved: the catalog's first game, tips on. */
function defaultSettings() {
  return { game: app.catalog.games[0].name, speed: "normal", options: {}, levels: {},
           engines: {}, handPause: "wait", fourColour: false, tips: true, sound: false };
}

/** The first screen: each game with its one line (Python's rules summary), Start below. */
function buildSetup() {
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
function setTips(on) {
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

/** One select per computer seat in `box`: `choices` ({level, label, description}), `first` on top. */
function seatSelects(box, legend, players, choices, wanted, fallback, first = null) {
  box.innerHTML = `<legend>${legend}</legend>`;
  for (let seat = 1; seat < players; seat++) {
    const row = document.createElement("label");
    row.className = "seat-row field";
    row.innerHTML = `<span><span class="seat-dot" style="background:${SEAT_COLOURS[seat % 6]}"></span> Seat ${seat}</span>`;
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
  try {
    ({ players } = await call("players_for", { game: game.name, options }));
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
              app.settings.levels[game.name] ?? [], fallback);
  const you = document.createElement("p");
  you.className = "seat-row";
  you.innerHTML = `<span class="seat-dot" style="background:${SEAT_COLOURS[0]}"></span> Seat 0: <strong>You</strong>`;
  $("#setup-seats legend").after(you);
  const asLevel = { level: "", label: "As its level", description: "Plays at the level chosen above." };
  seatSelects($("#setup-engines"), "Computer players by name", players, engines,
              app.settings.engines?.[game.name] ?? [], "", asLevel);
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

function showSetup() {
  closePanels();
  $("#setup").hidden = false;
  $("#game").hidden = true;
  $("#setup-resume").hidden = !(app.view && !table()?.over);
  $$(".ingame").forEach((b) => (b.disabled = true));
  $("#setup-speed").value = SPEEDS[app.settings.speed] ? app.settings.speed : "normal";
  $("#game-title").textContent = "";
  setTurn("setup");
}

function showGame() {
  $("#setup").hidden = true;
  $("#game").hidden = false;
}

async function startGame() {
  // Busy before the first wait: the page is about to ask the worker for a game.
  setTurn("busy");
  // A changed option fires `change` as the Start press takes focus: let its seats arrive first.
  await seatsPending;
  if ($("#setup-error").textContent) {
    setTurn("setup");
    return;
  }
  storeSetup();
  const game = app.settings.game;
  const seats = ["human", ...chosenSeats(game)];
  const payload = { game, options: app.settings.options[game] ?? {}, seats };
  // ?seed=N in the address deals a repeatable game (tests, sharing a deal).
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) payload.seed = Number(seed);
  $("#start").disabled = true;
  try {
    const view = await call("start", payload);
    setSpeed(app.settings.speed);
    await begin(view);
  } catch (err) {
    $("#setup-error").textContent = err.message;
    setTurn("setup");
  } finally {
    $("#start").disabled = false;
  }
}

/** Today's deal (the UTC date) for the chosen game and options, computers at the daily level. */
async function startDaily() {
  setTurn("busy");
  await seatsPending;
  if ($("#setup-error").textContent) {
    setTurn("setup");
    return;
  }
  storeSetup();
  const game = app.settings.game;
  const date = new Date().toISOString().slice(0, 10);
  $("#daily-start").disabled = true;
  try {
    const view = await call("daily", { game, options: app.settings.options[game] ?? {}, date });
    setSpeed(app.settings.speed);
    await begin(view);
  } catch (err) {
    $("#setup-error").textContent = err.message;
    setTurn("setup");
  } finally {
    $("#daily-start").disabled = false;
  }
}

/** A finished daily deal's result card on the game summary: the text to share, no card in it. */
async function showDaily() {
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

async function copyDaily() {
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
async function begin(view) {
  app.gen += 1;
  // Not idle until the computers have moved: the turn shown may still be the old game's.
  setTurn("busy");
  app.view = view;
  keep(view.sealed); // saved at once: a reload during the deal lands here
  app.shownTrick = null;
  app.queued = null;
  app.selected.clear();
  app.hint = null;
  app.events = [];
  app.latest = "";
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

// ---------------------------------------------------------------- game loop

/**
 * Store a reply's sealed save (every reply that changes the game carries one, sealed by
 * Python: the page stores it without ever seeing the other hands). Kept before any animation.
 */
function keep(sealed) {
  if (typeof sealed === "string") {
    saves.saveGame({ sealed, speed: app.speed, saved: new Date().toISOString() });
  }
}

/**
 * Take a reply of act/step: the card played travels to the trick; a completed
 * trick stays on show (a click on a card ends the show and plays it), then is
 * gathered to its taker; a finished hand is summed up; a new deal is dealt.
 */
async function absorb(reply, gen) {
  // Saved first: a reload during the trick's show or the hand's summary lands here.
  keep(reply.sealed);
  const before = motion.snapshot();
  const handBefore = table()?.hand_number;
  app.view = reply;
  noteEvents(reply.events);
  if (reply.played) sound("play");
  const completed = reply.completed;
  if (completed) {
    app.shownTrick = completed;
    document.body.dataset.showing = "trick";
    render();
    await motion.playIn(before);
    announce(completed.text);
    await unpaused();
    await wait(app.queued ? 0 : speedOf().trick);
    await unpaused();
    if (gen !== app.gen) return;
    sound("trick");
    await motion.gather(completed.winner);
    if (gen !== app.gen) return;
    app.shownTrick = null;
    delete document.body.dataset.showing;
    render();
  } else {
    render();
    await motion.playIn(before);
  }
  if (gen !== app.gen) return;
  const t = table();
  if (t.over) noteGameOver(); // this action ended the game: count it in the statistics
  const handEnded = Boolean(t.hand_summary) || (reply.events ?? []).some((e) => e.type === "scored");
  if (handEnded && !t.over) {
    await handSummary(reply, gen);
    if (gen !== app.gen) return;
  }
  const redealt = (reply.events ?? []).some((e) => e.type === "redeal");
  if (!t.over && (t.hand_number !== handBefore || redealt)) {
    sound("deal");
    await motion.deal();
  }
}

/** Every event in words: kept for the score drawer, the newest on the felt, and said aloud. */
function noteEvents(events) {
  const all = events ?? [];
  if (!all.length) return;
  // The log keeps every event; a taken trick is said when it is gathered, not here.
  app.events = [...[...all].reverse(), ...app.events].slice(0, EVENT_LINES);
  const lines = all.filter((e) => e.type !== "trick");
  if (!lines.length) return;
  app.latest = lines[lines.length - 1].text;
  announce(lines.map((e) => e.text).join(". "));
}

/** The end-of-hand summary: waits for Continue, or goes on after the delay the person chose. */
async function handSummary(reply, gen) {
  const dialog = $("#hand-summary");
  resetExpert("#hand-summary-expert");
  drawHandSummary(reply.view, reply.events ?? []);
  $("#hand-summary-pause").value = app.settings.handPause;
  setTurn("summary");
  renderStatus();
  dialog.showModal();
  $("#hand-summary-continue").focus();
  await new Promise((resolve) => {
    let timer = null;
    let left = 0;
    const countdown = () => {
      clearInterval(timer);
      const pause = app.settings.handPause;
      const el = $("#hand-summary-countdown");
      if (pause === "wait") {
        el.textContent = "";
        return;
      }
      left = Number(pause);
      el.textContent = `Going on in ${left} s`;
      timer = setInterval(() => {
        if (app.paused) return;
        left -= 1;
        el.textContent = `Going on in ${left} s`;
        if (left <= 0) dialog.close();
      }, 1000);
    };
    const onPause = () => {
      setHandPause($("#hand-summary-pause").value);
      countdown();
    };
    const done = () => {
      clearInterval(timer);
      $("#hand-summary-pause").removeEventListener("change", onPause);
      dialog.removeEventListener("close", done);
      resolve();
    };
    $("#hand-summary-pause").addEventListener("change", onPause);
    dialog.addEventListener("close", done);
    countdown();
  });
  if (gen === app.gen) setTurn("busy");
}

async function runComputers() {
  const gen = app.gen;
  app.busy = true;
  while (table()?.computer_to_move && gen === app.gen) {
    setTurn("computer");
    renderStatus();
    renderTools();
    const delay = speedOf().move;
    if (delay) await sleep(delay);
    await unpaused();
    if (gen !== app.gen) return;
    let reply;
    try {
      reply = await call("step", {});
    } catch (err) {
      if (gen === app.gen) showMessage(`A computer player failed: ${err.message}`);
      break;
    }
    if (gen !== app.gen) return;
    await absorb(reply, gen);
  }
  if (gen !== app.gen) return;
  app.busy = false;
  settle();
}

function settle() {
  const t = table();
  if (t.over) {
    setTurn("over");
    render();
    const fresh = !$("#summary").open;
    if (fresh) resetExpert("#summary-expert");
    showSummary();
    if (fresh) showDaily();
    announce(t.summary?.text ?? t.prompt);
  } else if (t.human_to_move) {
    if (document.body.dataset.turn !== "human") buzz();
    setTurn("human");
    render();
    if (app.queued) {
      const action = app.queued;
      app.queued = null;
      act(action);
      return;
    }
    announce(t.prompt);
  } else {
    setTurn("idle");
    render();
  }
}

async function act(action) {
  const t = table();
  // A choice made while a trick is still on show and the next move is the person's: keep it,
  // end the show at once, and send it as soon as the trick is gathered.
  if (app.shownTrick && t?.human_to_move && !t.over) {
    app.queued = action;
    showMessage("");
    wake();
    return;
  }
  if (app.busy || !t?.human_to_move) {
    refuse();
    return;
  }
  const gen = app.gen;
  app.busy = true;
  setTurn("busy");
  placePreview(null);
  let reply;
  try {
    reply = await call("act", { action });
  } catch (err) {
    app.busy = false;
    if (gen === app.gen) {
      showMessage(err.message);
      setTurn("human");
      renderTools();
    }
    return;
  }
  if (gen !== app.gen) return;
  showMessage("");
  app.selected.clear();
  app.hint = null;
  app.zoomed = null;
  app.gridColumn = null;
  renderHint();
  await absorb(reply, gen);
  if (gen !== app.gen) return;
  runComputers();
}

/** "Expert in your seat": a summary's button and its result, cleared for a new summary. */
function resetExpert(button) {
  const el = $(button);
  el.disabled = false;
  el.hidden = false;
  const out = $(`${button}-result`);
  out.textContent = "";
  delete out.dataset.state;
}

/** Strong plays the finished hand (or game) again in the person's seat; say how it did. */
async function onExpert(event) {
  const button = event.currentTarget;
  const out = $(`#${button.id}-result`);
  const game = button.dataset.expert === "game";
  button.disabled = true;
  out.dataset.state = "thinking";
  out.textContent = "Expert is playing your cards…";
  try {
    const reply = await call(game ? "expert_game" : "expert_hand", {});
    const what = game ? `over ${reply.hands} hand${reply.hands === 1 ? "" : "s"}` : "this hand";
    out.textContent = `Expert scored ${reply.expert} ${what}; you scored ${reply.you}.`;
    if (game && table()?.daily) {
      // The daily's shared result ranks the score against Expert's on the same cards.
      const daily = await call("daily_result", { expert: reply.expert });
      $("#daily-text").textContent = daily.text;
    }
    out.dataset.state = "done";
  } catch (err) {
    out.textContent = `Expert could not play it again: ${err.message}`;
    out.dataset.state = "failed";
  }
}

/** Claim the rest of the hand (proved to go one way): Python plays it out, or says why not. */
async function onClaim() {
  const t = table();
  if (app.busy || !t?.human_to_move || !t.can_claim) return;
  const gen = app.gen;
  app.busy = true;
  setTurn("busy");
  closePanels();
  let reply;
  try {
    reply = await call("claim", {});
  } catch (err) {
    app.busy = false;
    if (gen === app.gen) {
      showMessage(err.message);
      setTurn("human");
      renderTools();
    }
    return;
  }
  if (gen !== app.gen) return;
  showMessage("");
  app.selected.clear();
  app.hint = null;
  renderHint();
  announce("You claimed the rest of the hand");
  await absorb(reply, gen);
  if (gen !== app.gen) return;
  runComputers();
}

/** Not the person's move: say so rather than drop the click. */
function refuse() {
  const t = table();
  if (!t || t.over) return;
  const who = t.computer_to_move ? t.prompt : "the table is busy";
  showMessage(`Not your turn yet: ${who}`, "info");
}

// -------------------------------------------------------------------- input

function activate(el) {
  const t = table();
  if (!t) return;
  const layout = t.choices.layout;
  if (layout === "select" && el.closest("#hand") && t.human_to_move && !app.busy) {
    const count = t.choices.select?.count ?? 0;
    const i = Number(el.dataset.index);
    if (app.selected.has(i)) app.selected.delete(i);
    else if (app.selected.size < count) app.selected.add(i);
    else {
      showMessage(`You may choose only ${count} card${count === 1 ? "" : "s"}: tap one of yours to put it back first.`, "info");
      return;
    }
    showMessage("");
    renderHand();
    renderDecision();
    fit();
    $(`#hand [data-index="${i}"]`)?.focus({ preventScroll: true });
    return;
  }
  if (!el.classList.contains("mine")) return;
  if (!t.human_to_move || (app.busy && !app.shownTrick)) {
    refuse();
    return;
  }
  if (layout !== "cards") {
    showMessage(t.prompt, "info");
    return;
  }
  // Python said why this card may not be played: say it at once, and keep the turn.
  if (el.dataset.legal === "0") {
    showMessage(el.dataset.reason || "That card may not be played now");
    return;
  }
  act(el.dataset.card);
}

/** Zoom a card: it lifts in place and a large copy shows beside it (never over it). */
function zoom(el) {
  for (const z of $$("[data-zoomed]")) delete z.dataset.zoomed;
  if (!el || el.classList.contains("back")) {
    app.zoomed = null;
    placePreview(null);
    return;
  }
  el.dataset.zoomed = "1";
  app.zoomed = el.closest("#hand") ? `hand:${el.dataset.index}` : null;
  // A card already drawn large only lifts; a small one is shown large beside it.
  const large = el.getBoundingClientRect().width >= 90;
  placePreview(large ? null : el, cardElement(el.dataset.face, { static: true }));
}

function onClick(event) {
  const el = event.target.closest(".card");
  if (!el || el.classList.contains("back")) {
    if (!event.target.closest("button")) zoom(null);
    return;
  }
  if (touchMode()) {
    // A tap chooses a card to give or discard at once; otherwise the first tap zooms
    // and a second tap on the zoomed card (or a double tap) plays it.
    const selecting = table()?.choices.layout === "select" && el.closest("#hand");
    if (selecting) {
      zoom(null); // the chosen card lifts and is marked: no copy over the table
      activate(el);
      return;
    }
    if (el.dataset.zoomed && el.classList.contains("mine")) {
      zoom(null);
      activate(el);
      return;
    }
    zoom(el);
    return;
  }
  activate(el);
}

function onHover(event) {
  // Only a mouse hovers: the pointerover a tap fires first must not zoom (the tap itself decides).
  if (event.pointerType !== "mouse" || touchMode()) return;
  const el = event.target.closest?.(".card:not(.back)");
  if (el && !el.closest("#preview")) zoom(el);
  else if (!event.target.closest?.("#preview")) zoom(null);
}

/** The cards arrow keys move between: legal ones when playing, all when choosing. */
function keyCards() {
  const mode = $("#hand").dataset.mode;
  if (mode === "select") return $$("#hand .card");
  return $$('#hand .card[data-legal="1"], #me .card.mine[data-legal="1"]');
}

function onKey(event) {
  const target = event.target;
  if (event.key === "Escape") {
    closePanels();
    zoom(null);
    return;
  }
  if (target.closest?.("input, select, textarea, dialog")) return;
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "].includes(event.key)) return;
  if ($("#game").hidden || !table()?.human_to_move) return;
  const cards = keyCards();
  const onCard = target.classList?.contains("card") && target.classList.contains("mine");
  if (event.key === "Enter" || event.key === " ") {
    if (!onCard) return;
    event.preventDefault();
    activate(target);
    return;
  }
  if (!cards.length) return;
  event.preventDefault();
  const at = cards.indexOf(target);
  const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
  let next;
  if (at < 0) next = forward ? 0 : cards.length - 1;
  else next = (at + (forward ? 1 : -1) + cards.length) % cards.length;
  cards[next].focus();
  app.lastPointer = app.lastPointer ?? "mouse";
}

// -------------------------------------------------------------------- tools

/** The menu, the score drawer, the hint and the last trick: one open at a time. */
const PANELS = { menu: "#btn-menu", sheet: "#btn-score", "last-panel": "#btn-last", "hint-box": null };

function closePanels(except = null) {
  for (const [id, button] of Object.entries(PANELS)) {
    if (id === except) continue;
    $(`#${id}`).hidden = true;
    if (button) $(button).setAttribute("aria-expanded", "false");
    if (id === "hint-box" && app.hint && app.hint !== "thinking") {
      app.hint = null;
      renderHint();
    }
  }
}

function togglePanel(id) {
  const panel = $(`#${id}`);
  const open = panel.hidden;
  closePanels(open ? id : null);
  panel.hidden = !open;
  const button = PANELS[id];
  if (button) $(button).setAttribute("aria-expanded", String(open));
  if (open) panel.querySelector("button, select, input")?.focus({ preventScroll: true });
}

async function onHint() {
  if (!table()?.human_to_move || app.busy) return;
  const gen = app.gen;
  // Busy while the strong player thinks: no move may change the table under the hint.
  app.busy = true;
  setTurn("busy");
  closePanels("hint-box");
  app.hint = "thinking";
  renderHint();
  try {
    const reply = await call("hint", { budget: 0.5 });
    if (gen === app.gen) app.hint = reply;
  } catch (err) {
    if (gen === app.gen) {
      app.hint = null;
      showMessage(`No hint: ${err.message}`);
    }
  }
  if (gen !== app.gen) return;
  app.busy = false;
  settle();
  renderHint();
  const items = $$("#hint-box .hint-item");
  if (items.length) announce(`Hint: ${items[0].textContent}`);
}

async function onUndo() {
  if (!table()?.can_undo) return;
  app.gen += 1; // stop any computer turn in flight
  const gen = app.gen;
  // Busy until the worker answers: the table on screen is about to be replaced.
  app.busy = true;
  setTurn("busy");
  wake();
  try {
    const view = await call("undo", {});
    if (gen !== app.gen) return;
    app.view = view;
    keep(view.sealed);
    app.shownTrick = null;
    app.queued = null;
    delete document.body.dataset.showing;
    app.selected.clear();
    app.hint = null;
    renderHint();
    app.busy = false;
    showMessage("");
    render();
    runComputers();
  } catch (err) {
    if (gen !== app.gen) return;
    app.busy = false;
    showMessage(err.message);
    settle();
  }
}

function fileName() {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "_");
  return `${table()?.game ?? "whist"}_${stamp}.json`;
}

async function onDownload() {
  if (!app.view) return;
  try {
    const { record } = await call("export", {});
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName();
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    showMessage(`Could not download: ${err.message}`);
  }
}

/** After a failed open: back to what was on screen (the set-up, or the game and its computers). */
function restoreAfterOpen(turnBefore) {
  app.busy = false;
  if (app.view && !$("#game").hidden && table().computer_to_move) {
    runComputers(); // its loop was stopped for the open
    return;
  }
  if (app.view && !$("#game").hidden) render();
  setTurn(turnBefore);
}

async function onOpen(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  closePanels();
  const turnBefore = document.body.dataset.turn;
  app.gen += 1; // stop any computer turn in flight: another game is coming
  app.busy = true;
  setTurn("busy");
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (err) {
    showNotice(`${file.name} is not a game record (not valid JSON: ${err.message}).`);
    restoreAfterOpen(turnBefore);
    return;
  }
  try {
    await call("check_record", { record });
    const view = await call("resume", { record });
    showNotice("");
    setSpeed(app.settings.speed);
    await begin(view);
    showMessage(`Opened ${file.name}${view.view.over ? " (a finished game)" : ""}`, "info");
  } catch (err) {
    showNotice(`${file.name} could not be opened: ${err.message}`);
    restoreAfterOpen(turnBefore);
  }
}

function onRules() {
  closePanels();
  const t = table();
  const name = t && !$("#game").hidden ? t.game : app.settings.game;
  const game = app.games[name];
  $("#rules-title").textContent = `Rules: ${game?.title ?? t?.title ?? name}`;
  $("#rules-body").innerHTML = rulesHtml(game?.rules);
  const dialog = $("#rules-dialog");
  dialog.showModal();
  // showModal focuses the Close button at the end, which scrolls a long text to its end:
  // the rules open at their top on every screen.
  dialog.scrollTop = 0;
  $("#rules-body").scrollTop = 0;
}

function onPause() {
  setPaused(!app.paused);
  $("#btn-pause").setAttribute("aria-pressed", String(app.paused));
  $("#btn-pause .label").textContent = app.paused ? "Resume" : "Pause";
  $("#btn-pause").title = app.paused ? "Let the computer players go on" : "Pause the computer players";
  announce(app.paused ? "Paused" : "Playing on");
  if (table()) renderStatus();
}

/** The speed of the computer players and of the cards: changeable at any time. */
function setSpeed(speed) {
  app.speed = SPEEDS[speed] ? speed : "normal";
  app.settings.speed = app.speed;
  $("#game-speed").value = app.speed;
  saves.saveSettings(app.settings);
}

function setHandPause(value) {
  app.settings.handPause = HAND_PAUSES.includes(value) ? value : "wait";
  $("#hand-pause").value = app.settings.handPause;
  $("#hand-summary-pause").value = app.settings.handPause;
  saves.saveSettings(app.settings);
}

handlers.act = act;

function wire() {
  $("#start").addEventListener("click", startGame);
  $("#daily-start").addEventListener("click", startDaily);
  $("#daily-copy").addEventListener("click", copyDaily);
  $("#summary-replay-deal").addEventListener("click", replayDeal);
  $("#setup-resume").addEventListener("click", () => {
    showGame();
    settle();
  });
  $("#btn-new").addEventListener("click", () => {
    $("#summary").open && $("#summary").close();
    showSetup();
  });
  $("#btn-rules").addEventListener("click", onRules);
  $("#setup-rules").addEventListener("click", onRules);
  $("#tip-off").addEventListener("click", () => setTips(false));
  $("#tip-show").addEventListener("click", toggleTip);
  $("#tip-close").addEventListener("click", toggleTip);
  window.addEventListener("resize", renderTip);
  $("#btn-hint").addEventListener("click", onHint);
  $("#btn-undo").addEventListener("click", onUndo);
  $("#btn-claim").addEventListener("click", onClaim);
  $("#hand-summary-expert").addEventListener("click", onExpert);
  $("#summary-expert").addEventListener("click", onExpert);
  $("#btn-download").addEventListener("click", onDownload);
  $("#btn-menu").addEventListener("click", () => togglePanel("menu"));
  $("#btn-score").addEventListener("click", () => togglePanel("sheet"));
  $("#btn-last").addEventListener("click", () => togglePanel("last-panel"));
  $("#btn-pause").addEventListener("click", onPause);
  document.addEventListener("click", (event) => {
    const close = event.target.closest?.("[data-close]");
    if (close) {
      if (close.dataset.close === "hint-box") {
        app.hint = null;
        renderHint();
      }
      closePanels();
      return;
    }
    // A click outside an open panel closes it.
    if (!event.target.closest?.(".panel, .drawer, .tool, dialog")) closePanels("hint-box");
  });
  $("#summary-download").addEventListener("click", onDownload);
  $("#open-record").addEventListener("change", onOpen);
  $("#game-speed").addEventListener("change", () => setSpeed($("#game-speed").value));
  $("#hand-pause").addEventListener("change", () => setHandPause($("#hand-pause").value));
  $("#four-colour").addEventListener("change", () => {
    app.settings.fourColour = $("#four-colour").checked;
    setFourColour(app.settings.fourColour);
    saves.saveSettings(app.settings);
    if (table() && !$("#game").hidden) render();
  });
  $("#sound").addEventListener("change", () => {
    app.settings.sound = $("#sound").checked;
    setSound(app.settings.sound);
    saves.saveSettings(app.settings);
    if (app.settings.sound) sound("play"); // a sample, and the gesture that lets audio start
  });
  $("#hand-summary-continue").addEventListener("click", () => $("#hand-summary").close());
  $("#again").addEventListener("click", () => {
    $("#summary").close();
    app.settings.game = table().game;
    startAgain();
  });
  $("#summary-setup").addEventListener("click", () => {
    $("#summary").close();
    showSetup();
  });
  $("#summary-close").addEventListener("click", () => $("#summary").close());
  const gameEl = $("#game");
  gameEl.addEventListener("pointerdown", (e) => (app.lastPointer = e.pointerType || "mouse"));
  gameEl.addEventListener("click", onClick);
  gameEl.addEventListener("dblclick", (event) => event.preventDefault());
  gameEl.addEventListener("pointerover", onHover);
  gameEl.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && !touchMode() && zoom(null));
  document.addEventListener("keydown", onKey);
  let pending = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      if (table() && !$("#game").hidden) render();
    });
  });
}

/** Play again: the same game, options and seats as the one just finished. */
async function startAgain() {
  const t = table();
  const options = t.options;
  app.gen += 1;
  setTurn("busy");
  try {
    const view = await call("start", { game: t.game, options, seats: t.levels });
    await begin(view);
  } catch (err) {
    showMessage(err.message);
    setTurn(t.over ? "over" : t.human_to_move ? "human" : "idle");
  }
}

/** The finished game's cards dealt again, same seats and levels. */
async function replayDeal() {
  $("#summary").close();
  app.gen += 1;
  setTurn("busy");
  try {
    await begin(await call("replay_deal", {}));
  } catch (err) {
    showMessage(err.message);
    settle();
  }
}

// --------------------------------------------------------------------- boot

async function resumeSaved() {
  const saved = saves.loadGame();
  if (!saved) return false;
  const sealed = saved.value?.sealed;
  const record = saved.value?.record; // saves from before sealing
  try {
    if (typeof sealed !== "string" && (!record || typeof record !== "object")) {
      throw new Error("it is not a saved game");
    }
    setTurn("busy");
    const view = await call("resume", typeof sealed === "string" ? { sealed } : { record });
    setSpeed(SPEEDS[saved.value.speed] ? saved.value.speed : app.settings.speed);
    await begin(view);
    return true;
  } catch (err) {
    const key = saves.setAside();
    showNotice(`Your saved game could not be read (${err.message}). It was set aside as “${key}”; start a new game.`);
    return false;
  }
}

async function main() {
  // The chooser is drawn before Python is ready: the bundle carries Python's
  // catalog (bridge.js answers from it); Start waits for Python, with the bar.
  const python = ready();
  wire();
  app.catalog = await call("catalog", {});
  for (const game of app.catalog.games) app.games[game.name] = game;
  app.settings = { ...defaultSettings(), ...(saves.loadSettings() ?? {}) };
  if (!app.games[app.settings.game]) app.settings.game = defaultSettings().game;
  app.settings.options ??= {};
  app.settings.levels ??= {};
  app.settings.engines ??= {};
  setSpeed(app.settings.speed);
  setHandPause(app.settings.handPause);
  $("#sound").checked = Boolean(app.settings.sound);
  setSound(app.settings.sound);
  $("#four-colour").checked = Boolean(app.settings.fourColour);
  setFourColour(app.settings.fourColour);
  buildSetup();
  $("#table").hidden = false;
  if (!saves.loadGame()) showSetup();
  document.body.dataset.chooser = "1";
  const info = await python;
  $("#python-info").textContent = `Python ${info.python} ready in ${(info.bootMs / 1000).toFixed(1)} s`;
  if (saves.loadGame() && !(await resumeSaved())) showSetup();
  document.body.dataset.app = "1";
}

main().catch((err) => {
  console.error(err);
  showNotice(`The table could not start: ${err.message}`);
});

// Tests and curious people: the current view, read-only.
// `view` is the last reply ({view, events, completed, played, sealed}); `table` its TableView.
window.whistTable = {
  get view() { return app.view; },
  get table() { return table(); },
  get busy() { return app.busy; },
  get speed() { return app.speed; },
  get paused() { return app.paused; },
};
