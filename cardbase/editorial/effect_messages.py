"""The effect language's problems in the admin's language. The engine words them in English
and also gives each as a template with named parameters (``effect_schema.Problem``); here the
template and the ``what`` parameter (the expected thing, in words) go through gettext, so a
Russian editor reads Russian (catalogue: ``content/locale``). Values the editor typed and the
lists of accepted codes stay as they are: they are the effect language's own words."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext


def effect_problem_message(*, template: str, params: Iterable[tuple[str, str]]) -> str:
    """The problem without its path, in the active language."""
    words = dict(params)
    if "what" in words:
        words["what"] = gettext(words["what"])
    text = gettext(template)
    return text % words if words else text
