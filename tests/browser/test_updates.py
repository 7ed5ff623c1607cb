"""Deploys as a returning player meets them: one persistent browser profile, the site's own
service worker, and a server under /pygames/ that serves any mix of builds (GitHub Pages' CDN
serves files of two deploys side by side for a while).

- v1 -> v2: the update waits while a game runs, "A new version is ready — Reload" shows at a
  calm moment, the game saved under v1 resumes under v2, and only changed files travel;
- the three poisoning mixes (a new sw.js before the other files, an old wheel under the same
  name, a renamed wheel beside an old build-info.json) fail the install: the page stays on the
  complete old version (also after closing and reopening the browser), then ends on the new one,
  which also answers the address without its slash ("/pygames") offline;
- a cache quota of 4 MB: "offline play is not available", and no install is tried;
- "Ready to play offline" never replaces another message: it waits until the strip is free.

The builds are copies of dist/site with a marker written into them (the start page's tagline,
and a file in the wheel), resealed by build.py's seal(): the real dist/site is never rebuilt.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
import urllib.parse
import zipfile
from pathlib import Path

import pytest
from helpers import OKIYA_STATE_JS as OKIYA
from helpers import READY_MS, STEP_MS, wait_python
from playwright.sync_api import expect

expect.set_options(timeout=STEP_MS)

HOOK = "(window.__pygames && window.__pygames.updates && window.__pygames.updates())"


class Build:
    """A copy of dist/site with its own tagline (and optionally another wheel), resealed."""

    def __init__(self, build_mod, dist: Path, folder: Path, name: str, order: int, *, wheel: str = "same"):
        shutil.copytree(dist, folder)
        self.name, self.folder = name, folder
        catalog = folder / "locale" / "en.json"
        text = catalog.read_text("utf-8")
        old = '"ui.app.tagline": "'
        start = text.index(old) + len(old)
        catalog.write_text(text[:start] + f"Build {name}" + text[text.index('"', start) :], "utf-8")
        if wheel != "same":
            (whl,) = (folder / "wheels").glob("pygames-*.whl")
            target = whl if wheel == "changed" else whl.with_name(f"pygames-0.1.{wheel}-py3-none-any.whl")
            marked = folder / "marked.whl"
            with zipfile.ZipFile(whl) as src, zipfile.ZipFile(marked, "w", zipfile.ZIP_DEFLATED) as out:
                for item in src.infolist():
                    out.writestr(item, src.read(item))
                out.writestr("pygames/_build_marker.txt", name)
            whl.unlink()
            os.replace(marked, target)
        self.info = build_mod.seal(folder)
        self.hash = self.info["hash"]
        self.wheel = self.info["wheel"]
        # what this deploy wrote is newer than the deploys before it (If-Modified-Since sees one second)
        stamp = time.time() + 60 * order
        for rel in [*self.info["files"], "sw.js"]:
            if not (dist / rel).is_file() or (dist / rel).read_bytes() != (folder / rel).read_bytes():
                os.utime(folder / rel, (stamp, stamp))

    def changed_from(self, other: Build) -> set[str]:
        return {f for f, sha in self.info["files"].items() if other.info["files"].get(f) != sha}


class Deploys:
    """The test server: every file from `default`, except the paths `overrides` maps to another
    build. Counts the bytes of each full (200) answer in `sent`, and every status in `answers`."""

    def __init__(self, build_mod):
        self.default: Build | None = None
        self.overrides: dict[str, Build] = {}
        self.sent: list[tuple[str, int]] = []
        self.answers: list[tuple[str, int]] = []  # (path, status) of every request
        self.held: dict[str, threading.Event] = {}  # path -> answered once the event is set
        deploys = self

        class MixHandler(build_mod.SiteHandler):
            def translate_path(self, path: str) -> str:
                rel = urllib.parse.urlsplit(path).path
                rel = rel[len(self.base) :] if rel.startswith(self.base) else ""
                self.directory = str(deploys.folder(rel or "index.html"))
                return super().translate_path(path)

            def log_request(self, code="-", size="-") -> None:
                deploys.answers.append((urllib.parse.urlsplit(self.path).path, int(code)))

            def send_head(self):
                held = deploys.held.get(urllib.parse.urlsplit(self.path).path.removeprefix(self.base))
                if held is not None:
                    held.wait(READY_MS / 1000)
                f = super().send_head()
                if f is not None and self._status == 200:
                    deploys.sent.append((urllib.parse.urlsplit(self.path).path, os.fstat(f.fileno()).st_size))
                return f

        self.server = build_mod.serve_in_background(build_mod.DIST, handler_class=MixHandler)
        self.url = self.server.base_url

    def folder(self, rel: str) -> Path:
        return (self.overrides.get(rel) or self.default).folder

    def serve(self, default: Build, overrides: dict[str, Build] | None = None) -> None:
        self.default, self.overrides = default, dict(overrides or {})

    def hold(self, rel: str) -> threading.Event:
        """Answer requests for `rel` only once the returned event is set."""
        self.held[rel] = threading.Event()
        return self.held[rel]


@pytest.fixture
def deploys(build_mod):
    d = Deploys(build_mod)
    yield d
    d.server.shutdown()
    d.server.server_close()


class Profile:
    """One browser profile on disk, opened and closed like a returning player's browser."""

    def __init__(self, browser_type, launch_args, folder: Path, url: str):
        self.browser_type, self.launch_args, self.folder, self.url = browser_type, launch_args, folder, url
        self.ctx = None
        self.errors: list[str] = []

    def open(self, hash_: str = "", init_script: str | None = None):
        self.ctx = self.browser_type.launch_persistent_context(str(self.folder), **self.launch_args)
        if init_script:
            self.ctx.add_init_script(init_script)
        page = self.ctx.pages[0] if self.ctx.pages else self.ctx.new_page()
        page.set_default_timeout(STEP_MS)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(self.url + hash_)
        wait_python(page)
        return page

    def close(self):
        if self.ctx is not None:
            self.ctx.close()
            self.ctx = None


