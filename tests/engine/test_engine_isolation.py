"""The engine must stay free of Django: it runs in scripts and workers without settings."""

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "komandor"


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


# The engine's import graph (no cycle, even for the type checker; the rules free of the agents
# and the words) is checked with the project's in tests/test_import_cycles.py.
