"""What every game shares: errors, the seeded generator, outcomes."""
