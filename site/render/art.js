// Okiya artwork: plants, poetic symbols, tiles and tokens as canvas paths.
// Every shape is drawn in a unit box [-1, 1] x [-1, 1] and placed with `unit()`.
// Also the canvas helpers every renderer shares: the unit box, rounded rectangles,
// hi-DPI sizing, cached small pictures, text that fits, easing.

export const PLANTS = ["maple", "cherry", "pine", "iris"];
export const SYMBOLS = ["sun", "bird", "rain", "tanzaku"];

export const plantOf = (tile) => PLANTS[tile >> 2];
export const symbolOf = (tile) => SYMBOLS[tile & 3];

export function palette(dark) {
  return dark
    ? {
        dark: true,
        tray: "#2c2a26",
        trayEdge: "#24221f",
        trayLine: "rgba(255, 240, 210, 0.055)",
        frame: "#5e4a3a",
        recess: "#1f1d1a",
        recessEdge: "rgba(255, 240, 210, 0.08)",
        rim: ["#4a2720", "#1a0d0b"],
        face: ["#f4ecdc", "#dccfb4"],
        gloss: "rgba(255, 255, 255, 0.28)",
        glow: "#f2b632",
        hover: "#ffd36b",
        page: "#1c1b1e",
        text: "#ece4d4",
        muted: "#a89e8d",
        accent: "#ef7a5a",
        panel: "rgba(242, 182, 50, 0.12)",
        panelEdge: "rgba(242, 182, 50, 0.55)",
        shadow: "rgba(0, 0, 0, 0.55)",
        slot: "rgba(255, 240, 210, 0.18)",
        stoneRim: "rgba(255, 250, 235, 0.45)",
      }
    : {
        dark: false,
        tray: "#e6decb",
        trayEdge: "#d9d0bb",
        trayLine: "rgba(110, 85, 50, 0.10)",
        frame: "#7b5b43",
        recess: "#d3c9b2",
        recessEdge: "rgba(70, 50, 30, 0.18)",
        rim: ["#4a231c", "#200f0c"],
        face: ["#fffbf2", "#efe3c9"],
        gloss: "rgba(255, 255, 255, 0.55)",
        glow: "#e39b12",
        hover: "#c9780a",
        page: "#f0e9db",
        text: "#372f28",
        muted: "#7c7063",
        accent: "#c7402a",
        panel: "rgba(227, 155, 18, 0.12)",
        panelEdge: "rgba(199, 120, 10, 0.6)",
        shadow: "rgba(60, 35, 15, 0.35)",
        slot: "rgba(90, 65, 40, 0.28)",
        stoneRim: "rgba(255, 250, 235, 0.25)",
      };
}

/** Run `draw(ctx)` with the unit box mapped onto a square of half-size `r` at (cx, cy). */
export function unit(ctx, cx, cy, r, draw, rotate = 0) {
  ctx.save();
  ctx.translate(cx, cy);
  if (rotate) ctx.rotate(rotate);
  ctx.scale(r, r);
  draw(ctx);
  ctx.restore();
}

export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
  else {
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }
}


// ---------------------------------------------------------------- canvas helpers

/** Fill the current path with `fill` over a soft drop shadow (then no more shadow; the path stays, to clip or stroke). */
export function fillShadowed(ctx, fill, shadow, blur, offsetY) {
  ctx.shadowColor = shadow;
  ctx.shadowBlur = blur;
  ctx.shadowOffsetY = offsetY;
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.shadowColor = "transparent";
}

export const easeOut = (p) => 1 - (1 - p) ** 3;
export const clamp01 = (p) => Math.max(0, Math.min(1, p));

/**
 * Size a canvas's backing store to its CSS box at the device pixel ratio (left alone
 * when size and ratio are unchanged: setting it clears the canvas). Returns the CSS
 * size and the ratio; `lastDpr`: the ratio it was last sized for (none: always set).
 */
