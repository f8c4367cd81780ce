"""What protects the server from its clients: seat tokens and ids, rate and connection limits, the cross-site check."""
