// The picture of a finished game (the bridge's `chart`: a game's own series over its rounds or
// turns), drawn as an SVG line chart by the site itself: one line a series in its own colour
// and dash (colour is never the only cue), the axis named in the page's language, and the same
// numbers in words under it for screen readers and anyone who prefers them.
// Test hooks: figure.game-chart[data-series], its svg polyline[data-series], .game-chart-words li.

import { t } from "../i18n.js";
import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 170;
const PAD = { left: 28, right: 10, top: 10, bottom: 26 };
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 4"];
let made = 0;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * A <figure> for `data` ({title, x, steps, series: [{points, seat?, label?}], y_labels?: the
 * words of the values 0, 1, 2... when they are bands rather than counts}): `say(message)`
 * turns engine messages into words, `nameOf(series)` names a series (a seat's player, a colour),
 * `swatch(series, i)` its colour.
 */
export function chartFigure(data, { say, nameOf, swatch }) {
  const id = `game-chart-${++made}`;
  const steps = data.steps;
  const bands = Array.isArray(data.y_labels) ? data.y_labels.map((m) => say(m)) : null;
  const top = bands ? bands.length - 1 : Math.max(1, ...data.series.flatMap((s) => s.points));
  const left = bands ? Math.min(120, 12 + 5.5 * Math.max(...bands.map((b) => b.length))) : PAD.left;
  const x = (i) => left + (steps.length > 1 ? (i * (W - left - PAD.right)) / (steps.length - 1) : 0);
  const y = (v) => H - PAD.bottom - (v * (H - PAD.top - PAD.bottom)) / top;
  const title = say(data.title);
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-title`, class: "game-chart-svg" });
  const grid = svg("g", { class: "game-chart-grid" });
  for (const v of bands ? bands.keys() : ticks(top)) {
    grid.append(svg("line", { x1: left, x2: W - PAD.right, y1: y(v), y2: y(v) }));
    const label = svg("text", { x: left - 4, y: y(v) + 3, "text-anchor": "end" });
    label.textContent = bands ? bands[v] : String(v);
    grid.append(label);
  }
  const every = Math.max(1, Math.ceil(steps.length / 8));
  steps.forEach((step, i) => {
    if (i % every && i !== steps.length - 1) return;
    const label = svg("text", { x: x(i), y: H - PAD.bottom + 12, "text-anchor": "middle" });
    label.textContent = String(step);
    grid.append(label);
  });
  const axis = svg("text", { x: (W + left) / 2, y: H - 2, "text-anchor": "middle", class: "game-chart-axis" });
  axis.textContent = say(data.x);
  pic.append(grid, axis);
  const legend = el("ul", { class: "game-chart-legend" });
  const words = el("ul", { class: "game-chart-words" });
  data.series.forEach((series, i) => {
    const colour = swatch(series, i);
    const dash = DASHES[i % DASHES.length];
    const points = series.points.map((v, j) => `${x(j).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    pic.append(svg("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dash, "stroke-linejoin": "round", "data-series": i }));
    const name = nameOf(series);
    const key = svg("svg", { viewBox: "0 0 24 6", width: 24, height: 6, "aria-hidden": "true" });
    key.append(svg("line", { x1: 0, x2: 24, y1: 3, y2: 3, stroke: colour, "stroke-width": 3, "stroke-dasharray": dash }));
    legend.append(el("li", {}, key, el("span", { text: name })));
    const values = series.points.map((v) => (bands ? bands[v] : String(v)));
    words.append(el("li", { text: t("ui.chart.series", { name, values: values.join(", ") }) }));
  });
  return el(
    "figure",
    { class: "game-chart", id, data: { series: String(data.series.length) } },
    el("figcaption", { id: `${id}-title`, text: title }),
    pic,
    legend,
    el("details", { class: "game-chart-in-words" }, el("summary", { text: t("ui.chart.in_words") }), words),
  );
}

/** A few round values from 0 to `top` for the grid. */
function ticks(top) {
  const step = Math.max(1, Math.ceil(top / 4));
  const out = [];
  for (let v = 0; v <= top; v += step) out.push(v);
  return out;
}

/** Seat colours when the game page names none (its `chartSwatch(series, i)`). */
const PALETTE = ["#b3302b", "#2b5ca6", "#1f7f5a", "#c48a12", "#7a3a8e"];

/**
 * On a hot-seat end screen (`box`, ui/hotseat.js): the picture of the finished game when the
 * game offers one (the registry's `calls`: "chart"), asked of the bridge once per game.
 */
export function appendEndChart(page, box, r) {
  if (!page.offers("chart")) return;
  const holder = el("div", { class: "end-chart" });
  box.append(holder);
  const key = JSON.stringify(r.record.games);
  if (!page.chartFor || page.chartFor.key !== key) {
    page.chartFor = { key, data: page.py.call("chart", { record: r.record }).catch(() => null) };
  }
  drawChart(holder, page.chartFor.data, {
    say: (m) => page.say(m),
    name: (seat) => page.name(seat),
    swatch: typeof page.chartSwatch === "function" ? (s, i) => page.chartSwatch(s, i) : null,
  });
}

/**
 * Draw the chart `data` (a promise of the bridge's answer, or of null) into `holder` once it
 * comes, if `holder` is still shown: `say(message)` words, `name(seat)` a player's name,
 * `swatch(series, i)` a line's colour (null: the site's palette).
 */
export function drawChart(holder, data, { say, name, swatch }) {
  data.then((chart) => {
    if (!chart || !holder.isConnected) return;
    holder.replaceChildren(
      chartFigure(chart, {
        say,
        nameOf: (s) => (Number.isInteger(s.seat) ? name(s.seat) : say(s.label)),
        swatch: swatch || ((s, i) => PALETTE[i % PALETTE.length]),
      }),
    );
  });
}
