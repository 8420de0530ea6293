from django.contrib.auth.models import Group, Permission
from django.core.management.base import BaseCommand

from cardbase.editorial.roles import roles_sync


class Command(BaseCommand):
    help = "Create (or reset) the editors and publishers groups with their permissions."

    def handle(self, *args, **options):
        roles_sync(group_model=Group, permission_model=Permission)
        self.stdout.write("editors and publishers are set")
