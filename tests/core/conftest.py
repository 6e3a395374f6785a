"""Settings shared by the core tests (in CPython and inside Pyodide)."""

from hypothesis import HealthCheck, settings

# No deadline: the same tests run inside Pyodide, where a slow first call is normal.
settings.register_profile(
    "core", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
settings.load_profile("core")
