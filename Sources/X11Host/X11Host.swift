// X11Host: filled in by the foundation work.
