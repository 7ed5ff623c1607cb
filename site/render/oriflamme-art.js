// Oriflamme's art: the families (colour and charge), the palettes, the heraldry (charges,
// crests) and each card's glyph, all our own vector drawing; the shared sizes and timings
// of the board (render/oriflamme.js) and its cards.

import { roundRect, unit } from "./art.js";

/** Each card's kind ("intrigue" | "character") as the views say it (`view.cards`): no copy of the rules here. */
export const KINDS = {};

/** Learn the card kinds a view carries (every drawing after this tells intrigues apart). */
export function learnKinds(view) {
  if (view && view.cards) Object.assign(KINDS, view.cards);
}

/** The five families: a colour and a charge (so colour is never the only cue). */
export const FAMILIES = [
  { id: "red", fill: "#b3302b", deep: "#6e1714", light: "#e47a6c", charge: "star" },
  { id: "blue", fill: "#2b5ca6", deep: "#142f5e", light: "#86ace6", charge: "crescent" },
  { id: "green", fill: "#1f7f5a", deep: "#0d4431", light: "#6cc49e", charge: "trefoil" },
  { id: "gold", fill: "#c48a12", deep: "#6e4b05", light: "#f2cd6a", charge: "lozenge" },
  { id: "purple", fill: "#7a3a8e", deep: "#3f1a4c", light: "#c891d8", charge: "cross" },
];

export { SERIF, SANS } from "./fonts.js";
export const RATIO = 1.4; // card height / width
export const SLIDE_MS = 260;
export const FLIP_MS = 280;
export const GONE_MS = 300;
export const easeInOut = (p) => (p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2);
export const lerp = (a, b, p) => a + (b - a) * p;

export function oriPalette(dark) {
  return dark
    ? {
        dark: true,
        text: "#ece4d4",
        muted: "#a89e8d",
        banner: "#2b282d",
        bannerEdge: "rgba(255, 240, 210, 0.12)",
        matTop: "#2a1b2c",
        matBottom: "#170f19",
        matEdge: "#b08a3e",
        matLine: "rgba(214, 175, 95, 0.10)",
        onMat: "#efe2c6",
        onMatMuted: "rgba(239, 226, 198, 0.55)",
        parchment: ["#f4ead3", "#e2d1ad"],
        intrigue: ["#ece3d8", "#d4c6b8"],
        ink: "#2b1f18",
        gold: "#e0ac3a",
        goldDeep: "#8a6414",
        glow: "#f2b632",
        select: "#ffd36b",
        danger: "#ff6b55",
        shadow: "rgba(0, 0, 0, 0.6)",
        tray: "rgba(255, 240, 210, 0.05)",
        trayEdge: "rgba(255, 240, 210, 0.12)",
      }
    : {
        dark: false,
        text: "#2f2822",
        muted: "#75695c",
        banner: "#fbf6ea",
        bannerEdge: "rgba(80, 60, 40, 0.18)",
        matTop: "#4a2b45",
        matBottom: "#2d1a2c",
        matEdge: "#c59a45",
        matLine: "rgba(230, 190, 110, 0.10)",
        onMat: "#f6ead0",
        onMatMuted: "rgba(246, 234, 208, 0.6)",
        parchment: ["#fbf3df", "#ead9b5"],
        intrigue: ["#f1e9e0", "#dccfc2"],
        ink: "#2b1f18",
        gold: "#d9a32e",
        goldDeep: "#8a6414",
        glow: "#e39b12",
        select: "#ffcf4d",
        danger: "#e0442f",
        shadow: "rgba(40, 20, 10, 0.45)",
        tray: "rgba(120, 90, 50, 0.07)",
        trayEdge: "rgba(80, 60, 40, 0.16)",
      };
}

// ------------------------------------------------------------------ heraldry

function starPath(ctx, r = 0.9, inner = 0.4, points = 5) {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rr = i % 2 ? r * inner : r;
    ctx.lineTo(Math.cos(a) * rr, Math.sin(a) * rr + 0.05);
  }
  ctx.closePath();
}

