// The card table, its entry: boots the page (the catalog, the settings, a saved
// game resumed) and exposes the current view for tests. The table itself is
// setup.js (the set-up screen, starting a game), loop.js (the person's actions,
// the computer players' turns, the pauses between them, saves), input.js
// (clicks, taps, keys) and tools.js (menu, score sheet, hint, last trick, undo).
// Drawing is draw.js, sizes layout.js, movement motion.js; shared state and
// helpers are state.js.
//
// No game rule lives here: what is legal, what an action means, every word
// shown and every score come from Python (whist_app.webapi through bridge.js):
// the catalog for the set-up screen and the rules, each reply's `table` for the
// game. These files only send the action strings the view lists.

import { call, ready } from "./bridge.js";
import { setFourColour } from "./cards.js";
import * as saves from "./saves.js";
import { begin, buildSetup, defaultSettings, showSetup } from "./setup.js";
import { setSound } from "./sound.js";
import { $, SPEEDS, app, setTurn, showNotice, table } from "./state.js";
import { setHandPause, setSpeed, wire } from "./tools.js";

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
