"""Work off the event loop: the worker processes of the computer players and hints, their fair queue, the analyst."""
