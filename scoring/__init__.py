"""Scoring core for Hangzhou and Huzhou mahjong: pure functions, no I/O.

See docs/architecture.md for the modules and the public API.
"""
