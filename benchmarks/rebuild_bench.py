"""Does a one-file change rebuild in seconds?  The cache-mount mechanism of the top-level Dockerfile.

    python benchmarks/rebuild_bench.py [--units 40] [--base IMAGE]

A stand-in for the fork's C++/CUDA extension: UNITS translation units (templates and the standard
containers; g++, since nvcc needs the CUDA image, which this machine cannot pull) built by CMake +
Ninja with ccache, in a `RUN` whose ccache folder and CMake build tree are
`--mount=type=cache` mounts, exactly as the Dockerfile's builder stage does.  The build goes
through aeon-release's BuildKit adapter (the same client `aeon-release build` uses).

Prints from one run: the cold build time (empty caches), the warm rebuild time after changing one
file, their ratio, and how many units each build compiled (Ninja's "Building CXX object" lines).
The caches get fresh ids every run, so the cold build is really cold.

The base image needs g++, cmake, ninja and ccache and no network: by default `aeon-bench/gcc:1`,
made once (a minute or two) with Debian's mmdebstrap when it is missing.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aeon_release.adapters import buildkit  # noqa: E402

BASE = "aeon-bench/gcc:1"
PACKAGES = "g++,make,cmake,ninja-build,ccache"

UNIT = """#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace unit{n} {{
template <int N> struct Fib {{ static constexpr long value = Fib<N - 1>::value + Fib<N - 2>::value; }};
template <> struct Fib<1> {{ static constexpr long value = 1; }};
template <> struct Fib<0> {{ static constexpr long value = 0; }};

long kernel(const std::string& text) {{
    std::map<std::string, long> seen;
    std::istringstream words(text);
    for (std::string word; words >> word;) seen[word + "{n}"] += Fib<{depth}>::value;
    std::vector<long> values;
    for (const auto& [key, value] : seen) values.push_back(value + static_cast<long>(key.size()));
    long total = {revision};
    for (long v : values) total += v;
    return total;
}}
}}  // namespace unit{n}
"""

DOCKERFILE = """FROM {base}
ENV CCACHE_DIR=/root/.ccache CCACHE_COMPILERCHECK=content
COPY . /src
WORKDIR /src
RUN --mount=type=cache,target=/root/.ccache,id=bench-ccache-{run} \\
    --mount=type=cache,target=/src/build,id=bench-cmake-{run} \\
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null \\
 && ninja -C build \\
 && cp build/libstandin.a /libstandin.a
"""


def make_project(folder: Path, units: int) -> None:
    sources = []
    for n in range(units):
        name = f"unit{n:02d}.cpp"
        (folder / name).write_text(UNIT.format(n=n, depth=20 + n % 10, revision=0))
        sources.append(name)
    (folder / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(standin CXX)\nset(CMAKE_CXX_STANDARD 17)\n"
        f"add_library(standin STATIC {' '.join(sources)})\n"
    )


def ensure_base(base: str) -> None:
    if subprocess.run(["docker", "image", "inspect", base], capture_output=True).returncode == 0:
        return
    if base != BASE or shutil.which("mmdebstrap") is None:
        raise SystemExit(f"base image {base} is missing (make it with mmdebstrap --include={PACKAGES}, or pass --base)")
    print(f"making {base} with mmdebstrap (once) ...", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="aeon-bench-rootfs-") as tmp:
        rootfs = Path(tmp) / "rootfs.tar"
        subprocess.run(
            ["mmdebstrap", "--quiet", "--variant=minbase", f"--include={PACKAGES}", "bookworm", str(rootfs)], check=True
        )
        subprocess.run(["docker", "import", str(rootfs), base], check=True, capture_output=True)


def build(builder: buildkit.Builder, context: Path, tag: str) -> tuple[float, int]:
    """One build through the BuildKit adapter: (seconds, units compiled)."""
    compiled: list[str] = []

    def on_event(event: buildkit.BuildEvent) -> None:
        if "Building CXX object" in event.text:
            compiled.append(event.text)

    spec = buildkit.BuildSpec(context, "Dockerfile", tag, {}, {})
    clock = time.monotonic()
    buildkit.build(builder, spec, on_event)
    return time.monotonic() - clock, len(compiled)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=40)
    parser.add_argument("--base", default=BASE)
    args = parser.parse_args()
    ensure_base(args.base)
    builder = buildkit.find_builder()
    run = uuid.uuid4().hex[:10]
    tag = f"aeon-bench/rebuild-{run}:1"
    with tempfile.TemporaryDirectory(prefix="aeon-bench-") as tmp:
        context = Path(tmp)
        make_project(context, args.units)
        (context / "Dockerfile").write_text(DOCKERFILE.format(base=args.base, run=run))
        cold, cold_units = build(builder, context, tag)
        changed = context / "unit07.cpp"
        changed.write_text(UNIT.format(n=7, depth=27, revision=1))  # a one-line fix in one unit
        warm, warm_units = build(builder, context, tag)
    subprocess.run(["docker", "rmi", tag], capture_output=True)
    print(f"builder: {builder.describe()}")
    print(f"units: {args.units} translation units (g++ -O2 via ccache, CMake + Ninja)")
    print(f"cold build (empty cache mounts): {cold:.1f} s, {cold_units} units compiled")
    print(f"warm rebuild after changing one file: {warm:.1f} s, {warm_units} unit(s) compiled")
    print(f"ratio cold/warm: {cold / warm:.1f}x")
    print(
        f"(cache mounts bench-ccache-{run}, bench-cmake-{run} stay in the builder's cache; "
        "`docker builder prune` removes them)"
    )
    return 0 if warm_units < cold_units else 1


if __name__ == "__main__":
    raise SystemExit(main())
