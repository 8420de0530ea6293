"""The engine is typed strictly as a whole and the Django side is type-checked too (issue 29):
scripts/test.sh runs ``mypy`` over the project with the configuration strict, no override
loosens or silences an engine module, and each ``# type: ignore`` names its error code and says
why."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "komandor"
APPS = ("cardbase", "decks", "matches", "content", "accounts", "proposals", "config")
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[a-z0-9-]+(?:,\s*[a-z0-9-]+)*\])?")


def test_mypy_is_strict_on_the_whole_engine_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert "komandor" in [path.rstrip("/") for path in config["files"]]
    for override in config.get("overrides", []):
        modules = (
            override["module"] if isinstance(override["module"], list) else [override["module"]]
        )
        engine = [m for m in modules if m == "*" or m.startswith("komandor")]
        assert not engine, f"an override loosens the engine's typing: {override}"


def test_mypy_checks_the_whole_project():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert set(APPS) <= {path.rstrip("/") for path in config["files"]}
    assert "mypy_django_plugin.main" in config["plugins"]
    for override in config.get("overrides", []):
        assert not override.get("ignore_errors"), f"an override silences modules: {override}"


def test_the_test_command_type_checks_the_project():
    lines = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8").splitlines()
    assert ".venv/bin/mypy" in lines  # the files and settings of pyproject.toml [tool.mypy]


def type_ignore_problems(source: str, name: str) -> list[str]:
    """Each ``# type: ignore`` carries an error code and a reason: a comment after it on its
    line, or a comment line just above (past other ignored lines of the same statement)."""
    problems = []
    lines = source.splitlines()
    for number, line in enumerate(lines, start=1):
        if re.match(r"\s*#\s*mypy:", line):
            problems.append(f"{name}:{number}: a file-wide mypy directive")
        found = IGNORE.search(line)
        if found is None:
            continue
        if found["codes"] is None:
            problems.append(f"{name}:{number}: type: ignore without an error code")
            continue
        if line[found.end() :].strip().startswith("#"):
            continue
        above = number - 2
        while above >= 0 and IGNORE.search(lines[above]):
            above -= 1
        if above < 0 or not lines[above].strip().startswith("#"):
            problems.append(f"{name}:{number}: type: ignore without a reason")
    return problems


def test_type_ignore_rule_reads_codes_and_reasons():
    assert type_ignore_problems("x = f()  # type: ignore\n", "m") == [
        "m:1: type: ignore without an error code"
    ]
    assert type_ignore_problems("x = f()  # type: ignore[arg-type]\n", "m") == [
        "m:1: type: ignore without a reason"
    ]
    assert type_ignore_problems("x = f()  # type: ignore[arg-type]  # f is untyped\n", "m") == []
    assert not type_ignore_problems(
        "# why\na(  # type: ignore[misc]\n b)  # type: ignore[misc]\n", "m"
    )
    assert type_ignore_problems("# mypy: ignore-errors\n", "m") == [
        "m:1: a file-wide mypy directive"
    ]


def test_every_type_ignore_names_its_code_and_reason():
    paths = [
        path
        for folder in (ENGINE, *(ROOT / app for app in APPS))
        for path in sorted(folder.rglob("*.py"))
        if "migrations" not in path.parts
    ]
    problems = [
        problem
        for path in paths
        for problem in type_ignore_problems(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert not problems, "\n".join(problems)
