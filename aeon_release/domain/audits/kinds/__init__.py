"""Rule kinds: one module each, registered in ``aeon_release.domain.audits.registry``."""
