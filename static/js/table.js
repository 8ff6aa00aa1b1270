// The card table: set-up screen, drawing observations, turning clicks, taps
// and keys into actions, the computer players' turns, saves.
//
// No game rule lives here: what is legal, what an action means and every
// score come from Python (whist.webapi through bridge.js). This file only
// draws `view` replies and sends the action strings they list.

import { call, ready } from "./bridge.js";
import { cardBack, cardElement, contractHtml, parseCard, sortHand, suitHtml, SUITS } from "./cards.js";
import { chartSvg, runningTotals, SEAT_COLOURS } from "./chart.js";
import { rulesHtml, RULES } from "./rules.js";
import * as saves from "./saves.js";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const escapeHtml = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The computer level each game defaults to: the original program's player. */
const ORIGINAL_LEVEL = {
  "diminishing-whist": "expectation",
  "black-queen": "strength2",
  "nine-five-two": "rules",
  "bidding-whist": "heuristic",
  "classic-whist": "none+smart",
};

/** Pause before each computer move and after each trick, per speed (ms). */
const SPEEDS = {
  instant: { move: 0, trick: 0 },
  fast: { move: 150, trick: 700 },
  normal: { move: 400, trick: 1400 },
  slow: { move: 900, trick: 2500 },
};

const DECISION_PROMPTS = {
  bid: "Your bid: how many tricks will you take?",
  initial_bid: "Your bid: tricks and trump, or skip",
  secondary_bet: "Your bet: how many tricks will you take?",
  trump: "Name trump (you are the dealer, going for 9)",
  discard: "Discard",
  pass: "Pass",
  card: "Your turn: play a card",
};

