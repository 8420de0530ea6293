"""Pick the request's language for problems and line errors that carry both texts."""

from django.utils.translation import get_language


def localised(problem: dict) -> dict:
    """Add ``message`` in the active language to a problem or line error."""
    english = (get_language() or "ru").startswith("en")
    return {**problem, "message": problem["message_en" if english else "message_ru"]}


def localised_report(report: dict) -> dict:
    return {
        **report,
        "errors": [localised(problem) for problem in report["errors"]],
        "warnings": [localised(problem) for problem in report["warnings"]],
    }
