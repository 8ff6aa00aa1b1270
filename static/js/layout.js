// Sizes and places: fits the table to the screen so the page never scrolls.
// The hand gets a share of the height and as many rows as it needs for every
// card to be a tap target at least 44 px wide; the felt takes the rest, and the
// trick's cards are sized to the middle of the felt and set in front of the
// seats that played them. Nothing here knows a game: only counts and boxes.

import { $, $$, table } from "./state.js";

const RATIO = 1.4; // card height / width
const ROW_SHOW = 0.5; // each further row of the hand covers the lower half of the one behind
const TAP = 44;
const READABLE = 36; // a trick card narrower than this is hard to read: the trick is drawn as names
const NAME_ROOM = 44; // the part of a trick card's foot in sight that holds a name's first letters

/** Where the opponents sit, in playing order after the person (who sits at the bottom). */
export function seatPlaces(count) {
  const portrait = window.innerHeight > window.innerWidth;
  // Phones held sideways have height for one row of seats only once the table is crowded.
  if (count >= 4 && viewportKind() === "landscape") return Array(count).fill("top");
  if (count === 1) return ["top"];
  if (count === 2) return portrait ? ["top", "top"] : ["left", "right"];
  if (count === 3) return ["left", "top", "right"];
  return ["left", ...Array(count - 2).fill("top"), "right"];
}

/** desktop, portrait (phones held upright) or landscape (phones held sideways). */
export function viewportKind() {
  if (window.matchMedia("(orientation: landscape) and (max-height: 500px)").matches) return "landscape";
  if (window.innerWidth < 700 || window.innerHeight > window.innerWidth) return "portrait";
  return "desktop";
}

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

export function fit() {
  const game = $("#game");
  const t = table();
  if (!game || game.hidden || !t) return;
  const kind = viewportKind();
  game.dataset.kind = kind;
  // The game's name before the brand's: with no room for both, the brand goes (table.css).
  const title = $(".topbar h1");
  if (title) {
    delete title.dataset.brief;
    // A title hidden to the eye (phones) is whole for screen readers: it keeps the brand.
    if (title.clientWidth > 1 && title.scrollWidth > title.clientWidth + 1) title.dataset.brief = "1";
  }
  const vh = window.innerHeight;
  const vw = window.innerWidth;
  const side = { portrait: `${clamp(vw * 0.25, 84, 120)}px`, landscape: "8.5rem", desktop: "11rem" };
  game.style.setProperty("--side-w", side[kind]);
  delete game.dataset.density;
  const handBox = $("#hand");
  const width = handBox.clientWidth || vw;
  // The person's face-up row (if the game has one), then the hand in what is left of its share.
  const meRow = $("#me .updown");
  let meRowHeight = 0;
  if (meRow) {
    // Every face-up card a tap target: one line when the row fits it at 44 px, else two.
    const slots = meRow.querySelectorAll(".slot").length || 1;
    // Sideways, the row lies beside the name and numbers, which keep about 12rem: a crowded
    // table's row then stays one line, and the felt keeps the height the trick needs.
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const room = kind === "landscape" ? Math.max(width * 0.64, width - 12 * rem) : width - 8;
    const most = { desktop: 62, portrait: 50, landscape: 48 }[kind];
    const lines = Math.floor(room / slots) - 3 >= TAP ? 1 : 2;
    const perLine = Math.ceil(slots / lines);
    const ucw = clamp(Math.floor(room / perLine) - 3, TAP, lines > 1 ? TAP : most);
    meRow.style.setProperty("--ucw", `${ucw}px`);
    meRow.style.maxWidth = lines > 1 ? `${perLine * (ucw + 2)}px` : "";
    meRowHeight = ucw * RATIO * 1.22 * lines;
  }
  const share = { desktop: Math.min(0.27 * vh, 240), portrait: 0.28 * vh, landscape: 0.3 * vh }[kind];
  // Sideways the row takes more of the share: the hand's cards stay tap targets, and the felt
  // keeps the height the trick needs.
  const budget = Math.max(share - meRowHeight * (kind === "landscape" ? 0.6 : 0.35), 60);
  fitHand(handBox, width, budget, kind);
  fitSeatRows();
  keepNames();
  const felt = $("#felt");
  if (felt.scrollHeight > felt.clientHeight + 1 || felt.clientHeight < 240 || vw < 480) {
    game.dataset.density = "tight";
  }
  placeDecision(game);
  placeTrick();
}

