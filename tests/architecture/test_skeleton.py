"""The plugin skeleton (docs/plugins.md, "The skeleton"): the four built-in rulesets and the
joust example keep the same module for the same role.

Read from each plugin's source and its ruleset class: the modules a plugin needs for the
capabilities it declares and the hooks it implements exist; the state, observation and
set-up options types live in ``state.py``, ``view.py`` and ``options.py``; only ``hooks.py``
asks for hook callers; the entry point names ``plugin.py``.
"""

from __future__ import annotations

import ast
import importlib
import sys
import tomllib
import typing
from pathlib import Path
from typing import Any

import pytest

from aerodrome.api import Options, Ruleset
from aerodrome.engine.capabilities import capability_names
from tests.conftest import EXAMPLE, SECRET_EXAMPLE, example_module

ROOT = Path(__file__).resolve().parents[2]
#: Every plugin a ruleset lives in: (package folder, the ruleset class's "module:Class").
PLUGINS = {
    "classic": (ROOT / "plugins" / "aerodrome_classic", "aerodrome_classic.ruleset:Classic"),
    "df40k": (ROOT / "plugins" / "aerodrome_df40k", "aerodrome_df40k.ruleset:Df40k"),
    "dockfighters": (
        ROOT / "plugins" / "aerodrome_dockfighters",
        "aerodrome_dockfighters.ruleset:Dockfighters",
    ),
    "victoriana": (
        ROOT / "plugins" / "aerodrome_victoriana",
        "aerodrome_victoriana.ruleset:Victoriana",
    ),
    "joust": (EXAMPLE / "aerodrome_joust", "aerodrome_joust.ruleset:Joust"),
    "clouds": (SECRET_EXAMPLE / "aerodrome_clouds", "aerodrome_clouds.ruleset:Clouds"),
}
#: Every plugin has these (module → role).
ALWAYS = {
    "plugin.py": "registration: the module the entry point names",
    "ruleset.py": "the Ruleset class",
    "state.py": "the state and the actions",
    "view.py": "the observation",
}
#: A declared capability → the modules it needs.
BY_CAPABILITY = {
    "Presentation": ("text.py", "draw.py", "svg.py"),
    "Odds": ("odds.py", "action_odds.py"),
    "SpecFiles": ("specs.py",),
    "Numbering": ("numbering.py",),
    "Vectors": ("numbering.py",),
    "Determinise": ("determinise.py",),
}
#: A hook the registration module implements → the module holding what it registers.
BY_HOOK = {
    "aerodrome_addhooks": ("hookspecs.py", "hooks.py"),
    "aerodrome_register_agents": ("bot.py",),
    "aerodrome_register_commands": ("cli.py",),
    "aerodrome_register_parameters": ("parameters.py",),
    "aerodrome_register_variants": ("variants.py",),
}


def _ruleset_class(target: str) -> type[Ruleset[Any, Any, Any]]:
    example_module()  # the examples importable
    if str(SECRET_EXAMPLE) not in sys.path:
        sys.path.append(str(SECRET_EXAMPLE))
    module, _, name = target.partition(":")
    cls: type[Ruleset[Any, Any, Any]] = getattr(importlib.import_module(module), name)
    return cls


def _type_arguments(cls: type) -> tuple[Any, ...]:
    for base in getattr(cls, "__orig_bases__", ()):
        if typing.get_origin(base) is Ruleset:
            return typing.get_args(base)
    raise AssertionError(f"{cls.__name__} names no Ruleset[...] base")


def _hooks_implemented(plugin_py: Path) -> set[str]:
    tree = ast.parse(plugin_py.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)} & set(BY_HOOK)


def required(name: str) -> dict[str, str]:
    """The modules plugin ``name`` must have, each with why."""
    folder, target = PLUGINS[name]
    need = dict.fromkeys(ALWAYS, "always")
    for capability in capability_names(_ruleset_class(target)):
        for module in BY_CAPABILITY.get(capability, ()):
            need.setdefault(module, capability)
    for hook in _hooks_implemented(folder / "plugin.py"):
        for module in BY_HOOK[hook]:
            need.setdefault(module, hook)
    if _ruleset_class(target).options_type is not Options:
        need["options.py"] = "its own set-up options"
    return need


@pytest.mark.parametrize("name", PLUGINS)
def test_each_plugin_has_the_modules_its_capabilities_and_hooks_need(name: str) -> None:
    """Mutation caught: Dockfighters' observation back in ``views.py`` (git mv and its
    imports): 'aerodrome_dockfighters lacks {'view.py': 'always'}'."""
    folder, _ = PLUGINS[name]
    missing = {m: why for m, why in required(name).items() if not (folder / m).is_file()}
    assert not missing, f"{folder.name} lacks {missing}"


@pytest.mark.parametrize("name", PLUGINS)
def test_the_state_view_and_options_types_live_in_their_modules(name: str) -> None:
    """Mutation caught: Dockfighters' observation in ``views.py`` (its DfView is named)."""
    cls = _ruleset_class(PLUGINS[name][1])
    state, view, *_ = _type_arguments(cls)
    package = cls.__module__.rpartition(".")[0]
    assert state.__module__ == f"{package}.state", state
    assert view.__module__ == f"{package}.view", view
    if cls.options_type is not Options:
        assert cls.options_type.__module__ == f"{package}.options", cls.options_type


@pytest.mark.parametrize("name", PLUGINS)
def test_only_hooks_py_asks_for_hook_callers(name: str) -> None:
    """The variant callers are in one place per plugin. Mutation caught: classic's turn
    asking ``hooks.caller(hookspecs.aerodrome_classic_head_on)`` itself."""
    folder, _ = PLUGINS[name]
    elsewhere = [
        str(p.relative_to(folder))
        for p in sorted(folder.rglob("*.py"))
        if p.name != "hooks.py" and ".caller(" in p.read_text()
    ]
    assert not elsewhere, f"{folder.name}: hook callers asked for in {elsewhere}"


def test_every_entry_point_names_a_plugin_module() -> None:
    for pyproject in (
        ROOT / "pyproject.toml",
        EXAMPLE / "pyproject.toml",
        SECRET_EXAMPLE / "pyproject.toml",
    ):
        points = tomllib.loads(pyproject.read_text())["project"]["entry-points"]["aerodrome"]
        for name, target in points.items():
            assert target.endswith(".plugin"), f"{pyproject}: {name} = {target!r}"
