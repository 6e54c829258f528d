"""The Up&Down league (updown-league-2007): docs/rules.md ``updown.*``."""
