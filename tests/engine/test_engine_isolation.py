"""The engine must stay free of Django: it runs in scripts and workers without settings."""

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "matches" / "engine"


def test_engine_modules_import_without_django():
    modules = sorted(
        "matches.engine." + ".".join(path.relative_to(ENGINE).with_suffix("").parts)
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
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parents[1]
    )
    assert result.returncode == 0, result.stderr
    assert modules, "no engine modules found"
