"""Is this deployment sound? A warning at start when the ledger would not outlive a restart,
and ``python -m bot --check`` for a container's HEALTHCHECK or a monitor."""

from __future__ import annotations

import os
import socket
import tempfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Final

from bot.config import Config
from storage.check import probe

TEMPORARY_DIRS: Final = ("/tmp", "/var/tmp", "/dev/shm")
CONTAINER_MARKERS: Final = ("/.dockerenv", "/run/.containerenv")
CONNECT_SECONDS: Final = 3.0


def database_warning(
    configured: str,
    *,
    cwd: str | None = None,
    temporary_dirs: Iterable[str] | None = None,
    mount_points: Iterable[str] | None = None,
    in_container: bool | None = None,
) -> str | None:
    """Why DATABASE_PATH may be wiped at the next restart or redeploy, or None.

    Relative paths land wherever the process starts (on a PaaS, the app's ephemeral
    directory); temporary directories are cleared; in a container, a path on the image's
    own filesystem (no volume mounted at or above it) goes with the container.
    """
    path = PurePosixPath(os.path.join(cwd or os.getcwd(), configured))
    path = PurePosixPath(os.path.normpath(path))
    where = f"DATABASE_PATH={configured} ({path})"
    if not PurePosixPath(configured).is_absolute():
        return f"{where} is relative to the working directory: {_ADVICE}"
    temporary = (
        (*TEMPORARY_DIRS, tempfile.gettempdir()) if temporary_dirs is None else temporary_dirs
    )
    if any(path.is_relative_to(t) for t in temporary):
        return f"{where} is in a temporary directory: {_ADVICE}"
    container = _in_container() if in_container is None else in_container
    mounts = _mount_points() if mount_points is None else mount_points
    if container and _mount_of(path, mounts) == PurePosixPath("/"):
        return f"{where} is on the container's own filesystem: {_ADVICE}"
    return None


_ADVICE: Final = (
    "the ledger may be lost at a restart or redeploy; set DATABASE_PATH to a file on a "
    "persistent volume (see docs/deploy.md)"
)


def _in_container() -> bool:
    return any(Path(marker).exists() for marker in CONTAINER_MARKERS)


def _mount_points() -> list[str]:
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return ["/"]
    return [line.split()[4] for line in lines if len(line.split()) > 4]


def _mount_of(path: PurePosixPath, mounts: Iterable[str]) -> PurePosixPath:
    holding = [PurePosixPath(m) for m in mounts if path.is_relative_to(m)]
    return max(holding, key=lambda m: len(m.parts), default=PurePosixPath("/"))


def health_problems(config: Config) -> list[str]:
    """What a health check finds wrong: the ledger does not open as one this code knows, or
    in webhook mode nothing listens on PORT. Empty = healthy. Costs the same at any size."""
    problems = [p.en for p in probe(config.database_path)]
    if config.webhook:
        try:
            socket.create_connection(("127.0.0.1", config.port), CONNECT_SECONDS).close()
        except OSError as error:
            problems.append(f"webhook port {config.port} does not answer: {error}")
    return problems
