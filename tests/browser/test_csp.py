"""The page runs under a Content-Security-Policy (issue 26, bullet 7): a meta tag in index.html
(GitHub Pages sends no headers) as strict as the site allows.

* The built index.html carries the policy: everything from the site itself, no inline script,
  no inline style, no eval beyond 'wasm-unsafe-eval', workers from the site, no plugins, and no
  inline script, event handler or style attribute left in the page that would need more.
* Every game plays a move against a bot under it without a violation (every other browser test
  fails on one too: conftest.py's autouse csp_violations).
* The recorder works: an inline script, an eval and a style attribute injected into the page
  are refused, and each is reported.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from helpers import MOVE_BUTTONS, STEP_MS, HotSeat, vs_bots, wait_python

from pygames import GAMES

#: The policy's directives and exactly the sources each allows.
REQUIRED = {
    "default-src": {"'self'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'"},
    "style-src": {"'self'"},
    "img-src": {"'self'", "data:", "blob:"},
    "font-src": {"'self'"},
    "connect-src": {"'self'"},
    "worker-src": {"'self'"},
    "manifest-src": {"'self'"},
    "object-src": {"'none'"},
    "frame-src": {"'none'"},
    "base-uri": {"'self'"},
    "form-action": {"'self'"},
}
#: Directives a <meta> policy ignores (the browser says so in the console): never in the tag.
IGNORED_IN_META = {"frame-ancestors", "report-uri", "report-to", "sandbox"}


class PageScan(HTMLParser):
    """index.html's CSP meta tags, and what in it would need inline script or style."""

    def __init__(self):
        super().__init__()
        self.policies: list[str] = []
        self.first_tags: list[str] = []  # the tags before the policy (only <meta>/<title> may come first)
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")
        elif not self.policies:
            self.first_tags.append(tag)
        if tag == "style":
            self.inline.append("<style>")
        self.inline += [f"<{tag} {k}>" for k in a if k.startswith("on") or k == "style"]
        self.inline += [f"<{tag} {k}={v}>" for k, v in a.items() if v and v.strip().lower().startswith("javascript:")]
        self._in_script = tag == "script" and not a.get("src")

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline.append(f"<script>{data.strip()[:40]}...")

    def handle_endtag(self, tag):
        self._in_script = False


def directives(policy: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        if name:
            assert name.lower() not in out, f"{name} twice (the browser keeps the first)"
            out[name.lower()] = set(sources)
    return out


def test_the_built_page_carries_the_policy(dist_site):
    scan = PageScan()
    scan.feed((dist_site / "index.html").read_text("utf-8"))
    assert len(scan.policies) == 1, scan.policies
    # before any script, style sheet or link the browser would load without it
    assert set(scan.first_tags) <= {"html", "head", "meta", "title"}, scan.first_tags
    got = directives(scan.policies[0])
    for name, sources in REQUIRED.items():
        assert got.get(name) == sources, f"{name}: {got.get(name)}"
    assert not set(got) & IGNORED_IN_META
    every = set().union(*got.values())
    assert not every & {"'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "http:", "https:"}
    assert all(s.startswith("'") or s in {"data:", "blob:"} for s in every), "no other origin"
    assert scan.inline == [], "inline script or style the policy would refuse"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_plays_under_the_policy(fast, site_url, csp_violations, game):
    page = fast
    seat = HotSeat(game)
    page.goto(site_url + vs_bots(game, 7))
    wait_python(page)
    # the worker index.html starts before the page's modules (start-worker.js, a file of its
    # own under the policy) is the one Python runs in
    assert page.evaluate("performance.getEntriesByName('py:worker-create').length") == 1
    assert page.evaluate("window.__pygamesWorker") is None  # adopted by python.js
    assert seat.wait_idle(page) == "turn"
    seat.act(page, page.locator(f"{MOVE_BUTTONS}:visible").first)
    assert seat.wait_idle(page) in {"turn", "over"}
    assert seat.played(page) >= 2, "the bot answered"
    assert page.evaluate("window.__cspViolations") == []
    page.reload()  # a reload is served by the service worker and paints the saved game first
    wait_python(page)
    assert seat.wait_idle(page) in {"turn", "over"}
    assert page.evaluate("window.__cspViolations") == []
    assert csp_violations.reports == []


def wait_reported(page, csp_violations, directive: str) -> list[str]:
    """The reports (taken) once the page saw a violation of `directive` and the run was told of it."""
    page.wait_for_function(
        "d => (window.__cspViolations || []).some((v) => v.directive === d)", arg=directive, timeout=STEP_MS
    )
    # the binding's report and the console line reach the test run after the page's event
    for _ in range(100):  # a round trip each: no sleep
        if any(directive in r and "violation:" in r for r in csp_violations.reports) and any(
            r.startswith("console") for r in csp_violations.reports
        ):
            break
        page.evaluate("0")
    return csp_violations.take()


def test_the_recorder_reports_what_the_policy_refuses(page, site_url, csp_violations):
    page.goto(site_url)
    wait_python(page)
    assert page.evaluate("window.__cspViolations") == []

    # an inline script does not run
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.__inlineRan = true'; document.head.append(s); }"
    )
    got = wait_reported(page, csp_violations, "script-src-elem")
    assert page.evaluate("window.__inlineRan") is None
    assert any("'blocked': 'inline'" in r for r in got), got
    assert any(r.startswith("console") and "inline script" in r for r in got), got

    # nor does the page's eval (Python's WebAssembly runs in its worker)
    # (later than the test's own evaluation, which the browser lets the test run's eval through)
    ran = (
        "() => new Promise((done) => setTimeout(() => { try { done(eval('1') && 'ran'); }"
        " catch (e) { done(e.name); } }))"
    )
    assert page.evaluate(ran) == "EvalError"
    got = wait_reported(page, csp_violations, "script-src")
    assert any("'blocked': 'eval'" in r for r in got), got

    # an inline style attribute is refused too (styles set through the CSSOM are not)
    page.evaluate("document.body.setAttribute('style', 'outline: 3px solid red')")
    got = wait_reported(page, csp_violations, "style-src-attr")
    assert page.evaluate("getComputedStyle(document.body).outlineStyle") != "solid"
    assert any("violation:" in r for r in got), got
    page.evaluate("document.body.removeAttribute('style'); document.body.style.outlineStyle = 'dotted'")
    assert page.evaluate("getComputedStyle(document.body).outlineStyle") == "dotted"
    assert csp_violations.reports == []
