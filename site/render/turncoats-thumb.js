// Turncoats' picture on the start page (ui/thumbs.js finds it by the game's id): a ring of
// stones, each colour with its mark, on the cloth.

import { stonePalette, drawStone, COLOURS } from "./turncoats-art.js";

/** The start page's picture, drawn into a `w` by `h` context. */
export function drawThumb(ctx, w, h, dark) {
  const pal = stonePalette(dark);
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
