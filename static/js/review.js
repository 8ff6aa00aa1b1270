// The review screen and the record player.
//
// Review (#review): a finished hand trick by trick, every seat's cards as
// dealt (Python's `review_hand`, which refuses a hand still in play, so no
// hidden card reaches the page before its hand is over), and each of the
// person's decisions valued by the strong player's machinery, one decision per
// worker call (`review_decision`) so the page never freezes and Stop can end
// it between two calls. A decision is marked good, inaccurate or a mistake by
// Python's grade; the better choice is marked on the cards.
//
// Replay (#replay): any record (the game just played, or a file) step by step,
// action by action and hand by hand (`replay_steps`), each step's TableView
// drawn read-only, the score sheet following the step.
//
// Every action that waits on the worker marks its dialog busy before its
// first await: `data-state` is "busy", then "ready" (or "stopped", "error").
// No game rule lives here: every word, every card and every mark on a card
// (gone, played now, chosen, better) comes from Python's view model
// (whist_app/review_view.py); this file only draws it.

import { call } from "./bridge.js";
import { cardElement, cardName, escapeHtml, suitText } from "./cards.js";
import { dot, sheetHtml, trickFigures } from "./draw.js";
import { $, $$, app, setPaused } from "./state.js";
import { noteReview } from "./stats.js";

/** Sampled worlds per decision: the review's default (docs/review.md), repeatable. */
const WORLDS = 200;
/** Steps per replay_steps call (the web API's most). */
const PAGE = 120;


function setState(el, state) {
  el.dataset.state = state;
  el.setAttribute("aria-busy", String(state === "busy"));
}

/** While a review or replay is open over the hand's summary, its countdown waits. */
let heldPause = false;
function holdGame() {
  if ($("#hand-summary").open && !app.paused) {
    setPaused(true);
    heldPause = true;
  }
}
function releaseGame() {
  if (heldPause && !$("#review").open && !$("#replay").open) {
    heldPause = false;
    setPaused(false);
  }
}

// ================================================================== review

const rv = {
  gen: 0,
  source: {},
  data: null,
  step: 0,
  /** Valued decisions by their index in the hand's actions. */
  valued: new Map(),
  stopping: false,
};

const reviewEl = () => $("#review");

/** Open the review of hand `hand` (from 0) of `source` ({} = the game in progress, or {record}). */
export async function openReview(source, hand) {
  const dialog = reviewEl();
  setState(dialog, "busy");
  holdGame();
  if (!dialog.open) dialog.showModal();
  rv.source = source ?? {};
  await loadHand(hand);
}

async function loadHand(hand) {
  const dialog = reviewEl();
  const gen = ++rv.gen;
  setState(dialog, "busy");
  rv.data = null;
  rv.valued = new Map();
  rv.step = 0;
  rv.stopping = false;
  $("#review-error").hidden = true;
  $("#review-main").hidden = true;
  progress("Reading the hand…");
  let data;
  try {
    data = await call("review_hand", { ...rv.source, hand_number: hand, iterations: 0 });
  } catch (err) {
    if (gen !== rv.gen) return;
    $("#review-error").textContent = err.message;
    $("#review-error").hidden = false;
    progress("");
    drawHandPicker(hand, rv.lastHands ?? hand + 1, rv.lastWord ?? "Hand");
    setState(dialog, "error");
    return;
  }
  if (gen !== rv.gen) return;
  rv.data = data;
  rv.lastHands = data.hands;
  rv.lastWord = data.hand_word;
  $("#review-main").hidden = false;
  $("#review-title").textContent = `Review: ${data.label}`;
  drawHandPicker(hand, data.hands, data.hand_word);
  drawReview();
  await valueDecisions(gen);
}

/** Value the hand's decisions not valued yet, one worker call each, until done or stopped. */
async function valueDecisions(gen) {
  const dialog = reviewEl();
  const data = rv.data;
  const all = data.decisions;
  setState(dialog, "busy");
  rv.stopping = false;
  drawStopButton();
  for (const decision of all) {
    if (rv.valued.has(decision.index)) continue;
    if (rv.stopping || gen !== rv.gen) break;
    progress(`Valuing decision ${rv.valued.size + 1} of ${all.length}…`);
    let valued;
    try {
      valued = await call("review_decision", {
        ...rv.source, hand_number: data.hand_number, index: decision.index, seat: data.seat,
        iterations: WORLDS,
      });
    } catch (err) {
      if (gen !== rv.gen) return;
      progress(`Could not value decision ${rv.valued.size + 1}: ${err.message}`);
      setState(dialog, "stopped");
      drawStopButton();
      return;
    }
    if (gen !== rv.gen) return;
    rv.valued.set(decision.index, valued);
    drawReview();
  }
  if (gen !== rv.gen) return;
  const done = rv.valued.size === all.length;
  if (done) {
    noteReview(data, [...rv.valued.values()]);
    progress(summaryLine());
  } else {
    progress(`Stopped after ${rv.valued.size} of ${all.length} decisions. ${summaryLine()}`);
  }
  setState(dialog, done ? "ready" : "stopped");
  drawStopButton();
}