/** Boxes overlap (touching edges do not count). */
const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 &&
  b.top < a.bottom - 0.5;

/**
 * The person's decision panel, at the foot of the felt, hides nothing there is to
 * read. While it would cover a seat or the line about the hand (the corner of the
 * middle, sideways), it tries in turn: the seats at the sides move up into the top
 * row (table.css), leaving it the whole width under them; it moves beside what it
 * covers, if the felt is wide enough; it drops its heading, which the line under the
 * felt says too; it takes the line about the hand in. Failing all, it is cut down to
 * the room under what it covers, and scrolls.
 */
function placeDecision(game) {
  const panel = $("#decision");
  const felt = $("#felt");
  const info = $("#info");
  delete game.dataset.seats;
  delete panel.dataset.brief;
  if (info.parentElement !== felt) felt.prepend(info);
  panel.style.maxHeight = "";
  panel.style.left = "";
  panel.style.transform = "";
  if (!panel.hasAttribute("data-open")) return;
  const covered = () => {
    const box = panel.getBoundingClientRect();
    return $$("#opponents .seat, #felt > #info .info-item, #felt > #info .schedule")
      .filter((el) => el.getClientRects().length).map((el) => el.getBoundingClientRect())
      .filter((r) => overlap(box, r));
  };
  const beside = () => {
    const left = Math.max(...covered().map((r) => r.right)) + 4;
    const edge = felt.getBoundingClientRect();
    if (left + panel.getBoundingClientRect().width > edge.right - 6) return;
    panel.style.left = `${Math.ceil(left - edge.left)}px`;
    panel.style.transform = "none";
    if (!covered().length) return;
    panel.style.left = "";
    panel.style.transform = "";
  };
  const tries = [
    () => $$("#seats-left .seat, #seats-right .seat").length && (game.dataset.seats = "up"),
    beside,
    () => (panel.dataset.brief = "1"),
    beside,
    () => panel.prepend(info),
  ];
  for (const attempt of tries) {
    if (!covered().length) return;
    attempt();
  }
  const still = covered();
  if (!still.length) return;
  const box = panel.getBoundingClientRect();
  panel.style.maxHeight = `${Math.max(Math.floor(box.bottom - Math.max(...still.map((r) => r.bottom)) - 4), 0)}px`;
}

function fitHand(box, width, budget, kind) {
  const cards = $$("#hand > .card");
  const n = cards.length;
  if (!n) {
    box.style.setProperty("--hand-h", "1.6rem");
    return;
  }
  const most = kind === "desktop" ? 112 : 104;
  // Each card shows a strip at least TAP wide and, under a further row, TAP high.
  const fromBudget = (rows) => {
    const half = budget / (RATIO * (1.08 + ROW_SHOW * (rows - 1)));
    return half * RATIO * ROW_SHOW >= TAP ? half : (budget - (rows - 1) * TAP) / (RATIO * 1.08);
  };
  let best = null;
  for (let rows = 1; rows <= 6; rows++) {
    const per = Math.ceil(n / rows);
    if (rows > 1 && Math.ceil(n / (rows - 1)) === per) continue;
    const fromWidth = per > 1 ? width - (per - 1) * TAP : most;
    if (fromWidth < TAP) continue;
    const w = Math.max(TAP, Math.min(most, fromBudget(rows), fromWidth));
    if (!best || w > best.w + 3) best = { rows, per, w };
  }
  if (!best) best = { rows: Math.ceil(n / Math.max(1, Math.floor((width - TAP) / TAP) + 1)), w: TAP };
  // A short hand lies side by side when that keeps the cards nearly as large.
  const apart = (width - 4 * (n - 1)) / n;
  if (best.rows === 1 && n > 1 && best.w + 4 > width / n && apart >= 0.65 * best.w && apart >= TAP) best.w = apart;
  const w = Math.floor(best.w);
  const h = w * RATIO;
  const head = Math.round(0.08 * h);
  box.style.setProperty("--cw", `${w}px`);
  const rowStep = Math.min(h, Math.max(h * ROW_SHOW, TAP));
  box.style.setProperty("--hand-h", `${Math.ceil(head + h + rowStep * (best.rows - 1))}px`);
  box.dataset.rows = best.rows;
  // Deal the cards into rows (the first rows one longer when they do not divide evenly).
  let index = 0;
  for (let row = 0; row < best.rows; row++) {
    const left = n - index;
    const count = Math.ceil(left / (best.rows - row));
    const step = count > 1 ? Math.min(w + 4, (width - w) / (count - 1)) : 0;
    const start = (width - (w + step * (count - 1))) / 2;
    for (let i = 0; i < count; i++, index++) {
      const el = cards[index];
      el.style.left = `${Math.round(start + i * step)}px`;
      el.style.top = `${Math.round(head + row * rowStep)}px`;
      el.style.zIndex = String(index + 1);
      el.style.setProperty("--lift", `${row === 0 ? head : 0}px`);
    }
  }
}

