// localStorage: the settings and the game in progress (as its record).
// A save that cannot be read is moved aside (never deleted, never fatal).

const SETTINGS_KEY = "whist.settings";
const GAME_KEY = "whist.game";
const BROKEN_PREFIX = "whist.broken.";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or disabled storage: play without saving
  }
}

export function loadSettings() {
  const raw = storage()?.getItem(SETTINGS_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" ? value : null;
  } catch {
    setAside(SETTINGS_KEY, raw);
    return null;
  }
}

export function saveSettings(settings) {
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch { /* storage full: settings are a convenience */ }
}

/** The saved game as {raw, value}; value is null when the text is not JSON. */
export function loadGame() {
  const raw = storage()?.getItem(GAME_KEY);
  if (raw == null) return null;
  try {
    return { raw, value: JSON.parse(raw) };
  } catch {
    return { raw, value: null };
  }
}

/** Keep {record, speed} after every action. Returns false if storage refused. */
export function saveGame(entry) {
  try {
    storage()?.setItem(GAME_KEY, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

export function clearGame() {
  storage()?.removeItem(GAME_KEY);
}

/** Move an unreadable save to its own key; returns that key. */
export function setAside(key = GAME_KEY, raw = undefined) {
  const store = storage();
  if (!store) return null;
  const text = raw ?? store.getItem(key);
  const aside = `${BROKEN_PREFIX}${new Date().toISOString()}`;
  try {
    store.setItem(aside, text ?? "");
  } catch { /* full: dropping it is the only way to keep the page working */ }
  store.removeItem(key);
  return aside;
}

export const KEYS = { SETTINGS_KEY, GAME_KEY, BROKEN_PREFIX };
