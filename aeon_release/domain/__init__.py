"""Pure domain logic: ledger, audits, notes, canary, image diet, arch probe, names."""
