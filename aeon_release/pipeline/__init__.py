"""Merge steps and release stages, and the runner that drives them."""
