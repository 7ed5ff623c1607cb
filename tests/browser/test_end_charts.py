"""The picture after the game (issue 27, item 4): a finished game's end screen draws the game's
own numbers (the bridge's ``chart``) as one line a player or colour, names the axis and the
lines in the page's language, says the same numbers in words, and passes axe."""

from __future__ import annotations

import pytest
from helpers import REGISTRY, finished_record, fmt, open_finished, vs_bots
from playwright.sync_api import expect
from test_axe import axe_js, violations  # noqa: F401  (axe_js: the fixture)

from pygames import GAMES, bridge

CHARTED = [game for game, module in GAMES.items() if "chart" in getattr(module, "CALLS", ())]


@pytest.mark.parametrize("game", CHARTED)
def test_the_end_screen_draws_the_game_in_a_picture_and_in_words(fast, site_url, catalog, axe_js, game):  # noqa: F811
    page = fast
    players = min(REGISTRY[game]["players"])
    record = finished_record(game, 7, players)
    chart = bridge.chart(record)
    names = ["Ann", "Bob", "Cy"][:players]
    open_finished(page, site_url, game, vs_bots(game, 7, names=",".join(names)), record)
    figure = page.locator("#view-game figure.game-chart")
    expect(figure).to_have_attribute("data-series", str(len(chart["series"])))
    expect(figure.locator("figcaption")).to_have_text(catalog[chart["title"]["key"]])
    expect(figure.locator(".game-chart-axis")).to_have_text(catalog[chart["x"]["key"]])
    lines = figure.locator("polyline")
    expect(lines).to_have_count(len(chart["series"]))
    words = figure.locator(".game-chart-words li")

    # bands (Okiya's verdict) are said in words: "Ann wins", "Draw"...
    def said(m: dict) -> str:
        params = {**m["params"], **({"name": names[m["params"]["seat"]]} if "seat" in m["params"] else {})}
        return fmt(catalog[m["key"]], **params)

    bands = [said(m) for m in chart.get("y_labels", [])]
    for i, series in enumerate(chart["series"]):
        name = names[series["seat"]] if "seat" in series else catalog[series["label"]["key"]]
        values = ", ".join(bands[v] if bands else str(v) for v in series["points"])
        expect(words.nth(i)).to_have_text(fmt(catalog["ui.chart.series"], name=name, values=values))
        assert len(lines.nth(i).get_attribute("points").split()) == len(chart["steps"])
    assert violations(page, axe_js) == []