/**
 * The opponents' face-up rows, as small as their seats need; when cards that
 * small could not be read, the row is drawn as a line of card names instead.
 */
function fitSeatRows() {
  for (const seat of $$("#opponents .seat")) {
    const row = seat.querySelector(".updown");
    if (!row) continue;
    const slots = row.querySelectorAll(".slot").length || 1;
    const side = seat.dataset.pos !== "top";
    const tops = $$("#seats-top .seat").length || 1;
    const room = side ? seat.parentElement.clientWidth || 100
      : Math.min(($("#felt").clientWidth / tops) - 16, 320);
    // Larger on a larger screen; pictures wherever the screen is not a phone's.
    const phone = Math.min(window.innerWidth, window.innerHeight) < 600;
    const most = phone ? 26 : clamp(Math.min(window.innerWidth, window.innerHeight) * 0.05, 34, 56);
    // The card width with `n` cards a line.
    const fit = (n) => Math.min(Math.floor((room - 12) / n) - 2, most);
    // One line when the cards fit it at a readable size, else two; on a screen held
    // upright beyond a phone's, which has height to spare, as many lines (up to four)
    // as it takes to draw the cards at their largest.
    let lines = slots > 4 && fit(slots) < 24 ? 2 : 1;
    const wider = (n) => fit(Math.ceil(slots / (n + 1))) > fit(Math.ceil(slots / n));
    if (!phone && window.innerHeight > window.innerWidth) {
      while (lines < 4 && fit(Math.ceil(slots / lines)) < most && wider(lines)) lines += 1;
    }
    const perLine = Math.ceil(slots / lines);
    const ucw = clamp(fit(perLine), 12, most);
    const chips = ucw < 22 || phone;
    row.classList.toggle("chips", chips);
    row.style.setProperty("--ucw", `${ucw}px`);
    row.style.flexWrap = chips || perLine < slots ? "wrap" : "nowrap";
    row.style.maxWidth = !chips && perLine < slots ? `${perLine * (ucw + 2) + 2}px` : "";
  }
}

let measure = null;

/** How wide `text` is drawn in the font of `el`. */
function textWidth(el, text) {
  measure ??= document.createElement("canvas").getContext("2d");
  const style = getComputedStyle(el);
  measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return measure.measureText(text).width;
}

/**
 * Each seat's name keeps at least its first four letters (and the "…" after them):
 * the badges and turn mark beside it give way first (table.css).
 */
function keepNames() {
  for (const el of $$(".seat .seat-name")) {
    const name = el.textContent;
    const floor = name.length > 4 ? textWidth(el, `${name.slice(0, 4)}…`) : textWidth(el, name);
    el.style.minWidth = `${Math.ceil(floor) + 1}px`;
  }
}

