"""Compile the rules engine (``komandor``) with mypyc, in place, when a C compiler is here.

    .venv/bin/python scripts/build_engine.py [--root DIR] [--force] [--clean]

``scripts/install.sh`` runs it, so both README commands and CI build the compiled engine. Every
module of the package is compiled except those in ``INTERPRETED`` (below, with the reason for
each). The build writes, beside the compiled modules, ``komandor/_compiled.json`` with the
SHA-256 of every engine source (``komandor.engine_sources_digest``); the package's
``__init__`` compares it at import and loads the ``.py`` files, with a warning, when a source
changed since the build, so an edited engine never runs a stale compiled module
(``docs/engine.md``, "Compiled engine").

* Sources unchanged since the last build (same digest, same modules): nothing to do.
* Built before from the same sources, by the same Python and mypyc, in any checkout on this
  machine: the build is copied from the cache (``KOMANDOR_ENGINE_CACHE``, by default
  ``~/.cache/komandor-engine``; empty turns it off), so a fresh clone of an unchanged engine
  (CI) compiles nothing.
* No working C compiler (``CC``, else the one Python was built with) or no Python headers: one
  line says so and the interpreted engine stays; exit 0 — the first run never needs a compiler.
* A compiler, but the build fails (a mypyc or C error): the error, and exit 1 — never a silent
  fall-back to the interpreted engine.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ("komandor",)
STAMP = "_compiled.json"

# The engine modules that stay interpreted, and why. Every other ``komandor`` module is
# compiled; a module added to the package is compiled without a change here.
INTERPRETED: dict[str, str] = {
    "__init__": "picks the compiled or the interpreted modules, so it runs first, as source",
    "play": "a command line (`python -m komandor.play`); `-m` runs only source modules",
    "scenario": "a command line (`python -m komandor.scenario`); `-m` runs only source",
    "rules/__init__": "a package's docstring only",
    "agents/__init__": "a package's docstring only",
    "words/__init__": "a package's docstring only",
}


def _engine_module(engine_dir: Path):
    """``komandor/__init__.py`` of the tree being built, loaded without importing the
    package (whose import would pick and load the engine modules)."""
    spec = importlib.util.spec_from_file_location("_engine_init", engine_dir / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_sources(engine_dir: Path) -> list[Path]:
    """The engine's source files that mypyc compiles, in a stable order."""
    return sorted(
        path
        for path in engine_dir.rglob("*.py")
        if path.relative_to(engine_dir).with_suffix("").as_posix() not in INTERPRETED
    )


def built_files(engine_dir: Path, root: Path) -> list[Path]:
    """What a build leaves behind: the compiled modules, the shared runtime, the stamp."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    found = list(engine_dir.rglob(f"*{suffix}"))
    found += list(root.glob(f"*__mypyc{suffix}"))
    stamp = engine_dir / STAMP
    return found + ([stamp] if stamp.exists() else [])


def clean(engine_dir: Path, root: Path) -> None:
    for path in built_files(engine_dir, root):
        path.unlink()


def compiler_problem() -> str | None:
    """Why no extension can be built here (no compiler, no headers), or None: compile a tiny
    C file that includes ``Python.h`` with the compiler and flags ``build_ext`` would use."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    include = sysconfig.get_paths()["include"]
    with tempfile.TemporaryDirectory() as scratch:
        probe = Path(scratch) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [str(probe)], output_dir=scratch, include_dirs=[include], extra_preargs=[]
            )
        # Any failure at all of this one probe means no extension can be built here (the
        # distutils error classes exist twice, under setuptools and under the stdlib name).
        except Exception as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else "failed"
            cc = compiler.compiler_so[0] if getattr(compiler, "compiler_so", None) else "cc"
            return f"the C compiler ({cc}) cannot build a Python extension: {first}"
    return None


