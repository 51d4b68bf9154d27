"""Merge-aware drift: what upstream changed under the fork's code while git merged cleanly."""