function summaryLine() {
  const valued = [...rv.valued.values()];
  if (!rv.data.decisions.length) return "You had no decision in this hand.";
  if (!valued.length) return "";
  const loss = valued.reduce((sum, d) => sum + d.loss, 0);
  const count = (grade) => valued.filter((d) => d.grade === grade).length;
  return `${valued.length} decision${valued.length === 1 ? "" : "s"} valued: ` +
    `${count("good")} good, ${count("inaccurate")} inaccurate, ${count("mistake")} mistake${count("mistake") === 1 ? "" : "s"}; ` +
    `expected loss ${loss.toFixed(1)} points.`;
}

function progress(text) {
  $("#review-progress").textContent = text;
}

function drawStopButton() {
  const state = reviewEl().dataset.state;
  const stop = $("#review-stop");
  const more = $("#review-go-on");
  stop.hidden = state !== "busy" || !rv.data;
  stop.disabled = rv.stopping;
  more.hidden = state !== "stopped" || !rv.data || rv.valued.size === rv.data.decisions.length;
}

function drawHandPicker(hand, hands, word) {
  const select = $("#review-hand");
  select.innerHTML = Array.from({ length: hands }, (_, i) =>
    `<option value="${i}">${escapeHtml(word)} ${i + 1}</option>`).join("");
  select.value = String(hand);
}

/** The steps: 0 = the hand as dealt (and what was decided before the first trick), k = trick k. */
function stepCount() {
  return rv.data?.steps.length ?? 1;
}

function decisionEntry(decision) {
  return rv.valued.get(decision.index) ?? decision;
}

/** The person's decisions at step `step` (Python's `steps[].decisions`), valued where they are. */
function decisionsAt(step) {
  const indices = new Set(rv.data.steps[step]?.decisions ?? []);
  return rv.data.decisions.filter((d) => indices.has(d.index)).map(decisionEntry);
}

function drawReview() {
  const data = rv.data;
  if (!data) return;
  rv.step = Math.max(0, Math.min(rv.step, stepCount() - 1));
  drawPips();
  drawTable();
  drawDecisionsHere();
  drawDecisionList();
  drawStopButton();
  const dialog = reviewEl();
  dialog.dataset.step = String(rv.step);
  dialog.dataset.steps = String(stepCount());
  $("#review-prev").disabled = rv.step === 0;
  $("#review-next").disabled = rv.step === stepCount() - 1;
  $("#review-first").disabled = rv.step === 0;
  $("#review-last").disabled = rv.step === stepCount() - 1;
}

/** The worst grade among the person's decisions at a step ("" when none is valued). */
function gradeAt(step) {
  const order = ["good", "inaccurate", "mistake"];
  let worst = -1;
  for (const d of decisionsAt(step)) worst = Math.max(worst, order.indexOf(d.grade));
  return worst < 0 ? "" : order[worst];
}

function drawPips() {
  const box = $("#review-pips");
  box.innerHTML = "";
  for (const { step, label, title, decisions } of rv.data.steps) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pip";
    b.textContent = label;
    b.setAttribute("aria-label", title);
    b.dataset.step = String(step);
    const grade = gradeAt(step);
    if (grade) b.dataset.grade = grade;
    if (decisions.length) b.dataset.mine = "1";
    if (step === rv.step) b.setAttribute("aria-current", "step");
    b.addEventListener("click", () => goStep(step));
    box.appendChild(b);
  }
}

function goStep(step) {
  if (!rv.data) return;
  rv.step = Math.max(0, Math.min(step, stepCount() - 1));
  drawReview();
  $(`#review-pips [data-step="${rv.step}"]`)?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}

