"""What a player may not see: perfect information, secret commitments, and hidden
information checked against ``determinise()``.

A ruleset with hidden information says what is hidden from player p by its
``determinise(state, p, rng)``: everything it resamples. The kit holds it to that along
seeded playouts. At every decision, for every player p, :data:`DRAWS` determinisations for p
are made; each is a game that differs from the real one only in what p cannot see, so p's
observation, prompt, legal actions and log must be the same in both (a difference is a
failure, never a reason to stop looking). Both games are then played on with the same
answers for :data:`AHEAD` decisions: while p's observation and the events shown to p in
private stay the same in both, the events everybody reads, p's prompt and legal actions
must stay the same too (a public event must not tell what the observation hides). A
determinisation must leave the real game alone, and some determinisation must resample
something.
"""

from __future__ import annotations

import random

from aerodrome.conformance.access import Sight, Table, differences
from aerodrome.conformance.broken import Contract, broken, require
from aerodrome.conformance.playouts import Case, cases, new_table, playout
from aerodrome.engine.data import Action
from aerodrome.engine.events import DecisionCommitted, encode_log
from aerodrome.plugins import Plugins

#: Decisions played per playout (as :data:`aerodrome.conformance.contracts.HORIZON`).
HORIZON = 150
#: Determinisations made for each player at each decision.
DRAWS = 2
#: Decisions a game and its determinisation are played on with the same answers.
AHEAD = 2


def check_perfect_information(plugins: Plugins, case: Case, seed: int) -> str | None:
    """A ruleset without hidden information shows every player the same observation and log,
    and its ``determinise()`` changes nothing (returns why it does not apply: the ruleset
    declares hidden information).

    Mutation caught: a player-specific field in such a view."""
    if plugins.ruleset(case.ruleset).capabilities.hidden_information:
        return "declares hidden information"

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        seats = table.players
        views = {table.sight(p).observation for p in seats}
        require(
            len(views) == 1,
            Contract.PERFECT,
            table.where,
            "declares perfect information but views differ: "
            + differences(table.observation(seats[0]), table.observation(seats[-1])),
        )
        # a simultaneous commitment is seen by its player only until the reveal: that is the
        # secrecy of simultaneous moves, not hidden information
        logs = {
            encode_log(
                e
                for e in table.events()
                if e.visible_to(p) and not isinstance(e, DecisionCommitted)
            )
            for p in seats
        }
        require(
            len(logs) == 1,
            Contract.PERFECT,
            table.where,
            "declares perfect information but logs differ",
        )
        alt = table.determinised(player, rng.randrange(2**31))
        require(
            alt.state() == table.state(),
            Contract.PERFECT,
            table.where,
            f"declares perfect information but determinise() changes the state for player {player}",
        )

    playout(plugins, case, seed, probe, HORIZON)
    return None


def check_secret_commitments(plugins: Plugins, case: Case, seed: int) -> str | None:
    """Two games that differ only in one player's secret commitment give every other player
    identical observations, logs, decisions, legal actions and waiting players until the
    reveal (returns why it does not apply: no simultaneous decisions).

    Mutation caught: removing ``seen_by`` from DecisionCommitted."""
    if not plugins.ruleset(case.ruleset).capabilities.simultaneous:
        return "no simultaneous decisions"

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        others = [q for q in table.owing() if q != player]
        if not table.simultaneous() or len(legal) < 2 or not others:
            return  # nothing to compare: nobody is left to learn the secret before the reveal
        a, b = table.clone(), table.clone()
        a.play(player, legal[0])
        b.play(player, legal[1])
        # while ``player``'s answer is committed and the decision not yet resolved
        while a.asked == table.asked and a.owing():
            q = a.owing()[0]
            what = _which_differs(a, b, q)
            if what is not None:
                broken(
                    Contract.COMMITMENT,
                    table.where,
                    f"at decision {table.asked}, player {q} can tell player {player}'s secret "
                    f"answer from its {what}",
                )
            answer = a.options(q)[0]
            a.play(q, answer)
            b.play(q, answer)

    playout(plugins, case, seed, probe, HORIZON)
    return None


