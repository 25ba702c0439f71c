"""The deployment files say what the README and the code say: the container runs the
README's command and the tested health check, its ledger sits on its volume, the service
unit restarts the bot, and the README's settings table names every variable the code reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.transport.health import database_warning

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
DOCKERFILE = (ROOT / "Dockerfile").read_text()
UNIT = (ROOT / "deploy" / "mahjong-bot.service").read_text()


def readme_run_command() -> str:
    block = README.split("Run the product", 1)[1].split("```sh\n", 1)[1]
    return block.split("\n", 1)[0]


def dockerfile_json(instruction: str) -> list[str]:
    found = re.search(rf"^{instruction} \[(.*)\]$", DOCKERFILE, re.M)
    assert found is not None, instruction
    return [word.strip().strip('"') for word in found.group(1).split(",")]


def test_the_image_runs_the_readme_command() -> None:
    [install] = re.findall(r"^RUN (python3 -m venv .*)$", DOCKERFILE, re.M)
    command = " ".join(dockerfile_json("CMD"))
    assert f"{install} && {command}" == readme_run_command()


def test_the_health_check_is_the_tested_command() -> None:
    healthcheck = re.search(r"^HEALTHCHECK [^[]*?CMD \[(.*?)\]$", DOCKERFILE, re.M | re.S)
    assert healthcheck is not None
    words = [w.strip().strip('"') for w in healthcheck.group(1).split(",")]
    assert words == [*dockerfile_json("CMD"), "--check"]  # tests/bot/test_main.py runs it


def test_the_image_keeps_the_ledger_on_its_volume() -> None:
    [database] = re.findall(r"^ENV DATABASE_PATH=(\S+)$", DOCKERFILE, re.M)
    [volume] = re.findall(r"^VOLUME (\S+)$", DOCKERFILE, re.M)
    assert Path(database).is_relative_to(volume)
    assert re.search(r"^USER (?!root)\w+$", DOCKERFILE, re.M)
    mounts = ["/", "/proc", volume]
    assert database_warning(database, mount_points=mounts, in_container=True) is None
    compose = (ROOT / "compose.yaml").read_text()
    assert f":{volume}\n" in compose


@pytest.mark.parametrize(
    "line",
    [
        "Restart=on-failure",
        "After=network-online.target",
        "Wants=network-online.target",
        "EnvironmentFile=/etc/mahjong-bot.env",
    ],
)
def test_the_service_unit(line: str) -> None:
    assert re.search(rf"^{re.escape(line)}$", UNIT, re.M)


def test_the_service_unit_runs_the_readme_command() -> None:
    [exec_start] = re.findall(r"^ExecStart=(.*)$", UNIT, re.M)
    assert exec_start.endswith("/" + readme_run_command().rsplit(" && ", 1)[1])


def test_the_settings_table_names_every_variable_the_code_reads() -> None:
    sources = "".join(
        (ROOT / path).read_text()
        for path in ("bot/config.py", "bot/pictures/fonts.py", "storage/database.py")
    )
    read = set(re.findall(r"""(?:env|environ)\.get\("([A-Z_]+)""", sources))
    read |= set(re.findall(r'^FONT_ENV = "([A-Z_]+)"', sources, re.M))
    settings = README.split("## Settings", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", settings, re.M))
    assert {"MAHJONG_FONT", "BACKUP_DIR", "TELEGRAM_BOT_TOKEN"} <= read
    assert read <= documented, read - documented
