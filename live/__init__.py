"""Live: everything that carries a change to screens (broadcast, per-process fan-out, sockets)."""
