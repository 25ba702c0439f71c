"""The Telegram bot (python-telegram-bot v22) and its console mode."""
