"""Settings shared by the core tests (in CPython and inside Pyodide).

Two Hypothesis profiles: "core", the full one (`build.py test`, a bare pytest, Pyodide),
and "check", the same with fewer examples a property for the fast loop
(`build.py check` sets BELOT_HYPOTHESIS_PROFILE=check).
"""

import os

from hypothesis import HealthCheck, settings

# No deadline: the same tests run inside Pyodide, where a slow first call is normal.
settings.register_profile(
    "core", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
# A tenth of the default 100 examples: every property still runs on fresh random input
# each time (and first on the failures the example database keeps), in a third of the time.
settings.register_profile("check", parent=settings.get_profile("core"), max_examples=10)
settings.load_profile(os.environ.get("BELOT_HYPOTHESIS_PROFILE", "core"))
