"""The production settings mode must pass Django's deployment checks and refuse a weak key."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production", **env}
    # The browser tests relax Django's async guard for their own process; production never does.
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )


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
