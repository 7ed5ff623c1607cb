// Okiya's picture on the start page (ui/thumbs.js finds it by the game's id): tiles on
// the raked gravel and the two players' stones.

import { palette, drawTile, drawToken } from "./art.js";

/** The start page's picture, drawn into a `w` by `h` context. */
export function drawThumb(ctx, w, h, dark) {
  const pal = palette(dark);
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
