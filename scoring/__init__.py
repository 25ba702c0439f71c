"""Scoring core for Hangzhou and Huzhou mahjong: pure functions, no I/O.

See docs/architecture.md for the modules and the public API.
"""

from scoring.notation import format_mpsz as format_mpsz
from scoring.notation import format_zh as format_zh
from scoring.notation import parse as parse
from scoring.notation import parse_line as parse_line
