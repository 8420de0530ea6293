"""The editors and publishers groups with their permissions (``cardbase/editorial/roles.py``)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

from cardbase.editorial.roles import EDITORS, PUBLISHERS, roles_sync


def create_roles(apps, schema_editor) -> None:
    # Permissions are normally made after all migrations ran; these groups need them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    roles_sync(
        group_model=apps.get_model("auth", "Group"),
        permission_model=apps.get_model("auth", "Permission"),
    )


def drop_roles(apps, schema_editor) -> None:
    apps.get_model("auth", "Group").objects.filter(name__in=[EDITORS, PUBLISHERS]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0006_content_manager"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_roles, drop_roles)]
