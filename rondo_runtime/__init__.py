"""Shared runtime of the Rondo services: server bootstrap, health, reflection, metrics, config, logging, database engines."""
