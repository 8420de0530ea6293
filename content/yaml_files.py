"""Reading one data file: UTF-8 YAML whose mappings have no key twice.

Every problem becomes a ``ContentError`` line naming the file and the line, never a traceback:
bytes that are not UTF-8, YAML syntax errors, a key given twice in one mapping (which PyYAML
would otherwise silently resolve to the last value), and a document of the wrong shape.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class DataFileError(ValueError):
    """One file is unreadable; ``str()`` names the file and the line."""


class _UniqueKeyLoader(yaml.SafeLoader):
    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # "<<: *defaults" — keys given beside a merge override it, by design
            key = self.construct_object(key_node, deep=deep)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise DataFileError(
                    f"line {line}: key {key!r} given twice in one mapping (first on line "
                    f"{seen[key]})"
                )
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


def yaml_file_read(path: Path, *, name: str, top: type) -> Any:
    """The parsed file at ``path`` (shown as ``name``), whose top must be a ``top`` (``dict``
    or ``list``); an empty file reads as an empty one."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise DataFileError(
            f"{name}, line {line}: not UTF-8 text (byte 0x{raw[error.start]:02x}); save the "
            "file as UTF-8"
        ) from error
    try:
        document = yaml.load(text, Loader=_UniqueKeyLoader)
    except DataFileError as error:
        raise DataFileError(f"{name}, {error}") from error
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error)
        raise DataFileError(f"{name}{where}: not valid YAML: {problem}") from error
    if document is None:
        return top()
    if not isinstance(document, top):
        expected = "a mapping (model, defaults, entries)" if top is dict else "a list"
        found = type(document).__name__
        raise DataFileError(f"{name}, line 1: the top of the file must be {expected}, not {found}")
    return document