@pytest.fixture
def profile(browser_type, browser_type_launch_args, tmp_path, deploys):
    p = Profile(browser_type, browser_type_launch_args, tmp_path / "profile", deploys.url)
    yield p
    p.close()
    assert not p.errors, p.errors


@pytest.fixture(scope="module")
def builds(build_mod, dist_site, tmp_path_factory):
    """v1 and the builds after it: B (new page text), C (a changed wheel, same name),
    D (the wheel renamed, a version bump)."""
    root = tmp_path_factory.mktemp("builds")
    return {
        "A": Build(build_mod, dist_site, root / "A", "A", 1),
        "B": Build(build_mod, dist_site, root / "B", "B", 2, wheel="changed"),
        "C": Build(build_mod, dist_site, root / "C", "C", 3, wheel="changed"),
        "D": Build(build_mod, dist_site, root / "D", "D", 4, wheel="9"),
    }


def check_for_update(page) -> None:
    """What the browser does at a visit: fetch sw.js past the HTTP cache and install it if new
    (once an install the last visit started is over: the browser would join the two)."""
    page.wait_for_function(
        "() => navigator.serviceWorker.getRegistration().then((r) => !!r && !r.installing)", timeout=READY_MS
    )
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => 0, () => 0)")


def assert_on(page, build: Build) -> None:
    """The page, the engine and the service worker all belong to `build`, and it is complete."""
    expect(page.locator(".tagline")).to_have_text(f"Build {build.name}")
    page.wait_for_function(
        f"h => {{ const u = {HOOK}; return !!u && u.controller === h && u.page === h && u.python === h; }}",
        arg=build.hash,
    )
    assert page.evaluate("document.documentElement.dataset.python") == "ready"


def take_update(page, build: Build) -> None:
    """A new version waits: the start page (a calm moment) says so; Reload moves onto it."""
    page.wait_for_function(f"() => {{ const u = {HOOK}; return !!u && u.waiting; }}", timeout=READY_MS)
    expect(page.locator("#update-notice")).to_be_visible()
    page.locator("#update-reload").click()
    wait_python(page)
    assert_on(page, build)
    expect(page.locator("#update-notice")).to_be_hidden()


def fail_update(page, deploys: Deploys, default: Build, overrides: dict[str, Build], stays: Build) -> None:
    """A mix of two builds on the server: the install fails, and a reload stays on `stays`, whole."""
    deploys.serve(default, overrides)
    failed = page.evaluate(f"{HOOK}.failed.length")
    check_for_update(page)
    page.wait_for_function(f"n => {HOOK}.failed.length > n", arg=failed, timeout=READY_MS)
    assert page.evaluate(f"{HOOK}.failed").pop() == "mismatch"
    page.reload()
    wait_python(page)
    assert_on(page, stays)
    expect(page.locator("#update-notice")).to_be_hidden()


