# The AEON vLLM serving image for the DGX Spark (GB10, aarch64, sm_121a, CUDA 13).
#
# Driven by `aeon-release build`: the build context is `git archive` of the merged fork revision
# plus `.aeon-release/` (the load-bearing list and the entrypoint from image/, as fleet.yaml names
# them, and the check script from the aeon_release package's data/image/).  A hand-run build needs
# that folder in the context too.
# Needs BuildKit (what `aeon-release build` drives): the builder stage keeps pip's cache, ccache
# and the CMake build tree in `RUN --mount=type=cache` folders, so a rebuild after a small change
# recompiles only the translation units that changed (benchmarks/rebuild_bench.py measures it).
# The caches live in the builder, never in an image layer.
#
# Lessons baked in (see README.md, "The fleet, in brief": Build):
# - TORCH_CUDA_ARCH_LIST=12.1a, never bare 12.1: without the `a` (or `f`) suffix the SM12x NVFP4
#   kernels are preprocessed out and NVFP4 checkpoints fall back to Marlin without a warning.
#   `aeon-release build` refuses such a list before any build starts.
# - Multi-stage on the slim `base` CUDA image: 50.6 GB -> 18.3 GB.  No CMake objects reach the
#   runtime stage, only the wheel.
# - The last step fails the build, naming each missing part, when a load-bearing part is absent.

ARG BASE_IMAGE=nvidia/cuda:13.0.2-base-ubuntu22.04
ARG BUILDER_IMAGE=nvidia/cuda:13.0.2-devel-ubuntu22.04

# -- builder: compile the merged tree into one vLLM wheel -------------------------------------
FROM ${BUILDER_IMAGE} AS builder

ARG TORCH_CUDA_ARCH_LIST=12.1a
ARG ENABLE_NVFP4_SM100=0
ARG MAX_JOBS=8
ARG NVCC_THREADS=2
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cu130

SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# vLLM's setup.py puts ccache in front of the C++ and CUDA compilers when it finds it; the cache
# and the CMake tree (build/ under the source, where the in-tree pip build keeps it) are mounts.
ENV DEBIAN_FRONTEND=noninteractive \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CCACHE_DIR=/root/.ccache \
    CCACHE_MAXSIZE=20G \
    CCACHE_COMPILERCHECK=content

# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
        ca-certificates curl git unzip python3 python3-dev python3-pip python3-venv \
        gcc g++ make ninja-build cmake ccache \
 && rm -rf /var/lib/apt/lists/*

# vLLM's Rust extensions (setuptools-rust); rustup follows the tree's rust-toolchain.toml.
ARG RUST_TOOLCHAIN=stable
RUN curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
      | sh -s -- -y --profile minimal --default-toolchain "${RUST_TOOLCHAIN}"
ENV PATH=/root/.cargo/bin:${PATH}

WORKDIR /src
COPY requirements/ requirements/
# Build requirements moved to requirements/build/cuda.txt (+ rust.txt) upstream; older trees
# have requirements/build.txt.  $reqs is split into words on purpose.
# hadolint ignore=DL3013,SC2086
RUN --mount=type=cache,target=/root/.cache/pip \
    python3 -m pip install --upgrade pip setuptools wheel \
 && if [ -f requirements/build/cuda.txt ]; then \
        reqs="-r requirements/build/cuda.txt"; \
        if [ -f requirements/build/rust.txt ]; then reqs="$reqs -r requirements/build/rust.txt"; fi; \
    else \
        reqs="-r requirements/build.txt"; \
    fi \
 && python3 -m pip install --extra-index-url "${TORCH_INDEX_URL}" $reqs

COPY . .
# The arch flags live in the environment of this one RUN so the wheel's CMake sees them.  The
# CMake tree is reconfigured by setup.py on every run, so another arch list never reuses stale flags.
RUN --mount=type=cache,target=/root/.ccache,id=aeon-ccache \
    --mount=type=cache,target=/root/.cache/pip \
    --mount=type=cache,target=/src/build,id=vllm-cmake-build \
    if [ -x tools/install_protoc.sh ]; then tools/install_protoc.sh; fi \
 && TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST}" \
    ENABLE_NVFP4_SM100="${ENABLE_NVFP4_SM100}" \
    MAX_JOBS="${MAX_JOBS}" \
    NVCC_THREADS="${NVCC_THREADS}" \
    VLLM_TARGET_DEVICE=cuda \
    python3 -m pip wheel --no-build-isolation --no-deps --wheel-dir /wheels . \
 && ccache --show-stats \
 && ls -l /wheels

# -- runtime: the slim base plus exactly what serving needs ----------------------------------
FROM ${BASE_IMAGE} AS runtime

# Global ARGs are not visible inside a stage: re-declare the one the base.name label shows.
ARG BASE_IMAGE
ARG EXTRA_PIP_PACKAGES=""
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cu130
ARG CUDA_PKG_VERSION=13-0

SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/usr/local/cuda/bin:${PATH}

# Load-bearing at run time: ptxas, nvcc and cicc (Triton, FlashInfer and torch.compile JIT),
# the unversioned gcc/g++/cc/c++, make, ninja, rdma-core.  Unpinned on purpose: the CUDA repo
# pins the toolkit through CUDA_PKG_VERSION, Ubuntu's point releases are security fixes.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
        python3 python3-pip python3-dev \
        gcc g++ make ninja-build \
        rdma-core libibverbs1 ibverbs-providers \
        "cuda-nvcc-${CUDA_PKG_VERSION}" "cuda-cudart-dev-${CUDA_PKG_VERSION}" \
 && rm -rf /var/lib/apt/lists/* \
 && ln -sf /usr/bin/pip3 /usr/bin/pip

COPY --from=builder /wheels/ /tmp/wheels/
# hadolint ignore=DL3013,SC2086
RUN python3 -m pip install --extra-index-url "${TORCH_INDEX_URL}" /tmp/wheels/*.whl ${EXTRA_PIP_PACKAGES} \
 && rm -rf /tmp/wheels /root/.cache

# The pip nvidia-* wheels keep their libraries in dist-packages/nvidia/*/lib: tell the loader.
RUN find /usr/local/lib/python3*/dist-packages/nvidia -mindepth 2 -maxdepth 2 -type d -name lib \
        > /etc/ld.so.conf.d/00-aeon-nvidia-wheels.conf \
 && ldconfig

COPY .aeon-release/ /opt/aeon-release/
RUN install -m 0755 /opt/aeon-release/aeon-entrypoint /usr/local/bin/aeon-entrypoint

ENTRYPOINT ["/usr/local/bin/aeon-entrypoint"]

# The per-build values come last: a RUN step sees every ARG declared before it, so a build time
# (CREATED changes on every build) declared above the installs would make each build miss the
# cache for all of them.  Declared here, they reach only the labels and the check below, which
# is cheap and runs on every build.
ARG VERSION=unknown
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=https://github.com/aeon-7/aeon-vllm-ultimate
ARG VARIANT=""
LABEL org.opencontainers.image.title="aeon-vllm-ultimate" \
      org.opencontainers.image.description="vLLM fork for the DGX Spark (GB10, sm_121a, CUDA 13)" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.base.name="${BASE_IMAGE}" \
      org.aeon-release.variant="${VARIANT}"

# Last step: fail the build, naming each missing part, if a load-bearing part is absent.
RUN /bin/sh /opt/aeon-release/check-load-bearing.sh /opt/aeon-release/load_bearing.txt
