// The Turncoats stones and icons on a canvas: the palettes, a glossy stone with its
// colour's mark (dot, bar, ring: colour is never the only cue), and the axe, flag and
// bag the board's trays show (render/turncoats.js draws the map with them).

import { roundRect } from "./art.js";

/** Each colour's mark, so colour is never the only cue. */
export const MARKS = { red: "dot", blue: "bar", black: "ring" };
/** The stones the start page's thumbnail draws (ui/thumbs.js); the board takes the colours and their order from the view. */
export const COLOURS = Object.keys(MARKS);

export function stonePalette(dark) {
  return dark
    ? {
        dark: true,
        page: "#1d2023",
        cloth: "#262b2a",
        weave: "rgba(230, 240, 220, 0.035)",
        land: ["#3a4a3d", "#33422f"],
        landEdge: "rgba(210, 230, 190, 0.28)",
        road: "rgba(225, 210, 170, 0.20)",
        stitch: "rgba(240, 225, 190, 0.55)",
        text: "#ebe6da",
        muted: "#a9a596",
        badge: "#1d2023",
        badgeText: "#ebe6da",
        glow: "#f2b632",
        select: "#ffd36b",
        tray: "rgba(255, 255, 255, 0.05)",
        trayEdge: "rgba(240, 225, 190, 0.22)",
        socket: "rgba(0, 0, 0, 0.28)",
        shadow: "rgba(0, 0, 0, 0.55)",
        stone: { red: "#e0503b", blue: "#4d8ef0", black: "#141416" },
        stoneHi: { red: "#ff9a86", blue: "#a9c8ff", black: "#6d6d74" },
        rim: { red: "rgba(0,0,0,0.35)", blue: "rgba(0,0,0,0.35)", black: "rgba(235, 230, 215, 0.75)" },
        mark: "rgba(255, 250, 238, 0.95)",
        home: { red: "#e0503b", blue: "#4d8ef0", black: "#d8d4c8" },
        ruleRim: { red: "#e0503b", blue: "#4d8ef0", black: "#0c0c0e" },
        ruleHalo: "rgba(235, 230, 215, 0.55)",
        pole: "#cfc5ad",
      }
    : {
        dark: false,
        page: "#efe9dc",
        cloth: "#e6dfcc",
        weave: "rgba(90, 70, 40, 0.05)",
        land: ["#c9d3ad", "#b9c69b"],
        landEdge: "rgba(70, 80, 45, 0.45)",
        road: "rgba(120, 95, 55, 0.16)",
        stitch: "rgba(110, 80, 45, 0.55)",
        text: "#2f2a22",
        muted: "#6f6656",
        badge: "#fbf7ee",
        badgeText: "#2f2a22",
        glow: "#e39b12",
        select: "#b86e00",
        tray: "rgba(255, 252, 244, 0.55)",
        trayEdge: "rgba(90, 70, 40, 0.25)",
        socket: "rgba(70, 60, 30, 0.13)",
        shadow: "rgba(60, 40, 20, 0.35)",
        stone: { red: "#cf3b28", blue: "#2462cc", black: "#1d1d20" },
        stoneHi: { red: "#ff8f7a", blue: "#8fb6ff", black: "#7a7a80" },
        rim: { red: "rgba(60,10,0,0.45)", blue: "rgba(0,20,60,0.45)", black: "rgba(0,0,0,0.6)" },
        mark: "rgba(255, 250, 238, 0.95)",
        home: { red: "#cf3b28", blue: "#2462cc", black: "#1d1d20" },
        ruleRim: { red: "#cf3b28", blue: "#2462cc", black: "#1d1d20" },
        ruleHalo: null,
        pole: "#6b5a40",
      };
}

