// Drawing: turns the current view into the table, the controls, the hand, the
// score sheet and the summary. It reads only the reply's `table` (Python's
// TableView for the person's seat, whist_app/views.py) and, through state.js,
// the events and the completed trick the replies carried: every word, every
// choice and whether it is allowed come from Python.

import { cardBack, cardElement, suitText } from "./cards.js";
import { SEAT_COLOURS, chartSvg, runningTotals } from "./chart.js";
import { $, $$, app, escapeHtml, handlers, table } from "./state.js";

const dot = (seat) => `<span class="seat-dot" style="background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}"></span>`;

// ------------------------------------------------------------------ drawing

export function render() {
  const view = app.view;
  const t = table();
  if (!t) return;
  document.body.dataset.game = t.game;
  document.body.dataset.decision = t.decision ?? "";
  document.body.dataset.pending = view.pending ?? t.prompt;
  document.body.dataset.handNumber = t.hand_number;
  if (t.over) document.body.dataset.over = "1";
  else delete document.body.dataset.over;
  $("#game-title").textContent = `· ${t.title}`;
  $("#btn-hint").disabled = !t.human_to_move || app.busy;
  $("#btn-undo").disabled = !t.can_undo || app.busy;
  $("#btn-download").disabled = false;
  const focused = document.activeElement?.dataset?.card;
  renderSeats();
  renderInfo();
  renderTrick();
  renderStatus();
  renderContext();
  renderControls();
  renderHand();
  renderHint();
  renderEvents();
  renderSheet();
  if (focused && t.human_to_move) {
    const again = $(`#hand [data-card="${CSS.escape(focused)}"], #me [data-card="${CSS.escape(focused)}"]`);
    again?.focus({ preventScroll: true });
  }
}

/** The other seats, in playing order after the person's. */
function opponents(t) {
  const n = t.seats.length;
  return Array.from({ length: n - 1 }, (_, i) => t.seats[(t.seat + 1 + i) % n]);
}

function seatPanel(seat) {
  const panel = document.createElement("div");
  panel.className = "seat";
  panel.dataset.seat = seat.seat;
  if (seat.to_move) panel.dataset.toMove = "1";
  if (seat.to_move && !seat.human && table().computer_to_move) panel.classList.add("thinking");
  panel.innerHTML = `
    <div class="seat-head">
      ${dot(seat.seat)}
      <strong class="seat-name">${escapeHtml(seat.name)}</strong>
      <span class="level">${escapeHtml(seat.level ?? "")}</span>
      ${seat.badges.map((b) => `<span class="badge">${suitText(b)}</span>`).join("")}
      <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
    </div>
    <dl class="facts">${seat.facts.map((f) =>
      `<div data-fact="${escapeHtml(f.key)}"><dt>${escapeHtml(f.label)}</dt><dd>${suitText(f.value)}</dd></div>`).join("")}</dl>`;
  if (seat.face_up) panel.appendChild(faceUpRow(seat));
  return panel;
}

/** A seat's face-up cards lying on its face-down ones; the person plays theirs from here. */
function faceUpRow(seat) {
  const row = document.createElement("div");
  row.className = "updown";
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
  const count = document.createElement("span");
  count.className = "down-count";
  count.textContent = `${seat.face_down ?? 0} face-down`;
  row.appendChild(count);
  return row;
}

function renderSeats() {
  const t = table();
  const box = $("#opponents");
  box.innerHTML = "";
  for (const seat of opponents(t)) box.appendChild(seatPanel(seat));
  const me = $("#me");
  me.innerHTML = "";
  me.appendChild(seatPanel(t.seats[t.seat]));
}

/** An info item's label, then its value set apart. */
function infoText(item) {
  return `${suitText(item.label)} <b>${suitText(item.value)}</b>`;
}

function renderInfo() {
  const t = table();
  const items = t.info.map((item) =>
    `<span class="info-item" data-info="${escapeHtml(item.key)}">${infoText(item)}</span>`).join("");
  let html = `<p class="heading visually-hidden">${suitText(t.heading)}</p>` +
    `<div class="info-line" title="${escapeHtml(t.heading)}">${items}</div>`;
  if (t.schedule) {
    html += `<ol class="schedule" aria-label="Schedule">${t.schedule.map((step) =>
      `<li class="${step.state === "next" ? "" : step.state}"${step.state === "current" ? ' aria-current="step"' : ""}>${suitText(step.label)}</li>`).join("")}</ol>`;
  }
  $("#info").innerHTML = html;
}

function renderTrick() {
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
    fig.append(el);
    const cap = document.createElement("figcaption");
    cap.innerHTML = `${dot(play.seat)}${escapeHtml(play.name)}${play.face_up ? " (face-up)" : ""}`;
    fig.append(cap);
    box.appendChild(fig);
  }
  if (shown) {
    const note = document.createElement("p");
    note.className = "taker";
    note.textContent = shown.text;
    box.appendChild(note);
  }
}

export function renderStatus() {
  const t = table();
  const el = $("#status");
  el.textContent = t.prompt;
  const thinking = t.computer_to_move && !t.over;
  el.classList.toggle("thinking", thinking);
  for (const panel of $$(".seat")) {
    const seat = t.seats[Number(panel.dataset.seat)];
    panel.classList.toggle("thinking", thinking && Boolean(seat?.to_move));
  }
}

function renderContext() {
  $("#context").innerHTML = table().context.map((line) => `<p>${suitText(line)}</p>`).join("");
}

function actionButton(item) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "choice";
  b.innerHTML = suitText(item.label);
  b.dataset.action = item.action;
  b.disabled = !item.allowed;
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