function drawTable() {
  const data = rv.data;
  const step = data.steps[rv.step];
  // The better choice is known once its decision is valued: Python's cards to mark.
  const better = new Set(decisionsAt(rv.step).flatMap((d) => d.better_cards));

  const seats = $("#review-seats");
  seats.innerHTML = "";
  for (const seat of step.seats) {
    const row = document.createElement("div");
    row.className = "review-seat";
    row.dataset.seat = String(seat.seat);
    if (seat.you) row.classList.add("you");
    row.innerHTML = `<div class="who">${dot(seat.seat)}<strong>${escapeHtml(seat.name)}</strong>` +
      `${seat.you ? "" : ` <small>${escapeHtml(seat.level)}</small>`}</div>`;
    const cards = document.createElement("div");
    cards.className = "review-cards";
    cards.setAttribute("role", "list");
    cards.setAttribute("aria-label", `${seat.name}: cards as dealt`);
    for (const card of seat.cards) {
      const el = cardElement(card.card, { static: true });
      el.setAttribute("role", "listitem");
      let label = cardName(card.card);
      if (card.gone) {
        el.dataset.gone = "1";
        label += ", played earlier";
      } else if (card.now) {
        el.dataset.now = "1";
        label += ", played in this trick";
      }
      if (card.chosen) {
        el.dataset.chosen = "1";
        label += ", your choice";
      }
      if (seat.you && better.has(card.card)) {
        el.dataset.better = "1";
        label += ", the better choice";
      }
      el.setAttribute("aria-label", label);
      cards.appendChild(el);
    }
    row.appendChild(cards);
    seats.appendChild(row);
  }

  const box = $("#review-trick");
  box.innerHTML = "";
  const head = document.createElement("p");
  head.className = "step-head";
  head.textContent = step.head;
  box.appendChild(head);
  if (step.trick) {
    box.appendChild(trickFigures(step.trick, "review-plays"));
  } else {
    const p = document.createElement("p");
    p.className = "review-before";
    p.innerHTML = step.before.length
      ? `Before the first trick: ${step.before.map((a) =>
        `${dot(a.seat)}${escapeHtml(a.name)}: <b>${suitText(a.text)}</b>`).join(", ")}`
      : "";
    box.appendChild(p);
  }
}

/** A decision in Python's words (`words`: where, chosen, better, loss), with its grade. */
function decisionHtml(d, brief = false) {
  const graded = d.grade != null;
  const w = d.words ?? {};
  const loss = graded ? escapeHtml(w.loss ?? "") : `<small>not valued yet</small>`;
  const best = graded && w.better ? ` · better <b>${suitText(w.better)}</b>` : graded ? " · the best choice" : "";
  const badge = graded ? `<span class="grade" data-grade="${escapeHtml(d.grade)}">${escapeHtml(d.grade)}</span>` : "";
  const trivial = graded && d.trivial ? ` <small>(nothing to choose)</small>` : "";
  const chosen = `<b>${suitText(w.chosen ?? "")}</b>`;
  if (brief) {
    return `${badge}<span class="where">${escapeHtml(w.where ?? "")}</span> ${chosen}${best} · ${loss}${trivial}`;
  }
  return `${badge}<span>${escapeHtml(w.where ?? "")}: you chose ${chosen}${best}; ${loss}${trivial}</span>`;
}

function drawDecisionsHere() {
  const box = $("#review-here");
  const here = decisionsAt(rv.step);
  box.innerHTML = here.length
    ? here.map((d) => `<p class="decision-here" data-index="${d.index}"${d.grade ? ` data-grade="${escapeHtml(d.grade)}"` : ""}>${decisionHtml(d)}</p>`).join("")
    : `<p class="help">${escapeHtml(rv.data.steps[rv.step].no_decision)}.</p>`;
}

function drawDecisionList() {
  const list = $("#review-list");
  const t = rv.data.thresholds;
  $("#review-grades").textContent = t
    ? `Marked by the expected loss in points: inaccurate from ${t.inaccurate}, a mistake from ${t.mistake}.`
    : "";
  list.innerHTML = "";
  for (const decision of rv.data.decisions) {
    const d = decisionEntry(decision);
    const li = document.createElement("li");
    li.className = "decision";
    li.dataset.index = String(d.index);
    if (d.grade) li.dataset.grade = d.grade;
    if (d.step === rv.step) li.setAttribute("aria-current", "step");
    const b = document.createElement("button");
    b.type = "button";
    b.innerHTML = decisionHtml(d, true);
    b.addEventListener("click", () => goStep(d.step));
    li.appendChild(b);
    list.appendChild(li);
  }
}

function closeReview() {
  rv.gen += 1; // a valuation in flight is dropped
  rv.stopping = true;
}

// ================================================================== replay

const rp = {
  gen: 0,
  source: {},
  hand: 0,
  hands: 1,
  total: 0,
  step: 0,
  steps: new Map(),
  info: null,
};

const replayEl = () => $("#replay");

