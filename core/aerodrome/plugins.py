"""A typed facade over pluggy's PluginManager and the registries it fills.

Plugins are found through the ``aerodrome`` entry-point group; built-in rulesets register
exactly like third-party ones. Registering is cheap (issue 18): a plugin's registration module
imports nothing heavy, and it may register a ruleset as a :class:`RulesetRef` (its name and
``"module:Class"``), whose class is imported only when a command needs that ruleset. Set ``AERODROME_BLOCK_PLUGINS=name,name`` to skip plugins by
entry-point name, or ``AERODROME_PLUGINS=name,name`` to load only those.

Every hook is called one way, :func:`call_hook`: pluggy's own call of the hook's
``HookCaller`` (its order, ``firstresult`` and wrappers kept; ``call_historic`` for the one
historic hook), and an implementation that raises is a :class:`PluginError` naming its
plugin and the hook. Nothing outside this module touches ``pm.hook``: every core hook has a
typed method here, a ruleset calls its own hookspecs through
:class:`~aerodrome.engine.rulehooks.RuleHooks`, whose callers come from :meth:`Plugins.caller`, and
the registration hooks are called once per plugin (a subset ``HookCaller``) so that
everything registered knows its plugin. Rulesets,
agents, variants and metrics go into one :class:`Registry` under one policy: a name
registered twice is an error naming both plugins.
"""

from __future__ import annotations

import copyreg
import dataclasses
import functools
import importlib
import os
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
import pluggy

import aerodrome.engine.hookspecs as hookspecs
from aerodrome.engine.agents import RANDOM, AgentParameterError, AgentSpec
from aerodrome.engine.capabilities import SpecFiles, capability, check_ruleset
from aerodrome.engine.errors import AerodromeError, PluginError, UnknownNameError
from aerodrome.engine.game import Game
from aerodrome.engine.lineage import Origin, Plugged
from aerodrome.engine.overrides import is_path
from aerodrome.engine.parameters import SPEC_FILES, ParameterSpec, spec_changes
from aerodrome.engine.parameters import find as find_parameter
from aerodrome.engine.records import ParamValue
from aerodrome.engine.rulehooks import RuleHooks
from aerodrome.engine.ruleset import Ruleset
from aerodrome.engine.ruleset import RulesetRef as RulesetRef  # where it used to live
from aerodrome.engine.specs import Edited, anything_in_force, put_in_force
from aerodrome.engine.variants import VariantSpec

if TYPE_CHECKING:
    import typer

    from aerodrome.engine.metrics import Metric

ENTRY_POINT_GROUP = "aerodrome"


T = TypeVar("T")
K = TypeVar("K")

#: The attributes of the metric protocol (:class:`aerodrome.engine.metrics.Metric`).
_METRIC_ATTRS = ("name", "title", "unit", "description", "source", "accumulator")


@dataclass(frozen=True)
class HookSpecInfo:
    """One hookspec: its name, its spec function (signature and docstring), its options and
    the module that declared it (``aerodrome.engine.hookspecs`` or a ruleset's own)."""

    name: str
    function: Callable[..., Any]
    firstresult: bool
    historic: bool
    module: str


@dataclass
class Registry:
    """What the plugins registered, by name, with the plugin that registered each."""

    #: a class, or a reference to it until the class is first needed
    rulesets: dict[str, type[Ruleset[Any, Any, Any]] | RulesetRef] = field(default_factory=dict)
    agents: dict[tuple[str | None, str], AgentSpec] = field(default_factory=dict)
    variants: dict[str, VariantSpec] = field(default_factory=dict)
    metrics: dict[str, Metric] = field(default_factory=dict)
    #: (ruleset, name) → the parameter
    parameters: dict[tuple[str, str], ParameterSpec] = field(default_factory=dict)
    #: (kind, name) → the plugin that registered it
    owners: dict[tuple[str, str], str] = field(default_factory=dict)

    def add(self, table: dict[K, T], kind: str, key: K, name: str, value: T, plugin: str) -> None:
        """Put ``value`` in ``table`` under ``key``; a second registration is an error that
        names both plugins."""
        if key in table:
            first = self.owners.get((kind, name), "?")
            raise PluginError(
                f"{kind} {name!r} is registered twice: by plugin {first!r} and by plugin {plugin!r}"
            )
        table[key] = value
        self.owners[(kind, name)] = plugin

    def owner(self, kind: str, name: str) -> str:
        return self.owners[(kind, name)]


