"""The compiled engine (``scripts/build_engine.py``, run by ``scripts/install.sh``): built where a
C compiler is, the interpreted engine with one clear line where not, a loud failure when a
compiler is here but the build breaks, and never a stale compiled module after a source edit.

Each test builds a copy of the package in ``tmp_path`` (the checkout's own build is left alone)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import komandor

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "komandor"
EXT = sysconfig.get_config_var("EXT_SUFFIX")
NO_COMPILER = {"CC": "/nonexistent/bin/cc"}
TINY = "def answer() -> int:\n    return 41\n"


def _build_script():
    spec = importlib.util.spec_from_file_location("build_engine", ROOT / "scripts/build_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tree(root: Path, modules: dict[str, str] | None = None) -> Path:
    """A project tree at ``root`` with the engine package: the real one, or the real
    ``__init__`` (which picks compiled or interpreted) beside ``modules``."""
    engine = root / "komandor"
    if modules is None:
        shutil.copytree(ENGINE, engine, ignore=shutil.ignore_patterns("*.so", "_compiled.json"))
    else:
        engine.mkdir(parents=True)
        shutil.copy(ENGINE / "__init__.py", engine / "__init__.py")
        for name, text in modules.items():
            (engine / f"{name}.py").write_text(text)
    return engine


def _run(args: list[str], root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(root)}
    environment.pop("KOMANDOR_ENGINE", None)
    environment["KOMANDOR_ENGINE_CACHE"] = ""  # each test builds for itself unless it says
    environment.update(env)
    return subprocess.run(args, cwd=root, env=environment, capture_output=True, text=True)


def _build(root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return _run(
        [sys.executable, str(ROOT / "scripts/build_engine.py"), "--root", str(root)], root, **env
    )


def _python(root: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, "-c", code], root, **env)


def test_every_engine_module_is_compiled_but_the_named_few():
    build = _build_script()

    def name(path: Path) -> str:
        return path.relative_to(ENGINE).with_suffix("").as_posix()

    compiled = {name(path) for path in build.compiled_sources(ENGINE)}
    every = {name(path) for path in ENGINE.rglob("*.py")}
    assert set(build.INTERPRETED) <= every  # the list names real modules
    assert compiled == every - set(build.INTERPRETED)
    assert {"rules/match", "rules/game", "rules/battle", "agents/heuristic"} <= compiled
    assert all(reason for reason in build.INTERPRETED.values())


def test_install_without_a_compiler_says_so_in_one_line_and_the_engine_plays(tmp_path):
    """``scripts/install.sh`` itself, in a copy of the checkout that shares this ``.venv`` (so
    nothing is installed again), with ``CC`` pointing at a compiler that is not there."""
    _tree(tmp_path)
    (tmp_path / "scripts").mkdir()
    for name in ("install.sh", "build_engine.py"):
        shutil.copy(ROOT / "scripts" / name, tmp_path / "scripts" / name)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parents[1])
    installed = _run(["bash", "scripts/install.sh"], tmp_path, **NO_COMPILER)
    assert installed.returncode == 0, installed.stderr
    (line,) = installed.stdout.splitlines()
    assert line.startswith("Engine: interpreted (not compiled: the C compiler")
    assert "/nonexistent/bin/cc" in line and "scripts/install.sh" in line
    assert not list(tmp_path.rglob(f"*{EXT}"))
    played = _python(
        tmp_path,
        "import komandor as e\n"
        "from komandor.rules.match import run_match\n"
        "from komandor.agents.registry import make_agent\n"
        "from komandor.rules.decks import deck_from_dict\n"
        "from tests.engine.deck_data import standard_deck\n"
        "decks = [deck_from_dict(standard_deck('a')), deck_from_dict(standard_deck('b'))]\n"
        "r = run_match(decks=decks, agents=[make_agent('random', seed=s) for s in (1, 2)],"
        " seed=3, log=False)\n"
        "print(e.ENGINE, r.outcome.reason != '')\n",
        PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}",
    )
    assert played.stdout.split() == ["interpreted", "True"], played.stderr


@pytest.mark.c_compiler
def test_a_compile_error_with_a_compiler_here_fails_the_build_loudly(tmp_path):
    _tree(tmp_path, {"broken": 'def answer() -> int:\n    return "forty-one"\n'})
    result = _build(tmp_path)
    assert result.returncode == 1
    assert "broken.py:2: error" in result.stdout + result.stderr
    assert "FAILED" in result.stderr
    assert not list(tmp_path.rglob(f"*{EXT}"))


@pytest.mark.c_compiler
def test_a_compiled_module_is_never_used_after_its_source_changes(tmp_path):
    engine = _tree(tmp_path, {"tiny": TINY})
    built = _build(tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    assert built.stdout.splitlines()[-1] == "Engine: compiled (mypyc)."
    assert (engine / f"tiny{EXT}").exists()
    probe = (
        "import warnings\nwarnings.simplefilter('always')\n"
        "import komandor as e\nfrom komandor import tiny\n"
        "print(e.ENGINE, tiny.answer(), tiny.__file__.endswith('.py'))\n"
    )
    assert _python(tmp_path, probe).stdout.split() == ["compiled", "41", "False"]
    assert _build(tmp_path).stdout == ""  # up to date: nothing rebuilt

    (engine / "tiny.py").write_text(TINY.replace("41", "42"))
    stale = _python(tmp_path, probe)
    assert stale.stdout.split() == ["interpreted", "42", "True"]
    assert "StaleCompiledEngineWarning" in stale.stderr
    assert "scripts/install.sh" in stale.stderr
    refused = _python(tmp_path, probe, KOMANDOR_ENGINE="compiled")
    assert refused.returncode == 1
    assert "KOMANDOR_ENGINE=compiled, but the compiled engine cannot run" in refused.stderr

    # No compiler now: the stale build goes, the sources run, with no warning left to give.
    fallback = _build(tmp_path, **NO_COMPILER)
    assert fallback.stdout.startswith("Engine: interpreted (not compiled")
    assert not list(tmp_path.rglob(f"*{EXT}"))
    quiet = _python(tmp_path, probe)
    assert quiet.stdout.split() == ["interpreted", "42", "True"]
    assert "Warning" not in quiet.stderr


def test_the_interpreted_engine_can_be_asked_for_over_a_fresh_build(tmp_path):
    """``KOMANDOR_ENGINE=interpreted`` loads the ``.py`` files even where the build is current
    (what CI's interpreted run and the speed comparison use)."""
    build = _build_script()
    engine = _tree(tmp_path, {"tiny": TINY})
    (engine / f"tiny{EXT}").write_text("not a library: loading it would fail")
    digest = komandor.engine_sources_digest(engine)
    (engine / build.STAMP).write_text(json.dumps({"sources_sha256": digest}))
    probe = "import komandor as e\nfrom komandor import tiny\nprint(e.ENGINE, tiny.answer())"
    assert _python(tmp_path, probe, KOMANDOR_ENGINE="interpreted").stdout.split() == [
        "interpreted",
        "41",
    ]
    wrong = _python(tmp_path, probe, KOMANDOR_ENGINE="fast")
    assert "KOMANDOR_ENGINE='fast': expected one of auto, compiled, interpreted" in wrong.stderr


def test_the_digest_check_plays_both_engines_and_finds_them_identical():
    """What ``scripts/test.sh`` runs on the compiled engine; where the checkout's engine is not
    compiled (no compiler), the check refuses rather than compare the interpreted engine with
    itself."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts/bench/engine_log_digest.py"),
            "--seeds",
            "2",
            "--against-interpreted",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if komandor.ENGINE == "compiled":
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.splitlines()[-1] == (
            "compiled = interpreted: identical logs (2 seeds × 6 kinds)"
        )
    else:
        assert result.returncode == 1
        assert "The engine is not compiled" in result.stderr


@pytest.mark.c_compiler
def test_a_fresh_tree_with_the_same_sources_reuses_the_kept_build(tmp_path):
    """A fresh clone of an unchanged engine (CI) compiles nothing: the build is copied from the
    cache, and runs compiled; other sources are not served from it."""
    cache = str(tmp_path / "cache")
    first = _tree(tmp_path / "a", {"tiny": TINY})
    built = _build(tmp_path / "a", KOMANDOR_ENGINE_CACHE=cache)
    assert built.stdout.splitlines()[-1] == "Engine: compiled (mypyc).", built.stderr
    second = _tree(tmp_path / "b", {"tiny": TINY})
    reused = _build(tmp_path / "b", KOMANDOR_ENGINE_CACHE=cache, **NO_COMPILER)
    assert reused.stdout.startswith("Engine: compiled (mypyc), the build of these sources kept")
    probe = "import komandor as e\nfrom komandor import tiny\nprint(e.ENGINE, tiny.answer())"
    assert _python(tmp_path / "b", probe).stdout.split() == ["compiled", "41"]
    assert (second / f"tiny{EXT}").exists() and (first / f"tiny{EXT}").exists()
    (second / "tiny.py").write_text(TINY.replace("41", "42"))
    other = _build(tmp_path / "b", KOMANDOR_ENGINE_CACHE=cache, **NO_COMPILER)
    assert other.stdout.startswith("Engine: interpreted (not compiled")
