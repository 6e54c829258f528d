"""Rondo's benchmarks: each module runs one (``python -m bench.<name>``; ``bench/README.md`` lists them).

This package depends on the services, the web app, the bot and the composition root, never the reverse:
no service, web or bot module imports it (``tests/integration/test_layering.py``). The one way in from
the product is ``rondo bench``, the CLI's command that runs the draw benchmark (``bench.solver``).
"""