export function fitCanvas(canvas, lastDpr = null) {
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(rect.width * dpr));
  const h = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== w || canvas.height !== h || lastDpr !== dpr) {
    canvas.width = w;
    canvas.height = h;
  }
  return { w: rect.width, h: rect.height, dpr };
}

/** A canvas of a w × h (CSS pixels) picture drawn by `draw(ctx)` at the device pixel ratio. */
function drawnPicture(w, h, draw) {
  const dpr = window.devicePixelRatio || 1;
  const c = document.createElement("canvas");
  c.width = Math.round(w * dpr);
  c.height = Math.round(h * dpr);
  const ctx = c.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  draw(ctx);
  return c;
}

/** The cache key of picture `key` on this screen (its pixel ratio). */
const screenKey = (key) => `${key}:${window.devicePixelRatio || 1}`;

const pictures = new Map();

/** A data URL of the picture of `key` (see drawnPicture), for a source set at once; encoded on the
 * main thread (pictureImage is not). */
export function pictureURL(key, w, h, draw) {
  const k = screenKey(key);
  if (!pictures.has(k)) pictures.set(k, drawnPicture(w, h, draw).toDataURL());
  return pictures.get(k);
}

/** A picture's key -> {url: its PNG's object URL once the browser has encoded it, ready: the promise of it}. */
const encoded = new Map();

/** The picture of `key` (w × h CSS pixels drawn by `draw(ctx)` at the device pixel ratio), drawn
 * once and handed to the browser to encode off the main thread (toDataURL encodes on it). */
function encodedPicture(key, w, h, draw) {
  const k = screenKey(key);
  if (!encoded.has(k)) {
    const c = drawnPicture(w, h, draw);
    const entry = { url: null };
    entry.ready = new Promise((done) => c.toBlob((blob) => done((entry.url = blob ? URL.createObjectURL(blob) : c.toDataURL()))));
    encoded.set(k, entry);
  }
  return encoded.get(k);
}

/** An image of the picture of `key` (see encodedPicture): its source set once encoded. */
export function pictureImage(key, w, h, draw, className = "") {
  const entry = encodedPicture(key, w, h, draw);
  const img = document.createElement("img");
  img.alt = "";
  img.className = className;
  img.width = w;
  img.height = h;
  if (entry.url) img.src = entry.url;
  else entry.ready.then((url) => (img.src = url));
  return img;
}

/** A tile's picture as [key, w, h, draw] (light or dark palette; size: CSS pixels). */
const tileArgs = (tile, dark, size) => [
  `tile:${tile}:${dark}:${size}`, size, size,
  (ctx) => drawTile(ctx, { ...palette(dark), shadow: "transparent" }, 1, 1, size - 2, tile, {}),
];

/** A tile's picture for a move button (size: CSS pixels; light or dark palette); a first turn's
 * twelve buttons cost ~40 ms as data URLs, ~2 ms as these (drawn ahead by prepareTilePictures). */
export function tilePicture(tile, dark, size = 34) {
  return pictureImage(...tileArgs(tile, dark, size), "tile-picture");
}

/** Draw every tile's picture after the next paint (a game page's first buttons then draw nothing),
 * one a task: all sixteen in one took ~40 ms on a phone-sized page, a long task while Python loads. */
export function prepareTilePictures(dark, size = 34) {
  requestAnimationFrame(() => eachTileInTurn((tile) => encodedPicture(...tileArgs(tile, dark, size))));
}

/** `draw(tile)` for every tile, one a task from the next on: work done ahead while Python loads
 * stays out of the long tasks a player feels. */
