"""Load the shipped data files (``content/data``) into the catalogue, idempotently.

Files are parsed and every entry checked before anything is written; one bad entry aborts the
whole load with every problem listed, and the database is left as it was. Rows follow the
files: new entries are created, changed ones updated, and rows that came from a data file but
whose entry is gone are deleted. Rows created in the admin (no data file) are never touched.
The file format is described in ``content/README.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from django.core.exceptions import ValidationError
from django.db import models, transaction

from cardbase.models import (
    Advisor,
    Card,
    Component,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)
from cardbase.services.card_rules import card_attributes_clean

DATA_DIR = Path(__file__).resolve().parent / "data"

MODELS: dict[str, type[models.Model]] = {
    "release": Release,
    "card": Card,
    "race": Race,
    "tech": Tech,
    "sector": Sector,
    "advisor": Advisor,
    "component": Component,
    "count": StatedCount,
}
# Natural key fields besides ``game`` for each model.
NATURAL_KEYS: dict[str, tuple[str, ...]] = {
    "release": ("code",),
    "component": ("kind", "key"),
}
# The order rows are written in: releases before the cards that point at them.
LOAD_ORDER = ["release", "card", "race", "tech", "sector", "advisor", "component", "count"]
GAME_FIELDS = {"slug", "name_ru", "name_en", "rule_book", "description", "sort_order"}


class ContentError(Exception):
    """The data files are wrong; ``problems`` lists every one, each naming file and entry."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class LoadReport:
    created: Counter = field(default_factory=Counter)
    updated: Counter = field(default_factory=Counter)
    unchanged: Counter = field(default_factory=Counter)
    deleted: Counter = field(default_factory=Counter)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)

    def summary(self) -> str:
        kinds = sorted(
            set(self.created) | set(self.updated) | set(self.unchanged) | set(self.deleted)
        )
        return "\n".join(
            f"{kind}: {self.created[kind]} created, {self.updated[kind]} updated, "
            f"{self.unchanged[kind]} unchanged, {self.deleted[kind]} deleted"
            for kind in kinds
        )


@dataclass
class Entry:
    model: str
    game_slug: str
    file: str
    values: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.file}: {self.model} {self.values.get('key') or self.values.get('code')!r}"


def content_load(*, data_dir: Path = DATA_DIR) -> LoadReport:
    """Load every data file under ``data_dir``; raise ContentError listing all problems."""
    games, entries = _read_files(data_dir)
    report = LoadReport()
    with transaction.atomic():
        game_rows = _load_games(games, report)
        problems = _write_entries(entries, game_rows, data_dir, report)
        if problems:
            transaction.set_rollback(True)
            raise ContentError(problems)
    return report


