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

// ------------------------------------------------------------ the hint's place

/** Pixels between the hint and what it keeps clear of, and between it and the screen's edge. */
const GAP = 6;
const EDGE = 2;
/** Room above a marked card for its "Hint" label (drawn outside the card's box). */
const LABEL = 16;
/**
 * What the hint keeps clear of, and what covering a pixel of it costs: what the hint is
 * about first (the seats, the trick, the open question, the marked choice), then the other
 * cards that may be played, a message or tip, the rest of the hand, the tools, the lines.
 */
const CLEAR = [
  { selector: ".seat, #trick .play, #decision[data-open], [data-hinted]", weight: 1e6, pad: GAP },
  { selector: '#hand .card[data-legal="1"]', weight: 50, pad: GAP },
  { selector: "#message:not([hidden]), #tip:not([hidden])", weight: 20, pad: 0 },
  { selector: "#hand .card", weight: 10, pad: 0 },
  // The tools are not needed while the hint is read (its own Close shuts it).
  { selector: ".topbar", weight: 3, pad: 0 },
  { selector: "#status, #info, #context", weight: 1, pad: 0 },
];
/** Hiding a pixel row of the hint (to be scrolled to) costs this much per pixel of its width; */
const HIDDEN = 2;
/** of its best choice, this much: worse than covering anything but what the hint is about. */
const CUT = 50;
/** Leaving out the line that says what the list is costs this much. */
const BRIEF = 30_000;
/** Each pixel away from the Hint button costs this much: where all else is equal, near it. */
const AWAY = 2;

function boxes(selector, pad) {
  return $$(selector).flatMap((el) => {
    if (el.closest("#hint-box")) return [];
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return [];
    const top = r.top - pad - (el.matches(".card[data-hinted]") ? LABEL : 0);
    return [{ left: r.left - pad, top, right: r.right + pad, bottom: r.bottom + pad }];
  });
}

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** How far the hint may reach from `from` (down when `down`, else up) before it meets a blocker. */
function room(blockers, left, right, from, down, limit) {
  let far = limit;
  for (const b of blockers) {
    if (b.right <= left || b.left >= right) continue;
    if (b.top < from && b.bottom > from) return 0;
    if (down && b.top >= from) far = Math.min(far, b.top);
    if (!down && b.bottom <= from) far = Math.max(far, b.bottom);
  }
  return Math.abs(far - from);
}

/**
 * The hint's height at a width: all of it (`whole`), down to its best choice (`best`), and
 * the least that still shows the heading, Close and the best choice's first line (`least`).
 */
function hintHeights(box, width) {
  box.style.width = `${width}px`;
  const whole = box.getBoundingClientRect();
  const first = box.querySelector(".hint-item");
  if (!first) return { whole: whole.height, best: whole.height, least: whole.height };
  const style = getComputedStyle(box);
  const below = parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth);
  const item = first.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(first).lineHeight) || item.height;
  const close = box.querySelector(".close")?.getBoundingClientRect().bottom ?? whole.top;
  const best = Math.min(whole.height, Math.ceil(item.bottom - whole.top + below));
  const least = Math.min(best, Math.ceil(Math.max(item.top + line, close) - whole.top + below));
  return { whole: whole.height, best, least };
}

/**
 * Put the open hint where it covers nothing it is about: no seat, no trick card, not the open
 * decision, not the choice it marks; where the screen has no such room, over the least
 * important part (the rest of the hand first), shorter and scrolling inside itself if need be.
 * Its heading and Close stay at its top.
 */