def first_visit(profile: Profile, deploys: Deploys, build: Build, hash_: str = ""):
    deploys.serve(build)
    page = profile.open(hash_)
    page.wait_for_function(f"h => {{ const u = {HOOK}; return !!u && u.controller === h; }}", arg=build.hash)
    return page


def test_a_deploy_waits_for_a_calm_moment_and_keeps_the_saved_game(profile, deploys, builds, catalog):
    a, b = builds["A"], builds["B"]
    page = first_visit(profile, deploys, a, "#play/okiya?seed=5&bots=&format=single")
    page.wait_for_function(f"{OKIYA} !== null")
    page.locator("button[data-move]").first.click()
    page.wait_for_function(f"() => {{ const s = {OKIYA}; return s && s.view.ply >= 1; }}")
    # the site now plays offline, but a strip appearing mid-turn would move the board under a
    # finger: the news waits for a calm moment (the start page, below)
    page.wait_for_function(f"{HOOK}.offline === 'ready'")
    assert page.text_content("#toast") != catalog["ui.sw.offline_ready"]
    played = page.evaluate(OKIYA)["record"]
    # v2 is deployed while the game runs: it installs, but waits, and nothing is said mid-game
    deploys.serve(b)
    deploys.sent.clear()
    check_for_update(page)
    page.wait_for_function(f"() => {HOOK}.waiting", timeout=READY_MS)
    expect(page.locator("#update-notice")).to_be_hidden()
    assert page.evaluate(f"{HOOK}.controller") == a.hash
    fetched = {path.removeprefix("/pygames/") for path, _ in deploys.sent}
    sent = sum(size for _, size in deploys.sent)
    print(f"\ndeploy A -> B ({sorted(b.changed_from(a))} changed): {sent} bytes in {len(fetched)} files: {fetched}")
    assert fetched <= b.changed_from(a) | {"sw.js"}, "an unchanged file was downloaded again"
    # the start page is a calm moment: the notice; Reload gives v2, and the game resumes
    page.locator("a.brand").click()
    expect(page.locator("#toast")).to_have_text(catalog["ui.sw.offline_ready"])
    take_update(page, b)
    resume = page.locator('[data-resume="okiya"]')
    expect(resume).to_be_visible()
    resume.click()
    page.wait_for_function(f"n => {{ const s = {OKIYA}; return s && s.view.ply >= n; }}", arg=1)
    assert page.evaluate(OKIYA)["record"]["games"][0][:1] == played["games"][0][:1]


# As Reload is clicked, the page asks the site for files for a moment (a start page loading its
# pictures): the old version, stopped while idle, starts again to answer them.
WAKE_THE_OLD_VERSION = """document.addEventListener("click", (e) => {
  if (!e.target.closest || !e.target.closest("#update-reload")) return;
  const until = performance.now() + 400;
  const ask = () => {
    fetch("games.json").catch(() => {});
    if (performance.now() < until) setTimeout(ask, 2 + 8 * Math.random());
  };
  ask();
}, true);"""


def stop_the_old_version(page):
    """Stop the running (active) version's worker, as the browser does once it has been idle a
    while (30 s in Chromium; never while DevTools, hence Playwright, is attached). Returns the
    DevTools session that watches the service workers (its watching slows their start a little)."""
    cdp = page.context.new_cdp_session(page)
    versions: dict[str, dict] = {}
    cdp.on("ServiceWorker.workerVersionUpdated", lambda e: versions.update({v["versionId"]: v for v in e["versions"]}))
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + STEP_MS / 1000
    assert until_devtools_says(page, lambda: any(v["status"] == "activated" for v in versions.values()), deadline)
    (active,) = [v for v in versions.values() if v["status"] == "activated"]
    cdp.send("ServiceWorker.stopWorker", {"versionId": active["versionId"]})
    assert until_devtools_says(page, lambda: versions[active["versionId"]]["runningStatus"] == "stopped", deadline)
    return cdp


def until_devtools_says(page, condition, deadline: float) -> bool:
    """Wait until ``condition()`` holds or the monotonic clock passes ``deadline``; the condition
    reads DevTools events, which reach Python only while Playwright is waiting, so the wait hands
    Playwright slices of 50 ms and checks between them (no page condition tells a worker's status)."""
    while not condition() and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return condition()


