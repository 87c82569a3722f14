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

# run_area AREA FLAVOUR LIB: xc_AREA_FLAVOUR preloaded with LIB under
# TYPESHIM_CHECK: exit 0, a summary line with checks, no UNEXPECTED
# divergence, and what typeshim answers: the output of xc_AREA_ts (mpich),
# or lines of it only (ompi: the Open MPI build leaves out MPI-4.0's
# calls; named.get_name_max is Open MPI's MPI_MAX_OBJECT_NAME, 64).  Sets
# intended to the intended divergences.
run_area() {
    ra_prog=$top_builddir/test/xcheck/xc_$1_$2
    ra_name=xc_$1_$2
    ra_log=$tmp/$1.$2.log
    intended=0
    if [ ! -x "$ra_prog" ]; then
        echo "FAIL: $ra_prog not built"
        fail=1
        return
    fi
    # MPI singleton runs: no launcher needed for one process
    LD_PRELOAD=$(lt_preload_value "$3" "$ra_prog") TYPESHIM_CHECK=1 TYPESHIM_LOG="$ra_log" \
        "$ra_prog" > "$tmp/$1.$2.out" 2> "$tmp/$1.$2.err"
    ra_rc=$?
    ra_line=$(grep '^typeshim: check summary: rank 0: ' "$ra_log" 2>/dev/null)
    ra_checks=$(echo "$ra_line" | sed -n 's/.*rank 0: \([0-9]*\) checks.*/\1/p')
    ra_unexpected=$(grep -c ': UNEXPECTED$' "$ra_log" 2>/dev/null)
    intended=$(echo "$ra_line" | sed -n 's/.*(\([0-9]*\) intended)$/\1/p')
    echo "$ra_name: exit $ra_rc; ${ra_line:-no summary line}"
    if [ "$ra_rc" -ne 0 ] || [ -z "$ra_line" ] || [ "${ra_checks:-0}" -eq 0 ] ||
        [ "$ra_unexpected" -ne 0 ]; then
        echo "FAIL: $ra_name under TYPESHIM_CHECK"
        sed -n '1,60p' "$ra_log" "$tmp/$1.$2.err"
        fail=1
    fi
    if ! "$top_builddir/test/xcheck/xc_$1_ts" > "$tmp/$1.ts" 2>&1; then
        echo "FAIL: xc_$1_ts failed"
        fail=1
    elif [ "$2" = mpich ] && ! cmp -s "$tmp/$1.mpich.out" "$tmp/$1.ts"; then
        echo "FAIL: preloaded $ra_name does not print what xc_$1_ts prints"
        diff "$tmp/$1.ts" "$tmp/$1.mpich.out" | sed -n '1,20p'
        fail=1
    elif [ "$2" = ompi ] && ra_extra=$(grep -vxFf "$tmp/$1.ts" "$tmp/$1.ompi.out" |
        grep -v '^named\.get_name_max = ok len=63$') && [ -n "$ra_extra" ]; then
        echo "FAIL: preloaded $ra_name prints lines xc_$1_ts does not:"
        echo "$ra_extra" | sed -n '1,20p'
        fail=1
    fi
}

for area in predefined ctor subarray darray resized markers large attr address pack errors; do
    run_area "$area" mpich "$lib"
    [ "$area" = markers ] && intended_markers=${intended:-0}
done
if [ "${intended_markers:-0}" -eq 0 ]; then
    echo "FAIL: xc_markers reported no intended divergence: the comparison saw nothing"
    fail=1
fi

# Open MPI: the xc_*_ompi programs (Open MPI's mpi.h and libmpi) with
# libtypeshim-ompi preloaded, compared with Open MPI (no xc_large: all
# of it is MPI-4.0's).
olib=$top_builddir/.libs/libtypeshim-ompi.so
case $olib in /*) ;; *) olib=$(pwd)/$olib ;; esac
if [ -f "$olib" ] && [ -x "$top_builddir/test/xcheck/xc_ctor_ompi" ]; then
    for area in predefined ctor subarray darray resized markers attr address pack errors; do
        run_area "$area" ompi "$olib"
        [ "$area" = markers ] && intended_markers=${intended:-0}
    done
    if [ "${intended_markers:-0}" -eq 0 ]; then
        echo "FAIL: xc_markers_ompi reported no intended divergence: the comparison saw nothing"
        fail=1
    fi
else
    echo "lt_xcheck: no Open MPI flavour built: its part is skipped"
fi
exit $fail