class Plugins:
    """The loaded plugins. Build once per process with :func:`load_plugins`."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.registry = Registry()
        self._instances: dict[str, Ruleset[Any, Any, Any]] = {}
        self._spec_files: dict[str, tuple[Path, Mapping[str, type[Any]]] | None] = {}
        self._spec_changes: dict[str, Edited | None] = {}
        #: How :func:`load_plugins` made these plugins (its ruleset instances say so, for a
        #: pickled game to find them again: :mod:`aerodrome.engine.lineage`).
        self.plugged = Plugged(name="")

    def register(self, plugin: object, name: str) -> None:
        """Register a plugin object or module under ``name``."""
        try:
            self.pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            raise PluginError(f"plugin {name!r}: {exc}") from None
        except AerodromeError:
            raise
        except Exception as exc:  # a historic hook (aerodrome_addhooks) run as it registers
            raise PluginError(
                f"plugin {name!r} failed as it registered: {type(exc).__name__}: {exc}"
            ) from None

    def caller(self, name: str) -> Callable[..., Any] | None:
        """The hook ``name`` as a function of keyword arguments called the one way
        (:func:`call_hook`), or ``None`` when no plugin implements it (a rule then pays
        nothing for a variant nobody plugged in)."""
        hook: pluggy.HookCaller | None = getattr(self.pm.hook, name, None)
        if hook is None or not hook.get_hookimpls():
            return None
        return functools.partial(call_hook, hook)

    def rule_hooks(self) -> RuleHooks:
        """A ruleset's typed callers of hooks, through :meth:`caller`."""
        return RuleHooks(self.caller)

    def _results(self, hook: Callable[..., Any]) -> Iterable[tuple[str, Any]]:
        """Each (plugin name, item) that a registration hook's implementations return, plugin
        by plugin in the order they registered (each called through a ``HookCaller`` that
        holds only that plugin's implementations)."""
        name = hook.__name__
        caller: pluggy.HookCaller = getattr(self.pm.hook, name)
        owners = list(dict.fromkeys(impl.plugin_name for impl in caller.get_hookimpls()))
        named = self.pm.list_name_plugin()
        for owner in owners:
            others = [plugin for n, plugin in named if n != owner]
            for returned in call_hook(self.pm.subset_hook_caller(name, others)):
                try:
                    items = list(returned or [])
                except TypeError:
                    raise PluginError(
                        f"plugin {owner!r}: hook {name} returned {returned!r}, not a list"
                    ) from None
                for item in items:
                    yield owner, item

    def collect_variants(self) -> None:
        """Fill the variant and parameter registries (before the variants and parameters
        asked for are plugged in)."""
        reg = self.registry
        reg.variants.clear()
        reg.parameters.clear()
        for plugin, spec in self._results(hookspecs.aerodrome_register_variants):
            if not isinstance(spec, VariantSpec):
                raise PluginError(
                    f"plugin {plugin!r} registered {spec!r}, which is not a VariantSpec"
                )
            reg.add(reg.variants, "variant", spec.name, spec.name, spec, plugin)
        for plugin, param in self._results(hookspecs.aerodrome_register_parameters):
            if not isinstance(param, ParameterSpec):
                raise PluginError(
                    f"plugin {plugin!r} registered {param!r}, which is not a ParameterSpec"
                )
            param.check(plugin)
            if param.variant is not None and param.variant not in reg.variants:
                raise PluginError(
                    f"plugin {plugin!r}: parameter {param.name!r} belongs to variant "
                    f"{param.variant!r}, which no plugin registers"
                )
            label = f"{param.name} of {param.ruleset}"
            key = (param.ruleset, param.name)
            reg.add(reg.parameters, "parameter", key, label, param, plugin)

    def collect(self) -> None:
        """Fill the registries from every registered plugin's registration hooks."""
        variants = dict(self.registry.variants)
        parameters = dict(self.registry.parameters)
        kept = {k: v for k, v in self.registry.owners.items() if k[0] in ("variant", "parameter")}
        self.registry = reg = Registry(variants=variants, parameters=parameters, owners=kept)
        self._instances.clear()
        for plugin, cls in self._results(hookspecs.aerodrome_register_rulesets):
            rname = cls.name if isinstance(cls, RulesetRef) else _ruleset_name(cls, plugin)
            if not isinstance(cls, RulesetRef):
                check_ruleset(cls, plugin)
            reg.add(reg.rulesets, "ruleset", rname, rname, cls, plugin)
            SPEC_FILES.setdefault(rname, functools.partial(self.spec_files, rname))
        for plugin, spec in self._results(hookspecs.aerodrome_register_agents):
            if not isinstance(spec, AgentSpec):
                raise PluginError(
                    f"plugin {plugin!r} registered {spec!r}, which is not an AgentSpec"
                )
            label = f"{spec.name} for {spec.ruleset or 'any ruleset'}"
            reg.add(reg.agents, "agent", (spec.ruleset, spec.name), label, spec, plugin)
        for plugin, metric in self._results(hookspecs.aerodrome_register_metrics):
            missing = [a for a in _METRIC_ATTRS if not hasattr(metric, a)]
            if missing:
                raise PluginError(
                    f"plugin {plugin!r} registered {metric!r}, which lacks the metric protocol "
                    f"({', '.join(missing)})"
                )
            reg.add(reg.metrics, "metric", metric.name, metric.name, metric, plugin)

    def check(self) -> None:
        """Fail loudly on hook implementations that match no hookspec (misspelt hooks)."""
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(str(exc)) from None

    # -- lookups ----------------------------------------------------------------------------
    def ruleset_names(self) -> list[str]:
        return sorted(self.registry.rulesets)

    def ruleset_class(self, name: str) -> type[Ruleset[Any, Any, Any]]:
        """The class of the ruleset called ``name``, imported now if it was registered as a
        :class:`RulesetRef`."""
        entry = self.registry.rulesets.get(name)
        if entry is None:
            raise UnknownNameError("ruleset", name, self.registry.rulesets)
        if isinstance(entry, RulesetRef):
            entry = _import_ruleset(entry, self.owner("ruleset", name))
            check_ruleset(entry, self.owner("ruleset", name))
            self.registry.rulesets[name] = entry
        return entry

    def spec_files(self, name: str) -> tuple[Path, Mapping[str, type[Any]]] | None:
        """The folder and spec types of the ruleset ``name`` (its
        :class:`~aerodrome.engine.capabilities.SpecFiles`), None when it has none."""
        if name not in self._spec_files:
            probe = self.ruleset_class(name)(RuleHooks(None))
            files = capability(probe, SpecFiles)
            self._spec_files[name] = (
                None if files is None else (files.specs_dir(), dict(files.spec_types()))
            )
        return self._spec_files[name]

    def put_specs_in_force(self, name: str) -> None:
        """Read the spec files of the ruleset ``name`` as this plugin set's spec parameters
        change them (``--set``; none: as they are), in this process, from now on."""
        if name not in self._spec_changes:
            values = [v for r, v in self.plugged.parameters if r == name]
            self._spec_changes[name] = (
                spec_changes(self.parameters(), name, values) if values else None
            )
        changes = self._spec_changes[name]
        if changes is None and not anything_in_force():
            return
        files = self.spec_files(name)
        if files is not None:
            put_in_force(files[0], changes)

    def ruleset(self, name: str) -> Ruleset[Any, Any, Any]:
        """The ruleset instance called ``name`` (one per process), its spec files put in
        force as this plugin set's parameters change them (:meth:`put_specs_in_force`)."""
        if name in self.registry.rulesets:
            self.put_specs_in_force(name)
        inst = self._instances.get(name)
        if inst is None:
            inst = self.ruleset_class(name)(self.rule_hooks())
            inst.plugged = msgspec.structs.replace(self.plugged, name=name)
            self._instances[name] = inst
        return inst

    def owner(self, kind: str, name: str) -> str:
        """The plugin that registered the ``kind`` (ruleset, agent, variant, metric) ``name``."""
        return self.registry.owner(kind, name)

    def variants(self) -> dict[str, VariantSpec]:
        """Every registered rule variant by name (plugged in or not)."""
        return dict(self.registry.variants)

    def parameters(self) -> dict[tuple[str, str], ParameterSpec]:
        """Every declared parameter by (ruleset, name) (``aerodrome_register_parameters``)."""
        return dict(self.registry.parameters)

    def metrics(self) -> list[Metric]:
        """The metrics plugins registered (``aerodrome_register_metrics``)."""
        return list(self.registry.metrics.values())

    # -- the core's hooks, typed -------------------------------------------------------------
    def register_commands(self, app: typer.Typer, odds: typer.Typer) -> None:
        """Let every plugin add its CLI commands (``aerodrome_register_commands``)."""
        call_hook(self.pm.hook.aerodrome_register_commands, app=app, odds=odds)

    def hookspecs(self) -> list[HookSpecInfo]:
        """Every hookspec the plugin manager knows, the core's and every ruleset's own (added
        through ``aerodrome_addhooks``), sorted by name."""
        found = []
        for name, caller in _hook_names(self.pm):
            spec = caller.spec
            assert spec is not None
            found.append(
                HookSpecInfo(
                    name=name,
                    function=spec.function,
                    firstresult=bool(spec.opts.get("firstresult")),
                    historic=bool(spec.opts.get("historic")),
                    module=str(
                        getattr(spec.namespace, "__module__", None)
                        or getattr(spec.namespace, "__name__", "?")
                    ),
                )
            )
        return sorted(found, key=lambda h: h.name)

    def hook_names(self) -> list[str]:
        """The names of :meth:`hookspecs`."""
        return [h.name for h in self.hookspecs()]

    def agents_for(self, ruleset: str) -> dict[str, AgentSpec]:
        """Agents usable for ``ruleset``: generic ones, then the ruleset's own."""
        found = {n: s for (r, n), s in self.registry.agents.items() if r is None}
        found.update({n: s for (r, n), s in self.registry.agents.items() if r == ruleset})
        return found

    def agent(self, ruleset: str, name: str) -> AgentSpec:
        """The agent called ``name`` for ``ruleset``. ``base:PARAMS`` (e.g. ``mcts:500``) is
        the agent ``base`` configured by its :attr:`AgentSpec.configure`; an agent without
        parameters given some, or bad parameters, is an :class:`AgentParameterError`."""
        agents = self.agents_for(ruleset)
        base, colon, params = name.partition(":")
        if base not in agents:
            raise UnknownNameError(f"agent for {ruleset}", base if colon else name, agents)
        spec = agents[base]

        def lookup(other: str) -> AgentSpec:
            if other == base:
                raise AgentParameterError(f"agent {name!r}: {base!r} cannot use itself")
            return self.agent(ruleset, other)

        if not colon:
            if spec.configure is None or not spec.configure_plain:
                return spec
            # the defaults, configured for this ruleset (e.g. mcts rolls out with its bot)
            return dataclasses.replace(spec, factory=spec.configure("", lookup))
        if spec.configure is None:
            raise AgentParameterError(f"agent {name!r}: {base!r} takes no parameters")
        if not params:
            raise AgentParameterError(
                f"agent {name!r}: nothing after the colon (write {base}:{spec.parameters})"
            )
        factory = spec.configure(params, lookup)
        return dataclasses.replace(spec, name=name, factory=factory, configure=None)


