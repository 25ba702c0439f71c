"""A repeated log line goes out at most once a second; lines that differ all go out (issue 28)."""

from __future__ import annotations

import logging

import pytest

from bot.transport.log_limit import RepeatLimit


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def kept() -> tuple[logging.Logger, Kept]:
    logger = logging.getLogger("tests.log_limit")
    logger.propagate = False
    handler = Kept()
    handler.addFilter(RepeatLimit(interval=0.2))
    logger.handlers = [handler]
    return logger, handler


def test_a_line_in_a_loop_is_written_once_per_interval(
    kept: tuple[logging.Logger, Kept], monkeypatch: pytest.MonkeyPatch
) -> None:
    logger, handler = kept
    now = [100.0]
    monkeypatch.setattr("bot.transport.log_limit.time.monotonic", lambda: now[0])
    for _ in range(20_000):  # PTB's polling loop logged 20,637 in 55 s
        logger.critical("Something went wrong processing the data received from Telegram.")
        now[0] += 0.0001
    assert len(handler.lines) == 10  # 2 s of it: one per 0.2 s
    assert handler.lines[1].endswith("(1999 more like this held back)")


def test_lines_that_differ_all_go_out(kept: tuple[logging.Logger, Kept]) -> None:
    logger, handler = kept
    for update_id in range(500):
        logger.warning("update %s skipped: %s", update_id, "nested deeper than 48 levels")
    assert len(handler.lines) == 500


def test_the_limit_remembers_a_bounded_number_of_lines(kept: tuple[logging.Logger, Kept]) -> None:
    logger, handler = kept
    limit = handler.filters[0]
    assert isinstance(limit, RepeatLimit)
    for number in range(10_000):
        logger.warning("line %s", number)
    assert len(limit._last) <= 1024
