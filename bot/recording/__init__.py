"""Recording a hand, shared by the typed commands (``bot.handlers.hands``), the tap flows
(``bot.tap``, ``bot.handlers.tap``) and the Mini App's keyboard (``bot.webapp``):

- ``claims``: a parsed claim scored at the table, and the ledger rows it becomes;
- ``writes``: the ledger calls (once per source), the author and source, replays answered;
- ``replies``: the reply to a hand just recorded, and its pictures.
"""
