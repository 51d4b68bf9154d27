#!/usr/bin/env bash
# Install everything the test suite needs on a fresh Debian machine, start the services, run it.
# This is the README's test command; .ci/run calls exactly this.  Every install step that fails
# stops the script with its error: nothing is swallowed.
#
# Python packages go into ./.venv (scripts/bootstrap.py), never into the system Python, which
# Debian marks externally managed (PEP 668).  AEON_TEST_NO_APT=1 skips the Debian packages (a
# container without a Debian mirror); pip's own settings (PIP_INDEX_URL, PIP_NO_INDEX,
# PIP_FIND_LINKS) pick where the Python packages come from.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "error: $*" >&2; exit 1; }

need_apt=()
command -v dockerd >/dev/null 2>&1 || need_apt+=(docker.io)
command -v docker-registry >/dev/null 2>&1 || need_apt+=(docker-registry)
[ -x /bin/busybox ] || need_apt+=(busybox-static)
command -v git >/dev/null 2>&1 || need_apt+=(git)
command -v mmdebstrap >/dev/null 2>&1 || need_apt+=(mmdebstrap)
# arm64 builds through BuildKit + QEMU, OCI archives, the htpasswd registry of the credential tests.
command -v qemu-aarch64-static >/dev/null 2>&1 || need_apt+=(qemu-user-static)
command -v update-binfmts >/dev/null 2>&1 || need_apt+=(binfmt-support)
command -v skopeo >/dev/null 2>&1 || need_apt+=(skopeo)
command -v htpasswd >/dev/null 2>&1 || need_apt+=(apache2-utils)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)  # the arch-coverage rule runs the pure part of a tree's CMake
if [ ${#need_apt[@]} -gt 0 ] && [ "${AEON_TEST_NO_APT:-0}" != 1 ]; then
  [ "$(id -u)" = 0 ] || die "missing Debian packages: ${need_apt[*]} (run as root, or install them first)"
  apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null \
    || die "apt-get install ${need_apt[*]} failed"
fi

python3 scripts/bootstrap.py --extras test || die "installing aeon-release and its test dependencies into .venv failed"
export PATH="$PWD/.venv/bin:$PATH"  # zizmor, hadolint and aeon-release itself, as the tests call them

# A real Docker engine for the build and publish tests.
if ! docker info >/dev/null 2>&1 && command -v dockerd >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (dockerd >/tmp/aeon-dockerd.log 2>&1 &)
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
fi

# Lint, format and types first: seconds, and a finding fails the run like a failed test.
# AEON_TEST_NO_MYPY=1 leaves the type check out: the stock-Debian container test sets it (a cold
# mypy there is 6-7 s of CPU beside the suite) because this script's run on the host checks the
# same tree with the same settings.
.venv/bin/python -m ruff check .
.venv/bin/python -m ruff format --check .
if [ "${AEON_TEST_NO_MYPY:-0}" != 1 ]; then
  # mypy's cache outside the checkout, as the tests' bytecode is (tests/conftest.py): on a fresh clone the
  # check took 8.6 CPU-seconds cold, on one core before the suite starts, and 0.2 warm.  Sound across
  # clones and venvs: a module whose path or mtime differs is checked again unless its bytes hash the same.
  # MYPY_CACHE_DIR set by the caller wins; with neither XDG_CACHE_HOME nor HOME, mypy's own .mypy_cache.
  cache_home="${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}"
  if [ -z "${MYPY_CACHE_DIR:-}" ] && [ -n "$cache_home" ]; then
    export MYPY_CACHE_DIR="$cache_home/aeon-release-test/mypy"
  fi
  .venv/bin/python -m mypy
fi

# The whole suite with pytest-xdist (`-n auto --dist loadgroup` in pyproject.toml; tests/conftest.py
# makes auto one worker more than the cores, since workers wait on git and the engine); the fast
# lane without the engine, the registry and the hostile-input subprocesses is
# `scripts/test.sh -m "not docker and not slow"`.
exec .venv/bin/python -m pytest -q "$@"
