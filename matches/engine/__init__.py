"""The Komandor rules engine: pure Python, importing nothing from Django.

Shared by the web app, the Celery workers, scripts and tests.
"""
