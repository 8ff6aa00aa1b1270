// Cards that move: the deal, a card travelling from its seat (or the person's
// hand) to the trick, and the trick gathered to the seat that took it. Only
// transform and opacity are animated (smooth on a phone); the length of each
// movement follows the speed setting, and there is none at "instant" or when
// the system asks for reduced motion.

import { cardBack } from "./cards.js";
import { $, $$, motionOff, speedOf, table } from "./state.js";

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** Where things are before a redraw: seats, the person's cards, the face-up cards, the trick. */
export function snapshot() {
  const rects = { seats: new Map(), faces: [], trick: [] };
  for (const seat of $$("#opponents .seat, #me .seat")) {
    rects.seats.set(Number(seat.dataset.seat), seat.getBoundingClientRect());
  }
  for (const el of $$("#hand .card, #opponents .card.up, #me .card.up")) {
    const seat = el.closest(".seat");
    rects.faces.push({ face: el.dataset.face, seat: seat ? Number(seat.dataset.seat) : table()?.seat,
                       rect: el.getBoundingClientRect() });
  }
  for (const fig of $$("#trick .play")) {
    rects.trick.push(`${fig.dataset.seat}:${fig.querySelector(".card")?.dataset.face}`);
  }
  rects.hand = $("#hand")?.getBoundingClientRect();
  return rects;
}

function fromRect(before, seat, face) {
  const t = table();
  const own = before.faces.find((f) => f.face === face && f.seat === seat);
  if (own) return own.rect;
  if (seat === t?.seat && before.hand) return before.hand;
  return before.seats.get(seat) ?? null;
}

/**
 * Animate `el` from the box `from` to where it is now. The flight is drawn by a
 * copy in the page-wide layer (#fx), so no clipping edge of the felt hides it;
 * the card itself shows when the copy lands.
 */
function flyFrom(el, from, duration, fade = false) {
  const to = el.getBoundingClientRect();
  if (!from || !to.width) return null;
  const a = centre(from);
  const b = centre(to);
  const scale = Math.max(0.3, Math.min(1.6, from.width / to.width));
  const copy = el.cloneNode(true);
  copy.removeAttribute("id");
  copy.setAttribute("aria-hidden", "true");
  copy.style.cssText = `position:absolute;left:0;top:0;margin:0;--cw:${to.width}px;` +
    `transform:translate(${to.left}px, ${to.top}px)`;
  $("#fx").appendChild(copy);
  el.style.opacity = "0";
  const start = `translate(${to.left + a.x - b.x}px, ${to.top + a.y - b.y}px) scale(${fade ? 0.5 : scale})`;
  const move = copy.animate(
    [{ transform: start, opacity: fade ? 0.2 : 1 },
     { transform: `translate(${to.left}px, ${to.top}px)`, opacity: 1 }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
  const land = () => {
    el.style.opacity = "";
    copy.remove();
  };
  move.finished.then(land, land);
  return move;
}

/** The trick cards that were not on the table before travel in from their seats. */
export async function playIn(before) {
  if (motionOff()) return;
  const duration = speedOf().fly;
  const moves = [];
  for (const fig of $$("#trick .play")) {
    const card = fig.querySelector(".card");
    const key = `${fig.dataset.seat}:${card?.dataset.face}`;
    if (before.trick.includes(key)) continue;
    const seat = Number(fig.dataset.seat);
    const from = fromRect(before, seat, card.dataset.face);
    const own = before.faces.some((f) => f.face === card.dataset.face && f.seat === seat);
    const move = flyFrom(card, from, duration, !own);
    if (!move) continue;
    // The name written on the card (table.css) arrives with it, not before it.
    const cap = fig.querySelector("figcaption");
    if (cap) cap.style.opacity = "0";
    moves.push(move.finished.catch(() => {}).then(() => cap && (cap.style.opacity = "")));
  }
  await Promise.all(moves);
}

/** The trick on show slides to the seat that took it and fades. */
export async function gather(winner) {
  if (motionOff()) return;
  const t = table();
  const target = winner === t?.seat ? $("#me .seat") : $(`#opponents .seat[data-seat="${winner}"]`);
  const cards = $$("#trick .play .card");
  if (!target || !cards.length) return;
  const to = centre(target.getBoundingClientRect());
  const duration = speedOf().gather;
  const layer = $("#fx");
  const moves = cards.map((card) => {
    const r = card.getBoundingClientRect();
    const c = centre(r);
    const copy = card.cloneNode(true);
    copy.setAttribute("aria-hidden", "true");
    copy.style.cssText = `position:absolute;left:0;top:0;margin:0;--cw:${r.width}px`;
    layer.appendChild(copy);
    card.style.opacity = "0";
    const move = copy.animate(
      [{ transform: `translate(${r.left}px, ${r.top}px)`, opacity: 1 },
       { transform: `translate(${r.left + to.x - c.x}px, ${r.top + to.y - c.y}px) scale(0.35)`, opacity: 0 }],
      { duration, easing: "ease-in", fill: "forwards" });
    return move.finished.catch(() => {}).then(() => copy.remove());
  });
  for (const cap of $$("#trick figcaption")) cap.style.opacity = "0";
  await Promise.all(moves);
}

/** A new deal: the person's cards fly in one by one from the middle; backs fly to each seat. */
export async function deal() {
  if (motionOff()) return;
  const { deal: duration } = speedOf();
  const origin = $("#trick").getBoundingClientRect();
  const from = { left: origin.left + origin.width / 2 - 20, top: origin.top + origin.height / 2 - 28,
                 width: 40, height: 56 };
  const cards = $$("#hand > .card");
  const stagger = Math.min(40, (duration * 1.2) / Math.max(cards.length, 1));
  const moves = cards.map((card, i) => {
    const move = flyFrom(card, from, duration);
    if (!move) return Promise.resolve();
    move.effect.updateTiming({ delay: i * stagger, fill: "backwards" });
    return move.finished.catch(() => {});
  });
  const layer = $("#fx");
  const fx = [];
  for (const seat of $$("#opponents .seat")) {
    const to = centre(seat.getBoundingClientRect());
    for (let k = 0; k < 3; k++) {
      const back = cardBack();
      back.style.setProperty("--cw", "40px");
      layer.appendChild(back);
      fx.push(back);
      const move = back.animate([
        { transform: `translate(${from.left}px, ${from.top}px)`, opacity: 1 },
        { transform: `translate(${to.x - 20}px, ${to.y - 28}px) scale(0.6)`, opacity: 0 },
      ], { duration, delay: k * stagger * 2, easing: "ease-out", fill: "both" });
      moves.push(move.finished.catch(() => {}));
    }
  }
  await Promise.all(moves);
  fx.forEach((el) => el.remove());
}
