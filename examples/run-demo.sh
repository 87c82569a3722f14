#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The examples of `make demo`, also run by `make check`.  Each program runs
# twice: standalone (libtypeshim-serial, one process, the messages go to
# itself), then as an ordinary MPICH program on two ranks under
# `typeshim-run --check`, which preloads the uninstalled libtypeshim.so and
# asks MPICH every question typeshim answers.  Fails when a program fails
# (each checks the values it prints), when the cross-check reports a
# divergence that is not one of typeshim(7)'s documented differences, or when the
# two runs of a rank-independent example (opal, decode) print different
# results.  Then, when Open MPI was found, the examples built against it,
# on two ranks under typeshim-run --check with libtypeshim-ompi, and
# standalone with libtypeshim-serial-ompi.
# Environment: top_builddir (default .), the build tree.
set -u
# A sanitizer build: MPICH's own allocations would count as leaks.
case ${ASAN_OPTIONS-} in
*detect_leaks=*) ;;
*) ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 && export ASAN_OPTIONS ;;
esac
b=$(cd "${top_builddir:-.}" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-demo.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}

for ex in opal lbub triangle halo3d decode grid2d; do
    echo "=== ex_$ex: standalone"
    "$b/examples/ex_${ex}_ts" >"$tmp/ts" || fail "ex_${ex}_ts exited with status $?"
    cat "$tmp/ts"
    echo
    echo "=== ex_$ex: over MPICH, typeshim-run --check -n 2 -- examples/ex_${ex}_mpich"
    TYPESHIM_LIBRARY=$b/.libs/libtypeshim.so \
        "$b/tools/typeshim-run" --check -n 2 -- "$b/examples/ex_${ex}_mpich" >"$tmp/mpich" \
        2>"$tmp/err" || fail "ex_${ex}_mpich exited with status $?"
    cat "$tmp/mpich"
    # The reports of the divergences found, then typeshim-run's totals.
    sed 's/^/    /' "$tmp/err"
    set -- $(sed -n 's/^typeshim-run: 2 processes: \([0-9]*\) checks*, \([0-9]*\) divergences* (\([0-9]*\) intended)$/\1 \2 \3/p' "$tmp/err")
    if [ $# -ne 3 ] || [ "$1" -eq 0 ] || [ "$2" -ne "$3" ]; then
        fail "ex_$ex: no cross-check summary, no check made, or an unintended divergence"
    fi
    # Line 3 says who answered and how many processes ran; a layered
    # dump starts with the rank.
    case $ex in
    opal | decode)
        sed -e 3d -e '/^rank=[0-9]*$/d' "$tmp/ts" >"$tmp/ts3"
        sed -e 3d -e '/^rank=[0-9]*$/d' "$tmp/mpich" >"$tmp/mpich3"
        cmp -s "$tmp/ts3" "$tmp/mpich3" || fail "ex_$ex: standalone and layered runs differ"
        ;;
    grid2d)
        # one rank over MPICH prints what the standalone run printed
        echo "=== ex_$ex: over MPICH on one rank, typeshim-run -n 1"
        TYPESHIM_LIBRARY=$b/.libs/libtypeshim.so \
            "$b/tools/typeshim-run" -n 1 -- "$b/examples/ex_${ex}_mpich" >"$tmp/one" \
            2>"$tmp/err" || fail "ex_${ex}_mpich -n 1 exited with status $?"
        cmp -s "$tmp/ts" "$tmp/one" && echo "same output as standalone" ||
            fail "ex_$ex: standalone and one-rank MPICH runs differ"
        ;;
    esac
    echo
done

# Open MPI, when configure found it: the examples built against it, on two
# ranks under typeshim-run --check, which preloads libtypeshim-ompi and
# runs mpirun.openmpi (not ex_lbub, ex_decode: MPI-1's markers and
# combiners, which Open MPI 4.1's mpi.h hides).
if [ -x "$b/examples/ex_opal_ompi" ]; then
    for ex in opal triangle halo3d grid2d; do
        # --abi: ex_grid2d_ompi is libtool's wrapper script in the build tree
        echo "=== ex_$ex: over Open MPI, typeshim-run --abi=openmpi --check -n 2 -- examples/ex_${ex}_ompi"
        TYPESHIM_LIBRARY_OMPI=$b/.libs/libtypeshim-ompi.so \
            "$b/tools/typeshim-run" --abi=openmpi --check -n 2 -- "$b/examples/ex_${ex}_ompi" >"$tmp/ompi" \
            2>"$tmp/err" || fail "ex_${ex}_ompi exited with status $?"
        cat "$tmp/ompi"
        sed 's/^/    /' "$tmp/err"
        set -- $(sed -n 's/^typeshim-run: 2 processes: \([0-9]*\) checks*, \([0-9]*\) divergences* (\([0-9]*\) intended)$/\1 \2 \3/p' "$tmp/err")
        # checks made: typeshim answered (Open MPI alone makes none)
        if [ $# -ne 3 ] || [ "$1" -eq 0 ] || [ "$2" -ne "$3" ]; then
            fail "ex_${ex}_ompi: no cross-check summary, no check made, or an unintended divergence"
        fi
        "$b/examples/ex_${ex}_ts" >"$tmp/ts"
        sed -e 3d -e '/^rank=[0-9]*$/d' "$tmp/ts" >"$tmp/ts3"
        case $ex in
        opal)
            # the same results as standalone and over MPICH
            sed -e 3d -e '/^rank=[0-9]*$/d' "$tmp/ompi" >"$tmp/ompi3"
            cmp -s "$tmp/ts3" "$tmp/ompi3" || fail "ex_$ex: standalone and Open MPI runs differ"
            ;;
        esac
        echo
        # Standalone with Open MPI's mpi.h (libtypeshim-serial-ompi, no
        # libmpi): one process, the same output as with MPICH's mpi.h but
        # the banner's line saying who answers, which names the ABI.
        echo "=== ex_$ex: standalone, Open MPI's ABI (examples/ex_${ex}_ts_ompi)"
        "$b/examples/ex_${ex}_ts_ompi" >"$tmp/tso" 2>"$tmp/err" ||
            fail "ex_${ex}_ts_ompi exited with status $?: $(cat "$tmp/err")"
        cat "$tmp/tso"
        if grep -q 'answered by' "$tmp/ts"; then
            grep -q "answered by typeshim standalone (libtypeshim-serial-ompi, Open MPI's ABI" \
                "$tmp/tso" || fail "ex_${ex}_ts_ompi: its banner does not name Open MPI's ABI"
        fi
        grep -v 'answered by' "$tmp/ts" >"$tmp/ts3"
        grep -v 'answered by' "$tmp/tso" >"$tmp/tso3"
        cmp -s "$tmp/ts3" "$tmp/tso3" && echo "same output as ex_${ex}_ts" ||
            fail "ex_$ex: standalone runs with MPICH's and Open MPI's mpi.h differ"
        echo
    done
else
    echo "=== (no Open MPI build: configure did not find Open MPI)"
fi
exit $failed
