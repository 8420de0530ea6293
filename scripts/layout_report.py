"""The project's shape in numbers: lines per package and subpackage, the largest modules, and
the import graph of the apps (which app imports which; any cycle).

    .venv/bin/python scripts/layout_report.py [--largest 10]

docs/ARCHITECTURE.md ("Measures") quotes its output."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_import_cycles import (  # noqa: E402
    PACKAGES,
    app_graph,
    cycles,
    import_graph,
    project_modules,
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--largest", type=int, default=10)
    args = parser.parse_args(argv)
    lines = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in project_modules(ROOT).items()
    }
    per_package: Counter[str] = Counter()
    for name, count in lines.items():
        parts = name.split(".")
        package = ".".join(parts[:2]) if len(parts) > 2 else parts[0]
        per_package[package] += count
    print("Lines per package (a subpackage apart; migrations left out):")
    for package in sorted(per_package, key=lambda p: (p.split(".")[0], p)):
        if package.split(".")[0] in PACKAGES:
            print(f"  {package:32} {per_package[package]:6,}")
    print(f"\nThe {args.largest} largest modules:")
    for name, count in sorted(lines.items(), key=lambda item: -item[1])[: args.largest]:
        print(f"  {name:48} {count:6,}")
    graph = import_graph(ROOT)
    print("\nApps and what they import:")
    for app, targets in sorted(app_graph(graph).items()):
        print(f"  {app} → {', '.join(sorted(targets)) or '—'}")
    found = cycles(graph)
    print("\nModule import cycles:", "none" if not found else "")
    for component in found:
        print("  " + " ⇄ ".join(component))


if __name__ == "__main__":
    main()
