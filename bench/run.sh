#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh SRCDIR: the body of `make bench`, run from the build directory after
# make has built bench/bench_pack_ts and bench/bench_pack_mpich.  Builds the
# Open MPI variant with mpicc.openmpi when it exists, runs the variants in
# turn, BENCH_ROUNDS times (default 3; report.sh takes the median of the
# rounds), each with BENCH_ARGS (e.g. BENCH_ARGS="--tier cache"), merges
# them into the table on stdout (bench/results.txt, TSVs in
# bench/results-*.tsv) and plots bench/results.png (gnuplot, bench/plot.gp:
# typeshim's ratio to the faster peer, then pack and unpack GB/s with the
# min-max spread of the rounds).
# Environment from make: CC_FLAGS (CFLAGS for the Open MPI build).
set -e
srcdir=$1
rounds=${BENCH_ROUNDS:-3}
out=bench
mkdir -p "$out"

# Open MPI refuses to start as root unless told twice.
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

# Private files until the end, so that two concurrent runs cannot interleave.
tmp=$(mktemp -d "$out/.run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

impls="typeshim:bench/bench_pack_ts mpich:bench/bench_pack_mpich"
if command -v mpicc.openmpi >/dev/null 2>&1; then
    echo "bench: building the Open MPI variant (mpicc.openmpi)" >&2
    # shellcheck disable=SC2086
    mpicc.openmpi $CC_FLAGS -o "$tmp/bench_pack_ompi" "$srcdir/bench/bench_pack.c" \
        "$srcdir/bench/bench_patterns.c" "$srcdir/bench/bench_loops.c"
    impls="$impls openmpi:$tmp/bench_pack_ompi"
else
    echo "bench: mpicc.openmpi not found: the Open MPI columns will say n/a" >&2
    echo "       (apt-get install libopenmpi-dev openmpi-bin)" >&2
fi

r=1
while [ "$r" -le "$rounds" ]; do
    for spec in $impls; do
        name=${spec%%:*}
        prog=${spec#*:}
        echo "bench: round $r/$rounds: $name" >&2
        # shellcheck disable=SC2086
        if ! ./$prog $BENCH_ARGS >> "$tmp/results-$name.tsv"; then
            echo "bench: $name failed (verification or MPI error); see above" >&2
            exit 1
        fi
    done
    r=$((r + 1))
done

files=""
for spec in $impls; do
    files="$files $tmp/results-${spec%%:*}.tsv"
done
# shellcheck disable=SC2086
sh "$srcdir/bench/report.sh" "$tmp/results-plot.dat" $files > "$tmp/results.txt"
rm -f "$out/results-typeshim.tsv" "$out/results-mpich.tsv" "$out/results-openmpi.tsv"
mv "$tmp"/results* "$out/"
[ ! -f "$tmp/bench_pack_ompi" ] || mv -f "$tmp/bench_pack_ompi" "$out/"
cat "$out/results.txt"

if command -v gnuplot >/dev/null 2>&1; then
    if gnuplot -e "data='$out/results-plot.dat'; out='$out/results.png'; rounds=$rounds" "$srcdir/bench/plot.gp" 2> "$out/plot.log"; then
        echo "bench: plot written to $out/results.png" >&2
    else
        cat "$out/plot.log" >&2
        echo "bench: gnuplot failed; no plot" >&2
    fi
else
    echo "bench: gnuplot not found (apt-get install gnuplot-nox): no plot" >&2
fi