/** A family's charge (star, crescent, trefoil, lozenge, cross) filled with `fill`. */
export function drawCharge(ctx, family, cx, cy, r, fill) {
  const kind = FAMILIES[family % FAMILIES.length].charge;
  unit(ctx, cx, cy, r, () => {
    ctx.fillStyle = fill;
    if (kind === "star") {
      starPath(ctx, 0.95, 0.42);
      ctx.fill();
    } else if (kind === "crescent") {
      ctx.beginPath();
      ctx.arc(0, 0.02, 0.88, 0, Math.PI * 2);
      ctx.arc(0.02, -0.3, 0.72, 0, Math.PI * 2, true);
      ctx.fill("evenodd");
    } else if (kind === "trefoil") {
      ctx.beginPath();
      for (const [x, y] of [[0, -0.42], [-0.42, 0.14], [0.42, 0.14]]) {
        ctx.moveTo(x + 0.4, y);
        ctx.arc(x, y, 0.4, 0, Math.PI * 2);
      }
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(-0.09, 0.1);
      ctx.lineTo(0.09, 0.1);
      ctx.lineTo(0.16, 0.95);
      ctx.lineTo(-0.16, 0.95);
      ctx.closePath();
      ctx.fill();
    } else if (kind === "lozenge") {
      ctx.beginPath();
      ctx.moveTo(0, -0.95);
      ctx.lineTo(0.66, 0);
      ctx.lineTo(0, 0.95);
      ctx.lineTo(-0.66, 0);
      ctx.closePath();
      ctx.moveTo(0, -0.42);
      ctx.lineTo(-0.28, 0);
      ctx.lineTo(0, 0.42);
      ctx.lineTo(0.28, 0);
      ctx.closePath();
      ctx.fill("evenodd");
    } else {
      // cross pattée
      ctx.beginPath();
      const arm = (rot) => {
        ctx.save();
        ctx.rotate(rot);
        ctx.moveTo(-0.12, -0.12);
        ctx.lineTo(-0.38, -0.9);
        ctx.quadraticCurveTo(0, -0.8, 0.38, -0.9);
        ctx.lineTo(0.12, -0.12);
        ctx.restore();
      };
      for (let i = 0; i < 4; i++) arm((i * Math.PI) / 2);
      ctx.fill();
      ctx.fillRect(-0.14, -0.14, 0.28, 0.28);
    }
  });
}

function shieldPath(ctx) {
  ctx.beginPath();
  ctx.moveTo(-0.78, -0.86);
  ctx.lineTo(0.78, -0.86);
  ctx.lineTo(0.78, -0.12);
  ctx.quadraticCurveTo(0.76, 0.58, 0, 0.98);
  ctx.quadraticCurveTo(-0.76, 0.58, -0.78, -0.12);
  ctx.closePath();
}

/** A heater shield in the family colour bearing its charge. */
export function drawCrest(ctx, family, cx, cy, r, { rim = "#e9c46a" } = {}) {
  const f = FAMILIES[family % FAMILIES.length];
  unit(ctx, cx, cy, r, () => {
    shieldPath(ctx);
    const g = ctx.createLinearGradient(0, -0.9, 0, 1);
    g.addColorStop(0, f.light);
    g.addColorStop(0.35, f.fill);
    g.addColorStop(1, f.deep);
    ctx.fillStyle = g;
    ctx.fill();
    ctx.lineWidth = 0.11;
    ctx.strokeStyle = rim;
    ctx.stroke();
  });
  drawCharge(ctx, family, cx, cy + r * 0.02, r * 0.5, "#fbf1d6");
}

// ------------------------------------------------------------------ card glyphs
// Each glyph is drawn in the unit box; `ink` outlines, metals and colours fill.

const STEEL = ["#eef1f5", "#a9b1bd"];
const WOOD = "#8a5a2b";
const WAX = "#b3261e";

