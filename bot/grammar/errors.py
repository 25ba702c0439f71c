"""The one refusal of the chat grammar."""

from __future__ import annotations


class GrammarError(ValueError):
    """A line the bot cannot read: an i18n key, the token at fault and format arguments."""

    def __init__(self, key: str, token: str | None = None, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.token = token
        self.params: dict[str, object] = {"token": token, **params}
