// Drawing: turns the current view into the table: seats around the felt, the
// trick in the middle, the person's decision, the hand, the score sheet, the
// summaries. It reads only the reply's `table` (Python's TableView for the
// person's seat, whist_app/views.py) and, through state.js, the events and the
// completed trick the replies carried: every word, every choice and whether it
// is allowed come from Python. Sizes and places are layout.js's.

import { cardBack, cardElement, cardName, escapeHtml, spokenText, suitText } from "./cards.js";
import { SEAT_COLOURS, chartSvg, runningTotals } from "./chart.js";
import { fit, placeTrick, seatPlaces } from "./layout.js";
import { $, $$, app, handlers, table } from "./state.js";
import { renderTip } from "./tips.js";

/** A seat's colour dot. */
export const dot = (seat) => `<span class="seat-dot" style="background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}"></span>`;

// ------------------------------------------------------------------ drawing

export function render() {
  const t = table();
  if (!t) return;
  document.body.dataset.game = t.game;
  document.body.dataset.decision = t.decision ?? "";
  document.body.dataset.pending = t.prompt;
  document.body.dataset.handNumber = t.hand_number;
  document.body.dataset.players = t.seats.length;
  if (t.over) document.body.dataset.over = "1";
  else delete document.body.dataset.over;
  $("#game-title").textContent = t.title;
  renderTools();
  const focused = document.activeElement?.dataset?.card;
  renderSeats();
  renderInfo();
  renderStatus();
  renderDecision();
  renderHand();
  renderEvents();
  renderSheet();
  renderLast();
  renderTip();
  fit();
  renderTrick();
  markHint();
  if (focused && t.human_to_move) {
    const again = $(`#hand [data-card="${CSS.escape(focused)}"], #me [data-card="${CSS.escape(focused)}"]`);
    again?.focus({ preventScroll: true });
  }
}

export function renderTools() {
  const t = table();
  const mine = t?.human_to_move && document.body.dataset.turn === "human";
  $("#btn-hint").disabled = !mine || app.busy;
  $("#btn-undo").disabled = !t?.can_undo || app.busy;
  // Offered only when Python proved, from the person's own knowledge, how the rest goes.
  const claim = $("#btn-claim");
  claim.hidden = !(mine && t.can_claim);
  claim.disabled = app.busy;
  document.body.dataset.canClaim = claim.hidden ? "0" : "1";
  $("#btn-download").disabled = !t;
  $("#btn-last").disabled = !t?.last_trick;
  $("#btn-score").disabled = !t;
  $("#btn-pause").disabled = !t || Boolean(t.over);
}

/** The other seats, in playing order after the person's. */
export function opponents(t) {
  const n = t.seats.length;
  return Array.from({ length: n - 1 }, (_, i) => t.seats[(t.seat + 1 + i) % n]);
}

function seatPanel(seat, t) {
  const panel = document.createElement("div");
  panel.className = "seat";
  panel.dataset.seat = seat.seat;
  const thinking = seat.to_move && !seat.human && t.computer_to_move && !t.over;
  const mine = seat.to_move && seat.you && t.human_to_move && document.body.dataset.turn === "human";
  if (thinking || mine) panel.dataset.toMove = "1";
  if (thinking) panel.classList.add("thinking");
  panel.setAttribute("aria-label", `${seat.name}${seat.you ? "" : `, ${seat.level ?? ""}`}`);
  const facts = seat.facts.map((f) =>
    `<div data-fact="${escapeHtml(f.key)}"><dt>${escapeHtml(f.label)}</dt><dd>${suitText(f.value)}</dd></div>`).join("") +
    (seat.face_down != null ? `<div data-fact="face-down"><dt>face-down</dt><dd>${seat.face_down}</dd></div>` : "");
  panel.innerHTML = `
    <div class="seat-head">
      ${dot(seat.seat)}<strong class="seat-name">${escapeHtml(seat.name)}</strong>
      ${seat.badges.map((b) => `<span class="badge">${suitText(b)}</span>`).join("")}
      <span class="turn-mark">${thinking ? "thinking" : "your turn"}</span>
      <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
    </div>
    ${seat.you ? "" : `<span class="level" title="${escapeHtml(seat.level ?? "")}">${escapeHtml(seat.level ?? "")}</span>`}
    <dl class="facts">${facts}</dl>`;
  if (seat.face_up) panel.appendChild(faceUpRow(seat));
  return panel;
}

