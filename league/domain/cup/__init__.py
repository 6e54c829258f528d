"""The open cup (open-cup-2023): docs/rules.md ``cup.*``."""
