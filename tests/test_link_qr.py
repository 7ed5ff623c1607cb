"""The QR code the page shows beside a link (segno, through the bridge)."""

import json

from pygames.bridge import call


def qr(text: str) -> dict:
    return json.loads(call("link_qr", json.dumps({"text": text})))


def test_a_link_becomes_an_svg_qr_code_and_a_longer_link_a_denser_one():
    short = qr("https://pygames.github.io/pygames/#g=abc")
    long = qr("https://pygames.github.io/pygames/#g=" + "x" * 900)
    assert short["ok"] and long["ok"]
    svg = short["result"]["svg"]
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox=') and "<path" in svg
    assert "<script" not in svg
    width = lambda s: float(s.split('viewBox="0 0 ')[1].split(" ")[0])  # noqa: E731
    assert width(long["result"]["svg"]) > width(svg)
    assert qr("https://x/#g=abc")["result"] == qr("https://x/#g=abc")["result"]


def test_text_too_long_for_a_qr_code_gets_a_message():
    result = qr("x" * 5000)
    assert not result["ok"] and result["error"]["key"] == "link.error.too_long"