/** A seat's face-up cards lying on its face-down ones; the person plays theirs from here. */
function faceUpRow(seat) {
  const row = document.createElement("div");
  row.className = "updown";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", `${seat.name}: face-up cards`);
  for (const slot of seat.face_up) {
    const box = document.createElement("span");
    box.className = "slot";
    if (slot.down) box.appendChild(cardBack({ small: true }));
    if (slot.card) {
      const el = cardElement(slot.card, {
        small: true,
        static: !slot.action,
        action: slot.action ?? slot.card,
        legal: slot.action ? slot.allowed : undefined,
        reason: slot.reason,
      });
      el.classList.add("up");
      if (slot.action) el.classList.add("mine");
      box.appendChild(el);
    }
    if (!box.childNodes.length) box.classList.add("empty");
    row.appendChild(box);
  }
  row.dataset.down = seat.face_down ?? 0;
  return row;
}

function renderSeats() {
  const t = table();
  const boxes = { top: $("#seats-top"), left: $("#seats-left"), right: $("#seats-right") };
  Object.values(boxes).forEach((b) => (b.innerHTML = ""));
  const others = opponents(t);
  const places = seatPlaces(others.length);
  others.forEach((seat, i) => {
    const panel = seatPanel(seat, t);
    panel.dataset.pos = places[i];
    boxes[places[i]].appendChild(panel);
  });
  const me = $("#me");
  me.innerHTML = "";
  me.appendChild(seatPanel(t.seats[t.seat], t));
}

function renderInfo() {
  const t = table();
  let html = `<span class="visually-hidden">${escapeHtml(t.heading)}</span>` +
    t.info.map((item) => `<span class="info-item" data-info="${escapeHtml(item.key)}">` +
      `${suitText(item.label)} <b>${suitText(item.value)}</b></span>`).join("");
  if (t.schedule) {
    html += `<ol class="schedule" aria-label="Schedule">${t.schedule.map((step) =>
      `<li class="${step.state === "next" ? "" : step.state}"${step.state === "current" ? ' aria-current="step"' : ""}>${suitText(step.label)}</li>`).join("")}</ol>`;
  }
  $("#info").innerHTML = html;
}

/** The cards in the middle: each in front of the seat that played it (places from layout.js). */
export function renderTrick() {
  const t = table();
  const box = $("#trick");
  box.innerHTML = "";
  const shown = app.shownTrick;
  const plays = shown ? shown.plays : t.trick;
  box.dataset.count = plays.length;
  if (shown) box.dataset.winner = shown.winner;
  else delete box.dataset.winner;
  if (!plays.length) {
    const empty = document.createElement("p");
    empty.className = "trick-empty";
    empty.textContent = t.trick_empty;
    box.appendChild(empty);
    return;
  }
  for (const play of plays) {
    const fig = document.createElement("figure");
    fig.className = "play";
    fig.dataset.seat = play.seat;
    if (shown && shown.winner === play.seat) fig.classList.add("winner");
    const el = cardElement(play.card, { static: true });
    el.classList.add("table-card");
    el.setAttribute("aria-label", `${play.name}: ${cardName(play.card)}${play.face_up ? " (face-up)" : ""}`);
    fig.append(el);
    const cap = document.createElement("figcaption");
    cap.setAttribute("aria-hidden", "true");
    cap.innerHTML = `${dot(play.seat)}${escapeHtml(play.name)}`;
    fig.append(cap);
    box.appendChild(fig);
  }
  placeTrick();
}

/**
 * The line above the hand: what the person is asked (only "Your turn" while the decision
 * panel asks it), who is thinking, or who took the trick.
 */
