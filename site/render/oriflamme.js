// The Oriflamme table on a canvas: heraldry and intrigue. Our own vector art.
//
//   * the players' banners across the top: family crest (a colour AND a charge shape:
//     star, crescent, trefoil, lozenge, cross), name, influence pool (a gold coin),
//     cards in hand, the first player's pennant;
//   * the queue on a velvet mat, in resolution order (slot 1 first), wrapping in rows:
//     stacks show their covered cards as edges under the top card; face-down cards
//     show their family's back with its crest; face-up cards a large glyph and the
//     name; influence on a card as gold coins; the slot being resolved wears a
//     golden frame and a pointer;
//   * the hand of the seat whose device it is, face up, along the bottom.
//
// It draws the VIEW it is given and reports clicks; it knows no rules. What may be
// clicked (drop targets, targets, gaps, players) comes from the controller, which
// reads it from the engine's legal moves.

import { roundRect, fillShadowed, unit, easeOut, clamp01, fitFont, ellipsize, pictureURL } from "./art.js";
import { CanvasBoard } from "./board.js";

/** Each card's kind ("intrigue" | "character") as the views say it (`view.cards`): no copy of the rules here. */
const KINDS = {};

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

const SERIF = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", "Noto Serif", Georgia, serif';
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
const RATIO = 1.4; // card height / width
const SLIDE_MS = 260;
const FLIP_MS = 280;
const GONE_MS = 300;
const easeInOut = (p) => (p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2);
const lerp = (a, b, p) => a + (b - a) * p;

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

// ------------------------------------------------------------------ cards and coins

