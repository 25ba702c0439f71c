"""Recording by buttons: /hu, /kong and /draw without their words open a flow on one message
that edits itself (who → how → from whom → patterns → a preview → ✅ 记账 / ✖ 取消).

``flow.py`` is the state a chat keeps (``ChatState.flows``) and the typed line it stands for,
``steps.py`` what each press does to it, ``choices.py`` asks the scoring core which ways and
patterns apply under the session's ruleset, ``view.py`` renders a step as text and buttons,
and ``bot.handlers.tap`` opens flows, takes the presses and records through
``bot.handlers.recording``, so a hand recorded by buttons is the same ledger entry, reply and
picture as its typed line.
"""
