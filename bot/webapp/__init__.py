"""The bot's Telegram Mini App: one aiohttp server for the webhook, the pages and the JSON API."""
