// Card faces and suit colours. Cards arrive from Python as notation: a card's
// last character is its suit symbol and the rest its rank ("Q♥", "10♦").
// Nothing here knows a rule or an order: Python sends the hand as it is shown.

const RED = new Set(["♥", "♦"]);
const SUIT_NAMES = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades" };
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** Split "10♦" into {rank: "10", suit: "♦"}. */
export function parseCard(card) {
  const text = String(card);
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

export function isRed(suitOrCard) {
  return RED.has(String(suitOrCard).slice(-1));
}

export function cardName(card) {
  const { rank, suit } = parseCard(card);
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[suit] ?? suit}`;
}

/** Any text from Python as HTML, escaped, with each suit symbol coloured by its suit. */
export function suitText(text) {
  return escapeHtml(text ?? "").replace(/[♣♦♥♠]/g,
    (s) => `<span class="${RED.has(s) ? "red" : "black"}-text">${s}</span>`);
}

/**
 * A card face: a button when it can be chosen, else a plain span.
 * `options.action` is what choosing it sends (data-card; the face itself is
 * data-face); `options.legal` (true/false) marks whether it may be chosen now.
 */
export function cardElement(card, options = {}) {
  const { rank, suit } = parseCard(card);
  const el = document.createElement(options.static ? "span" : "button");
  if (!options.static) el.type = "button";
  el.className = `card ${isRed(suit) ? "red" : "black"}`;
  if (options.small) el.classList.add("small");
  el.dataset.card = options.action ?? card;
  el.dataset.face = card;
  if (options.legal !== undefined && options.legal !== null) el.dataset.legal = options.legal ? "1" : "0";
  if (options.reason) {
    el.dataset.reason = options.reason;
    el.title = options.reason;
  }
  el.setAttribute("aria-label", cardName(card));
  el.innerHTML =
    `<span class="corner"><span class="rank">${escapeHtml(rank)}</span><span class="suit">${escapeHtml(suit)}</span></span>` +
    `<span class="pip">${escapeHtml(suit)}</span>` +
    `<span class="corner bottom"><span class="rank">${escapeHtml(rank)}</span><span class="suit">${escapeHtml(suit)}</span></span>`;
  return el;
}

/** A face-down card (never carries its identity). */
export function cardBack(options = {}) {
  const el = document.createElement("span");
  el.className = "card back";
  if (options.small) el.classList.add("small");
  el.setAttribute("aria-label", "face-down card");
  return el;
}