/**
 * The trick's cards, sized to the middle of the felt, each towards the seat
 * that played it: around the middle (a cross for four), or, when the middle is
 * too low for that, in one line ordered as the seats sit; when the cards would lie
 * over each other's names, in rows ordered as the seats sit; when even that leaves
 * them too small to read, the cards are drawn as names. Sideways, clear of the line
 * about the hand in the corner. `fallback` ("rows" or "names") is the layout tried
 * after the first left a card's name out of sight.
 */
export function placeTrick(fallback = null) {
  const box = $("#trick");
  const plays = $$("#trick .play");
  if (!box) return;
  // The lines about the hand (Python's context lines) keep the top of the middle:
  // no card is drawn over them.
  const lines = $("#centre > #context");
  box.style.top = lines?.offsetHeight ? `${lines.offsetHeight + 2}px` : "";
  if (!plays.length) return;
  const rect = box.getBoundingClientRect();
  const caption = 2; // who played a card is written on it (table.css)
  const n = table().seats.length;
  // As large as the middle allows, up to a size that grows with the screen and is never
  // smaller than the hand's cards (a big felt shows a big trick).
  const hand = parseFloat($("#hand")?.style.getPropertyValue("--cw")) || 0;
  const most = Math.max(104, hand, Math.min(150, Math.min(window.innerWidth, window.innerHeight) * 0.18));
  const around = clamp(Math.min(rect.width / 3.6, (rect.height - 2 * caption) / (2 * RATIO) * 0.97), 20, most);
  const inLine = clamp(Math.min((rect.height - caption - 4) / RATIO, (rect.width - 8) / (n * 0.75 + 0.25)), 20, most);
  // In rows (two or three), as many cards to a row as the seats need.
  const grid = [2, 3].map((count) => {
    const per = Math.ceil(n / count);
    const size = Math.min((rect.width - 4 * (per + 1)) / per, (rect.height - 4 * (count + 1)) / (count * RATIO));
    return { per, w: clamp(size, 20, most) };
  }).reduce((a, b) => (b.w > a.w ? b : a));
  const rows = fallback === "rows";
  const line = !rows && around < 40 && inLine > around * 1.2;
  const w = Math.floor(rows ? grid.w : line ? inLine : around);
  const h = w * RATIO;
  box.style.setProperty("--cw", `${w}px`);
  const names = fallback === "names" || w < READABLE;
  box.dataset.layout = names ? "names" : rows ? "rows" : line ? "line" : "around";
  const cx = rect.width / 2;
  const cy = rect.height / 2;
  let spots;
  if (line || names || rows) {
    const order = plays.map((fig) => ({ fig, x: seatX(Number(fig.dataset.seat), rect) }))
      .sort((a, b) => a.x - b.x);
    if (rows && !names) {
      const count = Math.ceil(n / grid.per);
      const top = cy - (count * (h + 4) - 4) / 2;
      spots = order.map(({ fig }, i) => {
        const row = Math.floor(i / grid.per);
        const inRow = Math.min(grid.per, order.length - row * grid.per);
        const left = cx - (inRow * (w + 4) - 4) / 2;
        return { fig, w, h, x: left + (i % grid.per) * (w + 4), y: top + row * (h + 4) };
      });
    } else if (names) {
      // Each name as wide as it is drawn (table.css), in rows as wide as the middle.
      const rows = [[]];
      let used = -4;
      for (const { fig } of order) {
        const size = { fig, w: fig.offsetWidth, h: fig.offsetHeight };
        if (rows.at(-1).length && used + 4 + size.w > rect.width - 4) {
          rows.push([]);
          used = -4;
        }
        used += 4 + size.w;
        rows.at(-1).push(size);
      }
      const rowHeight = Math.max(...rows.flat().map((size) => size.h)) + 4;
      spots = rows.flatMap((row, i) => {
        let x = cx - row.reduce((sum, size) => sum + size.w + 4, -4) / 2;
        const y = cy - (rows.length * rowHeight - 4) / 2 + i * rowHeight;
        return row.map((size) => {
          const spot = { ...size, x, y };
          x += size.w + 4;
          return spot;
        });
      });
    } else {
      // Spread out as far as the middle allows: a low middle's cards are narrow, and the
      // gaps give each card's name (written at its foot) the room the card lacks.
      const step = Math.min(w * 1.6, (rect.width - w - 8) / Math.max(order.length - 1, 1));
      const start = cx - (step * (order.length - 1)) / 2 - w / 2;
      spots = order.map(({ fig }, i) => {
        const mine = Number(fig.dataset.seat) === table().seat;
        const y = cy - h / 2 - caption / 2 + (mine ? Math.min(4, (rect.height - h) / 2) : 0);
        fig.style.setProperty("--cap-room", `${Math.floor(Math.max(w, step) - 4)}px`);
        return { fig, w, h, x: start + i * step, y };
      });
    }
  } else {
    const ax = Math.min((rect.width - w) / 2 - 2, 1.25 * w * Math.max(1, (n - 1) / 3));
    // Close around the middle, as cards lie on a table, not out at the edges of a tall felt.
    const ay = Math.max(Math.min((rect.height - h) / 2 - caption, h * 0.85), h * 0.5 + 2);
    spots = plays.map((fig) => {
      const angle = seatAngle(Number(fig.dataset.seat), rect);
      return { fig, w, h, x: cx + Math.cos(angle) * ax - w / 2, y: cy + Math.sin(angle) * ay - h / 2 };
    });
  }
  // Around the middle, a narrow card's name may reach past its edges, over the felt.
  for (const play of plays) {
    if (names || rows) play.style.removeProperty("--cap-room");
    else if (!line) play.style.setProperty("--cap-room", `${Math.max(w - 4, 60)}px`);
  }
  clearOfInfo(spots, rect);
  for (const { fig, x, y } of spots) fig.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
  // Cards lying so close that a name has no room left in sight: in rows instead, or as names.
  if (!names && !captionsInSight(spots)) placeTrick(!rows && grid.w >= NAME_ROOM ? "rows" : "names");
}