class _CorePlugin:
    """The core's own contributions: the random agent and the search agents (``search``,
    ``mcts``), for every ruleset."""

    @hookspecs.hookimpl
    def aerodrome_register_agents(self) -> list[AgentSpec]:
        from aerodrome.search import MCTS, SEARCH

        return [RANDOM, MCTS, SEARCH]


def _env_names(var: str) -> set[str] | None:
    value = os.environ.get(var)
    if value is None:
        return None
    return {v.strip() for v in value.split(",") if v.strip()}


def entry_points() -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


def load_plugins(
    extra: Iterable[tuple[str, object]] = (),
    *,
    variants: Sequence[str] = (),
    parameters: Sequence[tuple[str, ParamValue]] = (),
) -> Plugins:
    """Create the plugin manager, load every entry-point plugin, then ``extra`` ones, then
    the rule variants named in ``variants`` (registered by ``aerodrome_register_variants``;
    inactive unless named here), then the hook implementations of ``parameters``: (ruleset,
    (name, value)) pairs of parameters declared by ``aerodrome_register_parameters`` (their
    set-up functions are applied by :func:`aerodrome.engine.parameters.apply_setup`, not here). An
    unknown variant or parameter name is an :class:`UnknownNameError`."""
    extra = list(extra)
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    call_hook(pm.hook.aerodrome_addhooks, pluginmanager=pm)
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
    plugins.collect_variants()
    known = plugins.registry.variants
    for vname in variants:
        if vname not in known:
            raise UnknownNameError("variant", vname, known)
        if not pm.has_plugin(f"variant:{vname}"):
            plugins.register(known[vname].plugin, f"variant:{vname}")
    for ruleset, (pname, value) in parameters:
        if is_path(pname):  # a spec number: put in force with the ruleset (Plugins.ruleset)
            continue
        param = find_parameter(plugins.registry.parameters, ruleset, pname)
        if param.plugin is not None:
            plugins.register(param.plugin(param.value(value)), f"parameter:{ruleset}:{pname}")
    plugins.check()
    plugins.collect()
    modules = tuple((n, o.__name__) for n, o in extra if isinstance(o, types.ModuleType))
    plugins.plugged = Plugged(
        name="",
        variants=tuple(variants),
        parameters=tuple(parameters),
        modules=modules,
        restorable=len(modules) == len(extra),
    )
    return plugins


