"""What a player already sees is not drawn again when Python arrives: the start page's game
list is built once from games.json before Python is ready, and the same cards (the same DOM
nodes, no child or text changed) are still there after Python is ready and the memory
snapshot is stored (the worker's last start-up step).
"""

from __future__ import annotations

from helpers import READY_MS, wait_python

# Counts the list's child and text mutations, split by whether Python was ready when they
# happened, and keeps the first card drawn.
WATCH_LIST = """
document.addEventListener("DOMContentLoaded", () => {
  const list = document.querySelector("#games");
  window.__listChanges = { before: 0, after: 0 };
  new MutationObserver((records) => {
    const when = document.documentElement.dataset.python === "ready" ? "after" : "before";
    window.__listChanges[when] += records.length;
    if (!window.__firstCard) window.__firstCard = list.querySelector("li");
  }).observe(list, { childList: true, characterData: true, subtree: true });
});
"""


def test_the_game_list_is_not_rebuilt_when_python_arrives(browser, site_url):
    context = browser.new_context()
    try:
        context.add_init_script(WATCH_LIST)
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_function("window.__firstCard && window.__firstCard.isConnected", timeout=READY_MS)
        assert page.evaluate("document.documentElement.dataset.python") != "ready"  # drawn before Python
        wait_python(page)
        page.wait_for_function("performance.getEntriesByName('py:snapshot-stored').length > 0", timeout=READY_MS)
        changes = page.evaluate("window.__listChanges")
        assert changes["before"] > 0 and changes["after"] == 0, changes
        assert page.evaluate("document.querySelector('#games li') === window.__firstCard")
        games = page.evaluate("fetch('games.json').then((r) => r.json()).then((g) => g.length)")
        assert page.locator("#games li").count() == games
    finally:
        context.close()
