"""The docs say only what the code can confirm (issue 29): every project file a doc names exists,
every engine module is in docs/engine.md's table, every setting docs/CONFIGURATION.md names is
read by the code, the engine version the docs state is the engine's, and the README stays
short. A claim that stopped being true fails here instead of misleading the next reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"), ROOT / "content" / "README.md"])
TOP = ("cardbase", "config", "content", "decks", "deploy", "docs", "komandor", "matches")
TOP += ("proposals",)
TOP += ("scripts", "static", "templates", "tests", "locale", "typings", ".ci")
# A path in backticks: starts at a top-level folder of the project, ends in a file name.
TOPS = "|".join(re.escape(top) for top in TOP)
PATH = re.compile(
    rf"`((?:{TOPS})/[\w./-]*\.(?:py|md|sh|json|toml|yaml|yml|conf|html|txt|csv|js|css))`"
)


# A document named alone in backticks (`CONTRIBUTING.md`): it must be somewhere in the project.
DOCUMENT = re.compile(r"`([A-Z][A-Z_]+\.md)`")


def named_paths(text: str) -> set[str]:
    return {match for match in PATH.findall(text) if "*" not in match and "<" not in match}


def test_every_document_named_alone_exists_somewhere():
    known = {path.name for path in ROOT.rglob("*.md") if ".venv" not in path.parts}
    for doc in DOCS:
        named = set(DOCUMENT.findall(doc.read_text(encoding="utf-8")))
        assert named <= known, f"{doc.relative_to(ROOT)} names {sorted(named - known)}"


def test_the_path_pattern_reads_paths_and_leaves_urls_and_globs():
    text = "`docs/engine.md`, `/api/cards/`, `komandor/rules/*.py`, `content/data/<game>/x.yaml`"
    assert named_paths(text) == {"docs/engine.md"}


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_a_doc_names_exists(doc):
    missing = sorted(
        p for p in named_paths(doc.read_text(encoding="utf-8")) if not (ROOT / p).exists()
    )
    assert not missing, f"{doc.relative_to(ROOT)} names files that do not exist: {missing}"


def test_every_doc_the_readme_sends_to_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(docs/[\w.-]+\.md|content/README\.md)`", readme))
    assert {"docs/CONFIGURATION.md", "docs/OPERATIONS.md", "docs/TESTING.md"} <= named
    assert all((ROOT / path).is_file() for path in named), named


def test_the_readme_is_for_a_player_and_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 100, len(lines)


def test_every_engine_module_is_in_the_engine_docs_table():
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    table = {
        cell
        for row in doc.splitlines()
        if row.startswith("| `")
        for cell in re.findall(r"`([\w/]+\.py)`", row.split("|")[1])
    }
    listed = {Path(name).name for name in table} | set(re.findall(r"`([\w/]+\.py)`", doc))
    engine = ROOT / "komandor"
    modules = {path.name for path in engine.rglob("*.py") if path.name != "__init__.py"}
    missing = sorted(modules - {Path(name).name for name in listed})
    assert not missing, f"docs/engine.md does not list these engine modules: {missing}"


def test_every_matches_subpackage_is_in_the_architecture_table():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    packages = {
        path.parent.relative_to(ROOT).as_posix()
        for path in (ROOT / "matches").glob("*/__init__.py")
        if path.parent.name not in {"migrations", "management", "templatetags", "engine"}
    }
    missing = sorted(
        p for p in packages if f"`{p}/`" not in doc and f"`{p.split('/')[-1]}/`" not in doc
    )
    assert not missing, f"docs/ARCHITECTURE.md's table does not list: {missing}"


def test_every_setting_the_configuration_doc_names_is_read_by_the_settings():
    doc = (ROOT / "docs" / "CONFIGURATION.md").read_text(encoding="utf-8")
    names = set(re.findall(r"`([A-Z][A-Z0-9_]{3,})`", doc))
    code = "\n".join(
        path.read_text(encoding="utf-8")
        for top in ("config", "cardbase", "decks", "matches")
        for path in (ROOT / top).rglob("*.py")
    )
    unknown = sorted(name for name in names if f'"{name}"' not in code)
    assert names and not unknown, (
        f"docs/CONFIGURATION.md names settings the code never reads: {unknown}"
    )


def test_the_engine_version_the_docs_state_is_the_engines():
    from komandor.rules.match import ENGINE_VERSION

    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    stated = re.search(r"`ENGINE_VERSION` \(`rules/match.py`, now ([\d.]+)\)", doc)
    assert stated is not None, "docs/engine.md no longer says which engine version is current"
    assert stated.group(1) == ENGINE_VERSION