/** A glossy stone of `colour` with its mark, centred at (x, y), radius r. */
export function drawStone(ctx, pal, colour, x, y, r, { alpha = 1, ghost = false } = {}) {
  ctx.save();
  ctx.globalAlpha *= alpha;
  if (!ghost) {
    ctx.shadowColor = pal.shadow;
    ctx.shadowBlur = r * 0.5;
    ctx.shadowOffsetY = r * 0.18;
  }
  const base = pal.stone[colour];
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, pal.stoneHi[colour]);
  g.addColorStop(0.45, base);
  g.addColorStop(1, base);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.lineWidth = Math.max(1, r * 0.1);
  ctx.strokeStyle = pal.rim[colour];
  ctx.stroke();
  drawMark(ctx, pal.mark, colour, x, y, r);
  // gloss
  ctx.beginPath();
  ctx.ellipse(x - r * 0.28, y - r * 0.42, r * 0.32, r * 0.16, -0.5, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(255,255,255,0.38)";
  ctx.fill();
  ctx.restore();
}

/** The colour's mark: red a dot, blue a bar, black a ring. */
export function drawMark(ctx, ink, colour, x, y, r) {
  ctx.save();
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  const mark = MARKS[colour];
  if (mark === "dot") {
    ctx.beginPath();
    ctx.arc(x, y + r * 0.05, r * 0.3, 0, Math.PI * 2);
    ctx.fill();
  } else if (mark === "bar") {
    roundRect(ctx, x - r * 0.55, y - r * 0.13 + r * 0.05, r * 1.1, r * 0.28, r * 0.12);
    ctx.fill();
  } else {
    ctx.beginPath();
    ctx.arc(x, y + r * 0.05, r * 0.42, 0, Math.PI * 2);
    ctx.lineWidth = r * 0.17;
    ctx.stroke();
  }
  ctx.restore();
}

export function axeIcon(ctx, x, y, s, ink) {
  // a woodsman's axe: a diagonal haft and a broad bearded blade
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(0.55);
  ctx.fillStyle = ink;
  roundRect(ctx, -s * 0.07, -s * 0.5, s * 0.14, s, s * 0.06);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(s * 0.02, -s * 0.46);
  ctx.lineTo(s * 0.2, -s * 0.46);
  ctx.quadraticCurveTo(s * 0.36, -s * 0.48, s * 0.46, -s * 0.56);
  ctx.quadraticCurveTo(s * 0.56, -s * 0.2, s * 0.46, s * 0.1);
  ctx.quadraticCurveTo(s * 0.32, -s * 0.08, s * 0.2, -s * 0.14);
  ctx.lineTo(s * 0.02, -s * 0.14);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

export function flagIcon(ctx, x, y, s, ink) {
  ctx.save();
  ctx.translate(x, y);
  ctx.fillStyle = ink;
  roundRect(ctx, -s * 0.32, -s * 0.5, s * 0.1, s, s * 0.04);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-s * 0.22, -s * 0.48);
  ctx.quadraticCurveTo(s * 0.1, -s * 0.58, s * 0.42, -s * 0.4);
  ctx.lineTo(s * 0.42, -s * 0.02);
  ctx.quadraticCurveTo(s * 0.1, -s * 0.18, -s * 0.22, -s * 0.06);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

export function bagShape(ctx, x, y, s) {
  // a drawstring pouch, s = height
  ctx.beginPath();
  ctx.moveTo(x - s * 0.18, y - s * 0.36);
  ctx.quadraticCurveTo(x - s * 0.05, y - s * 0.28, x - s * 0.16, y - s * 0.2);
  ctx.bezierCurveTo(x - s * 0.62, y + s * 0.05, x - s * 0.5, y + s * 0.5, x, y + s * 0.5);
  ctx.bezierCurveTo(x + s * 0.5, y + s * 0.5, x + s * 0.62, y + s * 0.05, x + s * 0.16, y - s * 0.2);
  ctx.quadraticCurveTo(x + s * 0.05, y - s * 0.28, x + s * 0.18, y - s * 0.36);
  ctx.quadraticCurveTo(x, y - s * 0.5, x - s * 0.18, y - s * 0.36);
  ctx.closePath();
}
