// TouchSandbox: filled in by the foundation work.
