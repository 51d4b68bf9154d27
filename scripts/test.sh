#!/usr/bin/env bash
# Install everything the test suite needs on a fresh Debian machine, start the services, run it.
# This is the README's test command; .ci/run calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v dockerd >/dev/null 2>&1 || need_apt+=(docker.io)
command -v docker-registry >/dev/null 2>&1 || need_apt+=(docker-registry)
[ -x /bin/busybox ] || need_apt+=(busybox-static)
command -v git >/dev/null 2>&1 || need_apt+=(git)
# arm64 builds through BuildKit + QEMU, OCI archives, the htpasswd registry of the credential tests.
command -v qemu-aarch64-static >/dev/null 2>&1 || need_apt+=(qemu-user-static)
command -v update-binfmts >/dev/null 2>&1 || need_apt+=(binfmt-support)
command -v skopeo >/dev/null 2>&1 || need_apt+=(skopeo)
command -v htpasswd >/dev/null 2>&1 || need_apt+=(apache2-utils)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "missing Debian packages: ${need_apt[*]} (run as root or install them)" >&2
  fi
fi

python3 -m pip install -q --disable-pip-version-check -e '.[test]' 2>&1 | grep -v -E '^(WARNING|\s*$)' || true

# A real Docker engine for the build and publish tests.
if ! docker info >/dev/null 2>&1 && command -v dockerd >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (dockerd >/tmp/aeon-dockerd.log 2>&1 &)
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
fi

# Lint, format and types first: seconds, and a finding fails the run like a failed test.
python3 -m ruff check .
python3 -m ruff format --check .
python3 -m mypy

# The whole suite on every core (pytest-xdist, --dist loadgroup in pyproject.toml); the fast lane
# without the engine and the registry is `scripts/test.sh -m "not docker"`.
python3 -m pytest -q "$@"