export function placeHint() {
  const box = $("#hint-box");
  if (box.hidden || $("#game").hidden) return;
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const weighed = CLEAR.map(({ selector, weight, pad }) => ({ weight, list: boxes(selector, pad) }));
  const blockers = weighed[0].list;
  // Where the hint may start or end: beside what it keeps clear of, in the felt's corners.
  const anchors = [...boxes(CLEAR[0].selector, 0), ...boxes(".topbar", 0),
                   ...["#felt", "#mine", "#hand", "#bar"].flatMap((s) => boxes(s, 0))];
  const button = $("#btn-hint").getBoundingClientRect();
  const bx = button.left + button.width / 2;
  const by = button.top + button.height / 2;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  // As wide as the old panel (22rem), wider where the screen has room (fewer lines), or narrower
  // to fit between two seats; never narrower than 12rem but on a screen narrower than that.
  const widest = Math.max(120, Math.min(22 * rem, vw - 2 * EDGE));
  const widths = [...new Set([28 * rem, ...[1, 0.8, 0.65, 0.5].map((f) => widest * f)]
    .map((w) => Math.round(Math.min(w, vw - 2 * EDGE))))]
    .filter((w) => w === Math.round(widest) || w >= 12 * rem);
  box.style.right = "auto";
  box.style.left = "0px";
  box.style.top = "0px";
  box.style.maxHeight = "none";
  // Brief: without the line that says what the list is, where room is short.
  const intro = box.querySelector(".hint-intro");
  const briefs = intro && intro.getBoundingClientRect().height ? [false, true] : [false];
  let best = null;
  for (const brief of briefs) {
    box.toggleAttribute("data-brief", brief);
    for (const width of widths) {
      const { whole, best: needed, least } = hintHeights(box, width);
      const xs = new Set([EDGE, vw - width - EDGE, (vw - width) / 2]);
      const tops = new Set([EDGE]);
      const bottoms = new Set([vh - EDGE]);
      for (const a of anchors) {
        xs.add(a.right + GAP).add(a.left - width - GAP).add(a.left + GAP).add(a.right - width - GAP);
        tops.add(a.bottom + GAP).add(a.top + GAP);
        bottoms.add(a.top - GAP).add(a.bottom - GAP);
      }
      const consider = (left, top, height) => {
        const rect = { left, top, right: left + width, bottom: top + height };
        let cost = HIDDEN * width * (whole - height) + CUT * width * Math.max(0, needed - height) +
          (brief ? BRIEF : 0);
        for (const { weight, list } of weighed) for (const b of list) cost += weight * overlap(rect, b);
        cost += AWAY * Math.hypot(left + width / 2 - bx, top + height / 2 - by);
        if (!best || cost < best.cost) best = { cost, brief, left, top, width, height };
      };
      const lefts = new Set([...xs].map((x) => Math.round(Math.min(Math.max(x, EDGE), vw - width - EDGE))));
      for (const left of lefts) {
        for (const y of tops) {
          if (y < EDGE || y + least > vh - EDGE) continue;
          const full = Math.min(whole, vh - EDGE - y);
          consider(left, y, full);
          const free = Math.min(full, room(blockers, left, left + width, y, true, vh - EDGE));
          if (free >= least && free < full) consider(left, y, free);
        }
        for (const y of bottoms) {
          if (y > vh - EDGE || y - least < EDGE) continue;
          const full = Math.min(whole, y - EDGE);
          consider(left, y - full, full);
          const free = Math.min(full, room(blockers, left, left + width, y, false, EDGE));
          if (free >= least && free < full) consider(left, y - free, free);
        }
      }
    }
  }
  // A screen lower than the hint's best choice: from the top, scrolling inside itself.
  best ??= { left: Math.round(vw - widest - EDGE), top: EDGE, width: Math.round(widest), height: vh - 2 * EDGE,
             brief: briefs.length > 1 };
  box.toggleAttribute("data-brief", best.brief);
  box.style.left = `${best.left}px`;
  box.style.top = `${Math.floor(best.top)}px`;
  box.style.width = `${best.width}px`;
  box.style.maxHeight = `${Math.ceil(best.height)}px`;
}

let placing = 0;
/** Place the hint again once the table has moved (a new size, a redrawn hand or question). */
function placeHintSoon() {
  cancelAnimationFrame(placing);
  placing = requestAnimationFrame(placeHint);
}

handlers.act = act;
handlers.placeHint = placeHint;

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
      placeHint();
    });
  });
  const moved = new ResizeObserver(placeHintSoon);
  for (const id of ["#felt", "#mine", "#hand", "#decision", "#trick"]) moved.observe($(id));
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
