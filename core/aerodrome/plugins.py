"""A typed facade over pluggy's PluginManager and the registries it fills.

Plugins are found through the ``aerodrome`` entry-point group; built-in rulesets register
exactly like third-party ones. Set ``AERODROME_BLOCK_PLUGINS=name,name`` to skip plugins by
entry-point name, or ``AERODROME_PLUGINS=name,name`` to load only those.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from aerodrome import hookspecs
from aerodrome.agents import RANDOM, AgentSpec
from aerodrome.errors import PluginError, UnknownNameError
from aerodrome.ruleset import Ruleset
from aerodrome.variants import VariantSpec

ENTRY_POINT_GROUP = "aerodrome"


@dataclass
class Registry:
    """Rulesets and agents by name, with the plugin that registered each."""

    rulesets: dict[str, type[Ruleset[Any]]] = field(default_factory=dict)
    agents: dict[tuple[str | None, str], AgentSpec] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)


class Plugins:
    """The loaded plugins. Build once per process with :func:`load_plugins`."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.registry = Registry()
        self._instances: dict[str, Ruleset[Any]] = {}

    @property
    def hook(self) -> Any:
        return self.pm.hook

    def register(self, plugin: object, name: str) -> None:
        """Register a plugin object or module under ``name``."""
        try:
            self.pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            raise PluginError(f"plugin {name!r}: {exc}") from None

    def collect(self) -> None:
        """Fill the registries from every registered plugin's registration hooks."""
        self.registry = Registry()
        self._instances.clear()
        for impl in self.pm.hook.aerodrome_register_rulesets.get_hookimpls():
            name = impl.plugin_name
            for cls in _call(impl, name):
                rname = getattr(cls, "name", None)
                if not (
                    isinstance(cls, type) and issubclass(cls, Ruleset) and isinstance(rname, str)
                ):
                    raise PluginError(
                        f"plugin {name!r} registered {cls!r}, which is not a Ruleset class with a name"
                    )
                if rname in self.registry.rulesets:
                    raise PluginError(
                        f"ruleset {rname!r} is registered twice: by plugin "
                        f"{self.registry.owners[rname]!r} and by plugin {name!r}"
                    )
                self.registry.rulesets[rname] = cls
                self.registry.owners[rname] = name
        for impl in self.pm.hook.aerodrome_register_agents.get_hookimpls():
            name = impl.plugin_name
            for spec in _call(impl, name):
                if not isinstance(spec, AgentSpec):
                    raise PluginError(
                        f"plugin {name!r} registered {spec!r}, which is not an AgentSpec"
                    )
                key = (spec.ruleset, spec.name)
                if key in self.registry.agents:
                    raise PluginError(
                        f"agent {spec.name!r} for {spec.ruleset or 'any ruleset'} is registered "
                        f"twice (the second time by plugin {name!r})"
                    )
                self.registry.agents[key] = spec

    def check(self) -> None:
        """Fail loudly on hook implementations that match no hookspec (misspelt hooks)."""
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(str(exc)) from None

    # -- lookups ----------------------------------------------------------------------------
    def ruleset_names(self) -> list[str]:
        return sorted(self.registry.rulesets)

    def ruleset(self, name: str) -> Ruleset[Any]:
        """The ruleset instance called ``name`` (one per process)."""
        inst = self._instances.get(name)
        if inst is None:
            cls = self.registry.rulesets.get(name)
            if cls is None:
                raise UnknownNameError("ruleset", name, self.registry.rulesets)
            inst = cls(self.pm.hook)
            self._instances[name] = inst
        return inst

    def agents_for(self, ruleset: str) -> dict[str, AgentSpec]:
        """Agents usable for ``ruleset``: generic ones, then the ruleset's own."""
        found = {n: s for (r, n), s in self.registry.agents.items() if r is None}
        found.update({n: s for (r, n), s in self.registry.agents.items() if r == ruleset})
        return found

    def agent(self, ruleset: str, name: str) -> AgentSpec:
        agents = self.agents_for(ruleset)
        if name not in agents:
            raise UnknownNameError(f"agent for {ruleset}", name, agents)
        return agents[name]


class _CorePlugin:
    """The core's own contributions: the random agent."""

    @hookspecs.hookimpl
    def aerodrome_register_agents(self) -> list[AgentSpec]:
        return [RANDOM]


def _env_names(var: str) -> set[str] | None:
    value = os.environ.get(var)
    if value is None:
        return None
    return {v.strip() for v in value.split(",") if v.strip()}


def entry_points() -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


def load_plugins(
    extra: Iterable[tuple[str, object]] = (), *, variants: Sequence[str] = ()
) -> Plugins:
    """Create the plugin manager, load every entry-point plugin, then ``extra`` ones, then
    the rule variants named in ``variants`` (registered by ``aerodrome_register_variants``;
    inactive unless named here). An unknown variant name is an :class:`UnknownNameError`."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.hook.aerodrome_addhooks.call_historic(kwargs={"pluginmanager": pm})
    plugins = Plugins(pm)
    plugins.register(_CorePlugin(), "aerodrome.core")
    blocked = _env_names("AERODROME_BLOCK_PLUGINS") or set()
    only = _env_names("AERODROME_PLUGINS")
    for ep in entry_points():
        if ep.name in blocked or (only is not None and ep.name not in only):
            continue
        if pm.has_plugin(ep.name):
            continue
        try:
            module = ep.load()
        except Exception as exc:  # a broken plugin must not take the CLI down with a traceback
            raise PluginError(
                f"plugin {ep.name!r} (entry point {ep.value!r} of distribution "
                f"{ep.dist.name if ep.dist else '?'}) failed to import: {type(exc).__name__}: {exc}"
            ) from None
        plugins.register(module, ep.name)
    for name, obj in extra:
        plugins.register(obj, name)
    if variants:
        known: dict[str, VariantSpec] = {}
        for specs in pm.hook.aerodrome_register_variants():
            for spec in specs or ():
                known[spec.name] = spec
        for vname in variants:
            if vname not in known:
                raise UnknownNameError("variant", vname, known)
            if not pm.has_plugin(f"variant:{vname}"):
                plugins.register(known[vname].plugin, f"variant:{vname}")
    plugins.check()
    plugins.collect()
    return plugins


_default: Plugins | None = None


def default_plugins() -> Plugins:
    """The process-wide plugins, loaded on first use."""
    global _default
    if _default is None:
        _default = load_plugins()
    return _default


def _call(impl: Any, plugin: str) -> list[Any]:
    try:
        return list(impl.function() or [])
    except Exception as exc:
        raise PluginError(
            f"plugin {plugin!r}: hook {impl.function.__name__} failed: {type(exc).__name__}: {exc}"
        ) from None
