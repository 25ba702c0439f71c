"""Recording by buttons: /hu, /kong and /draw without their words open a flow on one message
that edits itself (who → how → from whom → patterns with the money and ✅ 记账; ◀ and ✖ 取消
throughout): 甲 自摸 is three presses, 甲 自摸 爆头 and 乙 点炮 丙 four, a kong three.

``flow.py`` is the state a chat keeps (``ChatState.flows``), the command values it stands for
and the typed line shown for them, ``steps.py`` what each press does to it, ``choices.py``
asks the scoring core which ways and patterns apply under the session's ruleset, ``view.py``
renders a step as text and buttons, and ``bot.handlers.tap`` opens flows, takes the presses
and records through ``bot.recording``, so a hand recorded by buttons is the same
ledger entry, reply and picture as its typed line.
"""
