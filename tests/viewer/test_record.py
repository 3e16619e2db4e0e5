"""A recording holds, for the referee and every seat, the picture after every action (the
ruleset's drawing of that viewer's observation) and the events that viewer may see, each at
the step where it happened."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome.engine.describe import event_text
from aerodrome.engine.game import Game
from aerodrome.plugins import Plugins
from aerodrome.runs.viewer import Recorder, Recording, record_game
from aerodrome.runs.viewer.pictures import PictureBook
from aerodrome.runs.viewer.record import NO_PICTURE
from tests.bare import bare
from tests.viewer.games import short_game


def _book(rec: Recording) -> PictureBook:
    book = PictureBook()
    book.pieces, book.runs = rec.pieces, rec.runs
    return book


def _texts(rec: Recording, view: int) -> list[tuple[int, str]]:
    log = rec.views[view].log
    return [(log[i], rec.texts[log[i + 1]]) for i in range(0, len(log), 2)]


@pytest.mark.parametrize("name", ["df40k", "victoriana"])
def test_every_step_of_every_view_is_that_viewers_picture_and_events(
    plugins: Plugins, name: str
) -> None:
    """Replays the game step by step beside the recording. Mutations caught: every view drawn
    from the referee's observation, events not filtered by ``visible_to``, events filed one
    step late, a picture's runs decoded in the wrong order."""
    played = short_game(plugins, name, actions=30)
    ruleset = played.ruleset
    rec = record_game(ruleset, played.setup, played.seed, played.history)
    assert rec.actions == len(played.history) and len(rec.rounds) == rec.actions + 1
    assert (
        rec.draws
        and [v.label for v in rec.views][1] == "Seat 1 (" + played.setup.seats[0].name + ")"
    )
    book = _book(rec)
    game: Game[Any, Any, Any] = Game(ruleset, played.setup, played.seed)
    expected: list[list[tuple[int, str]]] = [[] for _ in rec.views]
    seen = 0
    for step in range(rec.actions + 1):
        if step:
            game.apply(*played.history[step - 1])
        assert rec.rounds[step] == game.round
        for v, viewer in enumerate([None, *range(len(played.setup.seats))]):
            view = game.observation(viewer)
            assert book.picture(rec.views[v].pictures[step]) == ruleset.draw_svg(view)
            for event in game.log[seen:]:
                text = event_text(ruleset, played.setup, event, view)
                if event.visible_to(viewer) and text:
                    expected[v].append((step, text))
        seen = len(game.log)
    for v in range(len(rec.views)):
        assert _texts(rec, v) == expected[v]


def test_an_action_is_linked_to_the_step_it_made_and_secrets_stay_with_their_seat(
    plugins: Plugins,
) -> None:
    """Joust's passes are committed in secret: each commitment is seen by its ace only until
    both have chosen."""
    played = short_game(plugins, "joust", actions=6)
    rec = record_game(played.ruleset, played.setup, played.seed, played.history)
    referee, red, blue = (_texts(rec, v) for v in range(3))
    commits = [step for step, text in referee if "commits in secret" in text]
    assert commits == [1, 2, 3, 4, 5, 6]  # action n is at step n
    assert [s for s, t in referee if t.startswith("Round ")] == [0, 2, 4, 6][
        : len(commits) // 2 + 1
    ]
    assert [s for s, t in red if "commits in secret" in t] == [1, 3, 5]
    assert [s for s, t in blue if "commits in secret" in t] == [2, 4, 6]
    assert not any("Seat 2" in t and "secret" in t for _, t in red)


def test_identical_pictures_are_stored_once(plugins: Plugins) -> None:
    """Victoriana shows every seat the referee's picture (it hides nothing): one picture per
    distinct board."""
    played = short_game(plugins, "victoriana", actions=20)
    rec = record_game(played.ruleset, played.setup, played.seed, played.history)
    boards = {tuple(p) for p in rec.runs}
    assert len(boards) == len(rec.runs)
    assert rec.views[0].pictures == rec.views[1].pictures == rec.views[2].pictures
    assert len(rec.runs) == len(set(rec.views[0].pictures)) < rec.actions


def test_a_ruleset_that_draws_nothing_records_no_picture(plugins: Plugins) -> None:
    ruleset = bare(plugins.ruleset("joust"))
    game: Game[Any, Any, Any] = Game(ruleset, None, 1)
    recorder = Recorder(ruleset, game.setup, 1)
    recorder.snap(game)
    rec = recorder.recording()
    assert not rec.draws and rec.views[0].pictures == [NO_PICTURE] and rec.runs == []