def test_reload_takes_the_new_version_even_when_the_old_one_is_woken_meanwhile(profile, deploys, builds):
    """The new version takes over once the old one is idle, and the browser asks the old one
    to stop as soon as it is; but one that a request starts again in the middle of the switch
    (the old version had stopped while idle; the start page loads its pictures as Reload is
    clicked) was not asked: Chromium let it run for its idle time (30 s; for ever under DevTools)
    while the page stayed on the old version."""
    a, b = builds["A"], builds["B"]
    deploys.serve(a)
    page = profile.open(init_script=WAKE_THE_OLD_VERSION)
    page.wait_for_function(f"h => {{ const u = {HOOK}; return !!u && u.controller === h; }}", arg=a.hash)
    deploys.serve(b)
    check_for_update(page)
    page.wait_for_function(f"() => {{ const u = {HOOK}; return !!u && u.waiting; }}", timeout=READY_MS)
    watching = stop_the_old_version(page)
    page.locator("#update-reload").click()
    expect(page.locator(".tagline")).to_have_text("Build B", timeout=15_000)
    watching.detach()
    wait_python(page)
    assert_on(page, b)


def test_mixed_deploys_never_give_a_mixed_or_dead_page(profile, deploys, builds):
    a, b, c, d = builds["A"], builds["B"], builds["C"], builds["D"]
    page = first_visit(profile, deploys, a)
    # 0. a hard reload goes past the service worker into a half-done deploy (D's page and
    # build-info.json, no D wheel yet): the page finds its engine is of another build, and
    # reloads by itself from the complete version it has cached
    deploys.serve(d, {d.wheel: a})
    deploys.answers.clear()
    profile.ctx.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
    assert_on(page, a)
    assert ("/pygames/", 200) in deploys.answers  # the hard reload did reach the server
    # 1. the new sw.js arrives before the other new files
    fail_update(page, deploys, a, {"sw.js": b}, stays=a)
    profile.close()  # and the browser closed and opened again still finds A whole
    page = profile.open()
    assert_on(page, a)
    deploys.serve(b)
    check_for_update(page)
    take_update(page, b)
    # 2. an old wheel under the same file name during the install
    fail_update(page, deploys, c, {b.wheel: b}, stays=b)
    assert b.wheel == c.wheel
    deploys.serve(c)
    check_for_update(page)
    take_update(page, c)
    # 3. a renamed wheel (version bump) with the old build-info.json
    fail_update(page, deploys, d, {"build-info.json": c}, stays=c)
    assert d.wheel != c.wheel
    deploys.serve(d)
    check_for_update(page)
    take_update(page, d)
    # offline, the address without its slash (never opened before) opens the page too
    profile.ctx.set_offline(True)
    page.goto(deploys.url.rstrip("/") + "#my-games")
    wait_python(page)
    assert_on(page, d)
    assert page.url == deploys.url + "#my-games"


def test_a_small_cache_quota_says_offline_is_not_available(profile, deploys, builds, catalog):
    a = builds["A"]
    deploys.serve(a)
    profile.ctx = profile.browser_type.launch_persistent_context(str(profile.folder), **profile.launch_args)
    page = profile.ctx.pages[0] if profile.ctx.pages else profile.ctx.new_page()
    cdp = profile.ctx.new_cdp_session(page)
    origin = deploys.url.split("/pygames/")[0]
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 4 * 1024 * 1024})
    page.goto(deploys.url)
    wait_python(page)
    notice = page.locator("#offline-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(catalog["ui.sw.offline_no_room"])
    assert page.evaluate(f"{HOOK}.offline") == "quota"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r)") is False
    # the games still play, online
    page.locator("button[data-play=okiya]").wait_for()


# every text the message strip shows, with whether it was already showing another one
TOAST_LOG = """(() => {
  window.__toasts = [];
  let shown = false;
  const watch = () => {
    const el = document.getElementById("toast");
    if (!el) return requestAnimationFrame(watch);
    let text = el.textContent;
    new MutationObserver(() => {
      const over = shown && el.textContent !== text;
      if (!el.hidden && (!shown || over)) window.__toasts.push({ text: el.textContent, over });
      shown = !el.hidden;
      text = el.textContent;
    }).observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
  };
  watch();
})();"""


