"""build.py's deploy-facing parts, on small made-up sites (no runtime, no browser):

- seal() lists every file's sha256 in build-info.json and in sw.js (which also lists build-info.json),
  and the cache version changes with any file;
- a build writes only the files whose content changed (the others keep their dates), the seals
  last, and drops files the build no longer has;
- the server answers If-None-Match with 304 while a file is unchanged, and with the new file after;
  a date alone (If-Modified-Since) never makes a 304;
- a browser hanging up half-way through an answer prints no traceback, a fault of the site does.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest


@pytest.fixture
def build(build_mod):
    """build.py as a module (tests/conftest.py's fixture)."""
    return build_mod


SW_TEMPLATE = "const VERSION = '__CACHE_VERSION__';\nconst PRECACHE = __PRECACHE__;\nconst LAZY = __LAZY__;\n"


def make_site(folder: Path, files: dict[str, bytes]) -> Path:
    for rel, data in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    return folder


SITE = {
    "index.html": b"<!doctype html><title>t</title>",
    "app.js": b"console.log(1);",
    "wheels/pygames-0.1.0-py3-none-any.whl": b"PK wheel bytes",
}


def precache_of(folder: Path) -> tuple[str, dict[str, str]]:
    """(version, {url: sha256}) as the sealed sw.js holds them."""
    text = (folder / "sw.js").read_text("utf-8")
    version = re.search(r"VERSION = '(\w+)'", text).group(1)
    return version, json.loads(text.split("PRECACHE = ", 1)[1].split(";\nconst LAZY", 1)[0])


def lazy_of(folder: Path) -> dict[str, str]:
    """{url: sha256} of the files the sealed sw.js caches at their first use."""
    return json.loads((folder / "sw.js").read_text("utf-8").split("LAZY = ", 1)[1].rstrip().rstrip(";"))


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_seal_lists_every_file_hash_in_build_info_and_the_service_worker(tmp_path, build):
    site = make_site(tmp_path / "a", SITE)
    info = build.seal(site, SW_TEMPLATE)
    on_disk = json.loads((site / "build-info.json").read_text("utf-8"))
    assert on_disk["files"] == {rel: sha(data) for rel, data in SITE.items()}
    assert on_disk["wheel"] == "wheels/pygames-0.1.0-py3-none-any.whl" and on_disk["version"] == "0.1.0"
    assert on_disk["bytes"] == sum(len(d) for d in SITE.values())
    version, precache = precache_of(site)
    assert version == info["hash"] == on_disk["hash"]
    want = {rel: sha(data) for rel, data in SITE.items()}
    want["build-info.json"] = sha((site / "build-info.json").read_bytes())
    want["./"] = sha(SITE["index.html"])
    assert precache == want
    # the same files seal to the same version; one changed byte gives another
    again = make_site(tmp_path / "b", SITE)
    assert build.seal(again, SW_TEMPLATE)["hash"] == version
    (again / "app.js").write_bytes(b"console.log(2);")
    assert build.seal(again, SW_TEMPLATE)["hash"] != version


def test_seal_refuses_a_site_without_exactly_one_wheel(tmp_path, build):
    site = make_site(tmp_path / "a", {"index.html": b"x"})
    with pytest.raises(build.BuildError, match="one pygames wheel"):
        build.seal(site, SW_TEMPLATE)


def test_a_build_writes_only_what_changed_and_the_seals_last(tmp_path, build):
    dist = make_site(tmp_path / "dist", {**SITE, "old.js": b"gone"})
    build.seal(dist, SW_TEMPLATE)
    past = 1_000_000_000
    for p in dist.rglob("*"):
        os.utime(p, (past, past))
    staging = make_site(tmp_path / "staging", {**SITE, "app.js": b"console.log(2);"})
    build.seal(staging, SW_TEMPLATE)
    written = build._sync(staging, dist)
    assert written == ["app.js", "build-info.json", "sw.js"]
    assert not (dist / "old.js").exists()
    assert (dist / "app.js").read_bytes() == b"console.log(2);"
    assert (dist / "index.html").stat().st_mtime == past  # unchanged: its date kept
    assert (dist / "wheels" / "pygames-0.1.0-py3-none-any.whl").stat().st_mtime == past
    assert build._sync(staging, dist) == []  # nothing staged is new any more


def get(url: str, etag: str | None = None, since: str | None = None) -> tuple[int, bytes, str | None]:
    headers = {"If-None-Match": etag} if etag else {}
    if since:
        headers["If-Modified-Since"] = since
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req) as res:
            return res.status, res.read(), res.headers.get("ETag")
    except urllib.error.HTTPError as e:
        return e.code, b"", e.headers.get("ETag")


