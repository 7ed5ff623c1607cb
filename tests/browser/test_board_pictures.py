"""Okiya's board copies what it drew once (site/render/art.js tileFace, render/okiya.js drawTray):

* a tile drawn from its copied face looks like the same tile drawn out, for every tile, in both
  palettes, at a phone's pixel ratio;
* the copied tray follows the colour scheme: a switch to dark redraws it in the dark palette.
"""

from __future__ import annotations

from helpers import wait_python

# Every tile drawn out and from its face at the page's pixel ratio, two canvases a palette; per
# palette the largest channel difference, the mean one over the tiles, and the share of
# pixels off by more than 24 (an edge's antialiasing may differ by a little).
COMPARE_JS = """async () => {
  const art = await import(new URL("render/art.js", location.href).href);
  const k = window.devicePixelRatio, s = 57, cell = 72;
  const out = {};
  for (const dark of [false, true]) {
    const pal = art.palette(dark);
    const canvases = [false, true].map((reuse) => {
      const c = document.createElement("canvas");
      c.width = Math.ceil(16 * cell * k);
      c.height = Math.ceil(cell * k);
      const ctx = c.getContext("2d");
      ctx.setTransform(k, 0, 0, k, 0, 0);
      for (let tile = 0; tile < 16; tile++) {
        // on the pixel grid, where a copy is not moved to it
        const x = Math.round((tile * cell + 6) * k) / k, y = Math.round(5 * k) / k;
        art.drawTile(ctx, pal, x, y, s, tile, { reuse, glow: tile % 2, dim: tile % 5 ? 0 : 0.3 });
      }
      return ctx.getImageData(0, 0, c.width, c.height).data;
    });
    const [a, b] = canvases;
    let max = 0, off = 0, painted = 0, sum = 0;
    for (let i = 0; i < a.length; i += 4) {
      let d = 0;
      for (let j = i; j < i + 4; j++) d = Math.max(d, Math.abs(a[j] - b[j]));
      max = Math.max(max, d);
      if (d > 24) off++;
      if (a[i + 3]) sum += d;
      if (a[i + 3]) painted++;
    }
    out[dark ? "dark" : "light"] = { max, off: off / painted, mean: sum / painted, painted };
  }
  return out;
}"""


def test_a_tile_drawn_from_its_copied_face_looks_like_the_tile_drawn_out(browser, site_url):
    context = browser.new_context(device_scale_factor=1.75)
    try:
        page = context.new_page()
        page.goto(site_url)
        got = page.evaluate(COMPARE_JS)
    finally:
        context.close()
    for scheme, diff in got.items():
        assert diff["painted"] > 16 * 57 * 57, (scheme, diff)  # sixteen tiles were drawn
        assert diff["off"] < 0.01, (scheme, diff)  # the same picture, but for a few edge pixels
        assert diff["mean"] < 1, (scheme, diff)  # (the other palette's faces: ~10)
        assert diff["max"] < 128, (scheme, diff)


# The board canvas's pixel at the tray's top-left gravel, between the frame and the first place.
TRAY_PIXEL_JS = """() => {
  const c = document.querySelector("#ok-board");
  const hooks = window.__pygames.okiya;
  const r = c.getBoundingClientRect(), k = c.width / r.width;
  const first = hooks.cellCenter(0);
  const x = first.x - first.size * 0.62, y = first.y - first.size * 0.62;  // past the place, inside the frame
  return [...c.getContext("2d").getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data];
}"""


def test_the_copied_tray_follows_the_colour_scheme(browser, site_url):
    context = browser.new_context(color_scheme="light")
    try:
        page = context.new_page()
        page.goto(site_url + "#play/okiya?seed=5&bots=1")
        wait_python(page)
        page.wait_for_selector("#ok-moves button")
        light = page.evaluate(TRAY_PIXEL_JS)
        page.emulate_media(color_scheme="dark")
        page.wait_for_function(f"({TRAY_PIXEL_JS})()[0] < 100", timeout=10_000)
        dark = page.evaluate(TRAY_PIXEL_JS)
    finally:
        context.close()
    assert light[0] > 180, light  # the light gravel (#e6decb), its raked lines
    assert dark[0] < 100, dark  # the dark gravel (#2c2a26)