function eachTileInTurn(draw) {
  let tile = 0;
  const next = () => {
    draw(tile);
    if (++tile < PLANTS.length * SYMBOLS.length) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/** Set `ctx.font` to the largest size from `size` down to `min` (steps of 0.5) at which `text` fits in maxW; returns it. */
export function fitFont(ctx, text, weight, size, family, maxW, min = 6) {
  let s = size;
  ctx.font = `${weight} ${s}px ${family}`;
  while (s > min && ctx.measureText(text).width > maxW) {
    s -= 0.5;
    ctx.font = `${weight} ${s}px ${family}`;
  }
  return s;
}

/** `text`, cut with "…" to fit in maxW with the current font. */
export function ellipsize(ctx, text, maxW) {
  if (ctx.measureText(text).width <= maxW) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > maxW) t = t.slice(0, -1);
  return `${t}…`;
}

/** Fill `text` wrapped at word breaks to maxW, the lines centred vertically on y. */
export function wrapText(ctx, text, x, y, maxW, lineH) {
  const words = String(text).split(" ");
  const lines = [];
  let line = "";
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (ctx.measureText(next).width > maxW && line) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  const y0 = y - ((lines.length - 1) * lineH) / 2;
  lines.forEach((l, i) => ctx.fillText(l, x, y0 + i * lineH, maxW));
  return lines.length;
}

const polar = (cx, cy, r, deg) => {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.sin(a), cy - r * Math.cos(a)];
};

// ---------------------------------------------------------------- plants

function maple(ctx) {
  const cx = 0, cy = 0.12;
  const lobes = [
    [-124, 0.5], [-78, 0.8], [-37, 0.93], [0, 1.0], [37, 0.93], [78, 0.8], [124, 0.5],
  ];
  const notchR = 0.27;
  ctx.beginPath();
  let [x, y] = polar(cx, cy, 0.14, 180);
  ctx.moveTo(x, y);
  for (let i = 0; i < lobes.length; i++) {
    const [a, len] = lobes[i];
    const prev = i === 0 ? -180 : lobes[i - 1][0];
    const next = i === lobes.length - 1 ? 180 : lobes[i + 1][0];
    if (i > 0) {
      [x, y] = polar(cx, cy, notchR * (0.6 + 0.4 * Math.min(len, lobes[i - 1][1])), (prev + a) / 2);
      ctx.lineTo(x, y);
    }
    const w = 15;
    // serrated approach to the tip
    const [c1x, c1y] = polar(cx, cy, len * 0.62, a - w);
    const [tx, ty] = polar(cx, cy, len, a);
    const [t1x, t1y] = polar(cx, cy, len * 0.8, a - w * 0.55);
    ctx.quadraticCurveTo(c1x, c1y, t1x, t1y);
    const [s1x, s1y] = polar(cx, cy, len * 0.83, a - w * 0.3);
    ctx.lineTo(s1x, s1y);
    ctx.lineTo(tx, ty);
    const [s2x, s2y] = polar(cx, cy, len * 0.83, a + w * 0.3);
    ctx.lineTo(s2x, s2y);
    const [t2x, t2y] = polar(cx, cy, len * 0.8, a + w * 0.55);
    ctx.lineTo(t2x, t2y);
    const [c2x, c2y] = polar(cx, cy, len * 0.62, a + w);
    if (i === lobes.length - 1) {
      [x, y] = polar(cx, cy, 0.14, 180);
      ctx.quadraticCurveTo(c2x, c2y, x, y);
    } else {
      const [nx, ny] = polar(cx, cy, notchR * (0.6 + 0.4 * Math.min(len, lobes[i + 1][1])), (a + next) / 2);
      ctx.quadraticCurveTo(c2x, c2y, nx, ny);
    }
  }
  ctx.closePath();
  const g = ctx.createLinearGradient(-0.6, -0.9, 0.6, 0.6);
  g.addColorStop(0, "#e85a32");
  g.addColorStop(1, "#a8241a");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineJoin = "round";
  ctx.strokeStyle = "#7e1a10";
  ctx.lineWidth = 0.03;
  ctx.stroke();
  // veins and stem
  ctx.lineCap = "round";
  ctx.strokeStyle = "rgba(255, 214, 180, 0.7)";
  ctx.lineWidth = 0.03;
  for (const [a, len] of lobes) {
    const [vx, vy] = polar(cx, cy, len * 0.78, a);
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(vx, vy);
    ctx.stroke();
  }
  ctx.strokeStyle = "#7e1a10";
  ctx.lineWidth = 0.06;
  ctx.beginPath();
  ctx.moveTo(cx, cy);
  ctx.quadraticCurveTo(0.02, 0.6, 0.14, 0.95);
  ctx.stroke();
}

