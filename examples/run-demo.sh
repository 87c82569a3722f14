#!/bin/sh
# Runs every example of `make demo`, saying what each shows.
# Environment: top_builddir (default .), the build tree holding
# .libs/libtypeshim.so and tools/typeshim-run.
set -e
top_builddir=${top_builddir:-.}

echo "=== examples/ex_seed000: seed 000's OPAL example, standalone"
"$top_builddir/examples/ex_seed000"
echo

echo "=== examples/ex_layered: an MPICH program on 2 ranks, typeshim preloaded,"
echo "=== every answer cross-checked with MPICH (typeshim-run --check -n 2 --)"
TYPESHIM_LIBRARY=$(cd "$top_builddir" && pwd)/.libs/libtypeshim.so \
    "$top_builddir/tools/typeshim-run" --check -n 2 -- "$top_builddir/examples/ex_layered"
echo
