// The game loop: the person's actions, the computer players' turns, the pauses
// between them, the summaries and saves. Part of the card table (table.js is
// the entry); no game rule lives here (see table.js).

import { call } from "./bridge.js";
import {
  drawHandSummary, render, renderHint, renderStatus, renderTools, showSummary,
} from "./draw.js";
import { placePreview } from "./layout.js";
import * as motion from "./motion.js";
import * as saves from "./saves.js";
import { showDaily } from "./setup.js";
import { buzz, sound } from "./sound.js";
import {
  $, EVENT_LINES, announce, app, setTurn, showMessage, sleep, speedOf, table, unpaused, wait, wake,
} from "./state.js";
import { noteGameOver } from "./stats.js";
import { closePanels, setHandPause } from "./tools.js";

/**
 * Store a reply's sealed save (every reply that changes the game carries one, sealed by
 * Python: the page stores it without ever seeing the other hands). Kept before any animation.
 */
export function keep(sealed) {
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
  noteEvents(reply);
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
  // Every hand is summed up, the game's last one too (then settle shows the game's summary).
  const handEnded = Boolean(t.hand_summary) || (reply.events ?? []).some((e) => e.type === "scored");
  if (handEnded) {
    await handSummary(reply, gen);
    if (gen !== app.gen) return;
  }
  const redealt = (reply.events ?? []).some((e) => e.type === "redeal");
  if (!t.over && (t.hand_number !== handBefore || redealt)) {
    sound("deal");
    await motion.deal();
  }
}

/** Open the log with a reply's `story` (the hand so far; newest first, as noteEvents keeps it). */
export function reopenLog(reply) {
  app.events = [...(reply.story ?? [])].reverse().slice(0, EVENT_LINES);
  app.latest = "";
}

/**
 * A reply's events in words: kept for the score drawer, the newest on the felt, and said
 * aloud. The felt's newest line is what just happened: once a card is played (or a trick
 * taken) the line it showed is old news, and goes: the cards on the felt say what happened.
 */
function noteEvents(reply) {
  const all = reply.events ?? [];
  // The log keeps every event; a taken trick is said when it is gathered, not here.
  if (all.length) app.events = [...[...all].reverse(), ...app.events].slice(0, EVENT_LINES);
  const lines = all.filter((e) => e.type !== "trick");
  if (!lines.length) {
    if (reply.completed || reply.view?.trick?.length) app.latest = "";
    return;
  }
  // The felt's newest line leaves off what its context lines already say (Python marks it).
  const newest = lines[lines.length - 1];
  app.latest = newest.on_table ? "" : newest.text;
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

export async function runComputers() {
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

export function settle() {
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

export async function act(action) {
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
  placePreview(null);
  await send("act", { action }, () => {
    app.zoomed = null;
    app.gridColumn = null;
  });
}

/**
 * Send the person's move (`act`, `claim`) to Python and take its reply: busy before the
 * first await, a refusal said and the turn given back; `cleared` resets what the move used.
 */
async function send(fn, payload, cleared = () => {}) {
  const gen = app.gen;
  app.busy = true;
  setTurn("busy");
  let reply;
  try {
    reply = await call(fn, payload);
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
  cleared();
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
export async function onExpert(event) {
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
export async function onClaim() {
  const t = table();
  if (app.busy || !t?.human_to_move || !t.can_claim) return;
  closePanels();
  await send("claim", {}, () => announce("You claimed the rest of the hand"));
}

/** Not the person's move: say so rather than drop the click. */
export function refuse() {
  const t = table();
  if (!t || t.over) return;
  const who = t.computer_to_move ? t.prompt : "the table is busy";
  showMessage(`Not your turn yet: ${who}`, "info");
}