function cherry(ctx) {
  ctx.rotate(-0.12);
  const petal = () => {
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.bezierCurveTo(-0.4, -0.18, -0.54, -0.72, -0.22, -0.92);
    ctx.quadraticCurveTo(-0.06, -0.9, 0, -0.76);
    ctx.quadraticCurveTo(0.06, -0.9, 0.22, -0.92);
    ctx.bezierCurveTo(0.54, -0.72, 0.4, -0.18, 0, 0);
    ctx.closePath();
  };
  const g = ctx.createRadialGradient(0, 0, 0.05, 0, 0, 0.95);
  g.addColorStop(0, "#d9587e");
  g.addColorStop(0.45, "#f095b0");
  g.addColorStop(1, "#fcd9e3");
  for (let i = 0; i < 5; i++) {
    ctx.save();
    ctx.rotate((i * 2 * Math.PI) / 5);
    petal();
    ctx.fillStyle = g;
    ctx.fill();
    ctx.strokeStyle = "#b9456b";
    ctx.lineWidth = 0.03;
    ctx.lineJoin = "round";
    ctx.stroke();
    // a crease down the petal
    ctx.beginPath();
    ctx.moveTo(0, -0.18);
    ctx.lineTo(0, -0.58);
    ctx.strokeStyle = "rgba(185, 69, 107, 0.45)";
    ctx.lineWidth = 0.025;
    ctx.stroke();
    ctx.restore();
  }
  ctx.lineCap = "round";
  for (let i = 0; i < 5; i++) {
    ctx.save();
    ctx.rotate(((i + 0.5) * 2 * Math.PI) / 5);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(0, -0.34);
    ctx.strokeStyle = "#a3304f";
    ctx.lineWidth = 0.03;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, -0.36, 0.055, 0, Math.PI * 2);
    ctx.fillStyle = "#e9b23a";
    ctx.fill();
    ctx.restore();
  }
  ctx.beginPath();
  ctx.arc(0, 0, 0.13, 0, Math.PI * 2);
  ctx.fillStyle = "#a3304f";
  ctx.fill();
}

function pine(ctx) {
  // branch
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.strokeStyle = "#5d3d26";
  ctx.lineWidth = 0.11;
  ctx.beginPath();
  ctx.moveTo(-0.85, 0.9);
  ctx.bezierCurveTo(-0.45, 0.75, -0.45, 0.35, -0.05, 0.28);
  ctx.bezierCurveTo(0.25, 0.22, 0.2, -0.1, 0.38, -0.3);
  ctx.stroke();
  ctx.lineWidth = 0.07;
  ctx.beginPath();
  ctx.moveTo(-0.3, 0.38);
  ctx.quadraticCurveTo(-0.38, 0.1, -0.42, -0.02);
  ctx.moveTo(0.05, 0.27);
  ctx.quadraticCurveTo(0.35, 0.3, 0.5, 0.42);
  ctx.stroke();
  // needle tufts: fans of needles, the old "matsu" crest shape
  const tuft = (x, y, r) => {
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.ellipse(x, y, r, r * 0.78, 0, Math.PI, 2 * Math.PI);
    ctx.closePath();
    const g = ctx.createLinearGradient(x, y - r, x, y);
    g.addColorStop(0, "#3f8a52");
    g.addColorStop(1, "#1f4f31");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.strokeStyle = "#173d25";
    ctx.lineWidth = 0.025;
    ctx.stroke();
    ctx.strokeStyle = "rgba(200, 235, 190, 0.55)";
    ctx.lineWidth = 0.02;
    for (let k = -5; k <= 5; k++) {
      const a = (k / 5) * 1.35;
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + Math.sin(a) * r * 0.92, y - Math.cos(a) * r * 0.72);
      ctx.stroke();
    }
  };
  tuft(-0.42, 0.0, 0.46);
  tuft(0.4, -0.32, 0.5);
  tuft(0.55, 0.44, 0.34);
}

