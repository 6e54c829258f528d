"""Booking's use cases, one module per section: clubs and rooms, match scheduling, the club calendar,
the round auto-scheduler. Each is a plain class over the unit of work and the clock;
``booking/service.py`` builds them once."""
