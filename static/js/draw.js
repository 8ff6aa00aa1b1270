// Drawing: turns the current view (Python's observation for the person's seat)
// into the table, the controls, the hand, the score sheet and the summary.

import { SUITS, cardBack, cardElement, contractHtml, sortHand, suitHtml } from "./cards.js";
import { SEAT_COLOURS, chartSvg, runningTotals } from "./chart.js";
import { $, $$, DECISION_PROMPTS, app, escapeHtml, handlers, obs, seatLevel, seatName } from "./state.js";

// ------------------------------------------------------------------ drawing

export function render() {
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

export function renderStatus() {
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
  b.addEventListener("click", () => handlers.act(action));
  return b;
}

export function renderControls() {
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
    confirm.addEventListener("click", () => handlers.act(chosen.join(" ")));
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

export function renderHand() {
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

export function showSummary() {
  const o = obs();
  const dialog = $("#summary");
  const order = o.totals.map((t, i) => [t, i]).sort((a, b) => b[0] - a[0]);
  $("#summary-title").textContent = o.winners.includes(app.view.seat) ? "You win!" : "Game over";
  $("#summary-body").innerHTML = `<p class="winner">${escapeHtml(winnersText())}</p>
    <ol class="final">${order.map(([t, i]) =>
      `<li data-seat="${i}"${o.winners.includes(i) ? ' class="won"' : ""}>${seatName(i)} <b>${t}</b></li>`).join("")}</ol>`;
  if (!dialog.open) dialog.showModal();
}
