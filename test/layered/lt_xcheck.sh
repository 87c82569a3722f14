#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_xcheck.sh - the cross-check suite of test/xcheck under TYPESHIM_CHECK:
# every xc_*_mpich program (built against MPICH only) runs with
# libtypeshim.so preloaded, so typeshim answers and MPICH is asked the same
# questions on the shadows (pack, unpack, element counts) and on the
# literal twins (bounds, decoding).
#
# Pass when every program exits 0, prints exactly what the same source
# linked to standalone typeshim (xc_*_ts) prints (typeshim answered every
# call, not MPICH), and its log holds the summary line with checks > 0 and
# no UNEXPECTED divergence; xc_markers must show intended divergences
# (typeshim(7)), which proves the comparison can see one.  The same, with
# libtypeshim-ompi, for the xc_*_ompi programs against Open MPI.
#
# Exit status: 0 pass, 1 fail, 77 skip (no shared library).
# Environment: top_builddir, top_srcdir (make check), LT_PRELOAD_LIB (optional).

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
lib=${LT_PRELOAD_LIB:-$top_builddir/.libs/libtypeshim.so}
if [ ! -f "$lib" ]; then
    echo "SKIP: $lib not built (shared libraries disabled?)"
    exit 77
fi
case $lib in /*) ;; *) lib=$(pwd)/$lib ;; esac

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lt_xcheck.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0 1 2 15

fail=0
intended_markers=0
for area in predefined ctor subarray darray resized markers large attr address pack errors; do
    prog=$top_builddir/test/xcheck/xc_${area}_mpich
    log=$tmp/$area.log
    if [ ! -x "$prog" ]; then
        echo "FAIL: $prog not built"
        fail=1
        continue
    fi
    # MPI singleton runs: no mpiexec needed for one process
    LD_PRELOAD=$(lt_preload_value "$lib" "$prog") TYPESHIM_CHECK=1 TYPESHIM_LOG="$log" \
        "$prog" > "$tmp/$area.out" 2> "$tmp/$area.err"
    rc=$?
    line=$(grep '^typeshim: check summary: rank 0: ' "$log" 2>/dev/null)
    checks=$(echo "$line" | sed -n 's/.*rank 0: \([0-9]*\) checks.*/\1/p')
    unexpected=$(grep -c ': UNEXPECTED$' "$log" 2>/dev/null)
    intended=$(echo "$line" | sed -n 's/.*(\([0-9]*\) intended)$/\1/p')
    echo "xc_$area: exit $rc; ${line:-no summary line}"
    if [ "$rc" -ne 0 ] || [ -z "$line" ] || [ "${checks:-0}" -eq 0 ] || [ "$unexpected" -ne 0 ]; then
        echo "FAIL: xc_$area under TYPESHIM_CHECK"
        sed -n '1,60p' "$log" "$tmp/$area.err"
        fail=1
    fi
    if ! "$top_builddir/test/xcheck/xc_${area}_ts" > "$tmp/$area.ts" 2>&1 ||
        ! cmp -s "$tmp/$area.out" "$tmp/$area.ts"; then
        echo "FAIL: preloaded xc_${area}_mpich does not print what xc_${area}_ts prints"
        diff "$tmp/$area.ts" "$tmp/$area.out" | sed -n '1,20p'
        fail=1
    fi
    [ "$area" = markers ] && intended_markers=${intended:-0}
done
if [ "$intended_markers" -eq 0 ]; then
    echo "FAIL: xc_markers reported no intended divergence: the comparison saw nothing"
    fail=1
fi

# Open MPI: the xc_*_ompi programs (Open MPI's mpi.h and libmpi) with
# libtypeshim-ompi preloaded, compared with Open MPI under TYPESHIM_CHECK.
# Each prints a subset of what xc_*_ts prints (the Open MPI build leaves
# out MPI-4.0's calls), every line as typeshim answers it; but for
# named.get_name_max, whose MPI_MAX_OBJECT_NAME is Open MPI's (64).
olib=$top_builddir/.libs/libtypeshim-ompi.so
case $olib in /*) ;; *) olib=$(pwd)/$olib ;; esac
if [ -f "$olib" ] && [ -x "$top_builddir/test/xcheck/xc_ctor_ompi" ]; then
    intended_markers=0
    for area in predefined ctor subarray darray resized markers attr address pack errors; do
        prog=$top_builddir/test/xcheck/xc_${area}_ompi
        log=$tmp/$area.ompi.log
        LD_PRELOAD=$(lt_preload_value "$olib" "$prog") TYPESHIM_CHECK=1 TYPESHIM_LOG="$log" \
            "$prog" > "$tmp/$area.ompi.out" 2> "$tmp/$area.ompi.err"
        rc=$?
        line=$(grep '^typeshim: check summary: rank 0: ' "$log" 2>/dev/null)
        checks=$(echo "$line" | sed -n 's/.*rank 0: \([0-9]*\) checks.*/\1/p')
        unexpected=$(grep -c ': UNEXPECTED$' "$log" 2>/dev/null)
        intended=$(echo "$line" | sed -n 's/.*(\([0-9]*\) intended)$/\1/p')
        echo "xc_${area}_ompi: exit $rc; ${line:-no summary line}"
        if [ "$rc" -ne 0 ] || [ -z "$line" ] || [ "${checks:-0}" -eq 0 ] || [ "$unexpected" -ne 0 ]; then
            echo "FAIL: xc_${area}_ompi under TYPESHIM_CHECK"
            sed -n '1,60p' "$log" "$tmp/$area.ompi.err"
            fail=1
        fi
        "$top_builddir/test/xcheck/xc_${area}_ts" > "$tmp/$area.ts" 2>&1
        extra=$(grep -vxFf "$tmp/$area.ts" "$tmp/$area.ompi.out" | grep -v '^named\.get_name_max = ok len=63$')
        if [ -n "$extra" ]; then
            echo "FAIL: preloaded xc_${area}_ompi prints lines xc_${area}_ts does not:"
            echo "$extra" | sed -n '1,20p'
            fail=1
        fi
        [ "$area" = markers ] && intended_markers=${intended:-0}
    done
    if [ "$intended_markers" -eq 0 ]; then
        echo "FAIL: xc_markers_ompi reported no intended divergence: the comparison saw nothing"
        fail=1
    fi
else
    echo "lt_xcheck: no Open MPI flavour built: its part is skipped"
fi
exit $fail
