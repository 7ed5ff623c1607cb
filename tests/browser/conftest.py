"""Fixtures of the browser tests (the site itself is served by the root conftest)."""

from __future__ import annotations

import json

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


def polled(expression: str) -> str:
    """`expression` (a function, or an expression to poll) as a function: Playwright's
    wait_for_function evaluates a string with the page's eval, which the policy allows only
    once (in its first, synchronous evaluation), so a plain expression could not be polled."""
    return f"(arg) => {{ const got = (\n{expression}\n); return typeof got === 'function' ? got(arg) : got; }}"


def _polling(wait):
    def wait_for_function(self, expression, *args, **kwargs):
        return wait(self, polled(expression), *args, **kwargs)

    return wait_for_function


@pytest.fixture(autouse=True)
def csp_violations(monkeypatch):
    """Every browser test runs under the page's Content-Security-Policy and fails on a violation:
    every context created in the test (pytest-playwright's `context`/`page`, Phones,
    browser.new_context, new_page, persistent profiles) is watched from its creation; and
    wait_for_function polls any expression as a function (see polled)."""
    seen = CspViolations()

    def watched(create, context_of):
        def wrapper(*args, **kwargs):
            made = create(*args, **kwargs)
            seen.watch(context_of(made))
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
