"""The engine's schedule: every configuration's first game first (the pilots that time it),
then chunks of about equal CPU time, the costliest first; records never depend on it."""

from __future__ import annotations

from aerodrome.runs.parallel import CHUNK_SECONDS, MAX_CHUNK, Config, Done, Schedule

CHEAP = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=1000, seed=1)
DEAR = Config(ruleset="classic", setup="two-player", agents=("bot", "bot"), games=40, seed=1)


def test_pilots_first_then_the_costliest_chunks() -> None:
    """Mutation caught: the rest cut by games in plan order (the dear games would come
    last, in chunks of several games, and end the run alone)."""
    schedule = Schedule([CHEAP, DEAR], Done([CHEAP, DEAR]), workers=2)
    chunks = iter(schedule)
    pilots = [next(chunks), next(chunks)]
    assert [(c.config, c.start, c.stop) for c in pilots] == [(CHEAP, 0, 1), (DEAR, 0, 1)]
    schedule.finished(CHEAP, 1, 0.0005)  # 0.5 ms a game
    schedule.finished(DEAR, 1, 0.5)  # half a second a game
    rest = list(chunks)
    assert sum(c.stop - c.start for c in rest) == 999 + 39
    first = rest[0]
    assert first.config == DEAR  # the costliest chunk first
    dear = [c for c in rest if c.config == DEAR]
    cheap = [c for c in rest if c.config == CHEAP]
    # a dear chunk holds as many games as fit its target (at most CHUNK_SECONDS of CPU)
    assert all((c.stop - c.start) * 0.5 <= CHUNK_SECONDS for c in dear)
    assert max(c.stop - c.start for c in cheap) <= MAX_CHUNK
    # every dear chunk is handed out before the cheap ones that cost less
    assert rest.index(dear[-1]) < rest.index(cheap[-1])


def test_unknown_costs_are_taken_as_the_dearest_known() -> None:
    schedule = Schedule([CHEAP, DEAR], Done([CHEAP, DEAR]), workers=2)
    schedule.finished(CHEAP, 10, 0.01)
    assert schedule.per_game(DEAR) is None
    assert schedule.estimate(DEAR) == schedule.estimate(CHEAP) == 0.001


def test_a_fixed_size_plays_game_by_game() -> None:
    schedule = Schedule([DEAR], Done([DEAR]), workers=1, size=1)
    assert all(c.stop - c.start == 1 for c in schedule)


def test_games_already_done_are_not_scheduled() -> None:
    done = Done([DEAR])
    for i in (0, 1, 5):
        done.flags[DEAR.key][i] = 1
    schedule = Schedule([DEAR], done, workers=2)
    assert schedule.remaining() == {DEAR.key: 37}
    chunks = list(schedule)
    assert (chunks[0].start, chunks[0].stop) == (2, 3)  # the pilot: the first game left
    played = sorted(i for c in chunks for i in range(c.start, c.stop))
    assert played == [i for i in range(40) if i not in (0, 1, 5)]
