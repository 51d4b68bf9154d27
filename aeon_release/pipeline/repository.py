"""The registry repository a command publishes to or reads: ``--repository`` as given, else fleet.yaml's
``image.repository`` (which init writes and build already tags the image with).

One place for every command that takes ``--repository`` (release, publish, releases, rollback): after init,
``publish``/``releases``/``rollback`` still said "missing option '--repository'" for a value the config held.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release import grammar
from aeon_release.domain import names
from aeon_release.domain import profile as profile_mod
from aeon_release.errors import UsageError, quoted


def given(repository: str | None) -> str:
    """``--repository`` as given, "" when not (fleet.yaml's then); an empty one given is refused, not read as
    "not given" (an unset variable in a script)."""
    if repository is not None and not repository.strip():
        raise UsageError("--repository '': an empty name names no registry", "pass REGISTRY/NAME, or leave it out")
    return repository or ""


def resolve(repository: str, config_dir: Path) -> str:
    """``repository`` when given, else fleet.yaml's ``image.repository`` when it names a registry."""
    if repository:
        return repository
    if not (config_dir / profile_mod.PROFILE_FILE).is_file():  # the fleet's "no profile" hint names no --repository
        raise UsageError(
            f"no --repository given, and {config_dir / profile_mod.PROFILE_FILE} (its default) is not there",
            "pass --repository REGISTRY/NAME, or --config the folder holding fleet.yaml",
        )
    named = profile_mod.load(config_dir).repository
    if not grammar.names_a_registry(named):  # a local name (``myfork``) builds, but names no registry
        raise UsageError(
            f"{config_dir / profile_mod.PROFILE_FILE}: image.repository {quoted(named)} names no registry "
            "to publish to, and no --repository was given",
            "pass --repository REGISTRY/NAME (e.g. ghcr.io/me/myfork), or give image.repository its registry",
        )
    return named


def image(image: str | None, version: str, variant: str | None, config_dir: Path) -> str:
    """``--image`` as given, else the name `build` gives the image by default (fleet.yaml's image.repository,
    ``:VERSION[-VARIANT]``): publish asked for ``--image`` right after a `build --version` that had named it."""
    if image is not None:
        if not image.strip():
            raise UsageError("--image '': an empty name names no image", "pass the image build made, or leave it out")
        return image
    if not (config_dir / profile_mod.PROFILE_FILE).is_file():
        raise UsageError(
            f"no --image given, and {config_dir / profile_mod.PROFILE_FILE} (whose image.repository names the "
            "image build made) is not there",
            "pass --image IMAGE (the name or id build printed), or --config the folder holding fleet.yaml",
        )
    # the name is made of --version and --variant: a bad one is named as given, not as the image it would make
    return profile_mod.load(config_dir).image_name(names.check_version(version), names.check_variant(variant))