def test_ready_to_play_offline_waits_for_the_strip_to_be_free(profile, deploys, builds, catalog):
    """The first install ends while My games says something else: the news waits, then comes."""
    deploys.serve(builds["A"])
    release = deploys.hold("icons/icon-maskable-512.png")  # the install waits on this file
    page = profile.open("#my-games", init_script=TOAST_LOG)
    page.wait_for_function(f"{HOOK}.offline !== 'ready'")
    page.locator("#link-backup-save").click()  # no games: it says so
    expect(page.locator("#toast")).to_have_text(catalog["ui.link.backup.none"])
    release.set()
    page.wait_for_function(f"{HOOK}.offline === 'ready'", timeout=READY_MS)
    expect(page.locator("#toast")).to_have_text(catalog["ui.sw.offline_ready"], timeout=READY_MS)
    toasts = page.evaluate("window.__toasts")
    assert [t["text"] for t in toasts] == [catalog["ui.link.backup.none"], catalog["ui.sw.offline_ready"]]
    assert not any(t["over"] for t in toasts), toasts  # never written over the other message


# ------------------------------------------------------------------ first visits during a deploy


def test_a_first_visit_during_a_deploy_says_so_and_reload_works_once_it_is_over(profile, deploys, builds, catalog):
    """B's files with A's sw.js and build-info.json (B's wheel has A's name, other bytes): the
    start fails in words that say a deploy is under way, with a Reload; once B is whole on the
    server, Reload gives B. It said "Python could not start … (not the file of build …)", and
    Reload failed on and on: build-info.json came back from the HTTP cache (max-age=600)."""
    a, b = builds["A"], builds["B"]
    assert a.wheel == b.wheel and a.info["files"][a.wheel] != b.info["files"][b.wheel]
    deploys.serve(b, {"build-info.json": a, "sw.js": a})
    profile.ctx = profile.browser_type.launch_persistent_context(str(profile.folder), **profile.launch_args)
    page = profile.ctx.pages[0] if profile.ctx.pages else profile.ctx.new_page()
    page.on("pageerror", lambda e: profile.errors.append(str(e)))
    page.goto(deploys.url)
    expect(page.locator("#loading .label")).to_have_text(catalog["ui.error.deploy"])
    reload = page.locator("#loading button")
    expect(reload).to_have_text(catalog["ui.error.reload"])
    deploys.serve(b)  # the deploy is over
    reload.click()
    wait_python(page)
    assert_on(page, b)


def test_a_hard_reload_during_a_deploy_never_shows_a_mixed_page(profile, deploys, builds):
    """A hard reload goes past the service worker to a server half-way through B's deploy (B's
    catalogs, A's other files, build-info.json and wheel): Python's worker, controlled by the
    service worker, brings A's engine. The page (new catalogs, old engine) played on; now the
    page finds its own files are not all of its engine's build, and reloads from A, whole."""
    a, b = builds["A"], builds["B"]
    page = first_visit(profile, deploys, a)
    deploys.serve(a, {"locale/en.json": b})
    profile.ctx.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
    assert_on(page, a)


def test_a_first_visit_to_a_mixed_page_reloads_into_one_build_or_says_so(profile, deploys, builds, catalog):
    """A first visit while the server gives B's files but A's catalog: the page fetches its
    stale files again past the browser's cache and reloads, twice at most (the mix stays while
    the deploy lasts: no loop), then says it has parts of two versions, with a Reload that gives
    one build once the deploy is over. It showed A's words with B's engine, without a word."""
    a, b = builds["A"], builds["B"]
    deploys.serve(b, {"locale/en.json": a})
    profile.ctx = profile.browser_type.launch_persistent_context(str(profile.folder), **profile.launch_args)
    page = profile.ctx.pages[0] if profile.ctx.pages else profile.ctx.new_page()
    page.on("pageerror", lambda e: profile.errors.append(str(e)))
    page.goto(deploys.url)
    notice = page.locator("#mixed-notice")
    expect(notice).to_be_visible(timeout=READY_MS)
    expect(notice).to_contain_text(catalog["ui.sw.mixed"])
    assert page.evaluate(f"{HOOK}.stale") == ["/pygames/locale/en.json"]
    loads = page.evaluate("performance.getEntriesByType('navigation')[0].type")
    assert loads == "reload"  # it did reload by itself
    assert page.evaluate("sessionStorage.getItem('pygames.recover')") == "2"
    deploys.serve(b)  # the deploy is over
    page.locator("#mixed-reload").click()
    wait_python(page)
    assert_on(page, b)
    expect(notice).to_be_hidden()
