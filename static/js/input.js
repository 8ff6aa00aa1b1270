// Input: clicks, taps, hovers and keys on the table, each turned into one of the
// actions the view lists. Part of the card table (table.js is the entry).

import { cardElement } from "./cards.js";
import { renderDecision, renderHand } from "./draw.js";
import { fit, placePreview } from "./layout.js";
import { act, refuse } from "./loop.js";
import { $, $$, app, showMessage, table, touchMode } from "./state.js";
import { closePanels } from "./tools.js";

function activate(el) {
  const t = table();
  if (!t) return;
  const layout = t.choices.layout;
  if (layout === "select" && el.closest("#hand") && t.human_to_move && !app.busy) {
    const count = t.choices.select?.count ?? 0;
    const i = Number(el.dataset.index);
    if (app.selected.has(i)) app.selected.delete(i);
    else if (app.selected.size < count) app.selected.add(i);
    else {
      showMessage(`You may choose only ${count} card${count === 1 ? "" : "s"}: tap one of yours to put it back first.`, "info");
      return;
    }
    showMessage("");
    renderHand();
    renderDecision();
    fit();
    $(`#hand [data-index="${i}"]`)?.focus({ preventScroll: true });
    return;
  }
  if (!el.classList.contains("mine")) return;
  if (!t.human_to_move || (app.busy && !app.shownTrick)) {
    refuse();
    return;
  }
  if (layout !== "cards") {
    showMessage(t.prompt, "info");
    return;
  }
  // Python said why this card may not be played: say it at once, and keep the turn.
  if (el.dataset.legal === "0") {
    showMessage(el.dataset.reason || "That card may not be played now");
    return;
  }
  act(el.dataset.card);
}

/**
 * What a second tap on the zoomed card `el` does, in the words the preview shows under it
 * ({kind, text}), or null: only for the person's own card, on a touch screen, on their turn
 * to play a card. Whether the card may be played and why not are Python's (the view's
 * allowed and reason on each card, as data-legal and data-reason).
 */
function nextTap(el) {
  const t = table();
  if (!touchMode() || !el.classList.contains("mine") || !t?.human_to_move) return null;
  if (t.choices.layout !== "cards" || (app.busy && !app.shownTrick)) return null;
  if (el.dataset.legal === "0") return { kind: "refused", text: el.dataset.reason || "That card may not be played now" };
  if (el.dataset.legal === "1") return { kind: "play", text: "Tap again to play" };
  return null;
}

let watched = null;

/**
 * On a touch screen the hand drawn again (a new view, a resize) while one of its cards is
 * zoomed: the copy, and what a second tap does, follow what the table now shows.
 */
function watchHand() {
  const box = $("#hand");
  if (watched === box || !box) return;
  watched = box;
  new MutationObserver(() => {
    if (!touchMode() || !app.zoomed?.startsWith("hand:")) return;
    zoom($("#hand [data-zoomed]"));
  }).observe(box, { childList: true });
}

/** Zoom a card: it lifts in place and a large copy shows beside it (never over it). */
export function zoom(el) {
  for (const z of $$("[data-zoomed]")) delete z.dataset.zoomed;
  if (!el || el.classList.contains("back")) {
    app.zoomed = null;
    placePreview(null);
    return;
  }
  el.dataset.zoomed = "1";
  app.zoomed = el.closest("#hand") ? `hand:${el.dataset.index}` : null;
  // A card already drawn large only lifts; a small one is shown large beside it.
  const large = el.getBoundingClientRect().width >= 90;
  if (!touchMode()) {
    placePreview(large ? null : el, cardElement(el.dataset.face, { static: true }));
    return;
  }
  // A tap: the copy says what a second tap does (a card drawn large gets the words alone),
  // and a card that may not be played now is dimmed as in the hand.
  watchHand();
  const note = nextTap(el);
  const legal = el.dataset.legal === "0" ? false : undefined;
  const face = large ? null : cardElement(el.dataset.face, { static: true, legal });
  placePreview(el, face, { touch: true, note });
}

export function onClick(event) {
  if (event.target.closest("#preview")) {
    // The copy a tap showed (it answers taps only then): a tap on it is a second tap on the card.
    const zoomed = $$("[data-zoomed]").find((z) => !z.closest("#preview"));
    zoom(null);
    if (zoomed?.classList.contains("mine")) activate(zoomed);
    return;
  }
  const el = event.target.closest(".card");
  if (!el || el.classList.contains("back")) {
    if (!event.target.closest("button")) zoom(null);
    return;
  }
  if (touchMode()) {
    // A tap chooses a card to give or discard at once; otherwise the first tap zooms
    // and a second tap on the zoomed card (or a double tap) plays it.
    const selecting = table()?.choices.layout === "select" && el.closest("#hand");
    if (selecting) {
      zoom(null); // the chosen card lifts and is marked: no copy over the table
      activate(el);
      return;
    }
    if (el.dataset.zoomed && el.classList.contains("mine")) {
      zoom(null);
      activate(el);
      return;
    }
    zoom(el);
    return;
  }
  activate(el);
}

export function onHover(event) {
  // Only a mouse hovers: the pointerover a tap fires first must not zoom (the tap itself decides).
  if (event.pointerType !== "mouse" || touchMode()) return;
  const el = event.target.closest?.(".card:not(.back)");
  if (el && !el.closest("#preview")) zoom(el);
  else if (!event.target.closest?.("#preview")) zoom(null);
}

/** The cards arrow keys move between: legal ones when playing, all when choosing. */
function keyCards() {
  const mode = $("#hand").dataset.mode;
  if (mode === "select") return $$("#hand .card");
  return $$('#hand .card[data-legal="1"], #me .card.mine[data-legal="1"]');
}

export function onKey(event) {
  const target = event.target;
  if (event.key === "Escape") {
    closePanels();
    zoom(null);
    return;
  }
  if (target.closest?.("input, select, textarea, dialog")) return;
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "].includes(event.key)) return;
  if ($("#game").hidden || !table()?.human_to_move) return;
  const cards = keyCards();
  const onCard = target.classList?.contains("card") && target.classList.contains("mine");
  if (event.key === "Enter" || event.key === " ") {
    if (!onCard) return;
    event.preventDefault();
    activate(target);
    return;
  }
  if (!cards.length) return;
  event.preventDefault();
  const at = cards.indexOf(target);
  const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
  let next;
  if (at < 0) next = forward ? 0 : cards.length - 1;
  else next = (at + (forward ? 1 : -1) + cards.length) % cards.length;
  cards[next].focus();
  app.lastPointer = app.lastPointer ?? "mouse";
}
