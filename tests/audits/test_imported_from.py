"""``source.imported_from``: the files a from-import of a name may mean."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.source import imported_from

TEXT = "from typing import Generic\nfrom .base import Base, Other as O\n"


@pytest.mark.parametrize(
    ("name", "files"),
    [
        ("Base", ("pkg/base.py", "pkg/base/__init__.py")),
        ("Generic", ("typing.py", "typing/__init__.py")),
        ("Other", ()),  # imported under another name
        ("Missing", ()),
        # readD #4: ``last_name`` of ``Generic[T]`` or ``make_base()`` is "", which matched the first from-import
        ("", ()),
    ],
)
def test_the_files_a_from_import_means(name: str, files: tuple[str, ...]) -> None:
    assert imported_from(TEXT, name, "pkg/mod.py") == files
