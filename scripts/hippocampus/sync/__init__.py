"""The same memory on every machine: git merge drivers that merge memory by memory, and sync through a remote."""
