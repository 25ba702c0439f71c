# 麻将计分助手 in a container: the README's run command, as a non-root user, the ledger on a
# volume. Long polling by default; set WEBHOOK_URL (+ WEBHOOK_SECRET, PORT) for a webhook.
#   docker build -t mahjong-bot .
#   docker run -d --name mahjong -e TELEGRAM_BOT_TOKEN=123:abc -v mahjong-data:/data mahjong-bot
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN useradd --system --create-home --home-dir /home/mahjong mahjong \
    && mkdir /app /data && chown mahjong:mahjong /app /data
WORKDIR /app
USER mahjong

COPY --chown=mahjong:mahjong pyproject.toml README.md ./
COPY --chown=mahjong:mahjong scoring scoring
COPY --chown=mahjong:mahjong storage storage
COPY --chown=mahjong:mahjong bot bot
# The README's first command, split at its last step (the CJK font comes with it from pip).
RUN python3 -m venv .venv && .venv/bin/pip install -q -e .

ENV DATABASE_PATH=/data/mahjong.db
VOLUME /data
EXPOSE 8443
HEALTHCHECK --interval=1m --timeout=15s --start-period=30s --retries=3 \
    CMD [".venv/bin/python", "-m", "bot", "--check"]
CMD [".venv/bin/python", "-m", "bot"]
