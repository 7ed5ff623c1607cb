// The start page cards' pictures, found by the game's id: site/render/<id>-thumb.js exports
// drawThumb(ctx, w, h, dark), small beside the game's renderer so that the start page stays
// light. A new game adds its own file; nothing here names a game.

import { fitCanvas } from "../render/art.js";

/** Draw `game`'s picture into `canvas` (sized from its laid-out box); rejects when the game has none. */
export async function drawThumbInto(game, canvas) {
  const { drawThumb } = await import(`../render/${game}-thumb.js`);
  if (!canvas.isConnected) return;
  const fit = fitCanvas(canvas);
  const w = Math.max(1, fit.w), h = Math.max(1, fit.h), dpr = fit.dpr;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  drawThumb(ctx, w, h, matchMedia("(prefers-color-scheme: dark)").matches);
}
