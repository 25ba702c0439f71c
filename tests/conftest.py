"""Suite-wide settings.

Hypothesis' per-example deadline and too-slow health check measure the machine, not the code:
on a loaded 2-core CI runner they fail correct tests at random. Speed is measured by the
benchmark scripts instead (see README).
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("suite")
