"""The optional packages (site/extras.js): the QR code's maker, segno, is installed by micropip at
its first use, from the site's own package index only, and never on the first visit.

- A first visit neither downloads nor caches micropip, segno, the index or micropip's standard
  library (the service worker caches them at their first use); the memory snapshot holds none.
- The first invitation link installs segno with micropip (the worker's ``py:extras-installed``
  mark reports micropip as its installer and our wheel as its URL) and draws the QR code; the
  next link of the page reuses it; after that, with the browser offline, a new visit restored
  from the snapshot installs it again from the service worker's cache and draws the code.
- Offline before any first use, the QR area says why there is no code (the catalog's text), the
  link is there to share or copy, and asking again once online draws the code.

No request ever leaves the site (PyPI, a CDN): any is refused and fails the test.
"""

from __future__ import annotations

import re

import pytest
from helpers import READY_MS, STEP_MS, wait_python
from playwright.sync_api import expect
from test_link_play import create_game

expect.set_options(timeout=STEP_MS)

#: The site files only an optional package needs (build.py is_optional).
OPTIONAL = re.compile(r"/(wheels/(micropip|segno)-[^/]*|simple/.*|pyodide/stdlib-micropip\.zip)$")
CACHED_JS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('pygames-')) continue;
    for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
  }
  return urls;
}"""
INSTALLED_JS = "performance.getEntriesByName('py:extras-installed').map((e) => e.detail)"
QR_DRAWN_JS = """() => {
  const qr = document.querySelector('#link-qr'), img = document.querySelector('#link-qr img');
  return !!qr && !qr.hidden && !img.hidden && img.complete && img.naturalWidth > 0;
}"""


@pytest.fixture
def profile(browser, site_url):
    """One browser profile (context) whose every request off the site is refused and recorded."""
    origin = re.match(r"https?://[^/]+", site_url).group(0)
    context = browser.new_context(locale="en-US")
    context.off_site = []

    def refuse(route):
        context.off_site.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(origin), refuse)
    yield context
    context.close()
    assert context.off_site == []


def visit(context, site_url: str):
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(site_url)
    wait_python(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    return page


def optional_cached(page) -> list[str]:
    return sorted(url for url in page.evaluate(CACHED_JS) if OPTIONAL.search(url))


def wait_qr_installed(page, site_url: str) -> dict:
    """Wait for the QR code, drawn after micropip installed segno; the worker's report of it."""
    page.wait_for_function(QR_DRAWN_JS)
    (report,) = page.evaluate(INSTALLED_JS)
    assert report["had"] == []  # neither micropip nor segno before (the start and the snapshot hold none)
    segno = report["installed"]["segno"]
    assert segno["installer"] == "micropip" and segno["version"] == "1.6.6"
    assert segno["url"] == site_url + "wheels/segno-1.6.6-py3-none-any.whl"  # from our index, not PyPI
    return report


def test_micropip_installs_the_qr_maker_at_first_use_then_offline(profile, site_url):
    first = visit(profile, site_url)
    first.wait_for_function("performance.getEntriesByName('py:snapshot-stored').length > 0", timeout=READY_MS)
    assert optional_cached(first) == []  # the first visit downloaded none of them
    assert first.evaluate(INSTALLED_JS) == []
    create_game(first, "okiya", ["Ann", "Ben"])
    wait_qr_installed(first, site_url)
    cached = optional_cached(first)
    assert [re.sub(r".*/", "", url) for url in cached] == [
        "stdlib-micropip.zip",
        "index.html",  # simple/segno/
        "micropip-0.11.1-py3-none-any.whl",
        "segno-1.6.6-py3-none-any.whl",
        "segno-1.6.6-py3-none-any.whl.metadata",
    ]
    # a later use in the same page reuses it: a second link's code, no second install
    first.goto(site_url)
    create_game(first, "okiya", ["Eve", "Flo"])
    first.wait_for_function(QR_DRAWN_JS)
    assert len(first.evaluate(INSTALLED_JS)) == 1
    first.close()

    profile.set_offline(True)
    later = visit(profile, site_url)
    assert later.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    create_game(later, "okiya", ["Cy", "Di"])
    wait_qr_installed(later, site_url)


def test_offline_before_first_use_says_why_and_keeps_the_link(profile, site_url, catalog):
    page = visit(profile, site_url)
    profile.set_offline(True)
    create_game(page, "okiya", ["Ann", "Ben"])
    qr = page.locator("#link-qr")
    expect(qr).to_be_visible()
    qr.locator("summary").click()
    expect(page.locator("#link-qr-failed")).to_have_text(catalog["ui.link.share.qr_failed"])
    expect(page.locator("#link-qr img")).to_be_hidden()
    expect(page.locator("#link-url")).to_have_value(re.compile(r"#g="))
    expect(page.locator("#link-copy")).to_be_visible()
    # asked again once online: micropip installs it and the code is drawn
    profile.set_offline(False)
    qr.locator("summary").click()  # closed
    qr.locator("summary").click()  # opened again: tries again
    wait_qr_installed(page, site_url)
