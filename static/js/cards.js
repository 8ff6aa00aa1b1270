// Card faces and suit colours. Cards arrive from Python as notation: a card's
// last character is its suit symbol and the rest its rank ("Q♥", "10♦").
// Nothing here knows a rule or an order: Python sends the hand as it is shown.
//
// Faces are Adrian Kennard's CC0 deck (static/cards/, see its README), in two
// colours or with blue diamonds and green clubs (the four-colour deck).

const SUIT_LETTERS = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
const SUIT_NAMES = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades" };
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };
const RED = new Set(["♥", "♦"]);
const FACES = new URL("../cards/", import.meta.url);

let fourColour = false;

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

/** Draw diamonds blue and clubs green (on faces and in text), or not. */
export function setFourColour(on) {
  fourColour = Boolean(on);
  document.body.toggleAttribute("data-four-colour", fourColour);
}

/** The face image of a card ("Q♥" -> static/cards/QH.svg), or null for anything else. */
export function faceUrl(card) {
  const { rank, suit } = parseCard(card);
  const letter = SUIT_LETTERS[suit];
  if (!letter || !/^(10|[2-9AKQJ])$/.test(rank)) return null;
  const prefix = fourColour && (letter === "D" || letter === "C") ? "4c-" : "";
  return new URL(`${prefix}${rank}${letter}.svg`, FACES).href;
}

/** Any text from Python as HTML, escaped, with each suit symbol coloured by its suit. */
export function suitText(text) {
  return escapeHtml(text ?? "").replace(/[♣♦♥♠]/g,
    (s) => `<span class="suit-sym s-${SUIT_LETTERS[s]} ${RED.has(s) ? "red" : "black"}-text">${s}</span>`);
}

/** Card notation inside a sentence ("Play Q♥ …") read out as words by screen readers. */
export function spokenText(text) {
  return String(text ?? "").replace(/\b(10|[2-9AKQJ])([♣♦♥♠])/g, (m) => cardName(m));
}

/**
 * A card face: a button when it can be chosen, else a plain span.
 * `options.action` is what choosing it sends (data-card; the face itself is
 * data-face); `options.legal` (true/false) marks whether it may be chosen now
 * (aria-disabled when not: it stays focusable and says why when chosen).
 */
export function cardElement(card, options = {}) {
  const { suit } = parseCard(card);
  const el = document.createElement(options.static ? "span" : "button");
  if (!options.static) el.type = "button";
  el.className = `card s-${SUIT_LETTERS[suit] ?? "X"} ${isRed(suit) ? "red" : "black"}`;
  if (options.small) el.classList.add("small");
  el.dataset.card = options.action ?? card;
  el.dataset.face = card;
  if (options.legal !== undefined && options.legal !== null) {
    el.dataset.legal = options.legal ? "1" : "0";
    if (!options.legal && !options.static) el.setAttribute("aria-disabled", "true");
  }
  if (options.reason) {
    el.dataset.reason = options.reason;
    el.title = options.reason;
  }
  el.setAttribute("aria-label", cardName(card));
  if (options.static) el.setAttribute("role", "img");
  const url = faceUrl(card);
  if (url) {
    const img = document.createElement("img");
    img.src = url;
    img.alt = "";
    img.draggable = false;
    img.decoding = "async";
    el.appendChild(img);
  } else {
    el.textContent = card;
  }
  return el;
}

/** A face-down card (never carries its identity). */
export function cardBack(options = {}) {
  const el = document.createElement("span");
  el.className = "card back";
  if (options.small) el.classList.add("small");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", "face-down card");
  const img = document.createElement("img");
  img.src = new URL("back.svg", FACES).href;
  img.alt = "";
  img.draggable = false;
  el.appendChild(img);
  return el;
}
