from __future__ import annotations

from aeon_release.cli import main

if __name__ == "__main__":  # pragma: no cover
    main()
