"""Feature modules: small typed handlers, one job each; ``bot.app`` wires them."""
