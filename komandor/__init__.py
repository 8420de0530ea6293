"""The Komandor engine: pure Python, importing nothing from Django (nor from the apps).

Shared by the web app, the Celery workers, scripts and tests, in three parts: ``rules`` (state,
decisions, events, effects), ``agents`` (the players) and ``words`` (text for people). Until
engine 0.6 it lived in ``matches/engine`` as one flat package; ``matches.engine`` still imports
those flat names (``FLAT_MODULES``) for scripts and stored paths.

Compiled or interpreted (``docs/engine.md``, "Compiled engine"): ``scripts/install.sh`` compiles
the package's modules with mypyc where a C compiler is (``scripts/build_engine.py``) and stamps
the build with the digest of the engine's sources. This module, always run as source, picks
which modules load: the compiled ones only while every source is exactly what was compiled;
after any edit, the ``.py`` files, with a ``StaleCompiledEngineWarning`` — never a stale build.
``KOMANDOR_ENGINE`` overrides the choice: ``interpreted`` (the ``.py`` files), ``compiled``
(fail the import unless the compiled engine can run), ``auto`` (the default).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENGINE_DIR = Path(__file__).resolve().parent
STAMP = "_compiled.json"
CHOICE_VARIABLE = "KOMANDOR_ENGINE"
CHOICES = ("auto", "compiled", "interpreted")


class StaleCompiledEngineWarning(RuntimeWarning):
    """The compiled modules are older than the sources beside them; the sources run."""


def engine_sources_digest(engine_dir: Path = ENGINE_DIR) -> str:
    """SHA-256 over every ``.py`` file of the package (names and bytes, in a stable order)."""
    sha = hashlib.sha256()
    for path in sorted(engine_dir.rglob("*.py")):
        sha.update(path.relative_to(engine_dir).as_posix().encode() + b"\0")
        sha.update(path.read_bytes() + b"\0")
    return sha.hexdigest()


def read_stamp(engine_dir: Path = ENGINE_DIR) -> dict[str, object] | None:
    """What the last build recorded (``scripts/build_engine.py``), or None if none is here."""
    try:
        stamp: dict[str, object] = json.loads((engine_dir / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stamp


def compiled_modules(engine_dir: Path = ENGINE_DIR) -> list[Path]:
    """The compiled extension modules present in the package."""
    return sorted(
        path
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        for path in engine_dir.rglob(f"*{suffix}")
    )


class _SourceFinder:
    """Finds every ``komandor`` submodule as its ``.py`` file, ahead of the compiled
    module that the normal import system would prefer."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        prefix = __name__ + "."
        if not fullname.startswith(prefix):
            return None
        base = ENGINE_DIR.joinpath(*fullname[len(prefix) :].split("."))
        if (base / "__init__.py").is_file():
            return importlib.util.spec_from_file_location(
                fullname, base / "__init__.py", submodule_search_locations=[str(base)]
            )
        if base.with_suffix(".py").is_file():
            return importlib.util.spec_from_file_location(fullname, base.with_suffix(".py"))
        return None


def _choose() -> tuple[str, str]:
    """("compiled" | "interpreted", why), installing the source finder when it must."""
    wanted = os.environ.get(CHOICE_VARIABLE, "auto") or "auto"
    if wanted not in CHOICES:
        raise ImportError(f"{CHOICE_VARIABLE}={wanted!r}: expected one of {', '.join(CHOICES)}")
    built = compiled_modules()
    stamp = read_stamp()
    if wanted == "interpreted":
        reason = f"{CHOICE_VARIABLE}=interpreted"
    elif not built:
        reason = "not compiled (scripts/install.sh compiles it where a C compiler is)"
    elif stamp is None or stamp.get("sources_sha256") != engine_sources_digest():
        reason = (
            "the engine's sources changed since it was compiled, so they run interpreted;"
            " run scripts/install.sh to compile them again"
        )
        if wanted == "auto":
            warnings.warn(f"Komandor engine: {reason}", StaleCompiledEngineWarning, stacklevel=2)
    else:
        return "compiled", "compiled with mypyc from the current sources"
    if wanted == "compiled":
        raise ImportError(
            f"{CHOICE_VARIABLE}=compiled, but the compiled engine cannot run: {reason}"
        )
    if built:
        sys.meta_path.insert(0, _SourceFinder())
    return "interpreted", reason


ENGINE, ENGINE_REASON = _choose()

# The engine's modules by their names in the flat ``matches/engine`` package of engines up to
# 0.5.0, and where each lives now (``matches.engine`` aliases them; scripts/bench loads older
# engines by these names).
FLAT_MODULES: dict[str, str] = {
    **{
        name: f"rules.{name}"
        for name in (
            "battle",
            "cards",
            "commerce",
            "decisions",
            "decks",
            "dice",
            "effect_decks",
            "effect_play",
            "effect_schema",
            "effect_vocabulary",
            "effects",
            "events",
            "fights",
            "game",
            "invariants",
            "match",
            "match_state",
            "names",
            "observation",
            "position",
            "rules",
            "state",
            "table",
            "victory",
            "weapons",
            "windows",
        )
    },
    "agents": "agents.registry",
    "search": "agents.search",
    "effect_text": "words.effect_text",
    "english_terms": "words.english_terms",
    "plurals": "words.plurals",
    "play": "play",
    "scenario": "scenario",
}
