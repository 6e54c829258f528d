"""Pure functions turning gateway answers into what a template shows (no I/O, no Starlette): the
availability week grid, my matches, the match card's summary. Tested in tests/domain."""
