"""The coach of the guided first games (``pygames.core.coach``, the bridge's ``coach``): every game
that declares a ``LESSON`` plays it to its end with the coach's advice (the learner takes the
coach's better move after each mistake); every word the coach says is a key of every catalog; a
rule is told once, where it first matters; a bad move is judged a mistake, with a better one,
and the better one is not."""

from __future__ import annotations

import functools

import pytest

from pygames import GAMES, bridge
from pygames.core.coach import LESSON_FIELDS, VERDICTS, topic_id
from pygames.core.errors import PlayerError
from pygames.core.i18n import catalog

LANGS = ("en", "fr", "gl", "ja", "uk")
LESSONS = [game for game in GAMES if bridge.lesson_of(GAMES[game])]


def lesson(game: str) -> dict:
    return bridge.lesson_of(GAMES[game])


def start(game: str) -> dict:
    it = lesson(game)
    return bridge.new_match(game, it["seed"], it["players"], "single", it["options"])["record"]


def said_keys(answer: dict) -> list[str]:
    """The catalog keys of what the coach said (a ``<name>_key`` param is one too: the page fills
    ``{<name>}`` with its text)."""
    said = list(answer["topics"])
    if answer["ask"]:
        said.append(answer["ask"])
    if "judgement" in answer:
        said.append(answer["judgement"]["why"])
    return [m["key"] for m in said] + [v for m in said for k, v in m["params"].items() if k.endswith("_key")]


def play_with_the_coach(game: str, pick=lambda legal: legal[0]):
    """The lesson played to its end: the learner picks ``pick(legal)`` and, on a mistake, the
    coach's better move; the bots play at the lesson's level. Yields (record, answer) at each of
    the learner's decisions (the answer with the judgement of the move picked) and at the end."""
    it = lesson(game)
    record = start(game)
    for _ in range(400):
        now = bridge.state(record, it["seat"])
        if now["to_move"] is None:
            yield record, bridge.coach(record)
            return
        if now["to_move"] != it["seat"]:
            move = bridge.bot_move(record, it["level"])["move"]
        elif now["forced"]:
            move = now["forced"]
        else:
            answer = bridge.coach(record, pick(now["legal"]))
            yield record, answer
            judged = answer["judgement"]
            move = judged["better"] if judged["verdict"] == "mistake" else pick(now["legal"])
        record = bridge.play(record, move, it["seat"])["record"]
    raise AssertionError("the lesson never ended")


@functools.cache
def played(game: str) -> list:
    """The lesson of ``game`` played through with the coach (``play_with_the_coach``), once a run:
    the slow part of these tests (the judge searches at every decision), also run in Pyodide."""
    return list(play_with_the_coach(game))


@pytest.fixture(params=LESSONS)
def lesson_game(request):
    """A lesson played through with the coach: the game and what the coach said."""
    return request.param, played(request.param)


def test_every_game_declares_a_lesson_of_the_right_shape():
    assert LESSONS == list(GAMES)
    for game in LESSONS:
        it = lesson(game)
        assert set(it) == set(LESSON_FIELDS)
        assert it["players"] in GAMES[game].PLAYER_COUNTS and 0 <= it["seat"] < it["players"]
        assert it["level"] in bridge.BOTS[game]
        (listed,) = [g for g in bridge.games() if g["id"] == game]
        assert listed["lesson"] == it and "coach" in listed["calls"]


def test_the_lesson_plays_to_its_end_with_the_coach(lesson_game):
    game, said = lesson_game
    record, last = said[-1]
    assert bridge.state(record)["to_move"] is None
    assert last["ask"] is None  # nothing left to decide
    decisions = said[:-1]
    assert 3 <= len(decisions) <= 40, "a short game"
    assert all(answer["ask"] for _, answer in decisions), "each decision says what it asks for"
    assert all(answer["judgement"]["verdict"] in VERDICTS for _, answer in decisions)


def test_every_word_of_the_coach_is_in_every_catalog(lesson_game):
    game, said = lesson_game
    keys = {key for _, answer in said for key in said_keys(answer)}
    assert keys and all(key.startswith((f"coach.{game}.", f"{game}.")) for key in keys)
    for lang in LANGS:
        assert sorted(keys - set(catalog(lang))) == [], lang


