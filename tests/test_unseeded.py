"""No test draws unseeded randomness (issue 38: a CI run failed on a draw no change brought).

A test's source is read for the draws that come from no seed of its own: the functions of
the global ``random`` (``random.random()``, ``random.choice(...)``...), of NumPy's global
generator (``np.random.rand(...)``...), and generators made without a seed
(``random.Random()``, ``np.random.default_rng()``, ``np.random.RandomState()``). Seeded ones
(``random.Random(7)``, ``np.random.default_rng(4)``) are what a test uses instead. A draw
made unseeded on purpose (a mutant ruleset the conformance kit must catch) says so on its
line: ``# unseeded: <why>``.

What a scan of the source cannot see is caught where it happens: ``tests/rl`` fails a test
that samples a space nobody seeded (``tests/rl/conftest.py``), and a game a test starts
without a seed plays one from a stream fixed per test (``tests/conftest.py``).
"""

from __future__ import annotations

import ast
import random
import secrets
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The functions of ``random`` that draw from its hidden global generator.
GLOBAL_DRAWS = frozenset(
    [
        "random",
        "randint",
        "choice",
        "choices",
        "shuffle",
        "sample",
        "uniform",
        "randrange",
        "getrandbits",
        "gauss",
        "normalvariate",
        "lognormvariate",
        "expovariate",
        "vonmisesvariate",
        "gammavariate",
        "betavariate",
        "paretovariate",
        "weibullvariate",
        "triangular",
        "randbytes",
        "binomialvariate",
    ]
)
#: The generators of ``random`` and ``numpy.random`` that draw unseeded when made bare.
GENERATORS = frozenset(
    [
        "Random",
        "default_rng",
        "RandomState",
        "Generator",
        "PCG64",
        "PCG64DXSM",
        "MT19937",
        "Philox",
        "SFC64",
        "SeedSequence",
    ]
)
MARK = "# unseeded:"


def _module(node: ast.expr) -> str:
    """``random``, ``numpy.random`` (``np.random`` too), or "" for anything else."""
    text = ast.unparse(node)
    if text == "random":
        return "random"
    if text in ("np.random", "numpy.random"):
        return "numpy.random"
    return ""


def unseeded_draws(source: str) -> list[tuple[int, str]]:
    """The unseeded draws of ``source``: (line, the call as written), in line order."""
    lines = source.splitlines()
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        module, name = _module(node.func.value), node.func.attr
        bare = not node.args and not any(k.arg in ("seed", "x") for k in node.keywords)
        seeded_none = any(isinstance(a, ast.Constant) and a.value is None for a in node.args)
        if not module:
            continue
        if name in GENERATORS:
            bad = bare or seeded_none
        elif module == "random":
            bad = name in GLOBAL_DRAWS
        else:  # numpy.random's global generator: everything but seeding it, saving and
            # restoring its state
            bad = name not in ("seed", "get_state", "set_state") and name[:1].islower()
        if bad and MARK not in lines[node.lineno - 1]:
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_scan_finds_every_kind_of_unseeded_draw() -> None:
    """Mutation caught: dropping a kind from the scan (each line here must be found)."""
    source = "\n".join(
        [
            "random.random()",
            "random.choice(xs)",
            "random.shuffle(xs)",
            "random.Random()",
            "random.Random(None)",
            "np.random.rand(3)",
            "numpy.random.choice(xs)",
            "np.random.default_rng()",
            "np.random.RandomState()",
            "np.random.default_rng(None)",
        ]
    )
    assert [line for line, _ in unseeded_draws(source)] == list(range(1, 11))


def test_the_scan_leaves_seeded_draws_and_marked_ones() -> None:
    source = "\n".join(
        [
            "random.Random(7).choice(xs)",
            "rng = random.Random(seed)",
            "rng.random()",
            "np.random.default_rng(4).integers(3)",
            "np.random.RandomState(0)",
            "np.random.seed(3)",
            "np.random.set_state(np.random.get_state())",
            "random.Random(seed=2)",
            "random.randint(1, 6)  # unseeded: the mutant the kit must catch",
            "space.seed(1)",
        ]
    )
    assert unseeded_draws(source) == []


def test_no_test_draws_unseeded_randomness() -> None:
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}: {call}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, call in unseeded_draws(path.read_text(encoding="utf-8"))
    ]
    assert not found, "unseeded draws (seed them, or mark '# unseeded: why'):\n" + "\n".join(found)


def test_a_game_started_without_a_seed_plays_a_seed_of_the_fixed_stream() -> None:
    """``play`` without ``--seed`` draws its game's seed with ``secrets.randbelow``; in a
    test that draw is the first of the stream ``tests/conftest.py`` fixes for each test.
    Mutation caught: removing that fixture (the seed is then the OS's)."""
    from aerodrome.ui.cli.play import SEED_RANGE

    expected = random.Random(38).randrange(SEED_RANGE)
    assert secrets.randbelow(SEED_RANGE) == expected