def build(root: Path, sources: list[Path], digest: str) -> None:
    """mypyc over ``sources``, compiled in place under ``root``; then the stamp."""
    engine_dir = root.joinpath(*PACKAGE)
    relative = [str(path.relative_to(root)) for path in sources]
    setup = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name='komandor-engine', ext_modules=mypycify({relative!r},"
        " opt_level='3', multi_file=True, group_name='komandor_engine'))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryDirectory() as scratch:
        script = Path(scratch) / "setup.py"
        script.write_text(setup)
        command = [sys.executable, str(script), "build_ext", "--inplace", "--build-temp", scratch]
        command += ["--parallel", str(os.cpu_count() or 1)]
        result = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
        raise SystemExit(
            "Compiling the engine with mypyc FAILED (above). The interpreted engine still works"
            " (KOMANDOR_ENGINE=interpreted), but fix the error: a compiler is here, so the build"
            " must succeed."
        )
    shutil.rmtree(root / "build", ignore_errors=True)
    modules = [
        ".".join((*PACKAGE, *p.relative_to(engine_dir).with_suffix("").parts)) for p in sources
    ]
    (engine_dir / STAMP).write_text(
        json.dumps({"sources_sha256": digest, "modules": modules}, indent=1) + "\n"
    )


def cache_dir(digest: str) -> Path | None:
    """Where a build of these sources by this Python and this mypyc is kept, or None (off)."""
    base = os.environ.get("KOMANDOR_ENGINE_CACHE", str(Path.home() / ".cache" / "komandor-engine"))
    if not base:
        return None
    from mypy.version import __version__ as mypy_version

    tag = f"{sys.implementation.cache_tag}-{sysconfig.get_config_var('EXT_SUFFIX')}-{mypy_version}"
    return Path(base) / f"{digest[:32]}-{tag.replace('/', '_')}"


def cache_store(engine_dir: Path, root: Path, digest: str) -> None:
    """Keep the build just made (best effort: a cache that cannot be written is no cache)."""
    target = cache_dir(digest)
    if target is None or target.exists():
        return
    try:
        scratch = Path(tempfile.mkdtemp(dir=target.parent if target.parent.exists() else None))
        for path in built_files(engine_dir, root):
            place = scratch / path.relative_to(root)
            place.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, place)
        target.parent.mkdir(parents=True, exist_ok=True)
        scratch.rename(target)  # whole or not at all
    except OSError:
        shutil.rmtree(scratch, ignore_errors=True)


def cache_restore(engine_dir: Path, root: Path, digest: str) -> bool:
    """Copy a kept build of these sources into the tree; True when there was one."""
    kept = cache_dir(digest)
    if kept is None or not (kept / engine_dir.relative_to(root) / STAMP).is_file():
        return False
    for path in kept.rglob("*"):
        if path.is_file():
            place = root / path.relative_to(kept)
            place.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, place)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project tree to build in")
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument("--clean", action="store_true", help="remove the compiled engine")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    engine_dir = root.joinpath(*PACKAGE)
    engine = _engine_module(engine_dir)
    if args.clean:
        clean(engine_dir, root)
        print("Engine: compiled modules removed; the interpreted engine runs.")
        return 0
    digest = engine.engine_sources_digest(engine_dir)
    sources = compiled_sources(engine_dir)
    stamp = engine.read_stamp(engine_dir)
    if not args.force and stamp is not None and stamp.get("sources_sha256") == digest:
        return 0
    clean(engine_dir, root)
    if not args.force and cache_restore(engine_dir, root, digest):
        print(f"Engine: compiled (mypyc), the build of these sources kept in {cache_dir(digest)}.")
        return 0
    problem = compiler_problem()
    if problem is not None:
        clean(engine_dir, root)
        print(
            f"Engine: interpreted (not compiled: {problem}). It works the same, about half as"
            " fast; install a C compiler and the Python headers (Debian: apt-get install gcc"
            " python3-dev) and run scripts/install.sh again for the compiled engine."
        )
        return 0
    print(f"Engine: compiling {len(sources)} modules with mypyc (about a minute) …", flush=True)
    build(root, sources, digest)
    cache_store(engine_dir, root, digest)
    print("Engine: compiled (mypyc).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
