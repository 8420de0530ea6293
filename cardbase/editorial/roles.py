"""The two content roles and their permissions.

Editors add and change catalogue rows (their saves become drafts) and see the drafts;
publishers see everything, publish or reject drafts and revert a row to an earlier version.
Staff in neither group see nothing of the catalogue. Migration ``cardbase/0007_editor_roles``
makes the groups with ``roles_sync``; so can ``manage.py roles_sync`` after a flush.
"""

from __future__ import annotations

from typing import Any

EDITORS = "editors"
PUBLISHERS = "publishers"
EDITABLE = ("release", "card", "race", "tech", "sector", "advisor", "component", "statedcount")
CATALOGUE = ("game", *EDITABLE)
ROLE_PERMISSIONS: dict[str, tuple[str, ...]] = {
    EDITORS: (
        *(f"{action}_{model}" for model in EDITABLE for action in ("view", "add", "change")),
        "view_game",
        "view_draft",
    ),
    PUBLISHERS: (
        *(f"view_{model}" for model in CATALOGUE),
        "view_draft",
        "publish_draft",
        "revert_version",
    ),
}


def roles_sync(*, group_model: Any, permission_model: Any) -> None:
    """Create both groups with exactly their permissions (models passed in, so a migration
    can hand over its historical ones)."""
    for name, codenames in ROLE_PERMISSIONS.items():
        group, _ = group_model.objects.get_or_create(name=name)
        permissions = permission_model.objects.filter(
            content_type__app_label="cardbase", codename__in=codenames
        )
        missing = set(codenames) - set(permissions.values_list("codename", flat=True))
        if missing:
            raise RuntimeError(f"permissions missing for {name}: {sorted(missing)}")
        group.permissions.set(permissions)
