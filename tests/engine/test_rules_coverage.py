"""scripts/rules_coverage.py: checklist IDs are parsed and mapped onto the test markers."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "scripts/rules_coverage.py")
rules_coverage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rules_coverage)

CHECKLIST = """## 2. Victory conditions (WIN)

- [ ] **WIN-1** — The main way to win.
- [ ] **WIN-2** — The Commander is on a ship.

### 7.4 Tactical cards (TACT)

- [ ] **TACT-1** — The card's own text says when.
- [ ] **WPN-MASER-4** — A type-А maser cannot attack.
"""


def test_checklist_ids_with_their_sections():
    assert rules_coverage.checklist_rules(CHECKLIST) == [
        ("WIN-1", "2. Victory conditions (WIN)"),
        ("WIN-2", "2. Victory conditions (WIN)"),
        ("TACT-1", "7.4 Tactical cards (TACT)"),
        ("WPN-MASER-4", "7.4 Tactical cards (TACT)"),
    ]


def test_render_marks_tested_and_uncovered_with_no_group_left_pending():
    rules = rules_coverage.checklist_rules(CHECKLIST)
    text = rules_coverage.render(rules, {"WIN-1": {"tests/x.py::test_a"}, "NOPE-1": {"t"}})
    assert "| WIN-1 | 2. Victory conditions (WIN) | tested | `tests/x.py::test_a` |" in text
    assert "| WIN-2 | 2. Victory conditions (WIN) | not covered yet |  |" in text
    assert "| TACT-1 | 7.4 Tactical cards (TACT) | not covered yet |  |" in text  # engine 0.4
    assert "NOPE-1" in text.splitlines()[-1]


def test_the_real_checklist_has_452_rules():
    text = rules_coverage.CHECKLIST.read_text(encoding="utf-8")
    ids = [rule_id for rule_id, _ in rules_coverage.checklist_rules(text)]
    assert len(ids) == len(set(ids)) == 452