/** Open the record player on hand `hand` of `source` ({} = the game in progress, or {record}). */
export async function openReplay(source, hand = 0) {
  const dialog = replayEl();
  setState(dialog, "busy");
  holdGame();
  if (!dialog.open) dialog.showModal();
  rp.source = source ?? {};
  await loadReplayHand(hand, 0);
}

async function loadReplayHand(hand, step) {
  const dialog = replayEl();
  setState(dialog, "busy");
  const gen = ++rp.gen;
  $("#replay-error").hidden = true;
  let reply;
  try {
    reply = await call("replay_steps", { ...rp.source, hand_number: hand, first: 0, count: PAGE });
  } catch (err) {
    if (gen === rp.gen) replayFailed(dialog, err);
    return;
  }
  if (gen !== rp.gen) return;
  rp.hand = hand;
  rp.hands = reply.hands;
  rp.total = reply.total;
  rp.info = reply;
  rp.steps = new Map(reply.steps.map((s) => [s.step, s]));
  $("#replay-title").textContent = `Replay: ${reply.title}`;
  $("#replay-hand").innerHTML = Array.from({ length: rp.hands }, (_, i) =>
    `<option value="${i}">${escapeHtml(reply.hand_word)} ${i + 1}</option>`).join("");
  $("#replay-hand").value = String(hand);
  $("#replay-slider").max = String(Math.max(0, rp.total - 1));
  await showReplayStep(step < 0 ? rp.total - 1 : step, gen);
}

/** Show why the worker could not give the replay's steps. */
function replayFailed(dialog, err) {
  $("#replay-error").textContent = err.message;
  $("#replay-error").hidden = false;
  setState(dialog, "error");
}

async function showReplayStep(step, gen = rp.gen) {
  const dialog = replayEl();
  step = Math.max(0, Math.min(step, rp.total - 1));
  if (!rp.steps.has(step)) {
    setState(dialog, "busy");
    try {
      const reply = await call("replay_steps", { ...rp.source, hand_number: rp.hand, first: step, count: PAGE });
      if (gen !== rp.gen) return;
      for (const s of reply.steps) rp.steps.set(s.step, s);
    } catch (err) {
      if (gen === rp.gen) replayFailed(dialog, err);
      return;
    }
  }
  if (gen !== rp.gen) return;
  rp.step = step;
  drawReplay();
  setState(dialog, "ready");
}

function drawReplay() {
  const s = rp.steps.get(rp.step);
  if (!s) return;
  const t = s.table;
  const dialog = replayEl();
  dialog.dataset.step = String(rp.step);
  dialog.dataset.steps = String(rp.total);
  dialog.dataset.hand = String(rp.hand);
  $("#replay-slider").value = String(rp.step);
  $("#replay-count").textContent = `Step ${rp.step} of ${rp.total - 1}`;
  $("#replay-heading").innerHTML = suitText(t.heading);
  const lines = [];
  if (s.played) lines.push(`${dot(s.played.seat)}${escapeHtml(s.played.name)}: <b>${suitText(s.played.text)}</b>`);
  else lines.push("The hand as dealt");
  for (const e of s.events ?? []) lines.push(suitText(e.text));
  $("#replay-played").innerHTML = lines.join(" · ");
  // The seats, read-only: name, level and Python's facts (bid, tricks, total...).
  $("#replay-seats").innerHTML = t.seats.map((seat) => `
    <div class="replay-seat${seat.to_move ? " to-move" : ""}${seat.you ? " you" : ""}" data-seat="${seat.seat}">
      <div class="who">${dot(seat.seat)}<strong>${escapeHtml(seat.name)}</strong>${seat.you ? "" : ` <small>${escapeHtml(seat.level ?? "")}</small>`}
        ${seat.badges.map((b) => `<span class="badge">${suitText(b)}</span>`).join("")}</div>
      <dl class="facts">${seat.facts.map((f) => `<div><dt>${escapeHtml(f.label)}</dt><dd>${suitText(f.value)}</dd></div>`).join("")}</dl>
    </div>`).join("");
  // The trick: the one this step completed (with its taker), else the cards on the table.
  const trick = $("#replay-trick");
  trick.innerHTML = "";
  const plays = s.completed ? s.completed.plays : t.trick;
  if (!plays.length) trick.innerHTML = `<p class="help">${escapeHtml(t.trick_empty)}</p>`;
  trick.append(...trickFigures({ plays, winner: s.completed?.winner ?? -1 }).children);
  const hand = $("#replay-hand-cards");
  hand.innerHTML = "";
  for (const card of t.hand) hand.appendChild(cardElement(card.card, { static: true }));
  $("#replay-hand-label").textContent = `${t.seats[t.seat]?.name ?? "Seat"}: cards in hand`;
  $("#replay-sheet").innerHTML = sheetHtml(t.sheet);
  $("#replay-first").disabled = rp.step === 0 && rp.hand === 0;
  $("#replay-prev").disabled = rp.step === 0 && rp.hand === 0;
  const end = rp.step === rp.total - 1 && rp.hand === rp.hands - 1;
  $("#replay-next").disabled = end;
  $("#replay-last").disabled = end;
  $("#replay-review").disabled = !rp.info?.finished;
}

