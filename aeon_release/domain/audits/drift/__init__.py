"""Merge-aware drift checks: three trees in (base, ours, theirs) and the merged one, findings out."""