function iris(ctx) {
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  // sword leaves
  ctx.fillStyle = "#3b7648";
  ctx.beginPath();
  ctx.moveTo(-0.08, 0.96);
  ctx.quadraticCurveTo(-0.3, 0.4, -0.62, -0.08);
  ctx.quadraticCurveTo(-0.18, 0.3, 0.04, 0.96);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(0.02, 0.96);
  ctx.quadraticCurveTo(0.3, 0.45, 0.6, 0.12);
  ctx.quadraticCurveTo(0.22, 0.5, 0.12, 0.96);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = "#3b7648";
  ctx.lineWidth = 0.07;
  ctx.beginPath();
  ctx.moveTo(0, 0.96);
  ctx.lineTo(0, -0.2);
  ctx.stroke();
  const cx = 0, cy = -0.3;
  // falls (drooping petals) with their yellow signal
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.bezierCurveTo(cx + side * 0.3, cy - 0.36, cx + side * 0.78, cy - 0.22, cx + side * 0.7, cy + 0.2);
    ctx.bezierCurveTo(cx + side * 0.55, cy + 0.34, cx + side * 0.26, cy + 0.12, cx, cy + 0.06);
    ctx.closePath();
    const g = ctx.createLinearGradient(cx, cy - 0.3, cx + side * 0.7, cy + 0.2);
    g.addColorStop(0, "#6653c4");
    g.addColorStop(1, "#3b2c8c");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.strokeStyle = "#2a1f6b";
    ctx.lineWidth = 0.025;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx + side * 0.08, cy - 0.02);
    ctx.quadraticCurveTo(cx + side * 0.35, cy - 0.1, cx + side * 0.52, cy + 0.06);
    ctx.strokeStyle = "#f0c030";
    ctx.lineWidth = 0.06;
    ctx.stroke();
  }
  // standard (upright petal)
  ctx.beginPath();
  ctx.moveTo(cx, cy + 0.04);
  ctx.bezierCurveTo(cx - 0.3, cy - 0.2, cx - 0.2, cy - 0.6, cx, cy - 0.68);
  ctx.bezierCurveTo(cx + 0.2, cy - 0.6, cx + 0.3, cy - 0.2, cx, cy + 0.04);
  ctx.closePath();
  const g = ctx.createLinearGradient(cx, cy - 0.68, cx, cy);
  g.addColorStop(0, "#8a78e0");
  g.addColorStop(1, "#5140b0");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.strokeStyle = "#2a1f6b";
  ctx.lineWidth = 0.025;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx, cy - 0.06);
  ctx.lineTo(cx, cy - 0.5);
  ctx.strokeStyle = "rgba(255, 255, 255, 0.45)";
  ctx.lineWidth = 0.025;
  ctx.stroke();
}

// ---------------------------------------------------------------- symbols

