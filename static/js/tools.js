// The tools: menu, score sheet, hint, last trick, undo, records, rules, pause
// and speed; and the wiring of every control. Part of the card table
// (table.js is the entry).

import { call } from "./bridge.js";
import { setFourColour } from "./cards.js";
import { render, renderHint, renderStatus } from "./draw.js";
import { onClick, onHover, onKey, zoom } from "./input.js";
import { act, keep, onClaim, onExpert, reopenLog, runComputers, settle } from "./loop.js";
import { rulesHtml } from "./rules.js";
import * as saves from "./saves.js";
import { begin, copyDaily, setTips, showGame, showSetup, startDaily, startGame } from "./setup.js";
import { setSound, sound } from "./sound.js";
import {
  $, $$, HAND_PAUSES, SPEEDS, announce, app, handlers, setPaused, setTurn, showMessage, showNotice,
  table, touchMode, wake,
} from "./state.js";
import { renderTip, toggleTip } from "./tips.js";

/** The menu, the score drawer, the hint and the last trick: one open at a time. */
const PANELS = { menu: "#btn-menu", sheet: "#btn-score", "last-panel": "#btn-last", "hint-box": null };

export function closePanels(except = null) {
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
    reopenLog(view); // the log forgets the lines taken back
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
export function setSpeed(speed) {
  app.speed = SPEEDS[speed] ? speed : "normal";
  app.settings.speed = app.speed;
  $("#game-speed").value = app.speed;
  saves.saveSettings(app.settings);
}

export function setHandPause(value) {
  app.settings.handPause = HAND_PAUSES.includes(value) ? value : "wait";
  $("#hand-pause").value = app.settings.handPause;
  $("#hand-summary-pause").value = app.settings.handPause;
  saves.saveSettings(app.settings);
}

handlers.act = act;

export function wire() {
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