_default: Plugins | None = None


def default_plugins() -> Plugins:
    """The process-wide plugins, loaded on first use."""
    global _default
    if _default is None:
        _default = load_plugins()
    return _default


def _hook_names(pm: pluggy.PluginManager) -> Iterable[tuple[str, Any]]:
    """(name, caller) of every hook with a spec, through the public relay's namespace."""
    for name, caller in vars(pm.hook).items():
        if isinstance(caller, pluggy.HookCaller) and caller.spec is not None:
            yield name, caller


def _ruleset_name(cls: Any, plugin: str) -> str:
    """The name of the ruleset class ``cls`` that ``plugin`` registered."""
    rname = getattr(cls, "name", None)
    if not (isinstance(cls, type) and issubclass(cls, Ruleset) and isinstance(rname, str)):
        raise PluginError(
            f"plugin {plugin!r} registered {cls!r}, which is not a Ruleset class with a name"
        )
    return rname


def _import_ruleset(ref: RulesetRef, plugin: str) -> type[Ruleset[Any, Any, Any]]:
    """The class ``ref`` points at; a class that fails to import, is missing or is named
    otherwise is a :class:`PluginError` naming the plugin."""
    module, _, attr = ref.target.partition(":")
    where = f"plugin {plugin!r}: ruleset {ref.name!r} ({ref.target})"
    try:
        cls = getattr(importlib.import_module(module), attr)
    except Exception as exc:  # a broken plugin must not take the CLI down with a traceback
        raise PluginError(f"{where} failed to import: {type(exc).__name__}: {exc}") from None
    if _ruleset_name(cls, plugin) != ref.name:
        raise PluginError(f"{where} is a ruleset named {cls.name!r}")
    return cls  # type: ignore[no-any-return]