function sun(ctx) {
  const red = "#cf3422";
  ctx.fillStyle = red;
  ctx.strokeStyle = red;
  ctx.lineCap = "round";
  const hy = 0.42;
  ctx.beginPath();
  ctx.arc(0, hy, 0.5, Math.PI, 2 * Math.PI);
  ctx.closePath();
  ctx.fill();
  ctx.lineWidth = 0.13;
  for (let k = -3; k <= 3; k++) {
    const a = (k * 26 * Math.PI) / 180;
    ctx.beginPath();
    ctx.moveTo(Math.sin(a) * 0.66, hy - Math.cos(a) * 0.66);
    ctx.lineTo(Math.sin(a) * 0.94, hy - Math.cos(a) * 0.94);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(-0.95, hy + 0.16);
  ctx.lineTo(0.95, hy + 0.16);
  ctx.lineWidth = 0.12;
  ctx.stroke();
}

function bird(ctx) {
  ctx.fillStyle = "#24222c";
  ctx.beginPath();
  ctx.moveTo(-0.98, -0.42);
  ctx.quadraticCurveTo(-0.42, -0.62, 0, 0.0);
  ctx.quadraticCurveTo(0.42, -0.62, 0.98, -0.42);
  ctx.quadraticCurveTo(0.4, -0.26, 0.06, 0.42);
  ctx.lineTo(0.16, 0.72);
  ctx.lineTo(0, 0.6);
  ctx.lineTo(-0.16, 0.72);
  ctx.lineTo(-0.06, 0.42);
  ctx.quadraticCurveTo(-0.4, -0.26, -0.98, -0.42);
  ctx.closePath();
  ctx.fill();
}

function rain(ctx) {
  ctx.fillStyle = "#2a6bb5";
  const drop = (x, y, r) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(0.38);
    ctx.beginPath();
    ctx.moveTo(0, -r * 2.1);
    ctx.bezierCurveTo(r * 0.5, -r * 1.2, r * 1.05, -r * 0.5, r, 0);
    ctx.arc(0, 0, r, 0, Math.PI);
    ctx.bezierCurveTo(-r * 1.05, -r * 0.5, -r * 0.5, -r * 1.2, 0, -r * 2.1);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  };
  drop(-0.52, -0.12, 0.27);
  drop(0.5, -0.34, 0.27);
  drop(0.02, 0.62, 0.27);
}

function tanzaku(ctx) {
  ctx.rotate(-0.16);
  ctx.lineCap = "round";
  ctx.strokeStyle = "#4a3520";
  ctx.lineWidth = 0.08;
  ctx.beginPath();
  ctx.moveTo(0, -1.0);
  ctx.quadraticCurveTo(0.12, -0.86, 0, -0.68);
  ctx.stroke();
  roundRect(ctx, -0.28, -0.74, 0.56, 1.7, 0.05);
  ctx.fillStyle = "#e2ad2c";
  ctx.fill();
  ctx.strokeStyle = "#8a5f10";
  ctx.lineWidth = 0.07;
  ctx.stroke();
  ctx.strokeStyle = "#4a3520";
  ctx.lineWidth = 0.09;
  for (const [y0, y1] of [[-0.4, -0.18], [-0.02, 0.22], [0.38, 0.6]]) {
    ctx.beginPath();
    ctx.moveTo(0, y0);
    ctx.lineTo(0, y1);
    ctx.stroke();
  }
}

export const PLANT_ART = { maple, cherry, pine, iris };
export const SYMBOL_ART = { sun, bird, rain, tanzaku };

// ---------------------------------------------------------------- tile & tokens

/**
 * A lacquered tile at (x, y), side s. opts: {lift (0..1), glow (0..1), dim (0..1),
 * ring: colour|null, alpha, reuse}. reuse: copy its face from a picture drawn once for this tile,
 * size and palette (tileFace), for a board that draws the same tiles frame after frame.
 */
