"""Fixtures of the browser tests (the site itself is served by the root conftest)."""

from __future__ import annotations

import json

import pytest
from helpers import Phones


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
