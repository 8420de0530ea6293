"""The production settings mode must pass Django's deployment checks and refuse a weak key."""

import subprocess

from tests.manage_cli import manage


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """``manage.py`` under the production settings (others through ``env``)."""
    return manage(*args, **{"DJANGO_SETTINGS_MODULE": "config.settings.production", **env})


def test_production_settings_pass_check_deploy():
    result = run_manage(
        "check",
        "--deploy",
        SECRET_KEY="k" * 20 + "-a-long-random-production-secret-0123456789",
        ALLOWED_HOSTS="cardbase.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    security = [line for line in result.stderr.splitlines() if "security." in line]
    assert security == []


def test_production_settings_refuse_a_missing_secret_key():
    result = run_manage("check", SECRET_KEY="")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
