"""The organizer's ``rondo`` client commands: they talk to a running gateway over gRPC.

``session`` holds what every command shares (address, token, ``--json``, gRPC errors as one line),
``credentials`` where ``rondo login`` keeps the token, ``parse`` the CLI's own argument syntax (pure),
``render`` the table pieces, and one module per noun: ``identity`` (login, logout, whoami),
``competitions`` (competitions and roster), ``draws``, ``calendar``, ``results``, ``standings``
(standings and playoff), ``stages`` (stages and scheduling a round). ``rondo_app/cli.py`` registers them next to the server commands.
"""
