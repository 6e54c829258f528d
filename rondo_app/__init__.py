"""The composition root (the top floor): the registry of services and the ``rondo`` command built on it.
Imports every service; nothing imports it back."""