/** A gold coin of radius r; `count` written on it when given. */
export function drawCoin(ctx, cx, cy, r, count = null, { shadow = true } = {}) {
  ctx.save();
  if (shadow) {
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = r * 0.5;
    ctx.shadowOffsetY = r * 0.15;
  }
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  const g = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.1, cx, cy, r);
  g.addColorStop(0, "#fff0b0");
  g.addColorStop(0.55, "#e3ad35");
  g.addColorStop(1, "#a8741a");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = "#7a5210";
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.72, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(0.6, r * 0.07);
  ctx.strokeStyle = "rgba(122, 82, 16, 0.55)";
  ctx.stroke();
  if (count !== null) {
    ctx.fillStyle = "#3d2806";
    ctx.font = `800 ${Math.round(r * (String(count).length > 1 ? 1.05 : 1.25))}px ${SANS}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(count), cx, cy + r * 0.07);
  }
  ctx.restore();
}

/** The back of a card of `family`: its colour, a lattice and the crest. */
export function drawBack(ctx, pal, x, y, w, h, family) {
  const f = FAMILIES[family % FAMILIES.length];
  const r = Math.max(3, w * 0.08);
  ctx.save();
  roundRect(ctx, x, y, w, h, r);
  const g = ctx.createLinearGradient(x, y, x + w * 0.4, y + h);
  g.addColorStop(0, f.fill);
  g.addColorStop(1, f.deep);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.clip();
  // a diamond lattice
  ctx.strokeStyle = "rgba(255, 235, 190, 0.16)";
  ctx.lineWidth = Math.max(0.6, w * 0.012);
  const step = Math.max(6, w * 0.2);
  ctx.beginPath();
  for (let d = -h; d < w + h; d += step) {
    ctx.moveTo(x + d, y);
    ctx.lineTo(x + d + h, y + h);
    ctx.moveTo(x + d, y);
    ctx.lineTo(x + d - h, y + h);
  }
  ctx.stroke();
  ctx.restore();
  ctx.save();
  const inset = Math.max(2, w * 0.06);
  roundRect(ctx, x + inset, y + inset, w - 2 * inset, h - 2 * inset, r * 0.6);
  ctx.strokeStyle = "rgba(240, 200, 110, 0.75)";
  ctx.lineWidth = Math.max(0.8, w * 0.02);
  ctx.stroke();
  ctx.restore();
  drawCrest(ctx, family, x + w / 2, y + h / 2, w * 0.3, { rim: "#f0c86e" });
}

/**
 * A card. c = {card: id|null, up, tokens}; opts.family: owner; opts.name: the card's
 * name (catalog text); opts.peek: the owner's own face-down card (face shown veiled).
 */
export function drawCard(ctx, pal, x, y, w, h, c, { family = 0, name = "", shadow = true, hiddenMark = true } = {}) {
  const f = FAMILIES[family % FAMILIES.length];
  const r = Math.max(3, w * 0.08);
  ctx.save();
  if (shadow) {
    ctx.shadowColor = pal.shadow;
    ctx.shadowBlur = Math.max(2, w * 0.1);
    ctx.shadowOffsetY = Math.max(1, w * 0.04);
    roundRect(ctx, x, y, w, h, r);
    ctx.fillStyle = f.deep;
    ctx.fill();
  }
  ctx.restore();
  if (!c.up && !c.card) {
    drawBack(ctx, pal, x, y, w, h, family);
    return;
  }
  const face = KINDS[c.card] === "intrigue" ? pal.intrigue : pal.parchment;
  const veiled = !c.up; // a face-down card only its owner (or the end screen) may see
  ctx.save();
  roundRect(ctx, x, y, w, h, r);
  if (veiled) {
    // the back, with the face shown through a window
    ctx.restore();
    drawBack(ctx, pal, x, y, w, h, family);
    ctx.save();
    const ix = x + w * 0.1, iy = y + h * 0.1, iw = w * 0.8, ih = h * 0.8;
    roundRect(ctx, ix, iy, iw, ih, r * 0.7);
    const g = ctx.createLinearGradient(ix, iy, ix, iy + ih);
    g.addColorStop(0, face[0]);
    g.addColorStop(1, face[1]);
    ctx.fillStyle = g;
    ctx.globalAlpha = 0.92;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = Math.max(1, w * 0.025);
    ctx.setLineDash([Math.max(2, w * 0.06), Math.max(2, w * 0.04)]);
    ctx.strokeStyle = f.deep;
    ctx.stroke();
    ctx.setLineDash([]);
    drawGlyph(ctx, c.card, x + w / 2, y + h * 0.44, w * 0.3);
    if (name && w >= 40) {
      ctx.fillStyle = pal.ink;
      fitFont(ctx, name, 700, Math.max(7, w * 0.12), SERIF, iw - 4);
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(name, x + w / 2, y + h * 0.79);
    }
    if (hiddenMark) drawClosedEye(ctx, x + w * 0.8, y + h * 0.14, Math.max(5, w * 0.11), f.deep);
    ctx.restore();
    return;
  }
  const g = ctx.createLinearGradient(x, y, x, y + h);
  g.addColorStop(0, face[0]);
  g.addColorStop(1, face[1]);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.clip();
  // family border and header band
  const band = h * 0.2;
  ctx.fillStyle = f.fill;
  ctx.fillRect(x, y, w, band);
  ctx.fillStyle = "rgba(0,0,0,0.12)";
  ctx.fillRect(x, y + band - Math.max(1, h * 0.012), w, Math.max(1, h * 0.012));
  ctx.restore();
  ctx.save();
  roundRect(ctx, x, y, w, h, r);
  ctx.lineWidth = Math.max(1.5, w * 0.05);
  ctx.strokeStyle = f.fill;
  ctx.stroke();
  const inset = Math.max(2.5, w * 0.075);
  roundRect(ctx, x + inset, y + band, w - 2 * inset, h - band - inset, r * 0.4);
  ctx.lineWidth = Math.max(0.6, w * 0.012);
  ctx.strokeStyle = "rgba(120, 85, 30, 0.45)";
  ctx.stroke();
  ctx.restore();
  // the family's charge in the band, and a small intrigue mark
  drawCharge(ctx, family, x + w * 0.2, y + band * 0.52, band * 0.32, "#fbf1d6");
  if (KINDS[c.card] === "intrigue") {
    ctx.save();
    ctx.fillStyle = "#fbf1d6";
    unit(ctx, x + w * 0.8, y + band * 0.52, band * 0.3, () => {
      // an hourglass: one use
      ctx.beginPath();
      ctx.moveTo(-0.7, -0.9);
      ctx.lineTo(0.7, -0.9);
      ctx.lineTo(0.1, 0);
      ctx.lineTo(0.7, 0.9);
      ctx.lineTo(-0.7, 0.9);
      ctx.lineTo(-0.1, 0);
      ctx.closePath();
      ctx.fill();
    });
    ctx.restore();
  }
  drawGlyph(ctx, c.card, x + w / 2, y + band + (h - band) * 0.4, w * 0.33);
  if (name && w >= 34) {
    ctx.save();
    const by = y + h * 0.8;
    ctx.fillStyle = pal.ink;
    fitFont(ctx, name, 700, Math.max(7, w * 0.135), SERIF, w - inset * 2 - 2);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(name, x + w / 2, by);
    ctx.restore();
  }
}

function drawClosedEye(ctx, cx, cy, r, colour) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(255, 248, 230, 0.95)";
  ctx.fill();
  ctx.lineWidth = Math.max(0.8, r * 0.14);
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.6, cy - r * 0.05);
  ctx.quadraticCurveTo(cx, cy + r * 0.55, cx + r * 0.6, cy - r * 0.05);
  for (const dx of [-0.35, 0, 0.35]) {
    ctx.moveTo(cx + dx * r, cy + r * 0.22);
    ctx.lineTo(cx + dx * r * 1.3, cy + r * 0.5);
  }
  ctx.lineWidth = Math.max(0.8, r * 0.16);
  ctx.lineCap = "round";
  ctx.stroke();
  ctx.restore();
}

/** A data URL of a small face-up card (for DOM chips and the rules panel). */
export function cardImage(card, family = null, width = 30) {
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  const h = Math.round(width * RATIO);
  return pictureURL(`card:${card}:${KINDS[card]}:${family}:${width}:${dark}`, width + 4, h + 4, (ctx) => {
    const pal = oriPalette(dark);
    if (card) drawCard(ctx, pal, 2, 2, width, h, { card, up: true, tokens: 0 }, { family: family ?? 3, shadow: false });
    else drawBack(ctx, pal, 2, 2, width, h, family ?? 0);
  });
}

/** A data URL of a family's crest (for DOM chips). */
export function crestImage(family, size = 22) {
  return pictureURL(`crest:${family}:${size}`, size, size, (ctx) => drawCrest(ctx, family, size / 2, size / 2, size * 0.46));
}

// ------------------------------------------------------------------ matching two queues (for motion)

const sameCard = (a, b) => a.card === b.card && a.up === b.up && a.tokens === b.tokens;
const looseCard = (a, b) => (a.card === null || b.card === null || a.card === b.card) && (!a.up || b.up);

function slotScore(a, b) {
  if (a.owner !== b.owner) return -1;
  const la = a.cards.length, lb = b.cards.length;
  if (Math.abs(la - lb) > 1) return -1;
  const low = Math.min(la, lb) - 1;
  for (let i = 0; i < low; i++) if (!sameCard(a.cards[i], b.cards[i])) return -1;
  if (la === lb) {
    if (a.cards.every((c, i) => sameCard(c, b.cards[i]))) return 4;
    return looseCard(a.cards[la - 1], b.cards[lb - 1]) ? 3 : -1;
  }
  // one card more or less on top: the common card must be unchanged
  return sameCard(a.cards[low], b.cards[low]) ? 2 : 1;
}

/** Pairs [i, j] of slots of `prev` and `next` that are the same stack (in order). */
export function matchQueues(prev, next) {
  const n = prev.length, m = next.length;
  const best = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      let v = Math.max(best[i + 1][j], best[i][j + 1]);
      const s = slotScore(prev[i], next[j]);
      if (s > 0) v = Math.max(v, s + best[i + 1][j + 1]);
      best[i][j] = v;
    }
  }
  const pairs = [];
  let i = 0, j = 0;
  while (i < n && j < m) {
    const s = slotScore(prev[i], next[j]);
    if (s > 0 && best[i][j] === s + best[i + 1][j + 1]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (best[i][j] === best[i + 1][j]) i++;
    else j++;
  }
  return pairs;
}

// ------------------------------------------------------------------ the board

export class OriflammeBoard extends CanvasBoard {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onMove?: (move:string)=>void, onHand?: (card:string)=>void, onInfo?: (info:object)=>void,
   *          onLayout?: ()=>void}} handlers
   */
  constructor(canvas, { onMove = () => {}, onHand = () => {}, onInfo = () => {}, onLayout = () => {} } = {}) {
    super(canvas, oriPalette, { minSide: 40 });
    this.onMove = onMove;
    this.onHand = onHand;
    this.onInfo = onInfo;
    this.onLayout = onLayout;
    this.opts = { select: emptySelect(), labels: {}, names: [], tags: [], viewer: null };
    this.deltas = null;
    canvas.addEventListener("pointerdown", (e) => this._press(e));
    canvas.addEventListener("pointerup", () => clearTimeout(this._pressTimer));
    canvas.addEventListener("pointercancel", () => clearTimeout(this._pressTimer));
    canvas.addEventListener("contextmenu", (e) => {
      const hit = this.hitTest(...this._pos(e));
      if (hit && hit.info) {
        e.preventDefault();
        this.onInfo(hit.info);
      }
    });
    this.resize();
  }

  /**
   * Show a view. opts: {select, labels, names, tags, viewer, animate, events}. select holds
   * what may be clicked now (see emptySelect); a new view object animates from the last one;
   * `events` (the bridge's, for the move that led to this view) say whose influence changed.
   */
  setView(view, opts = {}) {
    learnKinds(view);
    const prev = this.view;
    const changed = view !== prev;
    this.view = view;
    this.opts = { ...this.opts, ...opts, select: { ...emptySelect(), ...(opts.select || {}) } };
    const oldSlots = this.geom ? this.geom.slots : [];
    this.geom = this.layout(this.W || 0, this.H || 0);
    if (changed) {
      const now = performance.now();
      this.anims = this.anims.filter((a) => now < a.start + a.dur);
      // the influence badges add up from the viewer's last move (or a change of viewer) on
      if (!opts.animate || opts.freshDeltas) this.deltas = null;
      const motion = opts.animate && prev && view && !this.reduced.matches && prev.players === view.players;
      if (motion) {
        this._animateChange(prev, view, oldSlots, now);
        this._countInfluence(opts.events || []);
      } else this.anims = [];
    }
    if (this.hover && !this._clickable(this.hover)) this._setHover(null);
    this.requestDraw();
    this.onLayout();
  }

  // ------------------------------------------------------------ geometry

  resize() {
    super.resize();
    this.onLayout();
  }

  layout(W, H) {
    const view = this.view;
    const n = view ? view.players : 3;
    const compact = W < 560;
    const pad = compact ? 6 : 12;
    const g = { W, H, pad, compact, banners: [], slots: [], drops: [], gaps: [], hand: [], items: [] };
    if (W < 40 || H < 40) return g;
    // the banners
    const bgap = compact ? 4 : 8;
    const bh = compact ? 56 : 66;
    const bw = Math.min(240, (W - 2 * pad - (n - 1) * bgap) / n);
    const bx0 = (W - (n * bw + (n - 1) * bgap)) / 2;
    for (let s = 0; s < n; s++) g.banners.push({ seat: s, x: bx0 + s * (bw + bgap), y: pad, w: bw, h: bh });
    g.stripY = pad + bh + 4;
    g.stripH = compact ? 20 : 24;
    // the hand
    const hand = view && !view.outcome ? view.hand : null;
    const count = hand ? hand.length : 0;
    let handH;
    if (hand) {
      const hgap = compact ? 5 : 8;
      const slots = Math.max(count, 5);
      const hcw = Math.min(compact ? 66 : 92, (W - 2 * pad - (slots - 1) * hgap) / slots, (H * 0.2) / RATIO);
      const hch = hcw * RATIO;
      const title = compact ? 18 : 22;
      handH = title + hch + pad + 6;
      const y = H - pad - hch - 2;
      const total = count * hcw + (count - 1) * hgap;
      const x0 = (W - total) / 2;
      hand.forEach((card, i) => g.hand.push({ card, x: x0 + i * (hcw + hgap), y, w: hcw, h: hch }));
      g.handBox = { x: pad, y: H - handH, w: W - 2 * pad, h: handH - pad + 4, titleY: H - handH + title / 2 + 3 };
    } else {
      handH = view && !view.outcome && view.seat === null ? 30 : 8;
      g.handBox = { x: pad, y: H - handH, w: W - 2 * pad, h: handH - pad + 4, titleY: H - handH + 12 };
    }
    // the queue mat
    const mat = { x: pad, y: g.stripY + g.stripH + 2, w: W - 2 * pad, h: H - handH - (g.stripY + g.stripH + 2) - 4 };
    g.mat = mat;
    const queue = view ? view.queue : [];
    const placing = !!(view && view.phase === "place");
    const items = [];
    if (placing) items.push({ kind: "drop", where: "left" });
    queue.forEach((slot, i) => items.push({ kind: "slot", slot: i }));
    if (placing && queue.length) items.push({ kind: "drop", where: "right" });
    const T = Math.max(1, items.length);
    const tallest = queue.reduce((m, s) => Math.max(m, s.cards.length), 1);
    const innerH = mat.h - 10;
    let fit = null;
    for (let cw = Math.min(compact ? 84 : 118, (mat.w - 24) / 2.6); cw >= 22; cw -= 1) {
      const ch = cw * RATIO;
      const so = Math.max(3, cw * 0.075);
      const top = so * Math.min(tallest - 1, 6) + Math.max(8, cw * 0.12);
      const below = Math.max(14, cw * 0.2) + 6;
      const gx = Math.max(12, cw * 0.22);
      const rowH = top + ch + below;
      const innerW = mat.w - 2 * Math.max(10, gx); // room for the chevrons at the row ends
      const cols = Math.max(1, Math.floor((innerW + gx) / (cw + gx)));
      const rows = Math.ceil(T / cols);
      fit = { cw, ch, so, top, below, gx, rowH, cols, rows };
      if (rows * rowH <= innerH) break;
    }
    const { cw, ch, gx, rowH, rows } = fit;
    const perRow = Math.ceil(T / rows);
    const blockH = rows * rowH;
    const y0 = mat.y + 5 + Math.max(0, (innerH - blockH) / 2);
    items.forEach((it, k) => {
      const r = Math.floor(k / perRow), c = k % perRow;
      const inRow = Math.min(perRow, items.length - r * perRow);
      const rowW = inRow * cw + (inRow - 1) * gx;
      const x = mat.x + (mat.w - rowW) / 2 + c * (cw + gx);
      const y = y0 + r * rowH + fit.top;
      const box = { ...it, x, y, w: cw, h: ch, row: r, col: c, last: c === inRow - 1 };
      items[k] = box;
      if (it.kind === "slot") g.slots[it.slot] = box;
      else g.drops.push(box);
    });
    g.items = items;
    g.card = fit;
    // the gaps between slots (Royal Decree destinations): gap k sits before slot k
    const N = queue.length;
    for (let k = 0; k <= N; k++) {
      const spots = [];
      const a = g.slots[k - 1], b = g.slots[k];
      if (a && b && a.row === b.row) spots.push({ x: (a.x + a.w + b.x) / 2, y: a.y + a.h / 2 });
      else {
        if (a) spots.push({ x: a.x + a.w + gx / 2, y: a.y + a.h / 2 });
        if (b) spots.push({ x: b.x - gx / 2, y: b.y + b.h / 2 });
      }
      g.gaps[k] = spots;
    }
    return g;
  }

  /** The centre of slot i (0-based) in viewport coordinates (tests and tools). */
  slotCenter(i) {
    const b = this.geom && this.geom.slots[i];
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h)) : null;
  }

  /** The centre of the viewer's hand card `card`. */
  handCenter(card) {
    const b = this.geom && this.geom.hand.find((h) => h.card === card);
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h * 0.6, Math.min(b.w, b.h)) : null;
  }

  /** The (i) button of a hand card. */
  handInfoCenter(card) {
    const b = this.geom && this.geom.hand.find((h) => h.card === card);
    if (!b) return null;
    const r = this._infoR(b);
    const top = b.y - (this.opts.select.selected === card ? b.h * 0.14 : 0);
    return this.toClient(b.x + b.w - r - 1, top + r + 1, r * 2);
  }

  seatCenter(seat) {
    const b = this.geom && this.geom.banners[seat];
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h)) : null;
  }

  dropCenter(where) {
    const b = this.geom && this.geom.drops.find((d) => d.where === where);
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h)) : null;
  }

  gapCenter(k) {
    const s = this.geom && this.geom.gaps[k] && this.geom.gaps[k][0];
    return s ? this.toClient(s.x, s.y, this.geom.card.gx) : null;
  }

  /** The box of slot i in canvas coordinates (for overlays). */
  slotBox(i) {
    const b = this.geom && this.geom.slots[i];
    return b ? { x: b.x, y: b.y, w: b.w, h: b.h } : null;
  }

  _infoR(b) {
    return Math.max(9, Math.min(13, b.w * 0.17));
  }

  hitTest(x, y) {
    const g = this.geom;
    if (!g || !this.view) return null;
    const sel = this.opts.select;
    const view = this.view;
    const inside = (b, m = 0) => x >= b.x - m && x < b.x + b.w + m && y >= b.y - m && y < b.y + b.h + m;
    // the hand: its (i), then the card
    for (const b of g.hand) {
      const r = this._infoR(b);
      const top = b.y - (sel.selected === b.card ? b.h * 0.14 : 0); // the picked-up card is lifted
      if (Math.hypot(x - (b.x + b.w - r - 1), y - (top + r + 1)) <= r + 4) {
        return { kind: "info", id: b.card, info: { card: b.card, family: view.seat, where: "hand" } };
      }
      if (inside({ ...b, y: top, h: b.h + b.y - top }, 3)) return { kind: "hand", id: b.card, info: { card: b.card, family: view.seat, where: "hand" } };
    }
    for (const b of g.banners) if (inside(b)) return { kind: "seat", id: b.seat };
    for (const b of g.drops) if (inside(b, 4)) return { kind: "drop", id: b.where };
    // gaps first when they are what is asked for
    if (sel.gaps.size) {
      let best = null, bestD = Infinity;
      for (const [k] of sel.gaps) {
        for (const s of g.gaps[k] || []) {
          const d = Math.hypot(x - s.x, (y - s.y) * 0.5);
          if (d < bestD) {
            best = k;
            bestD = d;
          }
        }
      }
      if (best !== null && bestD < g.card.cw * 0.9) return { kind: "gap", id: best };
    }
    for (const b of g.slots) {
      if (!b) continue;
      const slot = view.queue[b.slot];
      const height = (slot.cards.length - 1) * g.card.so;
      if (x >= b.x - 3 && x < b.x + b.w + 3 && y >= b.y - height - 3 && y < b.y + b.h + 10) {
        const top = slot.cards[slot.cards.length - 1];
        return {
          kind: "slot",
          id: b.slot,
          info: { card: top.card, up: top.up, tokens: top.tokens, family: slot.owner, slot: b.slot, stack: slot.cards, where: "queue" },
        };
      }
    }
    return null;
  }

  /** The move (or action) a hit stands for now, or null. */
  _action(hit) {
    if (!hit) return null;
    const sel = this.opts.select;
    if (hit.kind === "hand") return sel.hand.has(hit.id) ? { hand: hit.id } : null;
    if (hit.kind === "drop") return sel.drops.has(hit.id) ? { move: sel.drops.get(hit.id) } : null;
    if (hit.kind === "gap") return sel.gaps.has(hit.id) ? { move: sel.gaps.get(hit.id) } : null;
    if (hit.kind === "seat") return sel.seats.has(hit.id) ? { move: sel.seats.get(hit.id) } : null;
    if (hit.kind === "slot") return sel.slots.has(hit.id) ? { move: sel.slots.get(hit.id) } : null;
    return null;
  }

  _clickable(hit) {
    return !!this._action(hit) || !!(hit && hit.info && (hit.info.card || hit.kind === "slot"));
  }

  _click(e) {
    if (this._longPressed) {
      this._longPressed = false;
      return;
    }
    const hit = this.hitTest(...this._pos(e));
    if (!hit) return;
    if (hit.kind === "info") return this.onInfo(hit.info);
    const act = this._action(hit);
    if (act && act.move) return this.onMove(act.move);
    if (act && act.hand) return this.onHand(act.hand);
    if (hit.info) this.onInfo(hit.info);
  }

  _press(e) {
    clearTimeout(this._pressTimer);
    this._longPressed = false;
    if (e.pointerType !== "touch") return;
    const pos = this._pos(e);
    this._pressTimer = setTimeout(() => {
      const hit = this.hitTest(...pos);
      if (hit && hit.info) {
        this._longPressed = true;
        this.onInfo(hit.info);
      }
    }, 520);
  }

  _move(e) {
    clearTimeout(this._pressTimer);
    super._move(e);
  }

  // ------------------------------------------------------------ motion

  _animateChange(prev, view, oldSlots, now) {
    const g = this.geom;
    if (!g.card) return;
    const push = (a) => this.anims.push({ start: now, dur: SLIDE_MS, ...a });
    const pairs = matchQueues(prev.queue, view.queue);
    const matchedPrev = new Map(pairs.map(([i, j]) => [i, j]));
    const matchedNext = new Map(pairs.map(([i, j]) => [j, i]));
    // cards that left the queue, by owner, get their faces from the public piles
    const gone = view.out.map((pile, s) => pile.slice((prev.out[s] || []).length));
    const usedSources = new Set();
    const fromRect = (i) => oldSlots[i] || null;
    // moved cards (Royal Decree): a new single-card slot whose card left another slot
    const movedFrom = new Map();
    view.queue.forEach((slot, j) => {
      if (matchedNext.has(j) || slot.cards.length !== 1) return;
      const c = slot.cards[0];
      for (let i = 0; i < prev.queue.length; i++) {
        const p = prev.queue[i];
        if (p.owner !== slot.owner || usedSources.has(i)) continue;
        const top = p.cards[p.cards.length - 1];
        if (!sameCard(top, c) && !(top.card === null && c.card === null && top.up === c.up)) continue;
        const k = matchedPrev.get(i);
        const lostTop = k === undefined ? p.cards.length === 1 : view.queue[k].cards.length === p.cards.length - 1;
        if (!lostTop) continue;
        usedSources.add(i);
        movedFrom.set(j, i);
        break;
      }
    });
    // slides and flips for stacks that stayed; drops for cards put on top
    for (const [i, j] of pairs) {
      const a = fromRect(i), b = g.slots[j];
      if (a && b && (Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1)) push({ kind: "slide", slot: j, fx: a.x, fy: a.y });
      const p = prev.queue[i].cards, q = view.queue[j].cards;
      if (q.length === p.length + 1) push({ kind: "drop", slot: j, dur: SLIDE_MS });
      else if (q.length === p.length && !p[p.length - 1].up && q[q.length - 1].up) push({ kind: "flip", slot: j, dur: FLIP_MS });
      else if (q.length === p.length - 1 && !usedSources.has(i) && a) {
        const lost = p[p.length - 1];
        push({ kind: "gone", ...this._goneCard(lost, prev.queue[i].owner, gone), x: a.x, y: a.y - (q.length) * g.card.so, w: a.w, h: a.h, dur: GONE_MS });
      }
    }
    // whole slots that went away
    prev.queue.forEach((p, i) => {
      if (matchedPrev.has(i) || usedSources.has(i)) return;
      const a = fromRect(i);
      if (!a) return;
      const lost = p.cards[p.cards.length - 1];
      push({ kind: "gone", ...this._goneCard(lost, p.owner, gone), x: a.x, y: a.y, w: a.w, h: a.h, dur: GONE_MS });
    });
    // new slots: moved (arc from the old place) or placed (rising from the hand)
    view.queue.forEach((slot, j) => {
      if (matchedNext.has(j)) return;
      const b = g.slots[j];
      if (!b) return;
      if (movedFrom.has(j)) {
        const a = fromRect(movedFrom.get(j));
        if (a) push({ kind: "slide", slot: j, fx: a.x, fy: a.y, arc: true, dur: SLIDE_MS + 40 });
      } else push({ kind: "slide", slot: j, fx: b.x, fy: g.H, fade: true });
    });
  }

  /** Influence won or lost, as the move's events say (the badges add up over the moves of the last moments). */
  _countInfluence(events) {
    const change = events.find((e) => e.kind === "influence");
    if (!change) return;
    const deltas = change.changes;
    this.deltas = this.deltas ? this.deltas.map((d, s) => d + (deltas[s] || 0)) : deltas;
    this.anims.push({ kind: "pool", dur: SLIDE_MS, seats: deltas.map(Boolean), start: performance.now() });
  }

  _goneCard(card, owner, gone) {
    const pile = gone[owner] || [];
    const entry = pile.length ? pile.shift() : null;
    return { card: card.card || (entry ? entry.card : null), owner, reason: entry ? entry.reason : "discarded" };
  }

  _anim(kind, test = () => true) {
    const now = performance.now();
    return this.anims.find((a) => a.kind === kind && now < a.start + a.dur && test(a));
  }

  _progress(a) {
    return clamp01((performance.now() - a.start) / a.dur);
  }

  // ------------------------------------------------------------ drawing

  paint() {
    this.drawMat();
    if (this.view) {
      this.drawBanners();
      this.drawStrip();
      this.drawQueue();
      this.drawGone();
      this.drawHand();
    }
  }

  drawMat() {
    const { ctx, geom: g, pal } = this;
    const m = g.mat;
    if (!m || m.h < 10) return;
    const r = g.compact ? 12 : 18;
    ctx.save();
    ctx.shadowColor = pal.shadow;
    ctx.shadowBlur = 14;
    ctx.shadowOffsetY = 3;
    roundRect(ctx, m.x, m.y, m.w, m.h, r);
    const grad = ctx.createRadialGradient(m.x + m.w / 2, m.y + m.h * 0.35, 10, m.x + m.w / 2, m.y + m.h / 2, Math.max(m.w, m.h) * 0.75);
    grad.addColorStop(0, pal.matTop);
    grad.addColorStop(1, pal.matBottom);
    ctx.fillStyle = grad;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.clip();
    // a damask of small fleurs
    ctx.fillStyle = pal.matLine;
    const step = g.compact ? 34 : 46;
    for (let y = m.y + step / 2, row = 0; y < m.y + m.h; y += step * 0.75, row++) {
      for (let x = m.x + (row % 2 ? step / 2 : 0); x < m.x + m.w + step; x += step) {
        unit(ctx, x, y, step * 0.14, () => {
          ctx.beginPath();
          ctx.moveTo(0, -1);
          ctx.quadraticCurveTo(0.5, -0.2, 0, 1);
          ctx.quadraticCurveTo(-0.5, -0.2, 0, -1);
          ctx.moveTo(-1, 0.1);
          ctx.quadraticCurveTo(-0.3, -0.4, 0, 0.2);
          ctx.quadraticCurveTo(0.3, -0.4, 1, 0.1);
          ctx.quadraticCurveTo(0.3, 0.4, 0, 0.3);
          ctx.quadraticCurveTo(-0.3, 0.4, -1, 0.1);
          ctx.fill();
        });
      }
    }
    ctx.restore();
    ctx.save();
    const inset = g.compact ? 4 : 6;
    roundRect(ctx, m.x + inset, m.y + inset, m.w - 2 * inset, m.h - 2 * inset, r - inset);
    ctx.strokeStyle = pal.matEdge;
    ctx.globalAlpha = 0.7;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    roundRect(ctx, m.x + inset + 3, m.y + inset + 3, m.w - 2 * inset - 6, m.h - 2 * inset - 6, r - inset - 2);
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 0.8;
    ctx.stroke();
    ctx.restore();
  }

  drawBanners() {
    const { ctx, geom: g, pal, view } = this;
    const { names = [], tags = [], select } = this.opts;
    const pool = this._anim("pool");
    for (const b of g.banners) {
      const s = b.seat;
      const f = FAMILIES[s];
      const toMove = view.to_move === s;
      const won = view.outcome && view.outcome.winners.includes(s);
      const target = select.seats.has(s);
      const lit = target && this._lit("seat", s);
      ctx.save();
      roundRect(ctx, b.x, b.y, b.w, b.h, 10);
      fillShadowed(ctx, pal.banner, pal.shadow, 6, 1);
      ctx.clip();
      // the family's colour along the left edge
      ctx.fillStyle = f.fill;
      ctx.fillRect(b.x, b.y, 5, b.h);
      ctx.restore();
      ctx.save();
      roundRect(ctx, b.x, b.y, b.w, b.h, 10);
      if (target || toMove || won) {
        ctx.lineWidth = lit ? 4 : 3;
        ctx.strokeStyle = target ? (lit ? pal.select : pal.glow) : won ? pal.gold : pal.glow;
        if (target) {
          ctx.shadowColor = pal.glow;
          ctx.shadowBlur = 10;
        }
      } else {
        ctx.lineWidth = 1;
        ctx.strokeStyle = pal.bannerEdge;
      }
      ctx.stroke();
      ctx.restore();
      const first = view.first_player === s && !view.outcome;
      const tight = b.w < 100; // five players on a phone: name, then crest and hand, then influence
      const handIcon = (hx, hy, size, font) => {
        const hw = size, hh = hw * 1.35;
        ctx.save();
        for (let k = 1; k >= 0; k--) {
          roundRect(ctx, hx - k * 3, hy - hh / 2 - k * 1.5, hw, hh, 2);
          ctx.fillStyle = k ? f.deep : f.fill;
          ctx.fill();
        }
        ctx.fillStyle = pal.text;
        ctx.font = `700 ${font}px ${SANS}`;
        ctx.textAlign = "left";
        ctx.textBaseline = "middle";
        ctx.fillText(String(view.hand_counts[s]), hx + hw + 3, hy + 1);
        ctx.restore();
      };
      const poolRow = (x, rowY, coinR, font, badgeFont) => {
        const pop = pool && pool.seats[s] ? 1 + 0.35 * Math.sin(Math.PI * this._progress(pool)) : 1;
        drawCoin(ctx, x, rowY, coinR * pop, null, { shadow: false });
        ctx.save();
        ctx.fillStyle = pal.text;
        ctx.font = `800 ${font}px ${SANS}`;
        ctx.textAlign = "left";
        ctx.textBaseline = "middle";
        const poolText = String(view.pools[s]);
        ctx.fillText(poolText, x + coinR + 3, rowY + 1);
        x += coinR + 5 + ctx.measureText(poolText).width;
        const d = this.deltas ? this.deltas[s] : 0;
        ctx.font = `800 ${badgeFont}px ${SANS}`;
        const text = d > 0 ? `+${d}` : `−${-d}`;
        const w = ctx.measureText(text).width + 8;
        if (d && x + w + 2 <= b.x + b.w - 2) {
          const h = badgeFont + 5;
          roundRect(ctx, x + 1, rowY - h / 2, w, h, h / 2);
          ctx.fillStyle = d > 0 ? "#2f8a4c" : "#b3302b";
          ctx.fill();
          ctx.fillStyle = "#fff";
          ctx.fillText(text, x + 5, rowY + 1);
          x += w + 3;
        }
        ctx.restore();
        return x;
      };
      ctx.save();
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      if (tight) {
        const tx = b.x + 9;
        ctx.fillStyle = pal.text;
        ctx.font = `700 11.5px ${SANS}`;
        ctx.fillText(ellipsize(ctx, names[s] || "", b.x + b.w - tx - 4 - (first ? 12 : 0)), tx, b.y + 11);
        drawCrest(ctx, s, tx + 7, b.y + 27, 7.5);
        handIcon(tx + 22, b.y + 27, 8, 11);
        poolRow(tx + 7, b.y + b.h - 11, 7, 13, 9);
      } else {
        // crest, name, tag
        const cr = Math.min(b.h * 0.3, g.compact ? 10.5 : 18);
        const cx = b.x + (g.compact ? 7 : 8) + cr, cy = b.y + (g.compact ? cr + 6 : b.h / 2 - 6);
        drawCrest(ctx, s, cx, cy, cr);
        const tx = g.compact ? cx + cr + 4 : cx + cr + 8;
        const tw = b.x + b.w - tx - (first ? (g.compact ? 14 : 22) : 5);
        ctx.fillStyle = pal.text;
        ctx.font = `700 ${g.compact ? 12 : 14}px ${SANS}`;
        ctx.fillText(ellipsize(ctx, names[s] || "", tw), tx, b.y + (g.compact ? 12 : 17));
        ctx.fillStyle = pal.muted;
        ctx.font = `600 ${g.compact ? 10 : 11.5}px ${SANS}`;
        ctx.fillText(ellipsize(ctx, tags[s] || "", g.compact ? b.x + b.w - tx - 4 : tw), tx, b.y + (g.compact ? 26 : 34));
        // influence and hand
        const rowY = b.y + b.h - (g.compact ? 13 : 15);
        const coinR = g.compact ? 8.5 : 10;
        const end = poolRow(g.compact ? b.x + 10 + coinR : tx + coinR, rowY, coinR, g.compact ? 14 : 17, g.compact ? 10 : 12);
        const hx = b.x + b.w - (g.compact ? 24 : 30);
        if (end < hx - 2) handIcon(hx, rowY, g.compact ? 9 : 11, g.compact ? 11 : 13);
      }
      ctx.restore();
      // the first player's pennant (the oriflamme)
      if (first) {
        const px = b.x + b.w - (g.compact ? 12 : 18), py = b.y + (g.compact ? 4 : 6);
        const ph = b.w < 100 ? 10 : g.compact ? 12 : 16;
        ctx.save();
        ctx.fillStyle = pal.text;
        ctx.fillRect(px, py, 1.6, ph);
        ctx.beginPath();
        ctx.moveTo(px + 1.6, py);
        ctx.lineTo(px + ph * 0.75, py + ph * 0.2);
        ctx.lineTo(px + ph * 0.45, py + ph * 0.32);
        ctx.lineTo(px + ph * 0.75, py + ph * 0.48);
        ctx.lineTo(px + 1.6, py + ph * 0.55);
        ctx.closePath();
        ctx.fillStyle = "#d1281f";
        ctx.fill();
        ctx.restore();
      }
    }
  }

  drawStrip() {
    const { ctx, geom: g, pal } = this;
    const labels = this.opts.labels || {};
    const y = g.stripY + g.stripH / 2;
    ctx.save();
    ctx.fillStyle = pal.muted;
    ctx.font = `700 ${g.compact ? 11.5 : 13}px ${SANS}`;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    ctx.fillText(labels.round || "", g.pad + 4, y, g.W * 0.55);
    // resolution order: first → last
    ctx.textAlign = "right";
    const text = labels.order || "";
    const right = g.W - g.pad - 4;
    ctx.fillText(text, right - 22, y, g.W * 0.4);
    ctx.strokeStyle = pal.muted;
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    ctx.moveTo(right - 18, y);
    ctx.lineTo(right, y);
    ctx.moveTo(right - 5, y - 4);
    ctx.lineTo(right, y);
    ctx.lineTo(right - 5, y + 4);
    ctx.stroke();
    ctx.restore();
  }

  _slotPos(j) {
    const b = this.geom.slots[j];
    const a = this._anim("slide", (x) => x.slot === j);
    if (!a) return { x: b.x, y: b.y, alpha: 1 };
    const p = easeInOut(this._progress(a));
    const lift = a.arc ? Math.sin(Math.PI * p) * b.h * 0.45 : 0;
    return { x: lerp(a.fx, b.x, p), y: lerp(a.fy, b.y, p) - lift, alpha: a.fade ? 0.3 + 0.7 * p : 1 };
  }

  drawQueue() {
    const { ctx, geom: g, pal, view } = this;
    const sel = this.opts.select;
    const labels = this.opts.labels || {};
    const { cw, ch, so } = g.card;
    // chevrons between slots show the order; gap markers when a Decree places a card
    for (let k = 0; k <= view.queue.length; k++) {
      const legal = sel.gaps.has(k);
      for (const s of g.gaps[k] || []) {
        if (legal) {
          const lit = this._lit("gap", k);
          ctx.save();
          ctx.shadowColor = pal.glow;
          ctx.shadowBlur = lit ? 16 : 8;
          roundRect(ctx, s.x - 4, s.y - ch * 0.45, 8, ch * 0.9, 4);
          ctx.fillStyle = lit ? pal.select : pal.glow;
          ctx.fill();
          ctx.restore();
          ctx.save();
          ctx.fillStyle = "#2b1f18";
          ctx.beginPath();
          ctx.moveTo(s.x - 3, s.y - 4);
          ctx.lineTo(s.x + 3, s.y - 4);
          ctx.lineTo(s.x, s.y + 3);
          ctx.closePath();
          ctx.fill();
          ctx.restore();
        } else if (k > 0 && k < view.queue.length && !sel.gaps.size) {
          ctx.save();
          ctx.strokeStyle = pal.onMatMuted;
          ctx.globalAlpha = 0.6;
          ctx.lineWidth = 1.6;
          const r = Math.min(5, g.card.gx * 0.3);
          ctx.beginPath();
          ctx.moveTo(s.x - r * 0.5, s.y - r);
          ctx.lineTo(s.x + r * 0.5, s.y);
          ctx.lineTo(s.x - r * 0.5, s.y + r);
          ctx.stroke();
          ctx.restore();
        }
      }
    }
    // drop targets at the ends
    for (const d of g.drops) {
      const legal = sel.drops.has(d.where);
      const show = legal || sel.dropsHint;
      if (!show) continue;
      const lit = this._lit("drop", d.where);
      ctx.save();
      roundRect(ctx, d.x, d.y, d.w, d.h, Math.max(3, d.w * 0.08));
      ctx.fillStyle = legal ? (lit ? "rgba(255, 211, 107, 0.28)" : "rgba(255, 211, 107, 0.12)") : "rgba(255,255,255,0.03)";
      ctx.fill();
      ctx.setLineDash([6, 5]);
      ctx.lineWidth = legal ? 2.2 : 1.2;
      ctx.strokeStyle = legal ? (lit ? pal.select : pal.glow) : pal.onMatMuted;
      if (legal) {
        ctx.shadowColor = pal.glow;
        ctx.shadowBlur = lit ? 14 : 6;
      }
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.shadowColor = "transparent";
      ctx.fillStyle = legal ? pal.select : pal.onMatMuted;
      ctx.font = `700 ${Math.max(16, d.w * 0.34)}px ${SANS}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("+", d.x + d.w / 2, d.y + d.h * 0.42);
      const text = view.queue.length ? (d.where === "left" ? labels.leftEnd : labels.rightEnd) : labels.start;
      if (text && d.w >= 40) {
        fitFont(ctx, text, 700, Math.max(8, d.w * 0.13), SANS, d.w - 6);
        ctx.fillText(text, d.x + d.w / 2, d.y + d.h * 0.7);
      }
      ctx.restore();
    }
    // the stacks
    view.queue.forEach((slot, j) => {
      const b = g.slots[j];
      if (!b) return;
      const pos = this._slotPos(j);
      const n = slot.cards.length;
      const cursor = view.cursor === j && view.phase === "resolve";
      const legal = sel.slots.has(j);
      const picked = sel.picked === j;
      const lit = legal && this._lit("slot", j);
      const kind = sel.slotKind || "pick";
      ctx.save();
      ctx.globalAlpha = pos.alpha;
      // covered cards peek out above the top card
      for (let k = 0; k < n - 1; k++) {
        const off = (n - 1 - k) * so;
        drawCard(ctx, pal, pos.x, pos.y - off, cw, ch, slot.cards[k], { family: slot.owner, name: "", shadow: k === 0, hiddenMark: false });
        // a thin line so each covered edge reads as its own card
        ctx.save();
        roundRect(ctx, pos.x, pos.y - off, cw, ch, Math.max(3, cw * 0.08));
        ctx.lineWidth = 0.8;
        ctx.strokeStyle = "rgba(0,0,0,0.35)";
        ctx.stroke();
        ctx.restore();
      }
      const top = slot.cards[n - 1];
      const tx = pos.x, ty = pos.y;
      // glow under the top card
      if (cursor || legal || picked) {
        ctx.save();
        roundRect(ctx, tx - 3, ty - 3 - (n - 1) * so, cw + 6, ch + 6 + (n - 1) * so, Math.max(4, cw * 0.1));
        const colour = kind === "attack" ? pal.danger : pal.glow;
        ctx.shadowColor = legal || picked ? colour : pal.gold;
        ctx.shadowBlur = lit || picked ? 22 : 14;
        ctx.lineWidth = lit || picked ? 4 : 3;
        ctx.strokeStyle = legal ? (lit ? (kind === "attack" ? "#ff8a78" : pal.select) : colour) : picked ? pal.select : pal.gold;
        ctx.stroke();
        ctx.restore();
      }
      const drop = this._anim("drop", (a) => a.slot === j);
      const flip = this._anim("flip", (a) => a.slot === j);
      const name = top.card ? labels.cards && labels.cards[top.card] : "";
      if (flip) {
        const p = this._progress(flip);
        const sx = Math.abs(Math.cos(Math.PI * p));
        ctx.save();
        ctx.translate(tx + cw / 2, 0);
        ctx.scale(Math.max(0.02, sx), 1);
        ctx.translate(-(tx + cw / 2), 0);
        if (p < 0.5) drawBack(ctx, pal, tx, ty, cw, ch, slot.owner);
        else drawCard(ctx, pal, tx, ty, cw, ch, top, { family: slot.owner, name });
        ctx.restore();
      } else if (drop) {
        const p = easeOut(this._progress(drop));
        ctx.save();
        ctx.globalAlpha *= 0.2 + 0.8 * p;
        drawCard(ctx, pal, tx, ty - (1 - p) * ch * 0.5, cw, ch, top, { family: slot.owner, name });
        ctx.restore();
      } else {
        drawCard(ctx, pal, tx, ty, cw, ch, top, { family: slot.owner, name });
      }
      // owner's crest on face-up cards is in the band; mark attack targets with a reticle
      if (legal && kind === "attack") this._reticle(tx + cw / 2, ty + ch / 2, cw * 0.26, lit);
      // influence on the card
      if (top.tokens > 0) {
        const r = Math.max(7, Math.min(13, cw * 0.15));
        const coins = Math.min(top.tokens, 3);
        for (let k = 0; k < coins; k++) {
          drawCoin(ctx, tx + cw - r * 0.6, ty + ch - r * 0.5 - k * r * 0.35, r, k === coins - 1 ? top.tokens : null, { shadow: k === 0 });
        }
      }
      // the slot number, and the cursor's pointer
      const ny = ty + ch + Math.max(8, cw * 0.12) + 2;
      ctx.save();
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      if (cursor) {
        const text = String(j + 1);
        ctx.font = `800 ${Math.max(10, Math.min(14, cw * 0.18))}px ${SANS}`;
        const w = Math.max(26, ctx.measureText(text).width + 20);
        const h = Math.max(15, Math.min(20, cw * 0.24));
        roundRect(ctx, tx + cw / 2 - w / 2, ny - h / 2, w, h, h / 2);
        ctx.fillStyle = pal.gold;
        ctx.fill();
        ctx.fillStyle = "#2b1f18";
        ctx.beginPath();
        ctx.moveTo(tx + cw / 2 - w / 2 + 6, ny + 3);
        ctx.lineTo(tx + cw / 2 - w / 2 + 10, ny - 3);
        ctx.lineTo(tx + cw / 2 - w / 2 + 14, ny + 3);
        ctx.closePath();
        ctx.fill();
        ctx.fillText(text, tx + cw / 2 + 4, ny + 1);
      } else {
        ctx.fillStyle = pal.onMatMuted;
        ctx.font = `700 ${Math.max(9, Math.min(12, cw * 0.16))}px ${SANS}`;
        ctx.fillText(String(j + 1), tx + cw / 2, ny + 1);
      }
      ctx.restore();
      ctx.restore();
    });
  }

  _reticle(cx, cy, r, lit) {
    const { ctx, pal } = this;
    ctx.save();
    ctx.strokeStyle = lit ? "#ffffff" : pal.danger;
    ctx.lineWidth = Math.max(1.5, r * 0.14);
    ctx.globalAlpha = lit ? 0.95 : 0.75;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      ctx.moveTo(cx + dx * r * 0.55, cy + dy * r * 0.55);
      ctx.lineTo(cx + dx * r * 1.35, cy + dy * r * 1.35);
    }
    ctx.stroke();
    ctx.restore();
  }

  drawGone() {
    const { ctx, geom: g, pal } = this;
    const labels = this.opts.labels || {};
    const now = performance.now();
    for (const a of this.anims) {
      if (a.kind !== "gone" || now >= a.start + a.dur) continue;
      const p = easeOut(this._progress(a));
      ctx.save();
      ctx.globalAlpha = 1 - p;
      const y = a.y + p * a.h * 0.5;
      const c = { card: a.card, up: true, tokens: 0 };
      if (a.card) drawCard(ctx, pal, a.x, y, a.w, a.h, c, { family: a.owner, name: labels.cards ? labels.cards[a.card] : "" });
      else drawBack(ctx, pal, a.x, y, a.w, a.h, a.owner);
      // an eliminated card is struck through; a discarded one fades
      if (a.reason === "eliminated") {
        ctx.strokeStyle = pal.danger;
        ctx.lineWidth = Math.max(3, a.w * 0.08);
        ctx.lineCap = "round";
        ctx.beginPath();
        ctx.moveTo(a.x + a.w * 0.15, y + a.h * 0.85);
        ctx.lineTo(a.x + a.w * 0.85, y + a.h * 0.15);
        ctx.stroke();
      }
      ctx.restore();
    }
    void g;
  }

  drawHand() {
    const { ctx, geom: g, pal, view } = this;
    const sel = this.opts.select;
    const labels = this.opts.labels || {};
    const box = g.handBox;
    if (!box) return;
    ctx.save();
    ctx.fillStyle = pal.muted;
    ctx.font = `700 ${g.compact ? 12 : 14}px ${SANS}`;
    ctx.textAlign = g.hand.length ? "left" : "center";
    ctx.textBaseline = "middle";
    const title = view.outcome ? "" : view.hand ? labels.hand || "" : view.seat === null ? labels.handHidden || "" : "";
    if (title) {
      if (g.hand.length) ctx.fillText(ellipsize(ctx, title, box.w - 8), box.x + 4, box.titleY);
      else ctx.fillText(title, g.W / 2, box.titleY);
    }
    ctx.restore();
    for (const b of g.hand) {
      const selected = sel.selected === b.card;
      const playable = sel.hand.has(b.card);
      const lit = this._lit("hand", b.card);
      const lift = selected ? b.h * 0.14 : lit && playable ? b.h * 0.06 : 0;
      const y = b.y - lift;
      if (playable || selected) {
        ctx.save();
        roundRect(ctx, b.x - 2, y - 2, b.w + 4, b.h + 4, Math.max(4, b.w * 0.1));
        ctx.shadowColor = pal.glow;
        ctx.shadowBlur = selected ? 18 : 8;
        ctx.lineWidth = selected ? 3.5 : 2;
        ctx.strokeStyle = selected ? pal.select : pal.glow;
        ctx.stroke();
        ctx.restore();
      }
      ctx.save();
      if (sel.hand.size && !playable) ctx.globalAlpha = 0.55;
      drawCard(ctx, pal, b.x, y, b.w, b.h, { card: b.card, up: true, tokens: 0 }, { family: view.seat ?? 0, name: labels.cards ? labels.cards[b.card] : "" });
      ctx.restore();
      // the (i) for the card's rules
      const r = this._infoR(b);
      const ix = b.x + b.w - r - 1, iy = y + r + 1;
      ctx.save();
      ctx.beginPath();
      ctx.arc(ix, iy, r * 0.72, 0, Math.PI * 2);
      ctx.fillStyle = this._lit("info", b.card) ? pal.select : "rgba(255, 250, 238, 0.92)";
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = "rgba(43, 31, 24, 0.6)";
      ctx.stroke();
      ctx.fillStyle = "#2b1f18";
      ctx.font = `italic 700 ${Math.round(r * 0.95)}px ${SERIF}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("i", ix, iy + 0.5);
      ctx.restore();
    }
  }
}

function emptySelect() {
  return {
    hand: new Set(), // cards that may be picked up for placement
    selected: null, // the card picked up
    drops: new Map(), // "left" | "right" -> move
    dropsHint: false, // show the end targets faintly
    slots: new Map(), // slot -> move (targets, own stacks, cards to move or copy)
    slotKind: "pick", // "attack" | "pick"
    seats: new Map(), // seat -> move (steal)
    gaps: new Map(), // gap -> move (Royal Decree destination)
    picked: null, // the slot a Royal Decree picked
  };
}

/** The start page's picture: a queue of cards on the velvet mat. */
export function drawThumb(ctx, w, h, dark) {
  const pal = oriPalette(dark);
  const g = ctx.createRadialGradient(w / 2, h * 0.4, 10, w / 2, h / 2, Math.max(w, h) * 0.7);
  g.addColorStop(0, pal.matTop);
  g.addColorStop(1, pal.matBottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const cw = Math.min(w / 6.4, (h * 0.66) / RATIO), ch = cw * RATIO;
  const gap = cw * 0.2;
  const cards = [
    { family: 0, c: { card: null, up: false, tokens: 2 } },
    { family: 1, c: { card: "lord", up: true, tokens: 0 } },
    { family: 2, c: { card: "archer", up: true, tokens: 0 } },
    { family: 3, c: { card: null, up: false, tokens: 1 } },
    { family: 4, c: { card: "spy", up: true, tokens: 0 } },
  ];
  const x0 = (w - (5 * cw + 4 * gap)) / 2;
  const y0 = (h - ch) / 2 + ch * 0.04;
  cards.forEach(({ family, c }, i) => {
    const x = x0 + i * (cw + gap);
    const y = y0 + (i === 2 ? -ch * 0.08 : 0);
    if (i === 2) {
      ctx.save();
      roundRect(ctx, x - 3, y - 3, cw + 6, ch + 6, Math.max(4, cw * 0.1));
      ctx.shadowColor = pal.gold;
      ctx.shadowBlur = 14;
      ctx.lineWidth = 3;
      ctx.strokeStyle = pal.gold;
      ctx.stroke();
      ctx.restore();
    }
    drawCard(ctx, pal, x, y, cw, ch, c, { family });
    if (c.tokens) drawCoin(ctx, x + cw - 6, y + ch - 5, Math.max(7, cw * 0.15), c.tokens);
  });
}