export function renderStatus() {
  const t = table();
  const el = $("#status");
  const turn = document.body.dataset.turn;
  let text = t.prompt;
  if (turn === "summary") text = $("#hand-summary-title").textContent;
  else if (app.shownTrick) text = app.shownTrick.text;
  else if (t.human_to_move && turn !== "human" && !t.over) text = "…";
  // The panel on the felt asks the question itself; said again here it crowds a phone.
  else if (decisionOpen(t)) text = "Your turn";
  const high = el.offsetHeight;
  el.textContent = text;
  el.classList.toggle("thinking", t.computer_to_move && !t.over && !app.shownTrick && turn !== "summary");
  for (const panel of $$("#felt .seat, #me .seat")) {
    const seat = t.seats[Number(panel.dataset.seat)];
    const thinking = t.computer_to_move && !t.over && Boolean(seat?.to_move) && !seat?.human &&
      !app.shownTrick && turn !== "summary";
    const mine = Boolean(seat?.you && seat?.to_move && t.human_to_move && turn === "human");
    panel.classList.toggle("thinking", thinking);
    if (thinking || mine) panel.dataset.toMove = "1";
    else delete panel.dataset.toMove;
    const mark = panel.querySelector(".turn-mark");
    if (mark) mark.textContent = thinking ? "thinking" : "your turn";
  }
  // The line wraps on a narrow phone: a second line (or one less) changes the felt's height.
  if (el.offsetHeight !== high) fit();
}

// ------------------------------------------------------------------ choices

function actionButton(item) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "choice";
  b.innerHTML = suitText(item.label);
  b.setAttribute("aria-label", spokenText(item.label));
  b.dataset.action = item.action;
  b.disabled = !item.allowed;
  if (item.row != null) b.dataset.row = item.row;
  if (item.column != null) b.dataset.column = item.column;
  if (item.reason) {
    b.title = item.reason;
    b.dataset.reason = item.reason;
  }
  b.addEventListener("click", () => handlers.act(item.action));
  return b;
}

function choiceRow(items, className = "choices") {
  const row = document.createElement("div");
  row.className = className;
  for (const item of items) row.appendChild(actionButton(item));
  return row;
}

/**
 * A grid of choices (rows x columns, e.g. counts x kinds) drawn small: one
 * button per column to pick it, then that column's choices; items outside the
 * grid follow. Every item is in the page (the others hidden), so a hint or a
 * key can reach any of them.
 */
function choiceGrid(choices) {
  const box = document.createDocumentFragment();
  const inGrid = choices.items.filter((i) => i.row != null && i.column != null);
  const allowedColumn = choices.columns.find((c) => inGrid.some((i) => i.column === c && i.allowed));
  if (!choices.columns.includes(app.gridColumn)) app.gridColumn = allowedColumn ?? choices.columns[0];
  const picker = document.createElement("div");
  picker.className = "choices column-picker";
  picker.setAttribute("role", "group");
  picker.setAttribute("aria-label", "Choose a column");
  for (const column of choices.columns) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice column-pick";
    b.dataset.column = column;
    b.innerHTML = suitText(column);
    b.setAttribute("aria-pressed", String(column === app.gridColumn));
    if (column === app.gridColumn) b.dataset.picked = "1";
    b.disabled = !inGrid.some((i) => i.column === column && i.allowed);
    b.addEventListener("click", () => {
      app.gridColumn = column;
      renderDecision();
      fit();
      markHint();
      $(`#controls .column-pick[data-column="${CSS.escape(column)}"]`)?.focus({ preventScroll: true });
    });
    picker.appendChild(b);
  }
  const rest = choices.items.filter((i) => i.row == null || i.column == null);
  for (const item of rest) picker.appendChild(actionButton(item));
  box.appendChild(picker);
  const grid = document.createElement("div");
  grid.className = "choices bid-grid";
  for (const item of inGrid) {
    const b = actionButton(item);
    b.hidden = item.column !== app.gridColumn;
    grid.appendChild(b);
  }
  box.appendChild(grid);
  return box;
}

function confirmRow(select) {
  const chosen = selectedCards();
  const row = document.createElement("div");
  row.className = "choices";
  const confirm = document.createElement("button");
  confirm.type = "button";
  confirm.id = "confirm-cards";
  confirm.className = "choice primary";
  confirm.textContent = `${select.verb} ${chosen.length}/${select.count}${select.to ? ` to ${select.to}` : ""}`;
  confirm.disabled = chosen.length !== select.count;
  confirm.addEventListener("click", () => handlers.act(selectedCards().join(" ")));
  row.appendChild(confirm);
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "choice";
  clear.textContent = "Clear";
  clear.disabled = !chosen.length;
  clear.addEventListener("click", () => {
    app.selected.clear();
    renderHand();
    renderDecision();
    fit();
  });
  row.appendChild(clear);
  return row;
}