def _read_yaml(path: Path, data_dir: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ContentError([f"{path.relative_to(data_dir)}: not valid YAML: {error}"]) from error


def _read_files(data_dir: Path) -> tuple[list[dict[str, Any]], list[Entry]]:
    problems: list[str] = []
    games = _read_yaml(data_dir / "games.yaml", data_dir) or []
    slugs = {game.get("slug") for game in games}
    entries: list[Entry] = []
    for path in sorted(data_dir.glob("*/*.yaml")):
        name = str(path.relative_to(data_dir))
        game_slug = path.parent.name
        if game_slug not in slugs:
            problems.append(f"{name}: folder {game_slug!r} is not a game in games.yaml")
            continue
        document = _read_yaml(path, data_dir) or {}
        model = document.get("model")
        if model not in MODELS:
            problems.append(f"{name}: 'model' must be one of {sorted(MODELS)}, not {model!r}")
            continue
        defaults = document.get("defaults") or {}
        for index, raw in enumerate(document.get("entries") or []):
            if not isinstance(raw, dict):
                problems.append(f"{name}: entry #{index + 1} is not a mapping")
                continue
            entries.append(Entry(model, game_slug, name, {**defaults, **raw}))
    if problems:
        raise ContentError(problems)
    return games, entries


def _load_games(games: list[dict[str, Any]], report: LoadReport) -> dict[str, Game]:
    rows = {}
    for values in games:
        unknown = set(values) - GAME_FIELDS
        if unknown:
            raise ContentError([f"games.yaml: {values.get('slug')}: unknown fields {unknown}"])
        game = Game.objects.filter(slug=values["slug"]).first() or Game(slug=values["slug"])
        rows[game.slug] = game
        _apply(game, values, "game", report)
    return rows


def _apply(row: models.Model, values: dict[str, Any], kind: str, report: LoadReport) -> None:
    """Set ``values`` on ``row``, check the row's fields, and save it only if it changed."""
    is_new = row.pk is None
    changed = [name for name, value in values.items() if getattr(row, name, None) != value]
    for name in changed:
        setattr(row, name, values[name])
    row.full_clean(validate_unique=False, validate_constraints=False)
    if is_new:
        row.save()
        report.created[kind] += 1
    elif changed:
        row.save()
        report.updated[kind] += 1
    else:
        report.unchanged[kind] += 1


def _field_names(model: type[models.Model]) -> set[str]:
    return {
        f.name
        for f in model._meta.get_fields()
        if f.concrete and not f.auto_created and f.name not in {"search_text", "game"}
    }


def _prepare(entry: Entry, game: Game, releases: dict[tuple[int, str], Release]) -> dict[str, Any]:
    """Check one entry and turn it into model field values; raise ValueError on a problem."""
    model = MODELS[entry.model]
    values = dict(entry.values)
    values.setdefault("source_book", game.rule_book)
    unknown = set(values) - _field_names(model)
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    if entry.model == "card":
        code = values.pop("release", None)
        if code is not None:
            release = releases.get((game.pk, code))
            if release is None:
                raise ValueError(f"release {code!r} is not defined for {game.slug}")
            values["release"] = release
        try:
            values["attributes"] = card_attributes_clean(game_slug=game.slug, fields=values)
        except ValidationError as error:
            raise ValueError("; ".join(_messages(error))) from error
    values["content_file"] = entry.file
    values["game"] = game
    return values


def _messages(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [f"{name}: {msg}" for name, errs in error.message_dict.items() for msg in errs]
    return list(error.messages)


def _write_entries(
    entries: list[Entry], games: dict[str, Game], data_dir: Path, report: LoadReport
) -> list[str]:
    problems: list[str] = []
    releases: dict[tuple[int, str], Release] = {}
    seen: dict[str, set[int]] = {kind: set() for kind in MODELS}
    keys_seen: set[tuple] = set()
    for kind in LOAD_ORDER:
        model = MODELS[kind]
        key_fields = NATURAL_KEYS.get(kind, ("key",))
        # One query per model instead of one per entry: the load runs in every content test.
        existing = {
            (row.game_id, *(getattr(row, name) for name in key_fields)): row
            for row in model.objects.filter(game__in=list(games.values()))
        }
        for entry in (e for e in entries if e.model == kind):
            game = games[entry.game_slug]
            try:
                values = _prepare(entry, game, releases)
                missing = [n for n in (*key_fields, "source_section") if not values.get(n)]
                if missing:
                    raise ValueError(f"missing {', '.join(missing)}")
                key_values = tuple(values[name] for name in key_fields)
                natural = (kind, game.slug, *key_values)
                if natural in keys_seen:
                    raise ValueError("defined twice")
                keys_seen.add(natural)
                row = existing.get((game.pk, *key_values)) or model()
                _apply(row, values, kind, report)
            except (ValueError, ValidationError) as error:
                text = "; ".join(_messages(error)) if isinstance(error, ValidationError) else error
                problems.append(f"{entry.label}: {text}")
                continue
            seen[kind].add(row.pk)
            if kind == "release":
                releases[(game.pk, row.code)] = row
    if problems:
        return problems
    loaded_games = [game.pk for game in games.values()]
    for kind in reversed(LOAD_ORDER):
        stale = (
            MODELS[kind]
            .objects.filter(game__in=loaded_games)
            .exclude(content_file="")
            .exclude(pk__in=seen[kind])
        )
        count = stale.count()
        if count:
            stale.delete()
            report.deleted[kind] += count
    return problems
