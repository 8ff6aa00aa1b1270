// Builds the card faces in static/cards/ from the pinned npm package
// @letele/playing-cards (Adrian Kennard's SVG playing cards, CC0 1.0).
//
// The package ships the cards as React components; this evaluates them with a
// tiny stand-in for React.createElement that builds an element tree, reshapes
// each face for a table seen on a phone (a large corner index, the picture
// scaled to make room, no web address on the ace), and writes plain SVG:
//   static/cards/<rank><suit letter>.svg   e.g. QH.svg, 10D.svg (two colours)
//   static/cards/4c-<rank><D|C>.svg        diamonds blue, clubs green (four colours)
//   static/cards/back.svg
// The output is committed with the licence; run this again only to change the
// faces: node scripts/card_faces.mjs

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = path.join(ROOT, "node_modules/@letele/playing-cards/dist/index.esm.js");
const OUT = path.join(ROOT, "static/cards");

/** Colours of the four-colour deck (hearts and spades keep red and black). */
const FOUR = { D: "#0a55c8", C: "#0b7a34" };
/** How much the picture shrinks to leave a column for the large index. */
const BODY_SCALE = 0.76;
/** The large index: the rank's box and the suit's box (card units, card is 240 x 336). */
const RANK = { size: 60, cx: -94, top: -166 };
const SUIT = { size: 50, cx: -94, top: -106 };
/** The index rank's strokes are drawn this much bolder than the original's. */
const RANK_WEIGHT = 1.4;

class El {
  constructor(tag, attrs, kids) {
    this.tag = tag;
    this.attrs = attrs;
    this.kids = kids;
  }
}

const ATTR_NAMES = {
  className: "class", xlinkHref: "xlink:href", xmlnsXlink: "xmlns:xlink",
  strokeWidth: "stroke-width", strokeLinejoin: "stroke-linejoin", strokeLinecap: "stroke-linecap",
  strokeMiterlimit: "stroke-miterlimit", strokeDasharray: "stroke-dasharray", fillRule: "fill-rule",
  fontSize: "font-size", fontFamily: "font-family", textAnchor: "text-anchor",
};

const React = {
  createElement(tag, props, ...kids) {
    const attrs = {};
    for (const [key, value] of Object.entries(props ?? {})) {
      if (value == null || key.startsWith("aria-") || key === "className") continue;
      attrs[ATTR_NAMES[key] ?? key] = String(value);
    }
    return new El(tag, attrs, kids.flat().filter((k) => k != null && k !== false));
  },
};

function loadDeck() {
  let body = fs.readFileSync(SOURCE, "utf8").replace(/^import[^\n]*\n/gm, "");
  const exported = body.match(/export \{([^}]*)\};/)[1];
  body = body.replace(/export \{[^}]*\};/, "");
  const names = exported.split(",").map((s) => s.trim().split(/\s+as\s+/));
  const make = new Function("React", "_extends",
    `${body}; return {${names.map(([local, name]) => `${name}: ${local}`).join(",")}};`);
  return make(React, Object.assign);
}

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function serialise(el) {
  if (!(el instanceof El)) return esc(el);
  const attrs = Object.entries(el.attrs).map(([k, v]) => ` ${k}="${esc(v)}"`).join("");
  if (!el.kids.length) return `<${el.tag}${attrs}/>`;
  return `<${el.tag}${attrs}>${el.kids.map(serialise).join("")}</${el.tag}>`;
}

/** The corner index: the rank's and the suit's <use> at the top-left corner. */
const isRankIndex = (el) => el.tag === "use" && el.attrs.height === "32" && el.attrs.x === "-114.4";
const isSuitIndex = (el) => el.tag === "use" && el.attrs.height === "26.769" && el.attrs.x === "-111.784";
const isIndex = (el) => isRankIndex(el) || isSuitIndex(el);
const isRotated = (el) => el.tag === "g" && el.attrs.transform === "rotate(180)";

function bigIndex(rankId, suitId) {
  const use = (id, box) => new El("use", {
    "xlink:href": id, width: box.size, height: box.size, x: box.cx - box.size / 2, y: box.top,
  }, []);
  return [use(rankId, RANK), use(suitId, SUIT)];
}