/**
 * Who played a card is written at its foot (table.css); where a card played after it
 * lies over that foot, the name moves to the widest part left in sight. False when
 * that part is too narrow for a name's first letters.
 */
function captionsInSight(spots) {
  return spots.every((spot, i) => {
    const cap = spot.fig.querySelector("figcaption");
    if (!cap) return true;
    const foot = spot.y + spot.h - cap.offsetHeight - 4;
    let free = [[spot.x, spot.x + spot.w]];
    for (const over of spots.slice(i + 1)) {
      if (over.y >= spot.y + spot.h || over.y + over.h <= foot) continue;
      free = free.flatMap(([a, b]) => [[a, Math.min(b, over.x)], [Math.max(a, over.x + over.w), b]])
        .filter(([a, b]) => b - a > 1);
    }
    const [a, b] = free.reduce((best, part) => (part[1] - part[0] > best[1] - best[0] ? part : best), [0, 0]);
    const whole = free.length === 1 && a === spot.x && b === spot.x + spot.w;
    spot.fig.toggleAttribute("data-cap-side", !whole);
    spot.fig.style.setProperty("--cap-left", `${Math.round(a - spot.x + 2)}px`);
    spot.fig.style.setProperty("--cap-w", `${Math.max(Math.floor(b - a - 4), 0)}px`);
    // Room for the name's first four letters and "…", beside the dot and padding it has.
    const name = cap.textContent;
    const need = textWidth(cap, `${name.slice(0, 4)}…`) + cap.scrollWidth - textWidth(cap, name) + 4;
    return whole || b - a >= Math.max(need, NAME_ROOM);
  });
}

/**
 * Sideways the line about the hand lies over the top corner of the middle (table.css):
 * trick cards it would cover move right, as far as the middle leaves room.
 */
function clearOfInfo(spots, rect) {
  const info = $("#info").getBoundingClientRect();
  const left = info.left - rect.left;
  const right = info.right - rect.left;
  const top = info.top - rect.top;
  const bottom = info.bottom - rect.top;
  const hit = spots.filter((s) => s.x < right && s.x + s.w > left && s.y < bottom && s.y + s.h > top);
  if (!info.width || !hit.length) return;
  const shift = Math.min(right + 4 - Math.min(...hit.map((s) => s.x)),
    rect.width - 2 - Math.max(...spots.map((s) => s.x + s.w)));
  if (shift > 0) for (const s of spots) s.x += shift;
}

