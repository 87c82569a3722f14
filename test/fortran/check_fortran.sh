#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check_fortran.sh: the Fortran programs of test/fortran (built by make
# check with gfortran over libtypeshim-fort) run standalone, each in a
# directory of its own, exit 0 and print "<name>: ok"; each checks its
# values itself.  Exit status: 0 pass, 1 fail, 77 skip (no gfortran).
top_builddir=${top_builddir:-.}
status=0
ran=0
for name in halo file_subarray; do
    prog=$top_builddir/test/fortran/$name
    if [ ! -x "$prog" ]; then
        echo "SKIP: $prog was not built (configure found no gfortran)"
        continue
    fi
    dir=$(mktemp -d "${TMPDIR:-/tmp}/ts-fortran.XXXXXX") || exit 99
    prog=$(cd "$(dirname "$prog")" && pwd)/$name
    out=$(cd "$dir" && "$prog" 2>&1)
    rc=$?
    rm -rf "$dir"
    ran=$((ran + 1))
    if [ $rc -ne 0 ] || [ "$out" != "$name: ok" ]; then
        echo "FAIL: $name (exit $rc):"
        echo "$out"
        status=1
    else
        echo "PASS: $name"
    fi
done
[ $ran -gt 0 ] || exit 77
exit $status
