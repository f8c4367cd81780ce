"""The game sockets: `/ws/games/{id}`, its messages, the live rooms and the server's table of each game."""