/** Whether the person's decision is asked in the panel on the felt (anything but a card). */
function decisionOpen(t) {
  return t.human_to_move && !app.shownTrick && !t.over &&
    ["numbers", "grid", "row", "select"].includes(t.choices.layout);
}

/**
 * The person's decision other than a card (counts, a grid, a few named
 * choices, choosing several cards): a panel in the middle of the felt, with
 * the lines about it. Otherwise those lines sit quietly at the top of the middle.
 */
export function renderDecision() {
  const t = table();
  const panel = $("#decision");
  const box = $("#controls");
  const context = $("#context");
  box.innerHTML = "";
  const choices = t.choices;
  box.dataset.decision = t.decision ?? "";
  box.dataset.layout = choices.layout;
  const open = decisionOpen(t);
  panel.toggleAttribute("data-open", open);
  const lines = t.context.map((line) => `<p>${suitText(line)}</p>`).join("");
  if (open) {
    context.innerHTML = `<p class="prompt"><strong>${suitText(t.prompt)}</strong></p>${lines}`;
    panel.prepend(context);
    panel.setAttribute("aria-label", t.prompt);
    if (choices.layout === "numbers") box.appendChild(choiceRow(choices.items, "choices numbers"));
    else if (choices.layout === "grid") box.appendChild(choiceGrid(choices));
    else if (choices.layout === "row") box.appendChild(choiceRow(choices.items));
    else if (choices.layout === "select" && choices.select) box.appendChild(confirmRow(choices.select));
    if (choices.note) {
      const p = document.createElement("p");
      p.className = "reason";
      p.textContent = choices.note;
      box.appendChild(p);
    }
  } else {
    context.innerHTML = lines + (app.latest ? `<p class="latest">${suitText(app.latest)}</p>` : "");
    $("#centre").appendChild(context);
    if (choices.note) {
      const p = document.createElement("p");
      p.className = "reason";
      p.textContent = choices.note;
      box.appendChild(p);
    }
  }
}

/** The hand cards chosen so far (a discard or a gift), in the hand's order. */
export function selectedCards() {
  const hand = table().hand;
  return [...app.selected].sort((a, b) => a - b).map((i) => hand[i]?.card).filter(Boolean);
}

export function renderHand() {
  const t = table();
  const box = $("#hand");
  box.innerHTML = "";
  const layout = t.choices.layout;
  const selecting = layout === "select" && t.human_to_move;
  box.dataset.mode = selecting ? "select" : layout === "cards" ? "play" : "view";
  t.hand.forEach((card, i) => {
    const el = cardElement(card.card, { action: card.action ?? card.card, legal: card.allowed,
                                        reason: card.reason });
    el.classList.add("mine");
    el.dataset.index = i;
    if (card.highlight) el.classList.add("highlight");
    if (selecting) {
      const on = app.selected.has(i);
      el.setAttribute("aria-pressed", String(on));
      if (on) el.dataset.selected = "1";
    }
    if (app.zoomed === `hand:${i}`) el.dataset.zoomed = "1";
    box.appendChild(el);
  });
  if (!t.hand.length) {
    const p = document.createElement("p");
    p.className = "empty-hand";
    p.textContent = "No cards in hand.";
    box.appendChild(p);
  }
}

// ---------------------------------------------------------------- the hint

/** The hint's candidates as {action, text, value}, best first, in Python's words. */
function hintItems(hint) {
  return (hint.items ?? []).map((i) => ({ action: i.action, text: i.text, value: i.value }));
}

function bestAction(hint) {
  return hint.best ?? hint.hint?.[0]?.action ?? hint.items?.[0]?.action ?? null;
}

export function renderHint() {
  const box = $("#hint-box");
  const hint = app.hint;
  if (!hint) {
    box.hidden = true;
    markHint();
    return;
  }
  box.hidden = false;
  if (hint === "thinking") {
    box.innerHTML = `<div class="drawer-head"><h2>Hint</h2></div>
      <div class="hint-body"><p>The strong player is thinking about your move…</p></div>`;
  } else {
    const items = hintItems(hint).slice(0, 6);
    const best = bestAction(hint);
    box.innerHTML = `<div class="drawer-head"><h2>Hint</h2>
        <button type="button" class="close" data-close="hint-box" aria-label="Close the hint">&#x2715;</button></div>
      <div class="hint-body">
      <p class="hint-intro">The strong player suggests the choice marked on the table. Its estimates:</p>
      <ol>${items.map((h) =>
        `<li class="hint-item${h.action === best ? " best" : ""}" data-hint="${escapeHtml(h.action)}">${suitText(h.text)}</li>`).join("")}</ol></div>`;
    markHint();
  }
  // Clear of the seats, the trick, the open question and the marked choice (tools.js).
  handlers.placeHint?.();
}

