"""One module per release step."""
