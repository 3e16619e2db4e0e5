"""A small required core, and optional capabilities found by type (issue 22)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from aerodrome import Capabilities, PluginError, hookimpl
from aerodrome.engine.capabilities import (
    CAPABILITIES,
    Analysis,
    Determinise,
    Presentation,
    capability,
    capability_names,
    material_of,
)
from aerodrome.engine.describe import label, picture, prompt, sentence, svg
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset
from aerodrome.plugins import load_plugins
from aerodrome.ui.choices import spoken
from tests.bare import bare
from tests.conftest import PLUGINS, example_module

Joust = example_module().Joust


def test_the_required_core_is_at_most_eight_methods() -> None:
    """Mutation caught: an optional method put back on the base class."""
    methods = [
        name
        for name, member in inspect.getmembers(Ruleset, inspect.isfunction)
        if not name.startswith("_")
    ]
    assert len(methods) <= 8, methods
    assert set(Ruleset.__abstractmethods__) == {
        "setups",
        "sequence",
        "initial_state",
        "observation",
        "is_over",
        "result",
    }


def test_a_capability_is_found_by_its_base_class(ruleset: Ruleset[Any, Any, Any]) -> None:
    for kind in CAPABILITIES:
        found = capability(ruleset, kind)
        assert (found is ruleset) == isinstance(ruleset, kind)
    assert capability_names(ruleset) == [k.__name__ for k in CAPABILITIES if isinstance(ruleset, k)]
    if ruleset.capabilities.hidden_information:
        assert capability(ruleset, Determinise) is ruleset


def test_a_ruleset_without_capabilities_gets_the_cores_fallbacks() -> None:
    """Words from ``Action.describe``, a pretty-printed observation, no SVG, no material."""
    plain = bare(PLUGINS.ruleset("joust"))
    assert capability(plain, Presentation) is None and capability(plain, Analysis) is None
    game: Game[Any, Any, Any] = Game(plain, None, 1)
    action = game.legal_actions(0)[0]
    view = game.observation(0)
    assert spoken(label(plain, action, view)) == action.describe()
    assert sentence(plain, action, view) == action.describe()
    decision = game.decision()
    assert decision is not None and prompt(plain, decision, view) == f"Choose: {decision.kind}"
    assert svg(plain, view) is None
    assert picture(plain, view) is not None
    assert material_of(plain, game.state) == {}


class Peeks(Joust):  # type: ignore[misc, valid-type]
    """Declares hidden information, and cannot determinise."""

    name = "peeks"
    capabilities = Capabilities(hidden_information=True, simultaneous=True)


class PeeksPlugin:
    @hookimpl
    def aerodrome_register_rulesets(self) -> list[type[Ruleset[Any, Any, Any]]]:
        return [Peeks]


def test_hidden_information_without_determinise_is_refused_naming_plugin_and_ruleset() -> None:
    """Mutation caught: registering such a ruleset silently (a search would then read the
    real hidden state, or fail deep inside a game)."""
    with pytest.raises(PluginError, match=r"plugin 'peeks-plugin': ruleset 'peeks' declares "):
        load_plugins(extra=[("peeks-plugin", PeeksPlugin())])
