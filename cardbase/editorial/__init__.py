"""The content manager's domain: roles, change history with revert, drafts and publishing.

History is kept by django-reversion (``history.py``), drafts in ``cardbase.models.Draft``
(``drafts.py``); the admin only parses requests and calls these functions.
"""
