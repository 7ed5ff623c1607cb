"""``python -m pygames check LINK``: decode a game link, replay it by the rules, and say
the game, the position and whose turn it is (exit status 1 with the reason on a bad link)."""

from __future__ import annotations

import argparse
import sys

from pygames.core.i18n import tr


def check(link: str) -> str:
    """What a link holds, in words (BadLink if it is not a valid game)."""
    from pygames.link import Table, decode

    table = Table(decode(link))
    header = table.record.header
    lines = [
        tr(
            "link.check.position",
            game=tr(f"game.{header.game}"),
            players=header.players,
            phase=tr(f"link.phase.{table.phase}"),
        )
    ]
    lines.append(", ".join(f"{i + 1}. {name}" for i, name in enumerate(table.names)))
    if table.game is not None:
        lines.append(table.game.public_text())
    nxt = table.next()
    if nxt is not None:
        lines.append(tr("link.check.turn", name=nxt["name"], action=tr(f"link.action.{nxt['action']}")))
    else:
        lines.append(tr("link.check.over", audit=table.audit()["text"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames", description="pygames tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="decode and verify a game link").add_argument("link")
    args = parser.parse_args(argv)
    from pygames.link import BadLink

    try:
        print(check(args.link))
    except BadLink as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
