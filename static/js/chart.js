// A small SVG line chart of every seat's running total over the game.

export const SEAT_COLOURS = ["#e7c35a", "#6fc3ff", "#ff8a7a", "#9be07a", "#d29bff", "#ffb35c"];

/**
 * Running totals after each hand, starting at 0: hand_scores summed; if the
 * game's totals differ from that sum (a game decided mid-hand), the current
 * totals are the last point.
 */
export function runningTotals(handScores, totals, players) {
  const points = [new Array(players).fill(0)];
  for (const scores of handScores) {
    const last = points[points.length - 1];
    points.push(last.map((v, i) => v + (scores[i] ?? 0)));
  }
  const last = points[points.length - 1];
  if (totals && totals.some((v, i) => v !== last[i])) points.push([...totals]);
  return points;
}

/** An <svg> with one polyline per seat. */
export function chartSvg(points, names) {
  const width = 320;
  const height = 140;
  const pad = 22;
  // Room on the left for the ticks' numbers ("-170"), which stay readable on a phone.
  const left = 36;
  const values = points.flat();
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi === lo) hi = lo + 1;
  const steps = Math.max(1, points.length - 1);
  const x = (i) => left + ((width - left - pad) * i) / steps;
  const y = (v) => height - pad - ((height - 2 * pad) * (v - lo)) / (hi - lo);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Running totals chart");
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  add("line", { x1: left, x2: width - pad, y1: y(0), y2: y(0), class: "axis" });
  add("text", { x: 2, y: y(hi) + 4, class: "tick" }, String(hi));
  add("text", { x: 2, y: y(lo) + 4, class: "tick" }, String(lo));
  const players = points[0]?.length ?? 0;
  for (let seat = 0; seat < players; seat++) {
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    const coords = points.map((p, i) => `${x(i).toFixed(1)},${y(p[seat]).toFixed(1)}`).join(" ");
    add("polyline", { points: coords, fill: "none", stroke: colour, "stroke-width": 2,
                      "data-seat": seat });
    const lastPoint = points[points.length - 1];
    add("circle", { cx: x(points.length - 1), cy: y(lastPoint[seat]), r: 3, fill: colour });
    const label = add("title", {});
    label.textContent = `${names[seat]}: ${lastPoint[seat]}`;
  }
  return svg;
}