def _which_differs(a: Table, b: Table, q: int) -> str | None:
    x, y = a.sight(q), b.sight(q)
    for name, same in (
        ("observation", x.observation == y.observation),
        ("prompt", x.prompt == y.prompt),
        ("legal actions", x.legal == y.legal),
        ("log", a.log(q) == b.log(q)),
        ("players still to answer", a.owing() == b.owing()),
    ):
        if not same:
            return name
    return None


def has_determinise(plugins: Plugins, case: Case) -> None:
    """A ruleset declaring hidden information has a ``determinise()``: without one the kit
    cannot check what it hides, and a search would read it."""
    if not new_table(plugins, case, 1).can_determinise():
        broken(
            Contract.RESAMPLED,
            case.ruleset,
            "declares hidden information but has no determinise(): the kit cannot check what "
            "its observations hide, and a searching agent would read it",
        )


def check_hidden_information_stays_hidden(plugins: Plugins, case: Case, seed: int) -> str | None:
    """At every decision of a seeded playout, for every player p, a game determinised for p
    (everything hidden from p resampled) shows p the same observation, prompt, legal actions
    and log as the real game; played on with the same answers, it keeps showing p the same
    public events, prompt and legal actions as long as p's observation and private events
    stay the same; the real game is left as it was (returns why it does not apply: no
    hidden information).

    In a determinisation for p, every legal action of another player owing the pending
    question can be played (the answers are read from the state they are answered in).

    Mutation caught: an observation that shows another player's hidden value, an event
    everybody reads that carries a hidden value, a prompt or legal actions that depend on a
    hidden hand, a ``determinise()`` that changes what the player sees or shares a list
    with the real state, a ruleset declaring hidden information without ``determinise()``,
    answers listed from the hidden state when the question was asked."""
    if not plugins.ruleset(case.ruleset).capabilities.hidden_information:
        return "no hidden information"
    has_determinise(plugins, case)

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        before = table.digest()
        for p in table.players:
            truth = table.sight(p)
            log = table.log(p)
            for _ in range(DRAWS):
                alt = table.determinised(p, rng.randrange(2**31))
                require(
                    table.digest() == before,
                    Contract.INDEPENDENT,
                    table.where,
                    f"determinise() for player {p} changed the real game's state",
                )
                _same_now(table, alt, p, truth, log)
                _others_can_answer(table, alt, p)
                _same_ahead(table, alt, p, rng)
                require(
                    table.digest() == before,
                    Contract.INDEPENDENT,
                    table.where,
                    f"playing a determinisation for player {p} changed the real game (the two "
                    "share something mutable: a list of the state, or a question's resolve "
                    "holding the state it was asked on)",
                )

    playout(plugins, case, seed, probe, HORIZON)
    return None


def _same_now(table: Table, alt: Table, p: int, truth: Sight, log: bytes) -> None:
    """The determinisation ``alt`` for ``p`` shows ``p`` what the real game does."""
    seen = alt.sight(p)
    at = f"at decision {table.asked}, player {p}'s"
    if seen.observation != truth.observation:
        broken(
            Contract.HIDDEN,
            table.where,
            f"{at} observation differs between the game and a determinisation for them "
            f"({differences(table.observation(p), alt.observation(p))}): it shows what "
            "determinise() resamples as hidden from them, or determinise() changes what "
            "they see",
        )
    require(
        seen.legal == truth.legal,
        Contract.HIDDEN,
        table.where,
        f"{at} legal actions differ in a determinisation for them: they depend on what is "
        "hidden from them",
    )
    require(
        seen.prompt == truth.prompt,
        Contract.HIDDEN,
        table.where,
        f"{at} prompt differs in a determinisation for them: it depends on what is hidden "
        "from them",
    )
    require(
        alt.log(p) == log,
        Contract.HIDDEN,
        table.where,
        f"{at} log differs in a determinisation for them",
    )