/** Mark the hint's best choice on the table: a card, a face-up card, cards to choose or a button. */
export function markHint() {
  for (const el of $$("[data-hinted]")) delete el.dataset.hinted;
  const hint = app.hint;
  if (!hint || hint === "thinking") return;
  const best = bestAction(hint);
  if (best == null) return;
  const exact = $$(`#hand [data-card="${CSS.escape(best)}"], #me [data-card="${CSS.escape(best)}"], #controls [data-action="${CSS.escape(best)}"]`);
  if (exact.length) {
    const button = exact.find((el) => el.matches("#controls [data-action]"));
    if (button?.hidden && button.dataset.column && app.gridColumn !== button.dataset.column) {
      app.gridColumn = button.dataset.column;
      renderDecision();
      fit();
      markHint();
      return;
    }
    exact[0].dataset.hinted = "1";
    return;
  }
  const cards = hint.items?.find((h) => h.action === best)?.cards ?? [];
  const used = new Set();
  for (const part of cards) {
    const el = $$(`#hand [data-face="${CSS.escape(part)}"]`).find((e) => !used.has(e));
    if (el) {
      used.add(el);
      el.dataset.hinted = "1";
    }
  }
}

// ------------------------------------------------------ sheet, events, last

export function renderEvents() {
  $("#events").innerHTML = app.events.length
    ? app.events.map((e) => `<p data-event="${escapeHtml(e.type)}">${suitText(e.text)}</p>`).join("")
    : `<p class="help">Nothing yet.</p>`;
}

export function sheetHtml(sheet) {
  const names = sheet.columns;
  const n = names.length;
  const head = names.map((name, i) =>
    `<th scope="col" title="${escapeHtml(name)}">${dot(i)}<span>${escapeHtml(sheet.short[i])}</span></th>`).join("");
  const rows = sheet.rows.map((row, h) =>
    `<tr data-hand="${h}"><th scope="row"><span>${escapeHtml(row.label)}</span>${row.sub ? ` <small>${suitText(row.sub)}</small>` : ""}</th>` +
    `${row.cells.map(sheetCell).join("")}</tr>`).join("");
  const totals = sheet.totals.map((total, i) => `<td data-total-seat="${i}">${total}</td>`).join("");
  return `<table class="scores">
      <thead><tr><th></th>${head}</tr></thead>
      <tbody>${rows || `<tr><td colspan="${n + 1}" class="help">${escapeHtml(sheet.empty)}</td></tr>`}</tbody>
      <tfoot><tr id="totals"><th scope="row">Total</th>${totals}</tr></tfoot>
    </table>${sheet.key ? `<p class="sheet-key help">${escapeHtml(sheet.key)}</p>` : ""}`;
}

/** One seat's hand: its tricks beside its target (``3/3``), then its points. */
function sheetCell(cell) {
  const made = cell.made === null ? "" : ` data-made="${cell.made}"`;
  const took = cell.tricks ? `<span class="took">${escapeHtml(cell.tricks)}</span> ` : "";
  return `<td title="${escapeHtml(cell.title)}"${made}>${took}<span class="pts">${escapeHtml(cell.points)}</span></td>`;
}

function chartWithLegend(sheet) {
  const box = document.createDocumentFragment();
  const names = sheet.columns;
  box.appendChild(chartSvg(runningTotals(sheet.rows.map((r) => r.scores), sheet.totals, names.length), names));
  const legend = document.createElement("p");
  legend.className = "legend";
  legend.innerHTML = names.map((name, i) => `<span>${dot(i)}${escapeHtml(name)}</span>`).join(" ");
  box.appendChild(legend);
  return box;
}

function renderSheet() {
  const sheet = table().sheet;
  const body = $("#sheet-body");
  body.innerHTML = sheetHtml(sheet);
  body.appendChild(chartWithLegend(sheet));
}

