"""Scoring core for Hangzhou and Huzhou mahjong: pure functions, no I/O.

See docs/architecture.md for the modules and the public API.
"""

from scoring import explain as explain
from scoring.errors import Said as Said
from scoring.facts import WinFacts as WinFacts
from scoring.notation import format_mpsz as format_mpsz
from scoring.notation import format_zh as format_zh
from scoring.notation import parse as parse
from scoring.notation import parse_line as parse_line
from scoring.payments import KongKind as KongKind
from scoring.payments import kong_payment as kong_payment
from scoring.quick import quick as quick
from scoring.score import score as score
from scoring.score import score_hand as score_hand
from scoring.waits import waits as waits
