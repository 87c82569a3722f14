#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-exports.sh - the dynamic symbols of the built shared libraries must
# be exactly the checked-in lists:
#   $top_builddir/.libs/libtypeshim.so         <-> $top_srcdir/lib/typeshim.sym
#   $top_builddir/.libs/libtypeshim-serial.so  <-> $top_srcdir/lib/typeshim-serial.sym
#   $top_builddir/.libs/libtypeshim-fort.so    <-> $top_srcdir/lib/typeshim-fort.sym
# and, when configure built the Open MPI flavour, libtypeshim-ompi.so
# (typeshim.sym) and libtypeshim-serial-ompi.so (typeshim-serial-ompi.sym).
# Every defined dynamic symbol counts (functions T/W/i, and data, which must
# not leak either); version nodes (A) and the linker's own symbols are
# ignored.  The lists hold one symbol per line, sorted (LC_ALL=C); blank
# lines and '#' comments are allowed.
#
# Exit status: 0 pass, 1 fail (differences printed), 77 skip (no nm -D, or
# no shared libraries built).
# Environment: top_srcdir, top_builddir, NM (as set by AM_TESTS_ENVIRONMENT).

LC_ALL=C
export LC_ALL

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
NM=${NM:-nm}

# $NM may carry options ("nm -B"): keep it unquoted where it is run.
nm_prog=${NM%% *}
if ! command -v "$nm_prog" >/dev/null 2>&1; then
    echo "SKIP: $nm_prog not found"
    exit 77
fi

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/check-exports.XXXXXX") || exit 1
trap 'rm -rf "$tmpdir"' 0 1 2 15

status=0
checked=0

check_lib() {
    so=$1
    list=$2
    name=$(basename "$so")

    if [ ! -f "$so" ]; then
        echo "note: $so not built (static-only build?), not checked"
        return 0
    fi
    if [ ! -f "$list" ]; then
        echo "FAIL: $list is missing"
        status=1
        return 0
    fi

    if ! $NM -D --defined-only "$so" >"$tmpdir/nm.out" 2>"$tmpdir/nm.err"; then
        echo "SKIP: '$NM -D --defined-only' does not work here:"
        cat "$tmpdir/nm.err"
        exit 77
    fi
    # "<value> <type> <name>[@[@]version]" -> name, for every type but A
    awk 'NF >= 3 && $2 != "A" { sub(/@.*/, "", $3); print $3 }' "$tmpdir/nm.out" |
        grep -v -x -e _init -e _fini -e _edata -e _end -e __bss_start |
        sort -u >"$tmpdir/got"

    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$list" >"$tmpdir/list.raw"
    sort -u "$tmpdir/list.raw" >"$tmpdir/want"
    if ! cmp -s "$tmpdir/list.raw" "$tmpdir/want"; then
        echo "warning: $list is not sorted (LC_ALL=C) or has duplicates"
    fi

    checked=$((checked + 1))
    if cmp -s "$tmpdir/want" "$tmpdir/got"; then
        echo "PASS: $name exports exactly the $(wc -l <"$tmpdir/want" | tr -d ' ') symbols of $list"
        return 0
    fi
    status=1
    echo "FAIL: $name exports differ from $list"
    comm -13 "$tmpdir/want" "$tmpdir/got" >"$tmpdir/extra"
    comm -23 "$tmpdir/want" "$tmpdir/got" >"$tmpdir/missing"
    if [ -s "$tmpdir/extra" ]; then
        echo "  exported but not in the list:"
        sed 's/^/    + /' "$tmpdir/extra"
    fi
    if [ -s "$tmpdir/missing" ]; then
        echo "  in the list but not exported:"
        sed 's/^/    - /' "$tmpdir/missing"
    fi
}

check_lib "$top_builddir/.libs/libtypeshim.so" "$top_srcdir/lib/typeshim.sym"
check_lib "$top_builddir/.libs/libtypeshim-serial.so" "$top_srcdir/lib/typeshim-serial.sym"
check_lib "$top_builddir/.libs/libtypeshim-fort.so" "$top_srcdir/lib/typeshim-fort.sym"
# the Open MPI flavour, when configure built it
if [ -f "$top_builddir/.libs/libtypeshim-ompi.so" ]; then
    check_lib "$top_builddir/.libs/libtypeshim-ompi.so" "$top_srcdir/lib/typeshim.sym"
    check_lib "$top_builddir/.libs/libtypeshim-serial-ompi.so" "$top_srcdir/lib/typeshim-serial-ompi.sym"
fi

if [ "$status" -eq 0 ] && [ "$checked" -eq 0 ]; then
    echo "SKIP: no shared library to check"
    exit 77
fi
if [ "$checked" -eq 1 ] || [ "$checked" -eq 3 ]; then
    echo "FAIL: only one of the two shared libraries was found"
    status=1
fi
exit $status
