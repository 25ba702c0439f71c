"""How updates come in and replies go out, kept apart from what the bot says.

- ``runner``: start, go live (replay what the last run left undone, then poll or open the
  webhook) and wind down on a signal; ``python -m bot`` runs it.
- ``webhook``: the webhook's route (its secret, its size limit) and what it does with an update.
- ``inbox``: the durable inbox every update passes through (``InboxBot``: polling confirms an
  update only once it is stored), and ``update_reading`` reads each one safely.
- ``ordering``: one chat's updates in order, chats side by side.
- ``delivery``: replies retried for minutes under Telegram's limits.
- ``health``: ``python -m bot --check`` and the start-up warnings.
"""