def call_hook(hook: pluggy.HookCaller, **kwargs: Any) -> Any:
    """Call ``hook`` with ``kwargs``: the one way aerodrome calls a hook (see the module's
    docstring). A historic hook is called with ``call_historic`` (plugins registered later
    get it too). An implementation raising anything but an :class:`AerodromeError` (which a
    rule may raise on purpose) is a :class:`PluginError` naming its plugin and the hook."""
    try:
        if hook.spec is not None and hook.spec.opts.get("historic"):
            hook.call_historic(kwargs=kwargs)
            return None
        return hook(**kwargs)
    except AerodromeError:
        raise
    except Exception as exc:
        raise PluginError(
            f"plugin {_culprit(hook, exc)!r}: hook {hook.name} failed: {type(exc).__name__}: {exc}"
        ) from None


def _culprit(hook: pluggy.HookCaller, exc: BaseException) -> str:
    """The plugin whose implementation of ``hook`` raised ``exc``: the first frame of the
    traceback that runs one of the hook's implementations."""
    impls = hook.get_hookimpls()
    codes = {getattr(impl.function, "__code__", None): impl.plugin_name for impl in impls}
    tb = exc.__traceback__
    while tb is not None:
        found = codes.get(tb.tb_frame.f_code)
        if found is not None:
            return found
        tb = tb.tb_next
    return impls[0].plugin_name if len(impls) == 1 else "?"


