"""What happens to a memory: capture, reinforcement, forgetting, decay, consolidation, conflicts, proposals."""