function recolour(el, ids, colour) {
  if (!(el instanceof El)) return;
  if (el.tag === "symbol" && ids.has(`#${el.attrs.id}`)) {
    for (const shape of el.kids) {
      if (!(shape instanceof El)) continue;
      if (shape.attrs.stroke && shape.attrs.stroke !== "none") shape.attrs.stroke = colour;
      if (shape.attrs.fill !== "none") shape.attrs.fill = colour;
    }
  }
  el.kids.forEach((k) => recolour(k, ids, colour));
}

/** The rank symbol's strokes made bolder (it is read at a glance, small, on a phone). */
function embolden(defs, rankId) {
  for (const symbol of defs.kids) {
    if (!(symbol instanceof El) || `#${symbol.attrs.id}` !== rankId) continue;
    for (const shape of symbol.kids) {
      const width = Number(shape.attrs?.["stroke-width"]);
      if (width) shape.attrs["stroke-width"] = String(Math.round(width * RANK_WEIGHT));
    }
  }
}

/** One face reshaped: large index, picture scaled into the middle. */
function reshape(svg, fourColour) {
  const [defs, background, ...rest] = svg.kids;
  const body = [];
  let rankId = null;
  let suitId = null;
  for (const el of rest) {
    if (el.tag === "text") continue; // the maker's web address on the ace
    if (isRankIndex(el)) rankId = el.attrs["xlink:href"];
    else if (isSuitIndex(el)) suitId = el.attrs["xlink:href"];
    else if (isRotated(el)) {
      const kept = el.kids.filter((k) => !isIndex(k));
      if (kept.length) body.push(new El("g", el.attrs, kept));
    } else body.push(el);
  }
  if (!rankId || !suitId) throw new Error("a face without its corner index");
  if (fourColour) recolour(defs, new Set([rankId, suitId]), fourColour);
  embolden(defs, rankId);
  const index = bigIndex(rankId, suitId);
  const attrs = { xmlns: "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
                  viewBox: "-120 -168 240 336", width: "240", height: "336" };
  return new El("svg", attrs, [
    defs, background,
    new El("g", { transform: `scale(${BODY_SCALE})` }, body),
    ...index,
    new El("g", { transform: "rotate(180)" }, index.map((u) => new El("use", { ...u.attrs }, []))),
  ]);
}

function back() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-120 -168 240 336" width="240" height="336">` +
    `<defs><pattern id="p" width="12" height="12" patternUnits="userSpaceOnUse">` +
    `<rect width="12" height="12" fill="#1b3d73"/><path d="M6 0 12 6 6 12 0 6Z" fill="#2c5aa0"/></pattern></defs>` +
    `<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" ry="12" fill="#fff" stroke="#000"/>` +
    `<rect width="212" height="308" x="-106" y="-154" rx="9" ry="9" fill="url(#p)"/>` +
    `<rect width="212" height="308" x="-106" y="-154" rx="9" ry="9" fill="none" stroke="#e7c35a" stroke-width="3"/></svg>`;
}

function main() {
  const deck = loadDeck();
  fs.mkdirSync(OUT, { recursive: true });
  let count = 0;
  for (const [name, component] of Object.entries(deck)) {
    const match = name.match(/^([CDHS])(a|k|q|j|10|[2-9])$/);
    if (!match) continue; // backs and jokers: the table draws its own back
    const [, suit, rank] = match;
    const file = `${rank.toUpperCase()}${suit}.svg`;
    fs.writeFileSync(path.join(OUT, file), serialise(reshape(component({}), null)) + "\n");
    if (FOUR[suit]) {
      fs.writeFileSync(path.join(OUT, `4c-${file}`),
                       serialise(reshape(component({}), FOUR[suit])) + "\n");
    }
    count += 1;
  }
  fs.writeFileSync(path.join(OUT, "back.svg"), back() + "\n");
  console.log(`card_faces: ${count} faces written to ${path.relative(ROOT, OUT)}/`);
}

main();
