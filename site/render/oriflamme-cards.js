// Oriflamme's cards and coins on a canvas: a card face up or face down, influence as gold
// coins, small card and crest pictures for the page, and the start page's thumbnail.

import { roundRect, unit, fitFont, pictureURL } from "./art.js";
import { FAMILIES, KINDS, RATIO, SANS, SERIF, drawCharge, drawCrest, drawGlyph, oriPalette } from "./oriflamme-art.js";

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
  if (shadow) drawCardShadow(ctx, pal, x, y, w, h, r, f);
  if (!c.up && !c.card) {
    drawBack(ctx, pal, x, y, w, h, family);
    return;
  }
  const face = KINDS[c.card] === "intrigue" ? pal.intrigue : pal.parchment;
  const card = { f, r, face, family, name };
  // a face-down card only its owner (or the end screen) may see
  if (!c.up) drawVeiledCard(ctx, pal, x, y, w, h, c, { ...card, hiddenMark });
  else drawCardFace(ctx, pal, x, y, w, h, c, card);
}

/** The shadow a card casts (the card's shape filled in its family's deep colour under it). */
function drawCardShadow(ctx, pal, x, y, w, h, r, f) {
  ctx.save();
  ctx.shadowColor = pal.shadow;
  ctx.shadowBlur = Math.max(2, w * 0.1);
  ctx.shadowOffsetY = Math.max(1, w * 0.04);
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = f.deep;
  ctx.fill();
  ctx.restore();
}

/** A face-down card its owner may see: the back, with the face shown through a window. */
function drawVeiledCard(ctx, pal, x, y, w, h, c, { f, r, face, family, name, hiddenMark }) {
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
}

/** A face-up card: parchment, the family's band and charge, the glyph and the name. */
function drawCardFace(ctx, pal, x, y, w, h, c, { f, r, face, family, name }) {
  ctx.save();
  roundRect(ctx, x, y, w, h, r);
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
  if (KINDS[c.card] === "intrigue") drawIntrigueMark(ctx, x + w * 0.8, y + band * 0.52, band * 0.3);
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

/** The hourglass an intrigue card wears in its band: one use. */
function drawIntrigueMark(ctx, cx, cy, r) {
  ctx.save();
  ctx.fillStyle = "#fbf1d6";
  unit(ctx, cx, cy, r, () => {
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