const app = {
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

function obs() {
  return app.view?.observation;
}

function seatName(seat) {
  if (!app.view) return `Seat ${seat}`;
  if (seat === app.view.seat && app.view.seats[seat]?.human) return "You";
  return `Seat ${seat}`;
}

function seatLevel(seat) {
  const level = app.view?.seats[seat]?.level;
  return level === "human" ? "you" : level;
}

function setTurn(turn) {
  document.body.dataset.turn = turn;
}

function showMessage(text, kind = "error") {
  const el = $("#message");
  el.hidden = !text;
  el.textContent = text ?? "";
  el.dataset.kind = kind;
}

function showNotice(text) {
  const el = $("#notice");
  el.hidden = !text;
  el.textContent = text ?? "";
}

function touchMode() {
  if (app.lastPointer) return app.lastPointer === "touch";
  return window.matchMedia("(hover: none)").matches;
}

function speedOf() {
  return SPEEDS[app.speed] ?? SPEEDS.normal;
}

// ------------------------------------------------------------------- set-up

function defaultSettings() {
  return { game: "diminishing-whist", speed: "normal", options: {}, levels: {} };
}

function buildSetup() {
  const select = $("#setup-game");
  select.innerHTML = "";
  for (const game of app.catalog.games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.title;
    select.appendChild(option);
  }
  select.value = app.games[app.settings.game] ? app.settings.game : app.catalog.games[0].name;
  $("#setup-speed").value = SPEEDS[app.settings.speed] ? app.settings.speed : "normal";
  select.addEventListener("change", () => {
    app.settings.game = select.value;
    renderSetupOptions();
  });
  $("#setup-speed").addEventListener("change", () => {
    app.settings.speed = $("#setup-speed").value;
    saves.saveSettings(app.settings);
  });
  renderSetupOptions();
}

function renderSetupOptions() {
  const game = app.games[app.settings.game];
  const saved = app.settings.options[game.name] ?? {};
  $("#setup-game-help").innerHTML = RULES[game.name]?.html.split("</p>")[0].replace("<p>", "") ?? "";
  const box = $("#setup-options");
  box.innerHTML = "<legend>Options</legend>";
  for (const spec of game.options) {
    const label = document.createElement("label");
    label.className = "field";
    const title = spec.name.replace(/_/g, " ");
    label.append(`${title[0].toUpperCase()}${title.slice(1)} `);
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
    box.appendChild(label);
  }
  renderSetupSeats();
}

function readOptions() {
  const options = {};
  for (const input of $$("#setup-options [data-option]")) {
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
  const levels = app.settings.levels[game.name] ?? [];
  const box = $("#setup-seats");
  box.innerHTML = "<legend>Players</legend>";
  const you = document.createElement("p");
  you.className = "seat-row";
  you.innerHTML = `<span class="seat-dot" style="background:${SEAT_COLOURS[0]}"></span> Seat 0: <strong>You</strong>`;
  box.appendChild(you);
  const fallback = game.levels.some((l) => l.level === ORIGINAL_LEVEL[game.name])
    ? ORIGINAL_LEVEL[game.name] : game.levels[0].level;
  for (let seat = 1; seat < players; seat++) {
    const row = document.createElement("label");
    row.className = "seat-row field";
    row.innerHTML = `<span><span class="seat-dot" style="background:${SEAT_COLOURS[seat % 6]}"></span> Seat ${seat}</span>`;
    const select = document.createElement("select");
    select.dataset.seat = seat;
    for (const { level, description } of game.levels) {
      const o = document.createElement("option");
      o.value = level;
      o.textContent = level;
      o.title = description;
      select.appendChild(o);
    }
    const wanted = levels[seat - 1];
    select.value = game.levels.some((l) => l.level === wanted) ? wanted : fallback;
    const help = document.createElement("small");
    help.className = "help level-help";
    const describe = () => {
      help.textContent = game.levels.find((l) => l.level === select.value)?.description ?? "";
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
  storeSetup();
}

function storeSetup() {
  const game = app.settings.game;
  app.settings.levels[game] = $$("#setup-seats select[data-seat]").map((s) => s.value);
  app.settings.speed = $("#setup-speed").value;
  saves.saveSettings(app.settings);
}

function showSetup() {
  $("#setup").hidden = false;
  $("#game").hidden = true;
  $("#setup-resume").hidden = !(app.view && !app.view.over);
  $$(".ingame").forEach((b) => (b.disabled = true));
  $("#game-title").textContent = "";
  setTurn("setup");
}

function showGame() {
  $("#setup").hidden = true;
  $("#game").hidden = false;
}

async function startGame() {
  // A changed option fires `change` as the Start press takes focus: let its seats arrive first.
  await seatsPending;
  if ($("#setup-error").textContent) return;
  storeSetup();
  const game = app.settings.game;
  const seats = ["human", ...(app.settings.levels[game] ?? [])];
  const payload = { game, options: app.settings.options[game] ?? {}, seats };
  // ?seed=N in the address deals a repeatable game (tests, sharing a deal).
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) payload.seed = Number(seed);
  $("#start").disabled = true;
  try {
    const view = await call("start", payload);
    app.speed = app.settings.speed;
    await begin(view);
  } catch (err) {
    $("#setup-error").textContent = err.message;
  } finally {
    $("#start").disabled = false;
  }
}

/** Show a freshly started, resumed or opened game and let the computers move. */
async function begin(view) {
  app.gen += 1;
  // Not idle until the computers have moved: the turn shown may still be the old game's.
  setTurn("busy");
  app.view = view;
  app.shownTrick = null;
  app.selected.clear();
  app.hint = null;
  app.events = [];
  app.busy = false;
  showMessage("");
  $("#summary").open && $("#summary").close();
  showGame();
  render();
  await persist();
  runComputers();
}

// ---------------------------------------------------------------- game loop

async function persist() {
  if (!app.view) return;
  try {
    // Sealed by Python: the page stores it without ever seeing the other hands.
    const { sealed } = await call("save", {});
    saves.saveGame({ sealed, speed: app.speed, saved: new Date().toISOString() });
  } catch (err) {
    console.warn("could not save:", err.message);
  }
}

/** Take a reply of act/step: remember events, show a completed trick, redraw, save. */
async function absorb(reply, gen) {
  const before = obs();
  app.view = reply;
  noteEvents(before, reply);
  if (reply.completed) {
    app.shownTrick = reply.completed;
    render();
    const pause = speedOf().trick;
    if (pause) await sleep(pause);
    if (gen !== app.gen) return;
    app.shownTrick = null;
  }
  render();
  await persist();
}

async function runComputers() {
  const gen = app.gen;
  app.busy = true;
  while (app.view && app.view.computer_to_move && gen === app.gen) {
    setTurn("computer");
    renderStatus();
    const delay = speedOf().move;
    if (delay) await sleep(delay);
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
  render();
  if (app.view.over) {
    setTurn("over");
    showSummary();
  } else if (app.view.human_to_move) {
    setTurn("human");
  } else {
    setTurn("idle");
  }
}

async function act(action) {
  if (app.busy || !app.view?.human_to_move) return;
  const gen = app.gen;
  app.busy = true;
  setTurn("busy");
  let reply;
  try {
    reply = await call("act", { action });
  } catch (err) {
    app.busy = false;
    if (gen === app.gen) {
      showMessage(err.message);
      setTurn("human");
    }
    return;
  }
  if (gen !== app.gen) return;
  showMessage("");
  app.selected.clear();
  app.hint = null;
  app.zoomed = null;
  await absorb(reply, gen);
  if (gen !== app.gen) return;
  runComputers();
}

/** Things worth a line under the table: hands scored, cards passed and returned. */
function noteEvents(before, reply) {
  const now = reply.observation;
  if (!before || !now) return;
  if (now.hand_scores.length > before.hand_scores.length) {
    const scores = now.hand_scores[now.hand_scores.length - 1];
    const label = now.game === "diminishing-whist" ? "Round" : "Hand";
    const parts = scores.map((s, i) => `${seatName(i)} ${s > 0 ? "+" : ""}${s}`);
    app.events.unshift(`${label} ${now.hand_scores.length} scored: ${parts.join(", ")}`);
  }
  if (now.game === "nine-five-two") {
    const me = reply.seat;
    const seen = new Set(app.events);
    for (const ex of now.passing ?? []) {
      if (!ex.done || !ex.cards) continue;
      const line = ex.passer === me
        ? `You gave ${ex.cards.join(" ")} to ${seatName(ex.receiver)}; back came ${ex.returned.join(" ")}`
        : `${seatName(ex.passer)} gave you ${ex.cards.join(" ")}; you returned ${ex.returned.join(" ")}`;
      if (!seen.has(line)) app.events.unshift(line);
    }
  }
  app.events = app.events.slice(0, 6);
}

// ------------------------------------------------------------------ drawing

function render() {
  const view = app.view;
  if (!view) return;
  const o = view.observation;
  document.body.dataset.game = o.game;
  document.body.dataset.decision = view.human_to_move ? o.decision ?? "" : "";
  document.body.dataset.pending = view.pending;
  document.body.dataset.handNumber = o.hand_number;
  if (view.over) document.body.dataset.over = "1";
  else delete document.body.dataset.over;
  $("#game-title").textContent = `· ${o.title}`;
  $("#btn-hint").disabled = !view.human_to_move || app.busy;
  $("#btn-undo").disabled = !view.can_undo || app.busy;
  $("#btn-download").disabled = false;
  const focused = document.activeElement?.dataset?.card;
  renderSeats();
  renderInfo();
  renderTrick();
  renderStatus();
  renderControls();
  renderHand();
  renderHint();
  renderEvents();
  renderSheet();
  if (focused && view.human_to_move) {
    const again = $(`#hand [data-card="${CSS.escape(focused)}"], #me [data-card="${CSS.escape(focused)}"]`);
    again?.focus({ preventScroll: true });
  }
}

function seatOrder() {
  const n = obs().players;
  const me = app.view.seat;
  return Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
}

function seatFacts(seat) {
  const o = obs();
  const facts = [];
  const badges = [];
  if (o.game === "diminishing-whist") {
    if (o.bids[seat] != null) facts.push(["bid", o.bids[seat]]);
    if (o.opener === seat) badges.push("opens");
  } else if (o.game === "bidding-whist") {
    if (o.ruler === seat) badges.push(`rules ${contractHtml(o.contract)}`);
    if (o.bets[seat] != null) facts.push(["bet", o.bets[seat]]);
    else if (o.ruler == null) {
      const last = [...o.bidding].reverse().find((e) => e[0] === seat);
      if (last) facts.push(["bid", contractHtml(last[1])]);
    }
    if (o.opener === seat) badges.push("opens");
  } else if (o.game === "nine-five-two") {
    facts.push(["goes for", o.contracts[seat]]);
    if (o.dealer === seat) badges.push("dealer");
  } else if (o.game === "black-queen") {
    facts.push(["points", o.points[seat]]);
    if (o.dealer === seat) badges.push("dealer");
  }
  facts.push(["tricks", o.tricks_won[seat]]);
  facts.push(["cards", o.hand_sizes[seat]]);
  facts.push(["total", o.totals[seat]]);
  return { facts, badges };
}

function seatPanel(seat) {
  const o = obs();
  const panel = document.createElement("div");
  panel.className = "seat";
  panel.dataset.seat = seat;
  const toMove = o.to_move === seat && !app.view.over;
  if (toMove) panel.dataset.toMove = "1";
  const computer = !app.view.seats[seat]?.human;
  if (toMove && computer && app.busy) panel.classList.add("thinking");
  const { facts, badges } = seatFacts(seat);
  panel.innerHTML = `
    <div class="seat-head">
      <span class="seat-dot" style="background:${SEAT_COLOURS[seat % 6]}"></span>
      <strong class="seat-name">${seatName(seat)}</strong>
      <span class="level">${escapeHtml(seatLevel(seat) ?? "")}</span>
      ${badges.map((b) => `<span class="badge">${b}</span>`).join("")}
      <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
    </div>
    <dl class="facts">${facts.map(([k, v]) => `<div data-fact="${k.replace(/ /g, "-")}"><dt>${k}</dt><dd>${v}</dd></div>`).join("")}</dl>`;
  if (o.game === "black-queen") panel.appendChild(faceUpRow(seat));
  return panel;
}

/** Black Queen: a seat's face-up cards on their face-down cards. */
function faceUpRow(seat) {
  const o = obs();
  const row = document.createElement("div");
  row.className = "updown";
  row.setAttribute("aria-label", `${seatName(seat)}'s face-up cards`);
  const mine = seat === app.view.seat;
  const cardTurn = mine && app.view.human_to_move && o.decision === "card";
  const ups = o.up[seat];
  let down = 0;
  ups.forEach((card, i) => {
    const slot = document.createElement("span");
    slot.className = "slot";
    if (o.down[seat][i]) {
      slot.appendChild(cardBack({ small: true }));
      down += 1;
    }
    if (card) {
      const action = `${card}@${i}`;
      const el = cardElement(card, {
        small: true,
        static: !mine,
        action,
        legal: mine ? (cardTurn && o.legal.includes(action)) : undefined,
      });
      el.classList.add("up");
      if (mine) el.classList.add("mine");
      slot.appendChild(el);
    }
    if (!slot.childNodes.length) slot.classList.add("empty");
    row.appendChild(slot);
  });
  row.dataset.down = down;
  const count = document.createElement("span");
  count.className = "down-count";
  count.textContent = `${down} face-down`;
  row.appendChild(count);
  return row;
}

function renderSeats() {
  const box = $("#opponents");
  box.innerHTML = "";
  for (const seat of seatOrder()) box.appendChild(seatPanel(seat));
  const me = $("#me");
  me.innerHTML = "";
  me.appendChild(seatPanel(app.view.seat));
}

function renderInfo() {
  const o = obs();
  const parts = [];
  const trumpKnown = o.game !== "nine-five-two" || o.trump_named;
  if (o.game === "diminishing-whist") {
    parts.push(`<span class="info-item">Round <b>${o.round + 1}</b>/10 · ${o.cards} card${o.cards === 1 ? "" : "s"}</span>`);
  } else if (o.game === "classic-whist") {
    parts.push(`<span class="info-item">Deal ${o.hand_number + 1} · first to <b>${o.winning_score}</b></span>`);
  } else {
    parts.push(`<span class="info-item">Hand <b>${o.hand_number + 1}</b>${o.options.hands ? ` of ${o.options.hands}` : ""}</span>`);
  }
  if (trumpKnown && o.game !== "black-queen") {
    parts.push(`<span class="info-item trump" data-trump="${o.trump ?? "NT"}">Trump: <b>${suitHtml(o.trump ?? "NT")}</b></span>`);
  } else if (o.game === "nine-five-two") {
    parts.push(`<span class="info-item">Trump: not named yet</span>`);
  }
  if (o.game === "nine-five-two") parts.push(`<span class="info-item">Target ±${o.target}</span>`);
  if (o.game === "bidding-whist" && o.high_bid && o.ruler == null) {
    parts.push(`<span class="info-item">High bid: <b>${contractHtml(o.high_bid)}</b> (${seatName(o.high_bidder)})</span>`);
  }
  if (o.game === "black-queen") parts.push(`<span class="info-item">No trump · ${o.total_points} penalty points</span>`);
  let html = `<div class="info-line">${parts.join("")}</div>`;
  if (o.game === "diminishing-whist") {
    html += `<ol class="schedule" aria-label="Schedule">${o.schedule.map(([n, t], i) =>
      `<li class="${i === o.round ? "current" : i < o.round ? "done" : ""}" ${i === o.round ? 'aria-current="step"' : ""}>${n}${t === "NT" ? "NT" : suitHtml(t)}</li>`).join("")}</ol>`;
  }
  $("#info").innerHTML = html;
}

function renderTrick() {
  const o = obs();
  const box = $("#trick");
  box.innerHTML = "";
  const shown = app.shownTrick;
  const plays = shown ? shown.plays : o.trick;
  box.dataset.count = plays.length;
  if (shown) box.dataset.winner = shown.winner;
  else delete box.dataset.winner;
  if (!plays.length) {
    const empty = document.createElement("p");
    empty.className = "trick-empty";
    const last = o.last_trick;
    empty.textContent = app.view.over ? "Game over"
      : last ? `${seatName(last.winner)} took the last trick` : "No cards on the table yet";
    box.appendChild(empty);
    return;
  }
  plays.forEach(([seat, card], i) => {
    const fig = document.createElement("figure");
    fig.className = "play";
    fig.dataset.seat = seat;
    if (shown && shown.winner === seat) fig.classList.add("winner");
    const from = !shown && o.game === "black-queen" && o.trick_from?.[i] != null ? " (face-up)" : "";
    const el = cardElement(card, { static: true });
    el.classList.add("table-card");
    fig.append(el);
    const cap = document.createElement("figcaption");
    cap.innerHTML = `<span class="seat-dot" style="background:${SEAT_COLOURS[seat % 6]}"></span>${seatName(seat)}${from}`;
    fig.append(cap);
    box.appendChild(fig);
  });
  if (shown) {
    const note = document.createElement("p");
    note.className = "taker";
    note.textContent = `${seatName(shown.winner)} ${shown.winner === app.view.seat ? "take" : "takes"} the trick`;
    box.appendChild(note);
  }
}

function renderStatus() {
  const view = app.view;
  const o = obs();
  const el = $("#status");
  let text;
  if (view.over) {
    text = `Game over — ${winnersText()}`;
  } else if (view.computer_to_move) {
    text = `${seatName(o.to_move)} (${seatLevel(o.to_move)}) is thinking…`;
    el.classList.add("thinking");
  } else if (view.human_to_move) {
    text = DECISION_PROMPTS[o.decision] ?? view.pending;
    if (o.decision === "discard") text = `Choose ${o.choose_count} cards to discard face down, then confirm`;
    if (o.decision === "pass") text = `Choose ${o.choose_count} card${o.choose_count === 1 ? "" : "s"} to give ${seatName(o.pass_to)}, then confirm`;
  } else {
    text = view.pending;
  }
  if (!view.computer_to_move) el.classList.remove("thinking");
  el.textContent = text;
  for (const panel of $$(".seat")) {
    const seat = Number(panel.dataset.seat);
    panel.classList.toggle("thinking", view.computer_to_move && o.to_move === seat);
  }
}

function winnersText() {
  const o = obs();
  if (!o.winners?.length) return "no winner";
  const names = o.winners.map(seatName);
  const you = o.winners.includes(app.view.seat);
  if (names.length === 1) return you ? "you win!" : `${names[0]} wins`;
  return `${names.join(" and ")} share the win${you ? " (you too!)" : ""}`;
}

function actionButton(label, action, enabled, reason) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "choice";
  b.innerHTML = label;
  b.dataset.action = action;
  b.disabled = !enabled;
  if (reason) {
    b.title = reason;
    b.dataset.reason = reason;
  }
  b.addEventListener("click", () => act(action));
  return b;
}

function renderControls() {
  const view = app.view;
  const o = obs();
  const box = $("#controls");
  box.innerHTML = "";
  box.dataset.decision = "";
  if (!view.human_to_move) return;
  box.dataset.decision = o.decision;
  const legal = new Set(o.legal);
  if (o.decision === "bid" || o.decision === "secondary_bet") {
    const max = o.decision === "bid" ? o.cards : 13;
    const forbidden = o.decision === "bid" ? o.forbidden_bid : o.forbidden_bet;
    const row = document.createElement("div");
    row.className = "choices numbers";
    let reasonText = "";
    for (let n = 0; n <= max; n++) {
      let reason = null;
      if (n === forbidden) {
        reason = o.decision === "bid"
          ? `${n} is not allowed: the bids would total ${o.cards}, the number of tricks`
          : `${n} is not allowed: the four bets would total 13`;
        reasonText = reason;
      } else if (!legal.has(String(n))) {
        reason = `${n} is not allowed`;
      }
      row.appendChild(actionButton(String(n), String(n), legal.has(String(n)), reason));
    }
    box.appendChild(row);
    if (reasonText) {
      const p = document.createElement("p");
      p.className = "reason";
      p.textContent = reasonText;
      box.appendChild(p);
    }
  } else if (o.decision === "initial_bid") {
    const grid = document.createElement("div");
    grid.className = "bid-grid";
    const denominations = ["♣", "♦", "♥", "♠", "NT"];
    grid.appendChild(document.createElement("span"));
    for (const d of denominations) {
      const h = document.createElement("span");
      h.className = "grid-head";
      h.innerHTML = d === "NT" ? "NT" : suitHtml(d);
      grid.appendChild(h);
    }
    for (let n = 5; n <= 13; n++) {
      const h = document.createElement("span");
      h.className = "grid-head";
      h.textContent = n;
      grid.appendChild(h);
      for (const d of denominations) {
        const action = `${n}${d}`;
        const ok = legal.has(action);
        grid.appendChild(actionButton(contractHtml(action), action, ok,
          ok ? null : `${n}${d} does not beat the high bid${o.high_bid ? ` ${o.high_bid}` : ""}`));
      }
    }
    box.appendChild(grid);
    const skip = actionButton("Skip", "skip", legal.has("skip"));
    skip.classList.add("skip");
    box.appendChild(skip);
  } else if (o.decision === "trump") {
    const row = document.createElement("div");
    row.className = "choices";
    for (const d of [...SUITS, "NT"]) {
      row.appendChild(actionButton(d === "NT" ? "No trump" : suitHtml(d), d, legal.has(d)));
    }
    box.appendChild(row);
  } else if (o.decision === "discard" || o.decision === "pass") {
    const n = o.choose_count;
    const chosen = selectedCards();
    const row = document.createElement("div");
    row.className = "choices";
    const label = o.decision === "discard" ? `Discard ${chosen.length}/${n}` : `Give ${chosen.length}/${n} to ${seatName(o.pass_to)}`;
    const confirm = document.createElement("button");
    confirm.type = "button";
    confirm.id = "confirm-cards";
    confirm.className = "choice primary";
    confirm.textContent = label;
    confirm.disabled = chosen.length !== n;
    confirm.addEventListener("click", () => act(chosen.join(" ")));
    row.appendChild(confirm);
    if (o.decision === "discard" && o.kitty) {
      const k = document.createElement("span");
      k.className = "kitty-note";
      k.innerHTML = `Kitty: ${o.kitty.map((c) => `<b class="${"♥♦".includes(c.slice(-1)) ? "red" : "black"}-text">${c}</b>`).join(" ")}`;
      row.appendChild(k);
    }
    box.appendChild(row);
  }
}

function selectedCards() {
  const hand = sortedHand();
  return [...app.selected].sort((a, b) => a - b).map((i) => hand[i]).filter(Boolean);
}

function sortedHand() {
  const o = obs();
  return sortHand(o.hand, o.trump);
}

function renderHand() {
  const o = obs();
  const view = app.view;
  const box = $("#hand");
  box.innerHTML = "";
  const selecting = view.human_to_move && (o.decision === "discard" || o.decision === "pass");
  const cardTurn = view.human_to_move && o.decision === "card";
  box.dataset.mode = selecting ? "select" : cardTurn ? "play" : "view";
  const legal = new Set(o.legal);
  const kitty = new Set(o.decision === "discard" ? o.kitty ?? [] : []);
  sortedHand().forEach((card, i) => {
    const el = cardElement(card, { legal: cardTurn ? legal.has(card) : selecting ? true : undefined });
    el.classList.add("mine");
    el.dataset.index = i;
    if (kitty.has(card)) el.classList.add("from-kitty");
    if (selecting && app.selected.has(i)) el.dataset.selected = "1";
    if (app.zoomed === `hand:${i}`) el.dataset.zoomed = "1";
    box.appendChild(el);
  });
  if (!o.hand.length) {
    const p = document.createElement("p");
    p.className = "help";
    p.textContent = "No cards in hand.";
    box.appendChild(p);
  }
}

function renderHint() {
  const box = $("#hint-box");
  if (!app.hint) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (app.hint === "thinking") {
    box.textContent = "The strong player is thinking about your move…";
    return;
  }
  const top = app.hint.slice(0, 4);
  box.innerHTML = `<strong>Hint:</strong> ${top.map((h, i) =>
    `<span class="hint-item${i === 0 ? " best" : ""}" data-hint="${escapeHtml(h.action)}">${escapeHtml(h.action)} <small>(${h.value.toFixed(2)})</small></span>`).join(" ")}
    <small class="help">estimated points for you, best first</small>`;
}

function renderEvents() {
  $("#events").innerHTML = app.events.map((e) => `<p>${escapeHtml(e)}</p>`).join("");
}

function renderSheet() {
  const o = obs();
  const n = o.players;
  const names = Array.from({ length: n }, (_, i) => seatName(i));
  const label = (i) => {
    if (o.game === "diminishing-whist") {
      const [cards, trump] = o.schedule[i] ?? ["", ""];
      return `Round ${i + 1} <small>${cards}${trump === "NT" ? "NT" : suitHtml(trump)}</small>`;
    }
    return `${o.game === "classic-whist" ? "Deal" : "Hand"} ${i + 1}`;
  };
  const short = (i) => (names[i] === "You" ? "You" : `S${i}`);
  const head = names.map((name, i) =>
    `<th scope="col" title="${name}"><span class="seat-dot" style="background:${SEAT_COLOURS[i % 6]}"></span>${short(i)}</th>`).join("");
  const rows = o.hand_scores.map((scores, h) =>
    `<tr data-hand="${h}"><th scope="row">${label(h)}</th>${scores.map((s) => `<td>${s}</td>`).join("")}</tr>`).join("");
  const totals = o.totals.map((t, i) => `<td data-total-seat="${i}">${t}</td>`).join("");
  const aside = $("#sheet");
  aside.innerHTML = `<h2>Score sheet</h2>
    <div class="sheet-scroll"><table class="scores">
      <thead><tr><th></th>${head}</tr></thead>
      <tbody>${rows || `<tr><td colspan="${n + 1}" class="help">No ${o.game === "diminishing-whist" ? "round" : "hand"} scored yet</td></tr>`}</tbody>
      <tfoot><tr id="totals"><th scope="row">Total</th>${totals}</tr></tfoot>
    </table></div>`;
  aside.appendChild(chartSvg(runningTotals(o.hand_scores, o.totals, n), names));
  const legend = document.createElement("p");
  legend.className = "legend";
  legend.innerHTML = names.map((name, i) =>
    `<span><span class="seat-dot" style="background:${SEAT_COLOURS[i % 6]}"></span>${name}</span>`).join(" ");
  aside.appendChild(legend);
}

function showSummary() {
  const o = obs();
  const dialog = $("#summary");
  const order = o.totals.map((t, i) => [t, i]).sort((a, b) => b[0] - a[0]);
  $("#summary-title").textContent = o.winners.includes(app.view.seat) ? "You win!" : "Game over";
  $("#summary-body").innerHTML = `<p class="winner">${escapeHtml(winnersText())}</p>
    <ol class="final">${order.map(([t, i]) =>
      `<li data-seat="${i}"${o.winners.includes(i) ? ' class="won"' : ""}>${seatName(i)} <b>${t}</b></li>`).join("")}</ol>`;
  if (!dialog.open) dialog.showModal();
}

// -------------------------------------------------------------------- input

function activate(el) {
  const o = obs();
  if (!app.view?.human_to_move || app.busy) return;
  const mode = $("#hand").dataset.mode;
  if (mode === "select" && el.closest("#hand")) {
    const i = Number(el.dataset.index);
    if (app.selected.has(i)) app.selected.delete(i);
    else if (app.selected.size < o.choose_count) app.selected.add(i);
    else {
      showMessage(`You may choose only ${o.choose_count} card${o.choose_count === 1 ? "" : "s"}: tap one of yours to put it back first.`);
      return;
    }
    showMessage("");
    renderHand();
    renderControls();
    $(`#hand [data-index="${i}"]`)?.focus({ preventScroll: true });
    return;
  }
  if (o.decision === "card" && el.classList.contains("mine")) act(el.dataset.card);
}

function zoom(el) {
  for (const z of $$("[data-zoomed]")) delete z.dataset.zoomed;
  if (!el || el.classList.contains("back")) {
    app.zoomed = null;
    return;
  }
  el.dataset.zoomed = "1";
  app.zoomed = el.closest("#hand") ? `hand:${el.dataset.index}` : null;
}

function onClick(event) {
  const el = event.target.closest(".card");
  if (!el || el.classList.contains("back")) {
    if (!event.target.closest("button")) zoom(null);
    return;
  }
  if (touchMode()) {
    zoom(el); // a tap zooms; a double tap plays
    return;
  }
  activate(el);
}

function onDoubleClick(event) {
  const el = event.target.closest(".card.mine");
  if (!el || !touchMode()) return;
  event.preventDefault();
  activate(el);
}

/** The cards arrow keys move between: legal ones when playing, all when choosing. */
function keyCards() {
  const mode = $("#hand").dataset.mode;
  if (mode === "select") return $$("#hand .card");
  return $$('#hand .card[data-legal="1"], #me .card.mine[data-legal="1"]');
}

function onKey(event) {
  const target = event.target;
  if (target.closest?.("input, select, textarea, dialog")) return;
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "].includes(event.key)) return;
  if ($("#game").hidden || !app.view?.human_to_move) return;
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

async function onHint() {
  if (!app.view?.human_to_move || app.busy) return;
  app.hint = "thinking";
  renderHint();
  const gen = app.gen;
  try {
    const { hint } = await call("hint", { budget: 0.5 });
    if (gen === app.gen) app.hint = hint;
  } catch (err) {
    if (gen === app.gen) {
      app.hint = null;
      showMessage(`No hint: ${err.message}`);
    }
  }
  renderHint();
}

async function onUndo() {
  if (!app.view?.can_undo) return;
  app.gen += 1; // stop any computer turn in flight
  const gen = app.gen;
  // Busy until the worker answers: the table on screen is about to be replaced.
  app.busy = true;
  setTurn("busy");
  try {
    const view = await call("undo", {});
    if (gen !== app.gen) return;
    app.view = view;
    app.shownTrick = null;
    app.selected.clear();
    app.hint = null;
    app.busy = false;
    showMessage("");
    render();
    await persist();
    runComputers();
  } catch (err) {
    if (gen !== app.gen) return;
    app.busy = false;
    showMessage(err.message);
    settle();
  }
}

function fileName() {
  const o = obs();
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return `${o?.game ?? "whist"}-${stamp}.json`;
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

async function onOpen(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (err) {
    showNotice(`${file.name} is not a game record (not valid JSON: ${err.message}).`);
    return;
  }
  try {
    await call("check_record", { record });
    const view = await call("resume", { record });
    showNotice("");
    app.speed = app.settings.speed;
    await begin(view);
    showMessage(`Opened ${file.name}${view.over ? " (a finished game)" : ": your move"}`, "info");
  } catch (err) {
    showNotice(`${file.name} could not be opened: ${err.message}`);
  }
}

function onRules() {
  const game = app.view && !$("#game").hidden ? obs().game : app.settings.game;
  $("#rules-title").textContent = `Rules: ${RULES[game]?.title ?? game}`;
  $("#rules-body").innerHTML = rulesHtml(game);
  $("#rules-dialog").showModal();
}

function wire() {
  $("#start").addEventListener("click", startGame);
  $("#setup-resume").addEventListener("click", () => {
    showGame();
    settle();
  });
  $("#btn-new").addEventListener("click", () => {
    $("#summary").open && $("#summary").close();
    showSetup();
  });
  $("#btn-rules").addEventListener("click", onRules);
  $("#btn-hint").addEventListener("click", onHint);
  $("#btn-undo").addEventListener("click", onUndo);
  $("#btn-download").addEventListener("click", onDownload);
  $("#summary-download").addEventListener("click", onDownload);
  $("#open-record").addEventListener("change", onOpen);
  $("#again").addEventListener("click", () => {
    $("#summary").close();
    const o = obs();
    app.settings.game = o.game;
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
  gameEl.addEventListener("dblclick", onDoubleClick);
  document.addEventListener("keydown", onKey);
}

/** Play again: the same game, options and seats as the one just finished. */
async function startAgain() {
  const o = obs();
  const seats = app.view.seats.map((s) => s.level);
  try {
    const view = await call("start", { game: o.game, options: o.options, seats });
    await begin(view);
  } catch (err) {
    showMessage(err.message);
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
    const view = await call("resume", typeof sealed === "string" ? { sealed } : { record });
    app.speed = SPEEDS[saved.value.speed] ? saved.value.speed : app.settings.speed;
    await begin(view);
    return true;
  } catch (err) {
    const key = saves.setAside();
    showNotice(`Your saved game could not be read (${err.message}). It was set aside as “${key}”; start a new game.`);
    return false;
  }
}

async function main() {
  const info = await ready();
  $("#table").hidden = false;
  $("#python-info").textContent = `Python ${info.python} ready in ${(info.bootMs / 1000).toFixed(1)} s`;
  wire();
  app.catalog = await call("catalog", {});
  for (const game of app.catalog.games) app.games[game.name] = game;
  app.settings = { ...defaultSettings(), ...(saves.loadSettings() ?? {}) };
  if (!app.games[app.settings.game]) app.settings.game = defaultSettings().game;
  app.settings.options ??= {};
  app.settings.levels ??= {};
  buildSetup();
  if (!(await resumeSaved())) showSetup();
  document.body.dataset.app = "1";
}

main().catch((err) => {
  console.error(err);
  showNotice(`The table could not start: ${err.message}`);
});

// Tests and curious people: the current view, read-only.
window.whistTable = { get view() { return app.view; }, get busy() { return app.busy; } };
export { parseCard };
