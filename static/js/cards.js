// Card faces and hand order. Cards arrive from Python as notation ("Q♥",
// "10♦", Black Queen face-up cards as "A♥@2"); nothing here knows a rule.

export const SUITS = ["♣", "♦", "♥", "♠"];
const RANKS = { J: 11, Q: 12, K: 13, A: 14 };
const RED = new Set(["♥", "♦"]);
// Alternate colours so neighbouring suits are easy to tell apart.
const DISPLAY_ORDER = ["♠", "♥", "♣", "♦"];

/** Split "10♦@3" into {card: "10♦", rank: "10", suit: "♦", up: 3}. */
export function parseCard(text) {
  const [card, at] = String(text).split("@");
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  return { card, rank, suit, up: at === undefined ? null : Number(at) };
}

export function rankValue(rank) {
  return RANKS[rank] ?? Number(rank);
}

export function isRed(suitOrCard) {
  return RED.has(String(suitOrCard).slice(-1));
}

/** Suit order for a hand: alternating colours, trump (if any) last. */
export function suitOrder(trump) {
  const order = DISPLAY_ORDER.filter((s) => s !== trump);
  if (trump && SUITS.includes(trump)) order.push(trump);
  return order;
}

/** Sort card strings by suit (trump last) then rank high to low. */
export function sortHand(cards, trump) {
  const order = suitOrder(trump);
  return [...cards].sort((a, b) => {
    const pa = parseCard(a);
    const pb = parseCard(b);
    const bySuit = order.indexOf(pa.suit) - order.indexOf(pb.suit);
    return bySuit || rankValue(pb.rank) - rankValue(pa.rank);
  });
}

/**
 * A card face as a button. `action` is what playing it sends ("A♥@2" for a
 * Black Queen face-up card); `options.legal` marks playable cards.
 */
export function cardElement(text, options = {}) {
  const { card, rank, suit } = parseCard(text);
  const el = document.createElement(options.static ? "span" : "button");
  if (!options.static) el.type = "button";
  el.className = `card ${isRed(suit) ? "red" : "black"}`;
  if (options.small) el.classList.add("small");
  el.dataset.card = options.action ?? text;
  el.dataset.face = card;
  if (options.legal !== undefined) el.dataset.legal = options.legal ? "1" : "0";
  el.setAttribute("aria-label", cardName(card));
  el.innerHTML =
    `<span class="corner"><span class="rank">${rank}</span><span class="suit">${suit}</span></span>` +
    `<span class="pip">${suit}</span>` +
    `<span class="corner bottom"><span class="rank">${rank}</span><span class="suit">${suit}</span></span>`;
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

const SUIT_NAMES = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades" };
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };

export function cardName(card) {
  const { rank, suit } = parseCard(card);
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[suit] ?? suit}`;
}

/** "♥" → span coloured by suit; "NT" stays text. */
export function suitHtml(symbol) {
  if (!symbol) return "—";
  if (symbol === "NT") return "No trump";
  return `<span class="${isRed(symbol) ? "red" : "black"}-text">${symbol}</span>`;
}

/** "7♥" / "5NT" contract text with a coloured suit. */
export function contractHtml(text) {
  if (text == null) return "";
  const s = String(text);
  if (s.endsWith("NT")) return `${s.slice(0, -2)} NT`;
  const suit = s.slice(-1);
  return SUITS.includes(suit) ? `${s.slice(0, -1)}${suitHtml(suit)}` : s;
}
