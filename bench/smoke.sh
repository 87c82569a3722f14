#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# smoke.sh (make check): every bench pattern once, verification only: the
# MPICH build and the typeshim build of bench_pack --smoke must produce and
# consume byte-identical packed data to the hand-written loops.  Exits 77
# (skip) while typeshim has no MPI_Pack yet (bench_pack_ts exits 77).
set -u
top_builddir=${top_builddir:-.}
"$top_builddir/bench/bench_pack_mpich" --smoke || exit 1
"$top_builddir/bench/bench_pack_ts" --smoke
exit $?
