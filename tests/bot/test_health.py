"""The start-up warning about where the ledger lives, and the health check's verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config
from bot.transport.health import database_warning, health_problems
from storage import Ledger

MOUNTS = ("/", "/proc", "/data", "/etc/hosts")


@pytest.mark.parametrize(
    ("path", "in_container", "warned"),
    [
        pytest.param("./mahjong.db", False, "relative", id="default-relative"),
        pytest.param("mahjong.db", True, "relative", id="bare-name"),
        pytest.param("/tmp/mahjong.db", False, "temporary", id="tmp"),
        pytest.param("/dev/shm/m.db", False, "temporary", id="shared-memory"),
        pytest.param("/app/mahjong.db", True, "container's own filesystem", id="image-layer"),
        pytest.param("/data/mahjong.db", True, None, id="container-volume"),
        pytest.param("/data/sub/mahjong.db", True, None, id="below-a-volume"),
        pytest.param("/var/lib/mahjong/m.db", False, None, id="vps-disk"),
    ],
)
def test_where_the_ledger_may_be_lost(path: str, in_container: bool, warned: str | None) -> None:
    warning = database_warning(
        path, cwd="/app", temporary_dirs=("/tmp", "/dev/shm"), mount_points=MOUNTS,
        in_container=in_container,
    )  # fmt: skip
    if warned is None:
        assert warning is None
    else:
        assert warning is not None and warned in warning and "persistent volume" in warning
        assert f"DATABASE_PATH={path}" in warning


async def test_health_check_wants_a_ledger_this_code_knows(tmp_path: Path) -> None:
    missing = Config(token="1:a", database_path=str(tmp_path / "none.db"))
    assert any("no such file" in p for p in health_problems(missing))
    async with await Ledger.open(tmp_path / "m.db"):
        pass
    assert health_problems(Config(token="1:a", database_path=str(tmp_path / "m.db"))) == []
    (tmp_path / "junk.db").write_bytes(b"junk" * 1000)
    junk = Config(token="1:a", database_path=str(tmp_path / "junk.db"))
    assert any("not a usable ledger" in p for p in health_problems(junk))


async def test_health_check_in_webhook_mode_wants_the_port_to_answer(tmp_path: Path) -> None:
    async with await Ledger.open(tmp_path / "m.db"):
        pass
    config = Config(
        token="1:a",
        database_path=str(tmp_path / "m.db"),
        webhook_url="https://x.example/h",
        webhook_secret="s",
        port=1,  # nothing listens on port 1
    )
    assert any("webhook port 1" in p for p in health_problems(config))
