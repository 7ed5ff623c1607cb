// Oriflamme's picture on the start page (ui/thumbs.js finds it by the game's id).

import { roundRect } from "./art.js";
import { RATIO, oriPalette } from "./oriflamme-art.js";
import { drawCard, drawCoin } from "./oriflamme-cards.js";

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