def test_the_server_sends_etags_and_304_for_unchanged_files(tmp_path, build):
    site = make_site(tmp_path / "site", SITE)
    server = build.serve_in_background(site, base="/pygames/")
    try:
        url = server.base_url + "app.js"
        status, body, etag = get(url)
        assert (status, body) == (200, SITE["app.js"]) and etag
        assert get(url, etag)[:2] == (304, b"")
        assert get(server.base_url, get(server.base_url)[2])[0] == 304  # the page's address too
        (site / "app.js").write_bytes(b"console.log(3);")
        status, body, new_etag = get(url, etag)
        assert (status, body) == (200, b"console.log(3);") and new_etag != etag
        # a date says nothing of the content (a file of an older deploy may be older): never a 304
        assert get(url, since="Fri, 01 Jan 2100 00:00:00 GMT")[:2] == (200, b"console.log(3);")
    finally:
        server.shutdown()
        server.server_close()


def test_a_client_that_hangs_up_prints_nothing_but_a_real_fault_does(tmp_path, build, capsys):
    site = make_site(tmp_path / "site", SITE)
    server = build.make_server(site)
    try:
        for gone in (ConnectionResetError(104, "Connection reset by peer"), BrokenPipeError(32, "Broken pipe")):
            try:
                raise gone
            except ConnectionError:
                server.handle_error(None, ("127.0.0.1", 5))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a fault of the site")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 5))
        assert "ValueError: a fault of the site" in capsys.readouterr().err
    finally:
        server.server_close()


def test_the_serve_command_gzips_text_as_the_real_host_does(tmp_path, build):
    script = b"console.log('a longer script, so that gzip has something to squeeze');\n" * 20
    site = make_site(tmp_path / "site", {**SITE, "app.js": script, "icons/i.png": b"\x89PNG not text"})
    server = build.serve_in_background(site, base="/pygames/", handler_class=build.CompressingHandler)

    def fetch(rel: str, accept: str) -> tuple[str | None, bytes]:
        req = urllib.request.Request(server.base_url + rel, headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(req) as res:
            body = res.read()
            assert int(res.headers["Content-Length"]) == len(body)
            return res.headers.get("Content-Encoding"), body

    try:
        encoding, body = fetch("app.js", "gzip, deflate, br")
        assert encoding == "gzip" and len(body) < len(script) and gzip.decompress(body) == script
        assert fetch("app.js", "") == (None, script)  # a client that cannot take it
        assert fetch("icons/i.png", "gzip") == (None, b"\x89PNG not text")  # already compressed kinds
    finally:
        server.shutdown()
        server.server_close()


def test_the_optional_packages_index_lists_each_wheel_with_its_hash_and_metadata(tmp_path, build):
    """build.py's package index for micropip: segno's page links the pinned wheel with its sha256
    and Requires-Python, and its PEP 658 metadata file is the wheel's own METADATA (Requires-Dist)."""
    import html.parser
    import zipfile

    segno = build.fetch_site_wheels()[1]
    assert segno.name in build.SITE_WHEELS and build.sha256_file(segno) == build.SITE_WHEELS[segno.name][0]
    site = make_site(tmp_path / "site", {"wheels/.keep": b""})
    build.write_package_index(site, [segno])
    page = (site / "simple" / "segno" / "index.html").read_text("utf-8")
    assert build.INDEX_URL.format(package_name="segno") == "simple/segno/index.html"

    links: list[dict] = []
    parser = html.parser.HTMLParser()
    parser.handle_starttag = lambda tag, attrs: links.append(dict(attrs)) if tag == "a" else None
    parser.feed(page)
    (link,) = links
    assert link["href"] == f"../../wheels/{segno.name}#sha256={build.SITE_WHEELS[segno.name][0]}"
    with zipfile.ZipFile(segno) as zf:
        metadata = zf.read("segno-1.6.6.dist-info/METADATA")
    assert (site / "wheels" / f"{segno.name}.metadata").read_bytes() == metadata
    assert link["data-core-metadata"] == f"sha256={sha(metadata)}"
    assert link["data-requires-python"] == ">=3.5"
    requires = [line for line in metadata.decode().splitlines() if line.startswith("Requires-Dist:")]
    assert requires == ["Requires-Dist: importlib-metadata>=3.6.0; python_version < '3.10'"]


def test_the_service_worker_caches_the_optional_files_at_first_use_not_on_install(tmp_path, build):
    optional = {
        f"wheels/{build.MICROPIP_WHEEL[0]}": b"micropip",
        "wheels/segno-1.6.6-py3-none-any.whl": b"segno",
        "wheels/segno-1.6.6-py3-none-any.whl.metadata": b"Name: segno",
        "simple/segno/index.html": b"<a>",
        build.MICROPIP_STDLIB: b"PK zip",
    }
    site = make_site(tmp_path / "site", {**SITE, **optional})
    info = build.seal(site, SW_TEMPLATE)
    _, precache = precache_of(site)
    assert lazy_of(site) == {rel: sha(data) for rel, data in optional.items()}
    assert not set(precache) & set(optional) and set(SITE) <= set(precache)
    assert info["extras"] == {"link_qr": ["segno==1.6.6"]}  # what micropip installs before that call
    assert info["micropip"] == f"wheels/{build.MICROPIP_WHEEL[0]}" and info["index"] == build.INDEX_URL
