"""A repeated log line at most once a second: a failure that comes back in a loop (the same
line again and again, PTB's polling loop included) cannot fill the disk. Lines that differ
(each skipped update names its own id) are all kept; a repeat held back is counted and the
count rides on the next line of its kind that gets through.
"""

from __future__ import annotations

import logging
import time
from typing import Final

INTERVAL: Final = 1.0  # seconds between two copies of one line
_REMEMBERED: Final = 1024  # lines whose last time is kept; older ones are forgotten first


class RepeatLimit(logging.Filter):
    """Lets a record through unless the same line (logger, level, message) went out less
    than ``interval`` seconds ago."""

    def __init__(self, interval: float = INTERVAL) -> None:
        super().__init__()
        self.interval = interval
        self._last: dict[tuple[str, int, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, record.getMessage())
        now = time.monotonic()
        last, held = self._last.get(key, (-self.interval, 0))
        if now - last < self.interval:
            self._last[key] = (last, held + 1)
            return False
        if held:
            record.msg = f"{record.getMessage()} ({held} more like this held back)"
            record.args = None
        self._last.pop(key, None)
        self._last[key] = (now, 0)
        if len(self._last) > _REMEMBERED:
            del self._last[next(iter(self._last))]  # the line least recently let through
        return True


def limit_repeats(logger: logging.Logger | None = None) -> RepeatLimit:
    """Put one RepeatLimit on each of the logger's handlers (the root's by default)."""
    limit = RepeatLimit()
    for handler in (logger or logging.getLogger()).handlers:
        handler.addFilter(limit)
    return limit