def _others_can_answer(table: Table, alt: Table, p: int) -> None:
    """In the determinisation ``alt`` for ``p``, every legal action of another player who
    owes the pending question can be played: the question was asked on the real state, but
    its answers must be read from the state they are answered in (a card listed from the
    real hand, absent from the resampled one, lets a search for ``p`` read the real hand and
    crashes when played)."""
    for q in alt.owing():
        if q == p:
            continue
        for action in alt.legal(q):
            error = alt.tried(q, action)
            if error is not None:
                broken(
                    Contract.ANSWERED_STATE,
                    table.where,
                    f"at decision {table.asked}, player {q}'s legal action {action!r} cannot "
                    f"be played in a "
                    f"determinisation for player {p} ({error}): it was "
                    "listed from the real state when the question was asked (what is hidden "
                    f"from player {p}); read it from the state passed to legal",
                )


def _same_ahead(table: Table, alt: Table, p: int, rng: random.Random) -> None:
    """Play the game and ``alt`` on with the same answers: while ``p``'s observation and
    private events stay the same in both, so do the public events, ``p``'s prompt and legal
    actions (from a decision another player owes too: its answers are read from each game's
    own state, :func:`_others_can_answer`)."""
    real = table.clone()
    marks = real.mark(), alt.mark()
    for step in range(1, AHEAD + 1):
        _answer_both(real, alt, rng)
        if real.over() or alt.over():
            return  # the result is for everybody: the end may reveal what was hidden
        x, y = real.sight(p), alt.sight(p)
        if x.observation != y.observation:
            return  # the rules revealed what was hidden, or another player acted on it
        (public, private), (alt_public, alt_private) = (
            real.log_since(p, marks[0]),
            alt.log_since(p, marks[1]),
        )
        if private != alt_private:
            return  # the rules showed p something in private (the cards drawn, say)
        at = f"{step} decision(s) after decision {table.asked}"
        if public != alt_public:
            broken(
                Contract.HIDDEN,
                table.where,
                f"{at}, player {p}'s observation is the same in the game and in a "
                f"determinisation for them, but the events everybody reads are not: one "
                f"tells what is hidden from them ({_first_line_differing(public, alt_public)})",
            )
        for what, same in (
            ("prompt differs: it depends", x.prompt == y.prompt),
            ("legal actions differ: they depend", x.legal == y.legal),
        ):
            require(
                same,
                Contract.HIDDEN,
                table.where,
                f"{at}, player {p}'s observation is the same in the game and in a "
                f"determinisation for them, but their {what} on what is hidden from them",
            )


def _answer_both(real: Table, alt: Table, rng: random.Random) -> None:
    """Answer the pending decision in both games, with the same action where it is legal in
    both (``alt`` may owe more: a determinisation forgets others' secret commitments)."""
    chosen: dict[int, Action] = {}
    for w in real.owing():
        options = real.options(w)
        chosen[w] = options[rng.randrange(len(options))]
        real.play(w, chosen[w])
    for w in alt.owing():
        options = alt.options(w)
        action = chosen.get(w)
        if action is None or action not in options:
            action = options[rng.randrange(len(options))]
        alt.play(w, action)


def _first_line_differing(a: bytes, b: bytes) -> str:
    for x, y in zip(a.splitlines(), b.splitlines(), strict=False):
        if x != y:
            return f"{x.decode()[:120]} vs {y.decode()[:120]}"
    return "one log has more events"


def check_determinise_resamples(plugins: Plugins, ruleset: str) -> str | None:
    """A ruleset declaring hidden information resamples some of it: along a seeded playout
    of its set-ups, some determinisation differs from the real state (returns why it does
    not apply: no hidden information).

    Mutation caught: a ``determinise()`` that returns a copy of the state, a ruleset
    declaring hidden information without ``determinise()``."""
    if not plugins.ruleset(ruleset).capabilities.hidden_information:
        return "no hidden information"
    found = False

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        nonlocal found
        if found:
            return
        state = table.state()
        found = any(
            table.determinised(p, rng.randrange(2**31)).state() != state
            for p in table.players
            for _ in range(DRAWS)
        )

    for case in cases(plugins, [ruleset]):
        has_determinise(plugins, case)
        playout(plugins, case, 1, probe, HORIZON)
        if found:
            return None
    broken(
        Contract.RESAMPLED,
        ruleset,
        "declares hidden information, but no determinisation along a playout of any set-up "
        "differs from the real game: determinise() resamples nothing (a search reads what is "
        "hidden), or nothing is hidden (declare hidden_information=False)",
    )
