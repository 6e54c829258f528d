"""Pure views: gateway answers turned into what a page shows (no I/O, no web framework)."""