export function drawTile(ctx, pal, x, y, s, tile, opts = {}) {
  const lift = opts.lift || 0;
  const face = opts.reuse ? tileFace(ctx, pal, s, tile) : null;
  let top = y - lift * s * 0.06;
  if (face) [x, top] = face.snap(x, top); // on the device's pixel grid, so the copy stays sharp
  ctx.save();
  if (opts.alpha !== undefined) ctx.globalAlpha = opts.alpha;
  // shadow + lacquer rim
  ctx.shadowColor = pal.shadow;
  ctx.shadowBlur = s * (0.06 + lift * 0.14);
  ctx.shadowOffsetY = s * (0.03 + lift * 0.07);
  const r = s * 0.13;
  roundRect(ctx, x, top, s, s, r);
  if (face) {
    ctx.fillStyle = rimGradient(ctx, pal, x, top, s); // under the face's own rim: only its shadow shows
    ctx.fill();
    ctx.shadowColor = "transparent";
    face.draw(x, top);
  } else {
    paintTileFace(ctx, pal, x, top, s, tile);
  }
  if (opts.dim) {
    roundRect(ctx, x, top, s, s, r);
    ctx.globalAlpha = (opts.alpha ?? 1) * opts.dim;
    ctx.fillStyle = pal.page;
    ctx.fill();
    ctx.globalAlpha = opts.alpha ?? 1;
  }
  if (opts.glow) {
    ctx.shadowColor = pal.glow;
    ctx.shadowBlur = s * 0.18 * opts.glow;
    roundRect(ctx, x - s * 0.015, top - s * 0.015, s * 1.03, s * 1.03, r * 1.1);
    ctx.strokeStyle = pal.glow;
    ctx.lineWidth = Math.max(2, s * 0.035);
    ctx.stroke();
    ctx.shadowColor = "transparent";
  }
  if (opts.ring) {
    roundRect(ctx, x - s * 0.04, top - s * 0.04, s * 1.08, s * 1.08, r * 1.3);
    ctx.strokeStyle = opts.ring;
    ctx.lineWidth = Math.max(2.5, s * 0.045);
    ctx.stroke();
  }
  ctx.restore();
}

/** The tile without its shadow and marks: the rim (its path filled, the shadow set by the caller),
 * the ivory face, the plant and the symbol, the gloss. */
function paintTileFace(ctx, pal, x, y, s, tile) {
  const r = s * 0.13;
  ctx.fillStyle = rimGradient(ctx, pal, x, y, s);
  ctx.fill();
  ctx.shadowColor = "transparent";
  // ivory face
  const inset = s * 0.055;
  roundRect(ctx, x + inset, y + inset, s - 2 * inset, s - 2 * inset, r * 0.6);
  const fg = ctx.createLinearGradient(x, y, x + s, y + s);
  fg.addColorStop(0, pal.face[0]);
  fg.addColorStop(1, pal.face[1]);
  ctx.fillStyle = fg;
  ctx.fill();
  // art
  const face = s - 2 * inset;
  const fx = x + inset, fy = y + inset;
  unit(ctx, fx + face * 0.565, fy + face * 0.58, face * 0.36, PLANT_ART[plantOf(tile)]);
  unit(ctx, fx + face * 0.2, fy + face * 0.2, face * 0.155, SYMBOL_ART[symbolOf(tile)]);
  // gloss
  roundRect(ctx, x + inset, y + inset, s - 2 * inset, s - 2 * inset, r * 0.6);
  const gl = ctx.createLinearGradient(x, y, x + s * 0.55, y + s * 0.55);
  gl.addColorStop(0, pal.gloss);
  gl.addColorStop(0.45, "rgba(255,255,255,0)");
  ctx.fillStyle = gl;
  ctx.fill();
}

/** The lacquer rim's colours over a tile at (x, y), side s. */
function rimGradient(ctx, pal, x, y, s) {
  const rg = ctx.createLinearGradient(x, y, x + s * 0.4, y + s);
  rg.addColorStop(0, pal.rim[0]);
  rg.addColorStop(1, pal.rim[1]);
  return rg;
}

/** Tile faces drawn once (key: tile, size, scale, palette) for drawTile's reuse. */
const faces = new Map();

/** The face of `tile` at side `s` (CSS pixels) and scale `k` (device pixels a CSS pixel), with a
 * device pixel of margin each side for the edges' antialiasing. */
