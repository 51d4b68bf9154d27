"""Adapters: the only importers of outside libraries (git, docker, registry, console, yaml, store)."""
