"""The mahjong league (discard-league-2026): docs/rules.md ``mahjong.*``."""