function facePicture(k, pal, s, tile) {
  const key = `${tile}:${s.toFixed(3)}:${k}:${pal.rim.join()}:${pal.face.join()}:${pal.gloss}`;
  let pic = faces.get(key);
  if (!pic) {
    if (faces.size >= 128) faces.clear(); // another size or palette: the old ones are done with
    pic = document.createElement("canvas");
    pic.width = pic.height = Math.ceil(s * k) + 2;
    const g = pic.getContext("2d");
    g.setTransform(k, 0, 0, k, 1, 1);
    roundRect(g, 0, 0, s, s, s * 0.13);
    paintTileFace(g, pal, 0, 0, s, tile);
    faces.set(key, pic);
  }
  return pic;
}

/**
 * The face of `tile` at side `s` for `ctx`'s scale, as a picture in device pixels: {snap(x, y), the
 * point nearest (x, y) on the device's pixel grid; draw(x, y), a copy there}. A board frame draws
 * sixteen tiles: drawn out they took most of a frame (~5 ms on a laptop, four times that on a
 * phone), copies a fraction of it. Null when ctx is rotated or skewed (then drawn out).
 */
function tileFace(ctx, pal, s, tile) {
  const m = ctx.getTransform();
  if (m.b || m.c || m.a <= 0 || m.a !== m.d) return null;
  const k = m.a;
  const pic = facePicture(k, pal, s, tile);
  const grid = (v, offset) => (Math.round(v * k + offset) - offset) / k;
  return {
    snap: (x, y) => [grid(x, m.e), grid(y, m.f)],
    draw: (x, y) => ctx.drawImage(pic, x - 1 / k, y - 1 / k, pic.width / k, pic.height / k),
  };
}

/** Draw ahead, one a task, the sixteen faces a board of scale `k` and tile side `s` will copy (while
 * Python loads: its first position then copies them, and the frames after its arrival stay short). */
export function prepareTileFaces(k, pal, s) {
  eachTileInTurn((tile) => facePicture(k, pal, s, tile));
}

/** Seat 0: a round red stone with an inner ring. Seat 1: a square black stone with a diamond mark. */
export function drawToken(ctx, pal, seat, cx, cy, size, opts = {}) {
  ctx.save();
  if (opts.alpha !== undefined) ctx.globalAlpha = opts.alpha;
  const scale = opts.scale || 1;
  const h = size * 0.5 * scale;
  ctx.shadowColor = "rgba(0, 0, 0, 0.4)";
  ctx.shadowBlur = h * 0.25;
  ctx.shadowOffsetY = h * 0.12;
  if (seat === 0) {
    ctx.beginPath();
    ctx.arc(cx, cy, h, 0, Math.PI * 2);
    const g = ctx.createRadialGradient(cx - h * 0.35, cy - h * 0.4, h * 0.1, cx, cy, h);
    g.addColorStop(0, "#f58a6c");
    g.addColorStop(0.45, "#cf3320");
    g.addColorStop(1, "#7c150c");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.beginPath();
    ctx.arc(cx, cy, h * 0.6, 0, Math.PI * 2);
    ctx.strokeStyle = "rgba(255, 232, 215, 0.7)";
    ctx.lineWidth = Math.max(1, h * 0.09);
    ctx.stroke();
  } else {
    const side = h * 1.8;
    roundRect(ctx, cx - side / 2, cy - side / 2, side, side, side * 0.16);
    const g = ctx.createLinearGradient(cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2);
    g.addColorStop(0, "#5a5a66");
    g.addColorStop(0.5, "#24242b");
    g.addColorStop(1, "#0b0b0e");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.strokeStyle = pal.stoneRim;
    ctx.lineWidth = Math.max(1, h * 0.06);
    ctx.stroke();
    const d = h * 0.42;
    ctx.beginPath();
    ctx.moveTo(cx, cy - d);
    ctx.lineTo(cx + d, cy);
    ctx.lineTo(cx, cy + d);
    ctx.lineTo(cx - d, cy);
    ctx.closePath();
    ctx.strokeStyle = "#eadcb8";
    ctx.lineWidth = Math.max(1, h * 0.11);
    ctx.stroke();
  }
  ctx.restore();
}
