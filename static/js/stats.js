// The person's statistics, kept in localStorage: one line per finished game
// (Python's `game_stats` at the end of each game) and one per reviewed hand
// (the expected loss of each decision, from the review screen). The Stats
// screen sums them per game and per opponent level, draws the scores over
// time (chart.js), exports everything as JSON, and clears it only after
// asking (a dialog of its own).
//
// No game rule lives here: every word about a game (its title, what its
// "made" rate counts) comes from Python's replies.

import { call } from "./bridge.js";
import { SEAT_COLOURS, chartSvg } from "./chart.js";
import { escapeHtml } from "./cards.js";
import { $ } from "./state.js";

const STATS_KEY = "whist.stats";
/** Most games and reviewed hands kept (the oldest go first). */
const MAX_GAMES = 2000;
const MAX_REVIEWS = 5000;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function empty() {
  return { version: 1, games: [], reviews: [] };
}

/** The stored statistics (an empty set when there are none or they cannot be read). */
export function loadStats() {
  const raw = storage()?.getItem(STATS_KEY);
  if (!raw) return empty();
  try {
    const value = JSON.parse(raw);
    if (!value || !Array.isArray(value.games) || !Array.isArray(value.reviews)) return empty();
    return value;
  } catch {
    return empty();
  }
}

function store(stats) {
  stats.games = stats.games.slice(-MAX_GAMES);
  stats.reviews = stats.reviews.slice(-MAX_REVIEWS);
  try {
    storage()?.setItem(STATS_KEY, JSON.stringify(stats));
  } catch { /* storage full or off: statistics are a convenience */ }
  document.body.dataset.statsGames = String(stats.games.length);
  document.body.dataset.statsReviews = String(stats.reviews.length);
}

/** The opponents' levels as one label: "random", or "strong, random, random". */
export function opponentsLabel(levels) {
  const list = (levels ?? []).map(String);
  if (!list.length) return "–";
  return list.every((l) => l === list[0]) ? list[0] : list.join(", ");
}

