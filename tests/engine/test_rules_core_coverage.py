"""scripts/rules_coverage.py: rules no game state reaches are shown with their reason."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "scripts/rules_coverage.py")
rules_coverage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rules_coverage)

CHECKLIST = """## 4. Tapping / untapping (TAP)

- [ ] **TAP-3** — A card cannot be tapped twice.
- [ ] **TAP-4** — Card text marks tapping with a special icon.
"""


def test_unreachable_rules_show_their_reason_and_are_counted_together():
    rules = rules_coverage.checklist_rules(CHECKLIST)
    text = rules_coverage.render(rules, {"TAP-3": {"tests/x.py::test_t"}})
    reason = rules_coverage.UNREACHABLE["TAP-4"]
    assert f"| TAP-4 | 4. Tapping / untapping (TAP) | unreachable: {reason} |  |" in text
    assert "2 rules: 1 tested, 1 unreachable" in text


def test_a_tested_rule_is_never_shown_as_unreachable():
    assert rules_coverage.status("TAP-4", {"tests/x.py::test_t"}) == "tested"


def test_unreachable_ids_are_checklist_ids():
    text = rules_coverage.CHECKLIST.read_text(encoding="utf-8")
    ids = {rule_id for rule_id, _ in rules_coverage.checklist_rules(text)}
    assert set(rules_coverage.UNREACHABLE) <= ids
    assert not set(rules_coverage.UNREACHABLE) & rules_coverage.PENDING_IDS
