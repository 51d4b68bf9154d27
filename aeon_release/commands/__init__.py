"""One module per CLI command: parse nothing, call the pipeline or the domain, print."""