def test_each_rule_is_told_once(lesson_game):
    game, said = lesson_game
    told = [topic_id(m) for _, answer in said for m in answer["topics"]]
    assert len(told) == len(set(told)), told
    assert said[0][1]["topics"], "the first decision tells the first rules"


def test_a_mistake_names_a_better_move_that_is_no_mistake(lesson_game):
    game, said = lesson_game
    mistakes = [(record, answer) for record, answer in said[:-1] if answer["judgement"]["verdict"] == "mistake"]
    assert mistakes, "the first legal move is sometimes a mistake: the lesson shows one"
    for record, answer in mistakes:
        better = answer["judgement"]["better"]
        assert better in bridge.state(record, lesson(game)["seat"])["legal"]
        assert bridge.coach(record, better)["judgement"]["verdict"] != "mistake"


def test_the_coach_refuses_a_move_when_the_learner_is_not_to_move():
    for game in LESSONS:
        it = lesson(game)
        record = start(game)
        now = bridge.state(record, it["seat"])
        while now["to_move"] == it["seat"]:
            record = bridge.play(record, now["legal"][0], it["seat"])["record"]
            now = bridge.state(record, it["seat"])
        with pytest.raises(PlayerError):
            bridge.coach(record, "x")
        assert "topics" in bridge.coach(record)


# ----------------------------------------------------------------------------- Okiya


def test_okiya_judges_by_the_perfect_player():
    record = start("okiya")
    best = bridge.hint(record)["moves"]
    legal = bridge.state(record)["legal"]
    bad = [m for m in legal if m not in best]
    judged = bridge.coach(record, bad[0])["judgement"]
    assert judged["verdict"] == "mistake" and judged["better"] in best
    assert bridge.coach(record, best[0])["judgement"]["verdict"] == "good"
    answer = bridge.coach(record)
    assert [m["key"] for m in answer["topics"]] == ["coach.okiya.rule.opening"]
    assert answer["ask"]["key"] == "coach.okiya.ask.opening"


def test_okiya_tells_the_matching_rule_after_the_opening_and_the_ending_at_the_end():
    said = played("okiya")
    topics = [[m["key"] for m in answer["topics"]] for _, answer in said]
    assert "coach.okiya.rule.follow" in topics[1]
    assert any(key.startswith("coach.okiya.rule.end_") for key in topics[-1])


# ----------------------------------------------------------------------------- Oriflamme


def test_oriflamme_tells_each_card_where_it_first_acts():
    """At each of the learner's decisions, every card face up in the queue (or the learner's own card
    the resolution reached) has been told, with its rule, by then; the lesson meets most cards."""
    told = set()
    for record, answer in played("oriflamme"):
        told |= {m["params"]["card_id"] for m in answer["topics"] if m["key"] == "coach.oriflamme.card"}
        view = bridge.state(record, 0)["view"]
        up = {c["card"] for slot in view["queue"] for c in slot["cards"] if c["up"]}
        pending = view["pending"] or {}
        if pending.get("kind") == "reveal" and pending.get("seat") == 0:
            up.add(view["queue"][pending["slot"]]["cards"][-1]["card"])
        assert up <= told, (up - told, len(record["games"][0]))
    assert len(told) >= 8, told


# ----------------------------------------------------------------------------- Turncoats


def test_turncoats_tells_each_action_where_it_first_changes_the_map_and_the_ending():
    said = played("turncoats")
    told = [m["key"] for _, answer in said for m in answer["topics"]]
    actions = [key.rsplit(".", 1)[1] for key in told if key.startswith("coach.turncoats.action.")]
    assert actions == ["recruit", "battle", "march", "negotiate"], told  # one at a time, the plainest first
    assert "coach.turncoats.rule.ending" in told
    for record, answer in said[:-1]:
        new = [m["key"].rsplit(".", 1)[1] for m in answer["topics"] if m["key"].startswith("coach.turncoats.action.")]
        view = bridge.state(record, 0)["view"]
        now = [a["controller"] for a in view["standing"]["control"]]
        for kind in set(new) - {"negotiate"}:
            # told where one such move of the learner would change who rules an area
            moves = [m for m in bridge.state(record, 0)["legal"] if m.startswith(kind)]
            after = [bridge.state(bridge.play(record, m, 0)["record"], 0)["view"]["standing"]["control"] for m in moves]
            assert any([a["controller"] for a in control] != now for control in after), kind