/** A finished trick's cards, each over the name of who played it; the taker's marked. */
export function trickFigures(trick, className = "mini-trick") {
  const box = document.createElement("div");
  box.className = className;
  for (const play of trick.plays) {
    const fig = document.createElement("figure");
    if (play.seat === trick.winner) fig.classList.add("winner");
    const el = cardElement(play.card, { static: true });
    el.setAttribute("aria-label", `${play.name}: ${cardName(play.card)}`);
    fig.appendChild(el);
    const cap = document.createElement("figcaption");
    cap.innerHTML = `${dot(play.seat)}${escapeHtml(play.name)}`;
    fig.appendChild(cap);
    box.appendChild(fig);
  }
  return box;
}

export function renderLast() {
  const last = table()?.last_trick;
  const body = $("#last-body");
  body.innerHTML = "";
  if (!last) {
    body.innerHTML = `<p class="help">No trick has been taken yet in this hand.</p>`;
    return;
  }
  const p = document.createElement("p");
  p.className = "taker-line";
  p.textContent = last.text;
  body.append(trickFigures(last), p);
}

// ----------------------------------------------------------------- summaries

/** What a hand's summary shows: Python's hand_summary, or the sheet's last row and the totals. */
function handSummaryParts(t, events) {
  const hs = t.hand_summary;
  if (hs) {
    const rows = hs.seats ?? hs.rows ?? [];
    const keys = [["target", "Played for"], ["tricks", "Tricks"], ["detail", "How"], ["points", "Points"],
      ["total", "Total"]]
      .filter(([key]) => rows.some((r) => r[key] !== undefined && r[key] !== null && r[key] !== ""));
    return { title: hs.title ?? "Hand over", text: hs.text ?? "", rows, keys };
  }
  const scored = events.find((e) => e.type === "scored");
  const sheet = t.sheet;
  const last = sheet.rows[sheet.rows.length - 1];
  const rows = sheet.columns.map((name, seat) => ({
    seat, name, points: last ? last.scores[seat] : null, total: sheet.totals[seat] }));
  const title = scored ? scored.text.split(":")[0] : last ? last.label : "Hand over";
  return { title, text: "", rows, keys: [["points", "Points"], ["total", "Total"]] };
}

function signed(value) {
  return typeof value === "number" && value > 0 ? `+${value}` : String(value ?? "–");
}

export function drawHandSummary(t, events) {
  const { title, text, rows, keys } = handSummaryParts(t, events);
  $("#hand-summary-title").textContent = title;
  const head = keys.map(([, label]) => `<th scope="col">${escapeHtml(label)}</th>`).join("");
  const body = rows.map((r) => {
    const seat = r.seat ?? rows.indexOf(r);
    const name = r.name ?? t.seats[seat]?.name ?? `${seat}`;
    const cells = keys.map(([key]) =>
      `<td data-key="${key}">${suitText(key === "points" ? signed(r[key]) : r[key] ?? "–")}</td>`).join("");
    return `<tr data-seat="${seat}"><th scope="row">${dot(seat)}${escapeHtml(name)}</th>${cells}</tr>`;
  }).join("");
  $("#hand-summary-body").innerHTML = (text ? `<p>${suitText(text)}</p>` : "") +
    `<table class="scores"><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table>` +
    `<p class="countdown" id="hand-summary-countdown"></p>`;
}

export function showSummary() {
  const t = table();
  const summary = t?.summary;
  if (!summary) return;
  const dialog = $("#summary");
  $("#summary-title").textContent = summary.title;
  const body = $("#summary-body");
  const repeat = summary.text.toLowerCase() === summary.title.toLowerCase();
  body.innerHTML = `<div class="standings"><p class="winner"${repeat ? " hidden" : ""}>${escapeHtml(summary.text)}</p>
    <ol class="final">${summary.ranking.map((r) =>
      `<li data-seat="${r.seat}"${r.won ? ' class="won"' : ""}>${dot(r.seat)}${escapeHtml(r.name)} <b>${r.total}</b></li>`).join("")}</ol></div>`;
  const chart = document.createElement("div");
  chart.className = "summary-chart";
  chart.appendChild(chartWithLegend(t.sheet));
  body.appendChild(chart);
  if (!dialog.open) dialog.showModal();
}
