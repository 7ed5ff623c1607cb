// Small pictures for the start page cards (a move button's tile picture: render/art.js tilePicture).

import { palette, drawTile, drawToken, fitCanvas } from "../render/art.js";
import { stonePalette, drawStone, COLOURS } from "../render/turncoats.js";
import { drawThumb as drawOriflammeThumb } from "../render/oriflamme.js";

const dark = () => matchMedia("(prefers-color-scheme: dark)").matches;

function prepare(canvas) {
  const fit = fitCanvas(canvas);
  const w = Math.max(1, fit.w), h = Math.max(1, fit.h), dpr = fit.dpr;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return [ctx, w, h];
}

function okiya(canvas) {
  const [ctx, w, h] = prepare(canvas);
  const pal = palette(dark());
  ctx.fillStyle = pal.tray;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = pal.trayLine;
  for (let y = 4; y < h; y += 7) {
    ctx.beginPath();
    for (let x = 0; x <= w; x += 6) ctx.lineTo(x, y + Math.sin(x / 30) * 1.5);
    ctx.stroke();
  }
  const s = Math.min(h * 0.4, w / 5.6);
  const tiles = [3, 6, 9, 12, 0];
  const cx = w / 2, cy = h / 2;
  const spots = [[-1.75, -0.5], [-0.6, -0.62], [0.55, -0.5], [-1.2, 0.62], [-0.05, 0.55]];
  spots.forEach(([dx, dy], i) => {
    drawTile(ctx, pal, cx + dx * s - s / 2 + s * 0.5, cy + dy * s - s / 2, s, tiles[i], { lift: i === 4 ? 1 : 0.2, glow: i === 4 ? 1 : 0 });
  });
  drawToken(ctx, pal, 0, cx + 1.75 * s, cy - 0.5 * s, s * 0.55);
  drawToken(ctx, pal, 1, cx + 1.75 * s, cy + 0.55 * s, s * 0.55);
}

function oriflamme(canvas) {
  const [ctx, w, h] = prepare(canvas);
  drawOriflammeThumb(ctx, w, h, dark());
}

function turncoats(canvas) {
  const [ctx, w, h] = prepare(canvas);
  const d = dark();
  const pal = stonePalette(d);
  ctx.fillStyle = pal.cloth;
  ctx.fillRect(0, 0, w, h);
  const cx = w / 2, cy = h / 2, R = Math.min(w, h) * 0.36;
  ctx.strokeStyle = pal.stitch;
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(cx, cy, R, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
  // a ring of eleven stones, each colour with its mark
  for (let i = 0; i < 11; i++) {
    const a = (i / 11) * Math.PI * 2 - Math.PI / 2;
    drawStone(ctx, pal, COLOURS[i % 3], cx + Math.cos(a) * R, cy + Math.sin(a) * R, Math.max(5, Math.min(10, R * 0.2)));
  }
}

export const THUMBS = { okiya, oriflamme, turncoats };