/** A short fingerprint of a text (FNV-1a, 32 bits): tells reviewed hands apart. */
function fingerprint(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * The game in progress just ended: ask Python for its line and keep it.
 * Called once, by the table, on the action that finished the game.
 */
export function noteGameOver() {
  noting = noteLine();
  return noting;
}

/** The line being kept for the game just ended (null: none); a daily's says if it is a replay. */
export let noting = Promise.resolve(null);

async function noteLine() {
  document.body.dataset.statsState = "busy";
  try {
    const line = await call("game_stats", {});
    if (line.over) {
      const stats = loadStats();
      const label = opponentsLabel(line.opponents);
      // One daily per date and game counts: playing it again is kept, marked a replay.
      const daily = line.daily ?? null;
      const dailyKey = (g) => JSON.stringify([g.daily, g.game]);
      const replay = Boolean(daily) && stats.games.some((g) => dailyKey(g) === dailyKey(line));
      const entry = {
        when: new Date().toISOString(), game: line.game, title: line.title, seat: line.seat,
        opponents: daily ? `daily, ${label}` : label, won: Boolean(line.won), score: line.score,
        totals: line.totals, hands: line.hands, target: line.target ?? null,
        ...(daily ? { daily, replay } : {}),
      };
      stats.games.push(entry);
      store(stats);
      return entry;
    }
  } catch (err) {
    console.warn("no statistics for this game:", err.message);
  } finally {
    document.body.dataset.statsState = "ready";
  }
  return null;
}

/**
 * A hand's review is complete: keep its decisions' losses (once per hand;
 * reviewing the same hand again replaces its line).
 */
export function noteReview(review, decisions) {
  if (!decisions.length) return;
  const opponents = (review.seats ?? []).filter((_, i) => i !== review.seat);
  const id = fingerprint(JSON.stringify([review.game, review.seat, review.hand_number, review.deal]));
  const stats = loadStats();
  stats.reviews = stats.reviews.filter((r) => r.id !== id);
  stats.reviews.push({
    id, when: new Date().toISOString(), game: review.game, title: review.title,
    opponents: opponentsLabel(opponents), decisions: decisions.length,
    loss: Math.round(decisions.reduce((sum, d) => sum + d.loss, 0) * 1000) / 1000,
  });
  store(stats);
}

/** One row per game and opponent level, the games' and the reviews' figures summed. */
export function summarise(stats) {
  const rows = new Map();
  const row = (line) => {
    const key = `${line.game}\u0000${line.opponents}`;
    if (!rows.has(key)) {
      rows.set(key, { key, game: line.game, title: line.title, opponents: line.opponents,
                      games: 0, wins: 0, scoreSum: 0, target: null, decisions: 0, loss: 0 });
    }
    return rows.get(key);
  };
  for (const g of stats.games) {
    if (g.replay) continue; // a daily deal played again: kept, not counted twice
    const r = row(g);
    r.games += 1;
    r.wins += g.won ? 1 : 0;
    r.scoreSum += Number(g.score) || 0;
    if (g.target) {
      r.target ??= { label: g.target.label, made: 0, of: 0 };
      r.target.made += g.target.made;
      r.target.of += g.target.of;
    }
  }
  for (const rev of stats.reviews) {
    const r = row(rev);
    r.decisions += rev.decisions;
    r.loss += rev.loss;
  }
  return [...rows.values()].sort((a, b) => a.title.localeCompare(b.title) ||
                                           a.opponents.localeCompare(b.opponents));
}

// ------------------------------------------------------------------ screen

const pct = (made, of) => (of ? `${Math.round((100 * made) / of)}%` : "–");

function tableHtml(rows) {
  if (!rows.length) {
    return `<p class="help" id="stats-empty">No games yet: finish a game (or review a hand) and it is counted here.</p>`;
  }
  const body = rows.map((r) => `<tr data-key="${escapeHtml(r.key)}">
      <th scope="row">${escapeHtml(r.title)}</th>
      <td data-col="opponents" data-label="Opponents">${escapeHtml(r.opponents)}</td>
      <td data-col="games" data-label="Games">${r.games}</td>
      <td data-col="wins" data-label="Wins">${r.wins}${r.games ? ` <small>(${pct(r.wins, r.games)})</small>` : ""}</td>
      <td data-col="mean" data-label="Mean score">${r.games ? (r.scoreSum / r.games).toFixed(1) : "–"}</td>
      <td data-col="target" data-label="Made">${r.target ? `${pct(r.target.made, r.target.of)} <small>${escapeHtml(r.target.label)} ${r.target.made}/${r.target.of}</small>` : "–"}</td>
      <td data-col="loss" data-label="Loss / decision">${r.decisions ? `${(r.loss / r.decisions).toFixed(2)} <small>${r.decisions} dec.</small>` : "–"}</td>
    </tr>`).join("");
  return `<div class="stats-scroll"><table class="scores stats-table">
      <thead><tr><th scope="col">Game</th><th scope="col">Opponents</th><th scope="col">Games</th>
        <th scope="col">Wins</th><th scope="col">Mean score</th><th scope="col">Made</th>
        <th scope="col" title="Mean expected loss per decision, from your reviews">Loss / decision</th></tr></thead>
      <tbody>${body}</tbody></table></div>`;
}

/** The chart over time: the person's score and the best other score, game after game. */
function drawChart(stats) {
  const box = $("#stats-chart");
  const select = $("#stats-chart-game");
  const titles = new Map();
  for (const g of stats.games) titles.set(g.game, g.title);
  const wanted = titles.has(select.value) ? select.value : [...titles.keys()].pop();
  select.innerHTML = [...titles].map(([name, title]) =>
    `<option value="${escapeHtml(name)}">${escapeHtml(title)}</option>`).join("");
  box.innerHTML = "";
  select.closest("label").hidden = !titles.size;
  if (!titles.size) return;
  select.value = wanted;
  const games = stats.games.filter((g) => `${g.game}` === wanted);
  const points = [...games.map((g) => {
    const others = (g.totals ?? []).filter((_, i) => i !== g.seat);
    const best = others.length ? Math.max(...others) : 0;
    return [Number(g.score) || 0, best];
  })];
  const svg = chartSvg(points, ["You", "Best other"]);
  svg.setAttribute("aria-label", `Your score and the best other score in each game of ${titles.get(wanted)}`);
  box.appendChild(svg);
  const legend = document.createElement("p");
  legend.className = "legend";
  legend.innerHTML = `<span><span class="seat-dot" style="background:${SEAT_COLOURS[0]}"></span>You</span> ` +
    `<span><span class="seat-dot" style="background:${SEAT_COLOURS[1]}"></span>Best other</span> ` +
    ` <small>${games.length} game${games.length === 1 ? "" : "s"}, oldest first</small>`;
  box.appendChild(legend);
}

export function renderStats() {
  const stats = loadStats();
  $("#stats-body").innerHTML = tableHtml(summarise(stats));
  drawChart(stats);
  $("#stats-clear").disabled = !stats.games.length && !stats.reviews.length;
  $("#stats-export").disabled = !stats.games.length && !stats.reviews.length;
}

function openStats() {
  renderStats();
  const dialog = $("#stats");
  if (!dialog.open) dialog.showModal();
}

function exportStats() {
  const stats = loadStats();
  const data = { exported: new Date().toISOString(), summary: summarise(stats).map((r) => ({
    game: r.game, title: r.title, opponents: r.opponents, games: r.games, wins: r.wins,
    mean_score: r.games ? r.scoreSum / r.games : null, target: r.target,
    mean_loss_per_decision: r.decisions ? r.loss / r.decisions : null, decisions_reviewed: r.decisions,
  })), games: stats.games, reviews: stats.reviews };
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `statistics_${new Date().toISOString().slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Clearing asks first, in a dialog of the page's own; only "Clear" clears. */
function askClear() {
  const confirm = $("#stats-confirm");
  confirm.returnValue = "";
  confirm.showModal();
  $("#stats-confirm-cancel").focus();
}

function wire() {
  $("#btn-stats")?.addEventListener("click", openStats);
  $("#btn-stats-menu")?.addEventListener("click", () => {
    $("#menu").hidden = true;
    $("#btn-menu")?.setAttribute("aria-expanded", "false");
    openStats();
  });
  $("#stats-close").addEventListener("click", () => $("#stats").close());
  $("#stats-export").addEventListener("click", exportStats);
  $("#stats-clear").addEventListener("click", askClear);
  $("#stats-chart-game").addEventListener("change", () => drawChart(loadStats()));
  $("#stats-confirm").addEventListener("close", () => {
    if ($("#stats-confirm").returnValue === "clear") {
      storage()?.removeItem(STATS_KEY);
      document.body.dataset.statsGames = "0";
      document.body.dataset.statsReviews = "0";
    }
    renderStats();
  });
  const stats = loadStats();
  document.body.dataset.statsGames = String(stats.games.length);
  document.body.dataset.statsReviews = String(stats.reviews.length);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
else wire();