/** Rows × columns of choices (with row and column heads); items outside the grid follow it. */
function choiceGrid(choices) {
  const grid = document.createElement("div");
  grid.className = "bid-grid";
  grid.style.setProperty("--columns", choices.columns.length);
  const head = (text) => {
    const h = document.createElement("span");
    h.className = "grid-head";
    h.innerHTML = suitText(text);
    return h;
  };
  grid.appendChild(document.createElement("span"));
  for (const column of choices.columns) grid.appendChild(head(column));
  const at = new Map(choices.items.filter((i) => i.row != null && i.column != null)
    .map((i) => [`${i.row}\u0000${i.column}`, i]));
  for (const row of choices.rows) {
    grid.appendChild(head(row));
    for (const column of choices.columns) {
      const item = at.get(`${row}\u0000${column}`);
      grid.appendChild(item ? actionButton(item) : document.createElement("span"));
    }
  }
  const rest = choices.items.filter((i) => i.row == null || i.column == null);
  const box = document.createDocumentFragment();
  box.appendChild(grid);
  if (rest.length) box.appendChild(choiceRow(rest, "choices extra"));
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
  return row;
}

export function renderControls() {
  const t = table();
  const box = $("#controls");
  box.innerHTML = "";
  box.dataset.decision = t.decision ?? "";
  box.dataset.layout = t.choices.layout;
  const choices = t.choices;
  if (choices.layout === "numbers") box.appendChild(choiceRow(choices.items, "choices numbers"));
  else if (choices.layout === "grid") box.appendChild(choiceGrid(choices));
  else if (choices.layout === "row") box.appendChild(choiceRow(choices.items));
  else if (choices.layout === "select" && choices.select) box.appendChild(confirmRow(choices.select));
  else if (choices.items.length) box.appendChild(choiceRow(choices.items));
  if (choices.note) {
    const p = document.createElement("p");
    p.className = "reason";
    p.textContent = choices.note;
    box.appendChild(p);
  }
}

/** The hand cards chosen so far (a discard or a pass), in the hand's order. */
export function selectedCards() {
  const hand = table().hand;
  return [...app.selected].sort((a, b) => a - b).map((i) => hand[i]?.card).filter(Boolean);
}

export function renderHand() {
  const t = table();
  const box = $("#hand");
  box.innerHTML = "";
  const layout = t.choices.layout;
  const selecting = layout === "select";
  box.dataset.mode = selecting ? "select" : layout === "cards" ? "play" : "view";
  t.hand.forEach((card, i) => {
    const el = cardElement(card.card, { action: card.action ?? card.card, legal: card.allowed,
                                        reason: card.reason });
    el.classList.add("mine");
    el.dataset.index = i;
    if (card.highlight) el.classList.add("highlight");
    if (selecting && app.selected.has(i)) el.dataset.selected = "1";
    if (app.zoomed === `hand:${i}`) el.dataset.zoomed = "1";
    box.appendChild(el);
  });
  if (!t.hand.length) {
    const p = document.createElement("p");
    p.className = "help";
    p.textContent = "No cards in hand.";
    box.appendChild(p);
  }
}

export function renderHint() {
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
    `<span class="hint-item${i === 0 ? " best" : ""}" data-hint="${escapeHtml(h.action)}">${suitText(h.action)} <small>(${h.value.toFixed(2)})</small></span>`).join(" ")}
    <small class="help">estimated points for you, best first</small>`;
}

function renderEvents() {
  $("#events").innerHTML = app.events.map((e) =>
    `<p data-event="${escapeHtml(e.type)}">${suitText(e.text)}</p>`).join("");
}

function renderSheet() {
  const sheet = table().sheet;
  const names = sheet.columns;
  const n = names.length;
  const head = names.map((name, i) =>
    `<th scope="col" title="${escapeHtml(name)}">${dot(i)}${escapeHtml(sheet.short[i])}</th>`).join("");
  const rows = sheet.rows.map((row, h) =>
    `<tr data-hand="${h}"><th scope="row">${escapeHtml(row.label)}${row.sub ? ` <small>${suitText(row.sub)}</small>` : ""}</th>` +
    `${row.scores.map((s) => `<td>${s}</td>`).join("")}</tr>`).join("");
  const totals = sheet.totals.map((total, i) => `<td data-total-seat="${i}">${total}</td>`).join("");
  const aside = $("#sheet");
  aside.innerHTML = `<h2>Score sheet</h2>
    <div class="sheet-scroll"><table class="scores">
      <thead><tr><th></th>${head}</tr></thead>
      <tbody>${rows || `<tr><td colspan="${n + 1}" class="help">${escapeHtml(sheet.empty)}</td></tr>`}</tbody>
      <tfoot><tr id="totals"><th scope="row">Total</th>${totals}</tr></tfoot>
    </table></div>`;
  aside.appendChild(chartSvg(runningTotals(sheet.rows.map((r) => r.scores), sheet.totals, n), names));
  const legend = document.createElement("p");
  legend.className = "legend";
  legend.innerHTML = names.map((name, i) => `<span>${dot(i)}${escapeHtml(name)}</span>`).join(" ");
  aside.appendChild(legend);
}

export function showSummary() {
  const summary = table()?.summary;
  if (!summary) return;
  const dialog = $("#summary");
  $("#summary-title").textContent = summary.title;
  $("#summary-body").innerHTML = `<p class="winner">${escapeHtml(summary.text)}</p>
    <ol class="final">${summary.ranking.map((r) =>
      `<li data-seat="${r.seat}"${r.won ? ' class="won"' : ""}>${escapeHtml(r.name)} <b>${r.total}</b></li>`).join("")}</ol>`;
  if (!dialog.open) dialog.showModal();
}