# -- pickling a game: its lineage, and the ruleset found again on load ---------------------------
_FOUND: dict[tuple[Any, ...], Any] = {}


def restore_game(origin: Origin, actions: tuple[tuple[int, Any], ...]) -> Game[Any, Any, Any]:
    """The game ``origin`` began, with ``actions`` played again (how ``pickle`` loads a game,
    see :mod:`aerodrome.engine.lineage`); a ruleset that is not installed is a one-line
    :class:`~aerodrome.engine.errors.PluginError` naming it."""
    if origin.kind == "new":
        assert origin.ruleset is not None and origin.seed is not None
        game: Game[Any, Any, Any] = Game(
            _ruleset(origin.ruleset),
            origin.setup,
            origin.seed,
            position=origin.position,
            record=origin.record,
        )
    else:
        assert origin.parent is not None
        before = origin.parent_actions
        parent = restore_game(origin.parent, before if before is not None else actions[: origin.at])
        if origin.kind == "clone":
            game = parent.clone(reseed=origin.seed, record=origin.record)
        elif origin.kind == "determinise":
            assert origin.seed is not None
            game = parent.determinised(
                origin.player, origin.seed, reseed=origin.reseed, record=origin.record
            )
        else:
            assert origin.seed is not None
            parent.reseed(origin.seed)
            game = parent
    for player, action in actions[len(game.history) :]:
        game.apply(player, action)
    return game


def _ruleset(plugged: Plugged) -> Ruleset[Any, Any, Any]:
    """The ruleset ``plugged`` names, from plugins loaded as it says (once per process)."""
    key = (plugged.variants, plugged.parameters, plugged.modules)
    plugins = _FOUND.get(key)
    if plugins is None:
        try:
            extra = [(n, importlib.import_module(m)) for n, m in plugged.modules]
        except ImportError as exc:
            raise PluginError(
                f"cannot load a pickled game of ruleset {plugged.name!r}: {exc}"
            ) from None
        plugins = _FOUND[key] = load_plugins(
            extra, variants=plugged.variants, parameters=plugged.parameters
        )
    if plugged.name not in plugins.registry.rulesets:
        raise PluginError(
            f"cannot load a pickled game of ruleset {plugged.name!r}: no such ruleset is installed"
        )
    found: Ruleset[Any, Any, Any] = plugins.ruleset(plugged.name)
    return found


def ruleset_of(plugged: Plugged) -> Ruleset[Any, Any, Any]:
    """The ruleset ``plugged`` names (``Ruleset.plugged``), from plugins loaded as it says:
    how a pickled object that holds a ruleset (a game, a learning environment) finds it
    again. A one-line :class:`PluginError` when it is not installed."""
    return _ruleset(plugged)


def _reduce_game(game: Game[Any, Any, Any]) -> tuple[Any, ...]:
    return (restore_game, game.lineage())


copyreg.pickle(Game, _reduce_game)
