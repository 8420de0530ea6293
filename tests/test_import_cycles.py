"""No import cycles in the project (issue 29), and the engine's rules free of its agents and
words (issue 30). The graph is read from the source with ``ast``: every ``import`` and
``from ... import`` counts, at module level or inside a function, and those under
``if TYPE_CHECKING:`` too where the type checker's graph is asked for (``type_checking``). A
cycle is a strongly connected component of more than one module, or a module importing itself.

``python -m tests.test_import_cycles`` prints the app-level graph (which app imports which)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "cardbase",
    "decks",
    "matches",
    "content",
    "config",
    "komandor",
    "accounts",
    "proposals",
)
# The engine's old address (an alias of ``komandor``'s modules) is its own node of the app graph.
ENGINE = "matches.engine"
# The project's wiring: the package (it loads the Celery app), root URLs, the Celery app, the
# WSGI/ASGI entry points and the API root import every app by design and nothing imports them,
# so they are one node above the apps (``config``'s other modules are helpers any app may use).
ROOT_WIRING = frozenset(
    {
        "config",
        "config.urls",
        "config.celery",
        "config.views",
        "config.readiness",  # the readiness probe asks the Celery app for the broker
        "config.openapi",
        "config.wsgi",
        "config.asgi",
    }
)
CONFIG_ROOT = "config (wiring)"


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages: dotted name → file (migrations left out)."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        base = root / package
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(
    tree: ast.AST, *, type_checking: bool = False
) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at any depth, except under ``if TYPE_CHECKING:``
    (unless ``type_checking``)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
            continue
        if not type_checking and isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _owner(name: str, modules: Mapping[str, Path]) -> str | None:
    """The project module ``name`` is, or the nearest project package holding it."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_graph(root: Path = ROOT, *, type_checking: bool = False) -> dict[str, set[str]]:
    """Module → the project modules it imports (``type_checking``: the imports for the type
    checker too)."""
    modules = project_modules(root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree, type_checking=type_checking):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    package = name if is_package else name.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{base}" if base else package
                # ``from package import module`` imports the module; ``from module import
                # name`` the module.
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for target in targets:
                owner = _owner(target, modules)
                if owner is not None:
                    graph[name].add(owner)
    return graph


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node, and the nodes importing
    themselves (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterable[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
    return sorted(found)


def app_of(module: str) -> str:
    """The node of the app graph a module belongs to: its top-level package, the engine its own."""
    if module == ENGINE or module.startswith(ENGINE + "."):
        return ENGINE
    if module in ROOT_WIRING:
        return CONFIG_ROOT
    return module.partition(".")[0]


def app_graph(graph: Mapping[str, Iterable[str]]) -> dict[str, set[str]]:
    apps: dict[str, set[str]] = {app_of(module): set() for module in graph}
    for module, targets in graph.items():
        for target in targets:
            if app_of(target) != app_of(module):
                apps[app_of(module)].add(app_of(target))
    return apps


# The engine's parts: the rules know nothing of the players nor of the words for people (issue 30).
RULES = "komandor.rules"
NOT_FOR_RULES = ("komandor.agents", "komandor.words")


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def rules_leaks(graph: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    """Every (rules module, agents or words module) import, sorted."""
    return sorted(
        (module, target)
        for module, targets in graph.items()
        if _within(module, RULES)
        for target in targets
        if any(_within(target, part) for part in NOT_FOR_RULES)
    )


def _report(found: list[list[str]]) -> str:
    return "\n".join(" ⇄ ".join(component) for component in found)


def test_cycles_found_in_a_small_graph():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}, "f": set()}
    assert cycles(graph) == [["a", "b", "c"], ["d"]]


def test_no_module_import_cycle():
    found = cycles(import_graph())
    assert not found, "import cycles between modules:\n" + _report(found)


def test_no_engine_import_cycle_even_for_the_type_checker():
    """The engine's modules form layers, also counting ``if TYPE_CHECKING:`` imports (a cycle for
    mypy is a cycle): ``game.py`` imports the rules modules, which see a game through
    ``table.Table``; the agents import the rules, never the reverse."""
    graph = import_graph(type_checking=True)
    engine = {m: {t for t in ts if _within(t, "komandor")} for m, ts in graph.items()}
    engine = {m: ts for m, ts in engine.items() if _within(m, "komandor")}
    assert "komandor.rules.game" in engine["komandor.rules.match"]  # the graph sees imports
    found = cycles(engine)
    assert not found, "import cycles in the engine:\n" + _report(found)


def test_the_rules_import_no_agent_and_no_words():
    """No ``komandor/rules`` module imports ``komandor.agents`` or ``komandor.words``, at any
    depth, ``if TYPE_CHECKING:`` included: the rules take a player through
    ``decisions.Agent``, and the words read the rules, not the reverse."""
    leaks = rules_leaks(import_graph(type_checking=True))
    assert not leaks, "\n".join(f"{module} imports {target}" for module, target in leaks)


def test_a_rules_module_importing_an_agent_or_words_is_caught(tmp_path):
    rules = tmp_path / "komandor" / "rules"
    rules.mkdir(parents=True)
    (tmp_path / "komandor" / "agents").mkdir()
    (tmp_path / "komandor" / "words").mkdir()
    for path in ("__init__.py", "rules/__init__.py", "agents/__init__.py", "words/__init__.py"):
        (tmp_path / "komandor" / path).write_text("", encoding="utf-8")
    (tmp_path / "komandor" / "agents" / "heuristic.py").write_text("", encoding="utf-8")
    (tmp_path / "komandor" / "words" / "labels.py").write_text("", encoding="utf-8")
    (rules / "game.py").write_text("def later():\n    from komandor import words\n")
    (rules / "match.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from komandor.agents.heuristic import HeuristicAgent\n",
        encoding="utf-8",
    )
    (rules / "state.py").write_text("from ..words.labels import X\n", encoding="utf-8")
    assert rules_leaks(import_graph(tmp_path, type_checking=True)) == [
        ("komandor.rules.game", "komandor.words"),
        ("komandor.rules.match", "komandor.agents.heuristic"),
        ("komandor.rules.state", "komandor.words.labels"),
    ]
    assert rules_leaks(import_graph(tmp_path)) == [
        ("komandor.rules.game", "komandor.words"),
        ("komandor.rules.state", "komandor.words.labels"),
    ]


def test_no_app_import_cycle():
    """The catalogue imports no app built on it: what it borrows from ``decks`` and ``content``
    they lend in their ``ready()`` (cardbase/extensions.py)."""
    apps = app_graph(import_graph())
    assert not apps["cardbase"] & {"decks", "content", "matches"}, apps["cardbase"]
    found = cycles(apps)
    assert not found, "import cycles between apps:\n" + _report(found)


def test_the_engine_imports_no_app_and_no_app_cycle_runs_through_it():
    apps = app_graph(import_graph())
    assert apps["komandor"] <= set(), apps["komandor"]
    assert not any("komandor" in component for component in cycles(apps))


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    for app, targets in sorted(app_graph(import_graph(root)).items()):
        print(f"{app} → {', '.join(sorted(targets)) or '—'}")
    for component in cycles(import_graph(root)):
        print("cycle:", " ⇄ ".join(component))
