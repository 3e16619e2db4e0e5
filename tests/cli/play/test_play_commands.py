"""``aerodrome play`` on scripted stdin (typer's runner, in this process) with the example
ruleset: the save checked before the game, a random seed printed and replayable, resume,
undo and its refusals, the end of input, a game of bots, the seats a save records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome.engine.errors import AerodromeError
from aerodrome.ui.cli import app
from aerodrome.ui.cli.seats import SeatPlan, parse_seats
from tests.cli.play.games import printed_events, replayed
from tests.saves import save_data

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "positions"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=input)
    return result.exit_code, result.output + (
        str(result.exception or "") if result.exit_code else ""
    )


def test_save_in_a_missing_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    code, out = run("play", "joust", "--save", str(tmp_path / "no" / "g.json"), input="high\n")
    assert code == 1 and "does not exist" in out
    assert "Round 1" not in out


def test_a_save_given_as_a_position_says_to_resume_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run("play", "joust", "--seed", "3", "--save", str(save), input="high\nq\n")
    code, out = run("play", "joust", "--position", str(save))
    assert code == 1 and "a saved game, not a position file" in out and "--resume" in out


def test_a_random_seed_is_printed_and_plays_the_same_game_again(tmp_path: Path) -> None:
    bots = ["--seat", "1=random", "--seat", "2=random"]
    code, first = run("play", "joust", *bots, "--save", str(tmp_path / "a.json"))
    assert code == 0, first
    found = re.search(r"Play this game again with --seed (\d+)\.", first)
    assert found is not None
    seed = found.group(1)
    code, again = run("play", "joust", *bots, "--seed", seed, "--save", str(tmp_path / "b.json"))
    assert code == 0
    assert printed_events(first) == printed_events(again)
    a, b = (save_data(tmp_path / n) for n in ("a.json", "b.json"))
    assert a["seed"] == b["seed"] == int(seed) and a["actions"] == b["actions"]


def test_bots_only_print_everything_and_the_result_in_words() -> None:
    code, out = run("play", "joust", "--seat", "1=random", "--seat", "2=random", "--seed", "4")
    assert code == 0
    assert "· The game ends after" in out and "▶ Result: " in out
    assert "You win" not in out and "You lose" not in out


def test_end_of_input_keeps_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run("play", "joust", "--seed", "3", "--save", str(save), input="high\n")
    assert code == 0 and "Stopped: the game is saved in" in out
    data, game = replayed(save)
    # the bot commits first to each simultaneous pass (it sees nothing of the person's):
    # its pass and the person's, then its next one
    assert [a.player for a in data.actions] == [1, 0, 1] and not game.is_over()


def test_resume_goes_on_where_the_game_stopped(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run("play", "joust", "--seed", "3", "--save", str(save), input="high\nq\n")
    code, out = run("play", "--resume", str(save), input="low\nq\n")
    assert code == 0 and f"Resuming {save}" in out and "3 actions played" in out
    data, _ = replayed(save)
    assert len(data.actions) == 5 and data.actions[3].action == {"type": "Pass", "height": "low"}
    assert data.versions


def test_resume_of_a_finished_game_shows_its_result(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run("play", "joust", "--seat", "1=random", "--seed", "3", "--save", str(save))
    code, out = run("play", "--resume", str(save))
    assert code == 0 and "▶ Result: " in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seed", "5"], "leave out --seed"),
        (["--setup", "duel"], "leave out --setup"),
    ],
)
def test_resume_refuses_what_the_save_decides(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    save = tmp_path / "g.json"
    run("play", "joust", "--seed", "3", "--save", str(save), input="q\n")
    code, out = run("play", "--resume", str(save), *extra)
    assert code == 1 and message in out


def test_resume_of_another_ruleset_or_a_tampered_save(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run("play", "joust", "--seed", "3", "--save", str(save), input="high\nq\n")
    code, out = run("play", "classic", "--resume", str(save))
    assert code == 1 and "a game of 'joust', not 'classic'" in out
    data = save_data(save)
    data["seed"] = 4
    save.write_text(json.dumps(data))
    code, out = run("play", "--resume", str(save))
    assert code == 1 and "replay produced" in out
    assert "Traceback" not in out


def test_undo_goes_back_and_the_save_keeps_it_honestly(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run(
        "play", "joust", "--seed", "3", "--save", str(save), input="high\nhigh\nundo\nlow\nq\n"
    )
    assert code == 0 and "↶ Undone: 2 actions taken back" in out
    data, _ = replayed(save)
    assert [a.action["height"] for a in data.actions if a.player == 0] == ["high", "low"]
    (undo,) = data.undone
    assert undo.at == 3 and undo.by == 0 and "took back" in undo.reason  # after the bot's
    assert undo.actions[0].action == {"type": "Pass", "height": "high"}
    code, out = run("replay", str(save), "--verify")
    assert code == 0 and "identical" in out


def test_undo_at_the_first_decision_and_in_a_hot_seat() -> None:
    _, out = run("play", "joust", "--seed", "3", input="undo\nq\n")
    assert "Nothing to undo: this is your first decision." in out
    _, out = run("play", "joust", "--seed", "3", "--seat", "2=human", input="high\nundo\nq\n")
    assert "undo is for a game against bots only: Seat 1 (Red ace) is played by a person." in out


def test_the_seats_a_save_records_are_seated_again(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run("play", "joust", "--seed", "3", "--seat", "2=random", "--save", str(save), input="q\n")
    assert save_data(save)["seats"] == ["human", "random"]
    code, out = run("play", "--resume", str(save), "--seat", "1=random")
    assert code == 0 and "▶ Result: " in out
    assert save_data(save)["seats"] == ["random", "random"]


def test_seat_specs() -> None:
    assert parse_seats(["2=bot:konrad"], 2, "bot") == [SeatPlan("human"), SeatPlan("konrad", True)]
    assert parse_seats([], 3, "bot", saved=["bot", "human", "bot:konrad"])[2].spec == "bot:konrad"
    for bad in ("2", "x=bot", "2=", "2=bot:", "3=bot"):
        with pytest.raises(AerodromeError):
            parse_seats([bad], 2, "bot")


def test_a_seat_flown_by_the_rulebooks_bot_rules_is_marked_and_kept(tmp_path: Path) -> None:
    """``--seat 2=bot:NAME`` marks the seat (aerodrome.Seat.bot) for the game and its save; a
    resumed game cannot change which seats the bot rules fly."""
    save = tmp_path / "g.json"
    code, out = run(
        "play",
        "joust",
        "--seed",
        "3",
        "--seat",
        "2=bot:random",
        "--save",
        str(save),
        input="high\nq\n",
    )
    assert code == 0 and "Seat 2 (Blue ace): random, flying by the rulebook's bot rules" in out
    data, game = replayed(save)
    assert data.bots == (1,) and game.setup.bots == (1,) and data.seats == ("human", "bot:random")
    code, out = run("play", "--resume", str(save), "--seat", "2=random")
    assert code == 1 and "cannot change in the middle of the game" in out
    code, out = run("play", "--resume", str(save), input="q\n")
    assert code == 0 and "flying by the rulebook's bot rules" in out


def test_a_hot_seat_with_hidden_information_hands_the_screen_over(tmp_path: Path) -> None:
    """Classic hides each seat's cards: between two persons' decisions the next one takes
    the screen with Enter (``q`` there stops the game)."""
    args = [
        "play",
        "classic",
        "--seed",
        "3",
        "--seat",
        "2=human",
        "--save",
        str(tmp_path / "g.json"),
    ]
    code, out = run(*args, input="1\n\n1\nq\n")
    assert code == 0, out
    assert "Hand over to Seat 2 (American player): press Enter when only they can see" in out
    assert out.count("▶ Seat 2 (American player)") == 1
    code, out = run("play", "joust", "--seat", "2=human", "--seed", "1", input="high\nlow\nq\n")
    assert "Hand over" not in out  # nothing hidden in a joust
