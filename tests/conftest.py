"""Test-wide settings: the card database is built in a temporary cache, not the user's."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("UNDERCITY_CACHE_DIR", tempfile.mkdtemp(prefix="undercity-test-cache-"))
