"""The engine's old address: engines up to 0.5.0 lived here as one flat package; it is now the
top-level package ``komandor`` (rules, agents, words). Importing ``matches.engine.<name>`` gives
the module that ``komandor.FLAT_MODULES`` names, so scripts and stored paths written for the
flat package keep working. New code imports ``komandor`` directly.
"""

from __future__ import annotations

import importlib
import sys

import komandor
from komandor import ENGINE as ENGINE
from komandor import ENGINE_REASON as ENGINE_REASON
from komandor import FLAT_MODULES

for _flat, _real in FLAT_MODULES.items():
    _module = importlib.import_module(f"komandor.{_real}")
    sys.modules[f"{__name__}.{_flat}"] = _module
    globals()[_flat] = _module

del _flat, _real, _module
__all__ = ["ENGINE", "ENGINE_REASON", "komandor", *FLAT_MODULES]