function steel(ctx, y0, y1) {
  const g = ctx.createLinearGradient(-0.2, y0, 0.2, y1);
  g.addColorStop(0, STEEL[0]);
  g.addColorStop(1, STEEL[1]);
  return g;
}

function goldFill(ctx) {
  const g = ctx.createLinearGradient(0, -0.8, 0, 0.8);
  g.addColorStop(0, "#ffe08a");
  g.addColorStop(0.5, "#e0a92e");
  g.addColorStop(1, "#a8741a");
  return g;
}

const GLYPHS = {
  archer(ctx, ink) {
    // a drawn bow with its arrow, pointing right
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(-0.22, -0.88);
    ctx.quadraticCurveTo(0.72, -0.5, 0.3, 0);
    ctx.quadraticCurveTo(0.72, 0.5, -0.22, 0.88);
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.2;
    ctx.stroke();
    ctx.strokeStyle = WOOD;
    ctx.lineWidth = 0.11;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(-0.22, -0.88);
    ctx.lineTo(-0.62, 0);
    ctx.lineTo(-0.22, 0.88);
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.035;
    ctx.stroke();
    // the arrow
    ctx.beginPath();
    ctx.moveTo(-0.66, 0);
    ctx.lineTo(0.74, 0);
    ctx.lineWidth = 0.07;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(0.95, 0);
    ctx.lineTo(0.66, -0.14);
    ctx.lineTo(0.7, 0);
    ctx.lineTo(0.66, 0.14);
    ctx.closePath();
    ctx.fillStyle = ink;
    ctx.fill();
    ctx.beginPath();
    for (const s of [-1, 1]) {
      ctx.moveTo(-0.5, 0);
      ctx.lineTo(-0.64, 0.17 * s);
      ctx.moveTo(-0.62, 0);
      ctx.lineTo(-0.76, 0.17 * s);
    }
    ctx.strokeStyle = WAX;
    ctx.lineWidth = 0.06;
    ctx.stroke();
  },
  soldier(ctx, ink) {
    // an upright sword
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(0, -0.95);
    ctx.lineTo(0.13, -0.74);
    ctx.lineTo(0.13, 0.34);
    ctx.lineTo(-0.13, 0.34);
    ctx.lineTo(-0.13, -0.74);
    ctx.closePath();
    ctx.fillStyle = steel(ctx, -0.9, 0.3);
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.05;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(0, -0.7);
    ctx.lineTo(0, 0.26);
    ctx.lineWidth = 0.035;
    ctx.stroke();
    roundRect(ctx, -0.5, 0.33, 1.0, 0.13, 0.06);
    ctx.fillStyle = goldFill(ctx);
    ctx.fill();
    ctx.lineWidth = 0.045;
    ctx.stroke();
    roundRect(ctx, -0.075, 0.46, 0.15, 0.34, 0.04);
    ctx.fillStyle = WOOD;
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, 0.87, 0.1, 0, Math.PI * 2);
    ctx.fillStyle = goldFill(ctx);
    ctx.fill();
    ctx.stroke();
  },
  assassination(ctx, ink) {
    // a curved dagger, slanted, with a drop of blood
    ctx.save();
    ctx.rotate(-0.75);
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(0, -0.95);
    ctx.quadraticCurveTo(0.22, -0.5, 0.13, 0.12);
    ctx.lineTo(-0.13, 0.12);
    ctx.quadraticCurveTo(-0.16, -0.45, 0, -0.95);
    ctx.closePath();
    ctx.fillStyle = steel(ctx, -0.9, 0.1);
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.05;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(-0.36, 0.1);
    ctx.quadraticCurveTo(0, 0.22, 0.36, 0.1);
    ctx.lineTo(0.36, 0.2);
    ctx.quadraticCurveTo(0, 0.32, -0.36, 0.2);
    ctx.closePath();
    ctx.fillStyle = ink;
    ctx.fill();
    roundRect(ctx, -0.07, 0.26, 0.14, 0.42, 0.05);
    ctx.fillStyle = "#3a2a20";
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0, 0.74, 0.1, 0, Math.PI * 2);
    ctx.fillStyle = WAX;
    ctx.fill();
    ctx.restore();
    // the drop
    ctx.beginPath();
    ctx.moveTo(0.62, 0.28);
    ctx.quadraticCurveTo(0.8, 0.56, 0.62, 0.66);
    ctx.quadraticCurveTo(0.44, 0.56, 0.62, 0.28);
    ctx.fillStyle = WAX;
    ctx.fill();
  },
  lord(ctx, ink) {
    // a crown
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(-0.78, 0.3);
    ctx.lineTo(-0.86, -0.42);
    ctx.lineTo(-0.42, -0.02);
    ctx.lineTo(0, -0.62);
    ctx.lineTo(0.42, -0.02);
    ctx.lineTo(0.86, -0.42);
    ctx.lineTo(0.78, 0.3);
    ctx.closePath();
    ctx.fillStyle = goldFill(ctx);
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.055;
    ctx.stroke();
    roundRect(ctx, -0.82, 0.28, 1.64, 0.3, 0.06);
    ctx.fillStyle = goldFill(ctx);
    ctx.fill();
    ctx.stroke();
    for (const [x, y] of [[-0.86, -0.46], [0, -0.68], [0.86, -0.46]]) {
      ctx.beginPath();
      ctx.arc(x, y, 0.1, 0, Math.PI * 2);
      ctx.fillStyle = "#fff3c4";
      ctx.fill();
      ctx.stroke();
    }
    for (const [x, c] of [[-0.45, WAX], [0, "#2b5ca6"], [0.45, WAX]]) {
      ctx.beginPath();
      ctx.arc(x, 0.43, 0.08, 0, Math.PI * 2);
      ctx.fillStyle = c;
      ctx.fill();
    }
  },
  heir(ctx, ink) {
    // the orb of succession
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.arc(0, 0.22, 0.6, 0, Math.PI * 2);
    const g = ctx.createRadialGradient(-0.2, 0, 0.05, 0, 0.22, 0.62);
    g.addColorStop(0, "#ffe7a0");
    g.addColorStop(0.6, "#d99d24");
    g.addColorStop(1, "#9a6714");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.055;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(-0.6, 0.22);
    ctx.quadraticCurveTo(0, 0.42, 0.6, 0.22);
    ctx.moveTo(0, -0.38);
    ctx.lineTo(0, 0.32);
    ctx.lineWidth = 0.06;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(0, -0.4);
    ctx.lineTo(0, -0.95);
    ctx.moveTo(-0.2, -0.72);
    ctx.lineTo(0.2, -0.72);
    ctx.lineWidth = 0.13;
    ctx.lineCap = "round";
    ctx.stroke();
    ctx.strokeStyle = "#e9bb4a";
    ctx.lineWidth = 0.06;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(-0.12, 0.5, 0.07, 0, Math.PI * 2);
    ctx.fillStyle = WAX;
    ctx.fill();
  },
  spy(ctx, ink) {
    // a watchful eye
    ctx.beginPath();
    ctx.moveTo(-0.92, 0);
    ctx.quadraticCurveTo(0, -0.78, 0.92, 0);
    ctx.quadraticCurveTo(0, 0.78, -0.92, 0);
    ctx.closePath();
    ctx.fillStyle = "#fffaf0";
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.08;
    ctx.stroke();
    ctx.save();
    ctx.clip();
    ctx.beginPath();
    ctx.arc(0, 0, 0.36, 0, Math.PI * 2);
    const g = ctx.createRadialGradient(-0.05, -0.05, 0.05, 0, 0, 0.36);
    g.addColorStop(0, "#6fb0a0");
    g.addColorStop(1, "#1f5a52");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0, 0, 0.15, 0, Math.PI * 2);
    ctx.fillStyle = "#120c08";
    ctx.fill();
    ctx.beginPath();
    ctx.arc(-0.1, -0.12, 0.07, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffff";
    ctx.fill();
    ctx.restore();
    // lashes
    ctx.beginPath();
    for (const x of [-0.5, -0.18, 0.18, 0.5]) {
      ctx.moveTo(x, -0.42 + Math.abs(x) * 0.18);
      ctx.lineTo(x * 1.25, -0.62 + Math.abs(x) * 0.2);
    }
    ctx.lineWidth = 0.06;
    ctx.lineCap = "round";
    ctx.stroke();
  },
  ambush(ctx, ink) {
    // a sprung trap: a ring of teeth around a plate, and its chain
    ctx.beginPath();
    ctx.moveTo(0, 0.62);
    ctx.lineTo(0, 0.95);
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.07;
    ctx.stroke();
    for (const y of [0.72, 0.88]) {
      ctx.beginPath();
      ctx.ellipse(0, y, 0.06, 0.08, 0, 0, Math.PI * 2);
      ctx.lineWidth = 0.04;
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(0, -0.05, 0.7, 0, Math.PI * 2);
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.2;
    ctx.stroke();
    ctx.strokeStyle = steel(ctx, -0.7, 0.6);
    ctx.lineWidth = 0.11;
    ctx.stroke();
    ctx.beginPath();
    const teeth = 12;
    for (let i = 0; i < teeth; i++) {
      const a = (i / teeth) * Math.PI * 2;
      const a1 = a - 0.17, a2 = a + 0.17;
      ctx.moveTo(Math.cos(a1) * 0.62, -0.05 + Math.sin(a1) * 0.62);
      ctx.lineTo(Math.cos(a) * 0.34, -0.05 + Math.sin(a) * 0.34);
      ctx.lineTo(Math.cos(a2) * 0.62, -0.05 + Math.sin(a2) * 0.62);
    }
    ctx.fillStyle = "#d8dde4";
    ctx.fill();
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = ink;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, -0.05, 0.17, 0, Math.PI * 2);
    ctx.fillStyle = WAX;
    ctx.fill();
    ctx.stroke();
  },
  conspiracy(ctx, ink) {
    // a hooded plotter, eyes glinting in the shadow
    ctx.beginPath();
    ctx.moveTo(0, -0.92);
    ctx.bezierCurveTo(0.58, -0.9, 0.66, -0.2, 0.56, 0.18);
    ctx.lineTo(0.86, 0.92);
    ctx.lineTo(-0.86, 0.92);
    ctx.lineTo(-0.56, 0.18);
    ctx.bezierCurveTo(-0.66, -0.2, -0.58, -0.9, 0, -0.92);
    ctx.closePath();
    const g = ctx.createLinearGradient(0, -0.9, 0, 0.9);
    g.addColorStop(0, "#5a3f6e");
    g.addColorStop(1, "#2a1936");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.05;
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(0, -0.14, 0.3, 0.38, 0, 0, Math.PI * 2);
    ctx.fillStyle = "#0e0810";
    ctx.fill();
    for (const x of [-0.12, 0.12]) {
      ctx.beginPath();
      ctx.ellipse(x, -0.16, 0.065, 0.035, 0, 0, Math.PI * 2);
      ctx.fillStyle = "#f2c14e";
      ctx.fill();
    }
    // a coin held close: it doubles the influence on it
    ctx.beginPath();
    ctx.arc(0.02, 0.55, 0.17, 0, Math.PI * 2);
    ctx.fillStyle = goldFill(ctx);
    ctx.fill();
    ctx.lineWidth = 0.04;
    ctx.stroke();
  },
  royal_decree(ctx, ink) {
    // a scroll with a wax seal
    ctx.lineJoin = "round";
    const body = () => {
      ctx.beginPath();
      ctx.moveTo(-0.55, -0.66);
      ctx.lineTo(0.55, -0.66);
      ctx.lineTo(0.55, 0.66);
      ctx.lineTo(-0.55, 0.66);
      ctx.closePath();
    };
    body();
    ctx.fillStyle = "#fff6dc";
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.05;
    ctx.stroke();
    for (const y of [-0.72, 0.72]) {
      roundRect(ctx, -0.66, y - 0.1, 1.32, 0.2, 0.1);
      ctx.fillStyle = "#e8d3a0";
      ctx.fill();
      ctx.stroke();
    }
    ctx.beginPath();
    for (const [y, w] of [[-0.38, 0.74], [-0.2, 0.6], [-0.02, 0.7], [0.16, 0.4]]) {
      ctx.moveTo(-0.38, y);
      ctx.lineTo(-0.38 + w, y);
    }
    ctx.lineWidth = 0.045;
    ctx.lineCap = "round";
    ctx.strokeStyle = "rgba(43, 31, 24, 0.6)";
    ctx.stroke();
    // ribbon and seal
    ctx.beginPath();
    ctx.moveTo(0.22, 0.46);
    ctx.lineTo(0.14, 0.92);
    ctx.lineTo(0.24, 0.84);
    ctx.lineTo(0.32, 0.94);
    ctx.lineTo(0.34, 0.46);
    ctx.fillStyle = "#8f1d17";
    ctx.fill();
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = (i / 10) * Math.PI * 2, rr = i % 2 ? 0.2 : 0.24;
      ctx.lineTo(0.3 + Math.cos(a) * rr, 0.42 + Math.sin(a) * rr);
    }
    ctx.closePath();
    ctx.fillStyle = WAX;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0.3, 0.42, 0.1, 0, Math.PI * 2);
    ctx.strokeStyle = "rgba(255, 220, 200, 0.5)";
    ctx.lineWidth = 0.03;
    ctx.stroke();
  },
  shapeshifter(ctx, ink) {
    // a two-toned masquerade mask on its stick
    ctx.beginPath();
    ctx.moveTo(0.62, 0.24);
    ctx.lineTo(0.42, 0.95);
    ctx.strokeStyle = WOOD;
    ctx.lineWidth = 0.09;
    ctx.lineCap = "round";
    ctx.stroke();
    const mask = () => {
      ctx.beginPath();
      ctx.moveTo(-0.94, -0.3);
      ctx.quadraticCurveTo(0, -0.72, 0.94, -0.3);
      ctx.quadraticCurveTo(0.9, 0.34, 0.36, 0.34);
      ctx.quadraticCurveTo(0, 0.06, -0.36, 0.34);
      ctx.quadraticCurveTo(-0.9, 0.34, -0.94, -0.3);
      ctx.closePath();
      for (const x of [-0.4, 0.4]) {
        ctx.moveTo(x + 0.22, -0.08);
        ctx.ellipse(x, -0.08, 0.22, 0.12, x < 0 ? 0.2 : -0.2, 0, Math.PI * 2);
      }
    };
    ctx.save();
    mask();
    ctx.clip("evenodd");
    ctx.fillStyle = "#2f6db0";
    ctx.fillRect(-1, -1, 1, 2);
    ctx.fillStyle = "#c8a33a";
    ctx.fillRect(0, -1, 1, 2);
    ctx.restore();
    mask();
    ctx.strokeStyle = ink;
    ctx.lineWidth = 0.055;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(0, -0.51);
    ctx.lineTo(0, 0.14);
    ctx.lineWidth = 0.03;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, -0.62, 0.08, 0, Math.PI * 2);
    ctx.fillStyle = WAX;
    ctx.fill();
  },
};

/** The picture of card type `card` in a square of half-size r at (cx, cy). */
export function drawGlyph(ctx, card, cx, cy, r, ink = "#2b1f18") {
  const fn = GLYPHS[card];
  if (!fn) return;
  unit(ctx, cx, cy, r, () => fn(ctx, ink));
}
