"""League's use cases by resource, one plain class each over the unit of work and the clock, composed
in one place: :class:`league.service.League`."""
