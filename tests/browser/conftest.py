"""Fixtures of the browser tests (the site itself is served by the root conftest)."""

from __future__ import annotations

import json
import re

import pytest
from helpers import Phones
from playwright.sync_api import Browser, BrowserType, Frame, Page

#: Installed in every page the tests open, before the page's own scripts: each
#: securitypolicyviolation (the page runs under index.html's Content-Security-Policy) is kept in
#: window.__cspViolations and handed to the test run through the __cspReport binding.
CSP_RECORDER = """(() => {
  const seen = (window.__cspViolations = window.__cspViolations || []);
  document.addEventListener("securitypolicyviolation", (e) => {
    const v = { directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
                line: e.lineNumber, sample: e.sample, page: location.href };
    seen.push(v);
    if (typeof window.__cspReport === "function") window.__cspReport(v).catch(() => {});
  }, true);
})();"""


class CspViolations:
    """The Content-Security-Policy violations of every page of the contexts it watches: the
    pages' securitypolicyviolation events and the console's "Content Security Policy" lines."""

    def __init__(self):
        self.reports: list[str] = []

    def watch(self, context) -> None:
        context.expose_binding("__cspReport", lambda source, v: self.reports.append(f"violation: {v}"))
        context.add_init_script(CSP_RECORDER)
        context.on(
            "console",
            lambda m: "Content Security Policy" in m.text and self.reports.append(f"console {m.type}: {m.text}"),
        )

    def take(self) -> list[str]:
        """The reports so far, forgotten (a test that causes a violation on purpose takes it)."""
        got, self.reports = self.reports, []
        return got


#: Installed in every page the tests open: every text the page shows (text, and the labels,
#: titles, placeholders and alt texts of its elements) is searched, as it appears, for what looks
#: like a catalog key (`PREFIXES` stands for the catalogs' first segments); each one found is
#: handed to the test run through the __rawKeyReport binding.
RAW_KEY_RECORDER = """(() => {
  const KEY = /\\b(?:PREFIXES)(?:\\.[a-z0-9_]+)+(?!\\w|\\.\\w)/g;
  const ATTRS = ["aria-label", "title", "placeholder", "alt", "aria-valuetext", "aria-description"];
  const seen = new Set();
  const look = (text) => {
    for (const key of String(text || "").match(KEY) || []) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (typeof window.__rawKeyReport === "function") window.__rawKeyReport(key, location.href).catch(() => {});
    }
  };
  const lookAt = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return look(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.tagName === "SCRIPT" || node.tagName === "STYLE") return;
    // each text node on its own: two elements' texts run together ("a link." "All") are no key
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) look(texts.currentNode.data);
    for (const el of [node, ...node.querySelectorAll("*")]) {
      for (const a of ATTRS) if (el.hasAttribute(a)) look(el.getAttribute(a));
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "characterData") look(r.target.data);
      else if (r.type === "attributes") look(r.target.getAttribute(r.attributeName));
      else r.addedNodes.forEach(lookAt);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributeFilter: ATTRS });
})();"""


class RawKeys:
    """Catalog keys a page showed as they are (a text looked up in no catalog: t() gives the key
    back), in every page of the contexts it watches, whatever screen it was on."""

    #: file names a page may show in an error's detail (games/okiya.js): not keys
    FILES = re.compile(r"\.(?:js|mjs|css|json|wasm|whl|html|png|svg|webmanifest|zip)$")

    def __init__(self, catalogs: list[dict]):
        self.keys = {k for catalog in catalogs for k in catalog}
        self.prefixes = sorted({k.split(".")[0] for k in self.keys})
        self.reports: list[str] = []

    def watch(self, context) -> None:
        context.expose_binding("__rawKeyReport", lambda source, key, page: self.found(key, page))
        context.add_init_script(RAW_KEY_RECORDER.replace("PREFIXES", "|".join(map(re.escape, self.prefixes))))

    def found(self, key: str, page: str) -> None:
        # a key of a catalog, or one of the page's own namespace (a key missing from every catalog)
        if key in self.keys or (key.startswith(("ui.", "link.")) and not self.FILES.search(key)):
            self.reports.append(f"{key} (on {page})")


def polled(expression: str) -> str:
    """`expression` (a function, or an expression to poll) as a function: Playwright's
    wait_for_function evaluates a string with the page's eval, which the policy allows only
    once (in its first, synchronous evaluation), so a plain expression could not be polled."""
    return f"(arg) => {{ const got = (\n{expression}\n); return typeof got === 'function' ? got(arg) : got; }}"


def _polling(wait):
    def wait_for_function(self, expression, *args, **kwargs):
        return wait(self, polled(expression), *args, **kwargs)

    return wait_for_function


@pytest.fixture(scope="session")
def all_catalogs(dist_site) -> list[dict]:
    """Every merged catalog the page may read (one per language)."""
    found = [json.loads(p.read_text("utf-8")) for p in sorted((dist_site / "locale").glob("*.json"))]
    return [catalog for catalog in found if isinstance(catalog, dict)]  # (languages.json is a list)


@pytest.fixture
def raw_keys(all_catalogs):
    """The catalog keys shown as they are by the pages of this test (watched by csp_violations)."""
    return RawKeys(all_catalogs)


@pytest.fixture(autouse=True)
def csp_violations(monkeypatch, raw_keys):
    """Every browser test runs under the page's Content-Security-Policy and fails on a violation,
    and fails if a page showed a catalog key instead of its words (RawKeys: on every screen it
    was on): every context created in the test (pytest-playwright's `context`/`page`, Phones,
    browser.new_context, new_page, persistent profiles) is watched from its creation; and
    wait_for_function polls any expression as a function (see polled)."""
    seen = CspViolations()

    def watched(create, context_of):
        def wrapper(*args, **kwargs):
            made = create(*args, **kwargs)
            seen.watch(context_of(made))
            raw_keys.watch(context_of(made))
            return made

        return wrapper

    monkeypatch.setattr(Browser, "new_context", watched(Browser.new_context, lambda c: c))
    monkeypatch.setattr(Browser, "new_page", watched(Browser.new_page, lambda p: p.context))
    monkeypatch.setattr(
        BrowserType, "launch_persistent_context", watched(BrowserType.launch_persistent_context, lambda c: c)
    )
    monkeypatch.setattr(Page, "wait_for_function", _polling(Page.wait_for_function))
    monkeypatch.setattr(Frame, "wait_for_function", _polling(Frame.wait_for_function))
    yield seen
    assert not seen.reports, "Content-Security-Policy violations:\n" + "\n".join(seen.reports)
    assert not raw_keys.reports, "catalog keys shown instead of words:\n" + "\n".join(raw_keys.reports)


@pytest.fixture(scope="session")
def catalog(dist_site) -> dict[str, str]:
    """The merged English catalog the page reads."""
    return json.loads((dist_site / "locale" / "en.json").read_text("utf-8"))


@pytest.fixture
def no_page_errors(page):
    """Fail the test on an uncaught error in the page (use with pytest.mark.usefixtures)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield
    assert not errors, errors


@pytest.fixture
def fast(page):
    """Bots (and lone moves) answer without the pause the page leaves for people to follow them."""
    page.add_init_script("window.__pygamesBotPauseMs = 0")
    return page


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """English pages whatever the machine's locale: a first visit follows navigator.languages."""
    return {**browser_context_args, "locale": "en-US"}


@pytest.fixture
def phones(browser, site_url):
    p = Phones(browser, site_url)
    yield p
    p.close()
    assert not p.errors, p.errors
