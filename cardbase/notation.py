"""The letters of the card notation in the interface's language.

The rule book writes sizes, shield and maser types, crews and missile ranges with Russian
letters (ЛК, В4, Э3, 4-4 (Д)); the engine's ``card_stat_lines`` gives them so. In English the
faces, their explanations and the notation legend use English abbreviations instead: LS/MS/HS
for light, medium and heavy ships, A/B/C for shield and maser types, N/V/E for novices,
veterans and elite crews, L/M/S for long, medium and short range. The values are the same
numbers; only the letters change.
"""

from __future__ import annotations

from django.utils.translation import get_language, ngettext

from komandor.rules.cards import CardSpec, CommercialRun, Range, RewardKind
from komandor.words.terms import ENGLISH_LETTERS, RUSSIAN_LETTERS, Letters

# One table of letters per language, the engine's (``komandor.words.terms``).
RUSSIAN = RUSSIAN_LETTERS
ENGLISH = ENGLISH_LETTERS


def is_english() -> bool:
    return (get_language() or "").startswith("en")


def letters() -> Letters:
    return ENGLISH if is_english() else RUSSIAN


def notation_lang() -> str:
    """The ``lang`` of a notation value as shown."""
    return "en" if is_english() else "ru"


def stat_value(spec: CardSpec, path: str, text: str) -> str:
    """The engine's ``text`` for the stat at ``path`` in the interface's letters (the
    engine's own letters in Russian); a commercial run's reward with its noun in the
    interface's language and plural form."""
    if path.startswith("properties.") and spec.properties is not None:
        run = getattr(spec.properties, path.split(".", 1)[1])
        return _reward(run) if isinstance(run, CommercialRun) and run.reward else text
    if not is_english():
        return text
    shown = ENGLISH
    if path == "shield" and spec.shield is not None:
        return f"{shown.shield[spec.shield.type]}{spec.shield.power}"
    if path == "crew" and spec.crew is not None:
        return f"{shown.crew[spec.crew.level]}{spec.crew.size}"
    if path == "weapons.maser" and spec.weapons is not None and spec.weapons.maser is not None:
        maser = spec.weapons.maser
        # The book prints a maser by power alone when it shares the shield's type.
        same = spec.shield is not None and spec.shield.type is maser.type
        return str(maser.power) if same else f"{shown.shield[maser.type]}{maser.power}"
    if path.startswith("weapons.missiles.") and spec.weapons is not None:
        range_ = Range(path.rsplit(".", 1)[1])
        salvo = spec.weapons.missiles.at(range_) if spec.weapons.missiles else None
        if salvo is not None:
            return f"{salvo.count}-{salvo.power} ({shown.range[range_]})"
    return text


def _reward(run: CommercialRun) -> str:
    if run.reward_kind is RewardKind.RESOURCES:
        return ngettext("%(count)s resource", "%(count)s resources", run.reward) % {
            "count": run.reward
        }
    return ngettext("%(count)s action token", "%(count)s action tokens", run.reward) % {
        "count": run.reward
    }
