# Benchmarks (filled in by its owner).
