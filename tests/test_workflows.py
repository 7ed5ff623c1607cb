"""The GitHub workflows: the site is deployed only from a commit whose tests passed."""

from __future__ import annotations

import re
from pathlib import Path

WORKFLOWS = Path(__file__).resolve().parent.parent / ".github" / "workflows"


def _triggers(text: str) -> list[str]:
    """The events under a workflow's top-level ``on:`` (its two-space-indented keys)."""
    block = re.search(r"^on:\n((?:(?:  .*)?\n)+)", text, re.M)
    assert block, "the workflow has no 'on:' block"
    return re.findall(r"^  (\w+):", block.group(1), re.M)


def test_pages_deploys_only_a_commit_whose_tests_passed():
    pages = (WORKFLOWS / "pages.yml").read_text("utf-8")
    test_name = re.search(r"^name:\s*(\S+)", (WORKFLOWS / "test.yml").read_text("utf-8"), re.M).group(1)
    assert "push" not in _triggers(pages), "a push to main must not deploy before its tests pass"
    assert set(_triggers(pages)) <= {"workflow_run", "workflow_dispatch"}
    assert re.search(rf"workflow_run:\n\s+workflows: \[{re.escape(test_name)}\]\n\s+types: \[completed\]", pages)
    assert "github.event.workflow_run.conclusion == 'success'" in pages
    # a run on a pull request (a fork's branch named main passes the branch filter) deploys nothing
    assert "github.event.workflow_run.event == 'push'" in pages
    assert "github.event.workflow_run.head_repository.full_name == github.repository" in pages
    # the commit deployed is the one the tests ran on, not whatever main holds by then
    assert "ref: ${{ github.event.workflow_run.head_sha" in pages


def test_the_tests_run_on_every_push():
    assert "push" in _triggers((WORKFLOWS / "test.yml").read_text("utf-8"))
