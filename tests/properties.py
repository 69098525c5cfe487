"""How hard the property tests try: thoroughly on CI, lightly at a developer's desk.

CI sets ``CI=true``; there every property test tries the number of examples written
at it. Elsewhere the "dev" profile tries a quarter of that, so a local run stays quick
while CI keeps the full search. ``HYPOTHESIS_PROFILE=ci`` runs the thorough one locally.
Either way a failure prints the blob that reproduces it, and examples that failed
before are replayed first from ``.hypothesis/``.
"""

import os

from hypothesis import HealthCheck, settings

# Property tests check rules, not speed: a busy machine must not fail them on a
# per-example deadline.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", parent=settings.get_profile("ci"), max_examples=25)

ON_CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if ON_CI else "dev"))


def examples(thorough: int) -> int:
    """A property test's example count: ``thorough`` in the CI profile, scaled to the loaded one."""
    return max(10, thorough * settings.default.max_examples // 100)