/** The direction from the middle of the trick to a seat (the person is straight down). */
function seatAngle(seat, rect) {
  const t = table();
  if (seat === t.seat) return Math.PI / 2;
  const panel = $(`#opponents .seat[data-seat="${seat}"]`);
  if (!panel) return -Math.PI / 2;
  const r = panel.getBoundingClientRect();
  const dx = r.left + r.width / 2 - (rect.left + rect.width / 2);
  const dy = r.top + r.height / 2 - (rect.top + rect.height / 2);
  return Math.atan2(dy / Math.max(rect.height, 1), dx / Math.max(rect.width, 1));
}

/** A seat's place across the screen (the person sits in the middle). */
function seatX(seat, rect) {
  if (seat === table().seat) return rect.left + rect.width / 2;
  const panel = $(`#opponents .seat[data-seat="${seat}"]`);
  if (!panel) return rect.left + rect.width / 2;
  const r = panel.getBoundingClientRect();
  return r.left + r.width / 2;
}

/**
 * Show the zoomed card `el` large in #preview, beside it and never over it:
 * above it when there is room (the hand is at the bottom), else below it.
 * `options.touch` (a tap zoomed it): the copy goes where it hides none of the
 * trick's cards nor the person's lines and cards (placeOnFelt), with
 * `options.note` under it, what a second tap does ({kind, text}); `face` null
 * (a card already drawn large) shows the note alone.
 */
export function placePreview(el, face, options = {}) {
  const preview = $("#preview");
  delete preview.dataset.next;
  delete preview.dataset.tap;
  if (options.touch && el && (face || options.note)) {
    placeOnFelt(preview, el, face, options.note);
    return;
  }
  if (!el || !face) {
    preview.hidden = true;
    preview.innerHTML = "";
    return;
  }
  const r = el.getBoundingClientRect();
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  // Over none of the person's cards: above the whole hand (or face-up row) it belongs to.
  const group = el.closest("#hand, #me");
  const top0 = group ? Math.min(r.top, group.getBoundingClientRect().top) : r.top;
  const above = top0 - 8;
  const below = vh - r.bottom - 8;
  const room = Math.max(above, below);
  const h = Math.min(room, vh * 0.34, 260);
  const w = Math.floor(h / RATIO);
  if (w < 50) {
    preview.hidden = true;
    return;
  }
  preview.innerHTML = "";
  preview.appendChild(face);
  face.style.setProperty("--cw", `${w}px`);
  // Towards the side the card is on, so the trick in the middle stays in sight.
  const side = r.left + r.width / 2 < vw / 2 ? 4 : vw - w - 4;
  const near = clamp(r.left + r.width / 2 - w / 2, 4, vw - w - 4);
  const left = el.closest("#hand, #me") ? (near + side) / 2 : near;
  const top = above >= below ? top0 - 8 - w * RATIO : r.bottom + 8;
  preview.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  preview.hidden = false;
}

const GAP = 6; // between the copy and what it keeps in sight

/** The boxes of the elements `sel` finds that are drawn. */
const shownBoxes = (sel) => $$(sel).filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect());