/** One step forwards or backwards; past a hand's end (or start) into the next (or previous) hand. */
function replayMove(delta) {
  if (replayEl().dataset.state === "busy") return;
  const next = rp.step + delta;
  if (next >= rp.total) {
    if (rp.hand < rp.hands - 1) loadReplayHand(rp.hand + 1, 0);
    return;
  }
  if (next < 0) {
    if (rp.hand > 0) loadReplayHand(rp.hand - 1, -1);
    return;
  }
  showReplayStep(next);
}

// =================================================================== wiring

function wire() {
  const review = reviewEl();
  $("#review-close").addEventListener("click", () => review.close());
  review.addEventListener("close", () => {
    closeReview();
    releaseGame();
  });
  $("#review-prev").addEventListener("click", () => goStep(rv.step - 1));
  $("#review-next").addEventListener("click", () => goStep(rv.step + 1));
  $("#review-first").addEventListener("click", () => goStep(0));
  $("#review-last").addEventListener("click", () => goStep(stepCount() - 1));
  $("#review-stop").addEventListener("click", () => {
    rv.stopping = true;
    progress(`Stopping after this decision…`);
    drawStopButton();
  });
  $("#review-go-on").addEventListener("click", () => {
    if (!rv.data) return;
    setState(review, "busy");
    valueDecisions(rv.gen);
  });
  $("#review-hand").addEventListener("change", () => loadHand(Number($("#review-hand").value)));
  review.addEventListener("keydown", (event) => {
    if (event.target.closest?.("select, input")) return;
    if (event.key === "ArrowRight") goStep(rv.step + 1);
    else if (event.key === "ArrowLeft") goStep(rv.step - 1);
    else return;
    event.preventDefault();
  });

  const replay = replayEl();
  $("#replay-close").addEventListener("click", () => replay.close());
  replay.addEventListener("close", () => {
    rp.gen += 1;
    releaseGame();
  });
  $("#replay-prev").addEventListener("click", () => replayMove(-1));
  $("#replay-next").addEventListener("click", () => replayMove(1));
  $("#replay-first").addEventListener("click", () => (rp.step === 0 ? replayMove(-1) : showReplayStep(0)));
  $("#replay-last").addEventListener("click", () =>
    (rp.step === rp.total - 1 ? replayMove(1) : showReplayStep(rp.total - 1)));
  $("#replay-slider").addEventListener("input", () => showReplayStep(Number($("#replay-slider").value)));
  $("#replay-hand").addEventListener("change", () => loadReplayHand(Number($("#replay-hand").value), 0));
  $("#replay-review").addEventListener("click", () => {
    const hand = rp.hand;
    const source = rp.source;
    replay.close();
    openReview(source, hand);
  });
  replay.addEventListener("keydown", (event) => {
    if (event.target.closest?.("select, input")) return;
    if (event.key === "ArrowRight") replayMove(1);
    else if (event.key === "ArrowLeft") replayMove(-1);
    else return;
    event.preventDefault();
  });

  // The doors: the hand's summary, the game's summary, and a record file from the menu.
  $("#hand-summary-review").addEventListener("click", () => {
    const t = app.view?.view;
    const hand = t?.hand_summary?.hand ?? Math.max(0, (t?.hand_number ?? 1) - 1);
    openReview({}, hand);
  });
  $("#summary-review").addEventListener("click", () => openReview({}, app.view?.view?.hand_number ?? 0));
  $("#summary-replay").addEventListener("click", () => openReplay({}, 0));
  $("#replay-record").addEventListener("change", async (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    $("#menu").hidden = true;
    $("#btn-menu")?.setAttribute("aria-expanded", "false");
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (err) {
      const dialog = replayEl();
      if (!dialog.open) dialog.showModal();
      $("#replay-error").textContent = `${file.name} is not a game record (not valid JSON: ${err.message}).`;
      $("#replay-error").hidden = false;
      setState(dialog, "error");
      return;
    }
    openReplay({ record }, 0);
  });
  for (const el of $$("#review, #replay")) setState(el, "idle");
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
else wire();
