"""The engine must stay free of Django: it runs in scripts and workers without settings."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "komandor"
PACKAGE = "komandor."


def test_engine_modules_import_without_django():
    modules = sorted(
        "komandor." + ".".join(path.relative_to(ENGINE).with_suffix("").parts)
        for path in ENGINE.rglob("*.py")
        if path.name != "__init__.py" and path.name != "__main__.py"
    )
    code = (
        "import sys, importlib\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "leaked = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not leaked, leaked\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parent
    )
    assert result.returncode == 0, result.stderr
    assert modules, "no engine modules found"


def _engine_imports(path: Path) -> set[str]:
    """The engine modules a module names in any import statement: at the top, in functions and
    under ``if TYPE_CHECKING:`` alike (a cycle for the type checker is a cycle)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            # ``from komandor import rules`` names the module ``rules``.
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            raise AssertionError(f"{path.name}: relative import; the engine imports absolutely")
    return {name.removeprefix(PACKAGE) for name in names if name.startswith(PACKAGE)}


def engine_import_graph() -> dict[str, set[str]]:
    modules = {
        ".".join(path.relative_to(ENGINE).with_suffix("").parts): path
        for path in ENGINE.rglob("*.py")
        if path.name != "__init__.py"
    }
    return {name: _engine_imports(path) & modules.keys() for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path ``[a, b, …, a]``, or ``None`` when the graph is acyclic."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph[node]):
            cycle = visit(target)
            if cycle is not None:
                return cycle
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        cycle = visit(node)
        if cycle is not None:
            return cycle
    return None


def test_find_cycle_finds_a_cycle_and_only_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None  # a diamond
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_import_graph_reads_type_checking_and_function_imports(tmp_path):
    module = tmp_path / "sample.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "from komandor import rules\n"
        "import komandor.rules.dice\n"
        "if TYPE_CHECKING:\n"
        "    from komandor.rules.game import Game\n"
        "def later():\n"
        "    from komandor.rules.battle import Combatant\n",
        encoding="utf-8",
    )
    assert _engine_imports(module) >= {"rules", "rules.dice", "rules.game", "rules.battle"}


def test_engine_import_graph_is_acyclic_even_for_type_checking():
    """game.py imports the rules modules; none of them imports game.py (they see a game through
    ``table.Table``), so the engine's modules form layers, not a knot."""
    graph = engine_import_graph()
    assert {"rules.game", "rules.battle", "rules.effects", "rules.commerce"} <= graph.keys()
    assert "rules.game" in graph["rules.match"]  # the graph sees real imports
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])