/** How much of box `a` lies over box `b`, in square pixels. */
const overArea = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * A tap's copy of `el` (with `note` under it) on the felt, as large as it can be while it
 * covers none of the trick's cards, the card itself, an open decision panel or anything
 * under the felt (the status line, the person's bar and hand): the seats and the lines
 * about the hand only when a copy clear of them too would be less than 0.7 times as wide,
 * and then as little of them as it can; near the card. With no room for a copy larger than
 * the card, the note alone, on the felt where it covers nothing of that (else just above the
 * hand). The copy answers a tap (input.js).
 */
function placeOnFelt(preview, el, face, note) {
  preview.innerHTML = "";
  if (face) preview.appendChild(face);
  let caption = null;
  if (note) {
    caption = document.createElement("p");
    caption.className = "preview-note";
    caption.textContent = note.text;
    preview.dataset.next = note.kind;
    preview.appendChild(caption);
  }
  preview.dataset.tap = "1";
  preview.style.transform = "translate(0px, 0px)";
  preview.hidden = false;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const card = el.getBoundingClientRect();
  const edge = $("#felt").getBoundingClientRect();
  const area = { left: Math.max(edge.left, 0) + 4, top: Math.max(edge.top, 0) + 4,
    right: Math.min(edge.right, vw) - 4, bottom: Math.min(edge.bottom, vh) - 4 };
  const hard = [card, ...shownBoxes("#trick .play, #decision[data-open], #bar, #me, #hand, #tip")];
  const soft = shownBoxes("#opponents .seat, #info .info-item, #info .schedule, #context > *");
  const cx = card.left + card.width / 2;
  const cy = card.top + card.height / 2;
  // The best spot for a w x h box clear of `keep`, least over `cover`: {x, y, cost, dist} or null.
  const spot = (w, h, keep, cover) => {
    const xs = [area.left, area.right - w, cx - w / 2];
    const ys = [area.top, area.bottom - h, cy - h / 2];
    for (const o of [...keep, ...cover]) {
      xs.push(o.right + GAP, o.left - GAP - w);
      ys.push(o.bottom + GAP, o.top - GAP - h);
    }
    let best = null;
    for (const x of xs) {
      if (x < area.left - 0.5 || x + w > area.right + 0.5) continue;
      for (const y of ys) {
        if (y < area.top - 0.5 || y + h > area.bottom + 0.5) continue;
        const box = { left: x, top: y, right: x + w, bottom: y + h };
        if (keep.some((o) => overlap(box, o))) continue;
        const cost = cover.reduce((sum, o) => sum + overArea(box, o), 0);
        const dist = Math.hypot(x + w / 2 - cx, y + h / 2 - cy);
        if (!best || cost < best.cost - 1 || (cost <= best.cost + 1 && dist < best.dist)) best = { x, y, cost, dist };
      }
    }
    return best;
  };
  let copy = face;
  const noteHeight = () => (caption ? caption.offsetHeight + (copy ? 4 : 0) : 0);
  let found = null;
  if (copy) {
    // The largest copy clear of `keep`: as with a mouse at most a third of the screen high,
    // and here at most twice the card (large enough to read, small enough to leave the felt
    // its seats), but larger than the card itself.
    const most = Math.floor(Math.min(vh * 0.34, 260, card.height * 2));
    const least = Math.max(Math.ceil(card.height * 1.15), 50 * RATIO);
    const largest = (keep, cover) => {
      for (let h = most; h >= least; h -= 3) {
        const w = Math.floor(h / RATIO);
        if (caption) caption.style.width = `${w}px`;
        const at = spot(w, w * RATIO + noteHeight(), keep, cover);
        if (at) return { ...at, w };
      }
      return null;
    };
    const clear = largest([...hard, ...soft], []);
    const some = largest(hard, soft);
    found = clear && (!some || clear.w >= some.w * 0.7) ? clear : some;
    if (found) {
      copy.style.setProperty("--cw", `${found.w}px`);
      if (caption) caption.style.width = `${found.w}px`;
    } else {
      // No room for a copy larger than the card: the card only lifts, with the words.
      copy.remove();
      copy = null;
      if (caption) caption.style.width = "";
    }
  }
  if (!found && caption) {
    const w = caption.offsetWidth;
    found = spot(w, noteHeight(), hard, soft) ?? spot(w, noteHeight(), hard, []);
    if (!found) {
      // Not even the words fit on the felt: just above the hand, as a mouse's copy lies.
      const group = el.closest("#hand, #me");
      const top0 = group ? Math.min(card.top, group.getBoundingClientRect().top) : card.top;
      found = { x: clamp(cx - w / 2, 4, vw - w - 4), y: Math.max(top0 - 4 - noteHeight(), 4) };
    }
  }
  if (!found) {
    preview.hidden = true;
    preview.innerHTML = "";
    return;
  }
  preview.style.transform = `translate(${Math.round(found.x)}px, ${Math.round(found.y)}px)`;
}
