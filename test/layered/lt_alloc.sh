#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_alloc.sh - lt_alloc (typeshim linked ahead of MPICH) on 1 rank, plain
# and under TYPESHIM_CHECK=1 (check twins are shadows too).
# Exit status: 0 pass, 1 fail, 77 skip (no MPICH launcher), 99 setup error.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_TIMEOUT:=300}"

prog=$top_builddir/test/layered/lt_alloc

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

mpiexec=$(lt_find_mpiexec)
if test -z "$mpiexec"; then
    echo "SKIP: neither mpiexec.hydra nor mpiexec.mpich is installed"
    exit 77
fi
test -f "$prog" || { echo "ERROR: $prog is missing (not built?)"; exit 99; }
to=
command -v timeout >/dev/null 2>&1 && to="timeout -k 10 $LT_TIMEOUT"
failed=0
for check in 0 1; do
    echo "lt_alloc: TYPESHIM_CHECK=$check $mpiexec -n 1 $prog"
    out=$(env -u LD_PRELOAD TYPESHIM_CHECK=$check $to "$mpiexec" -n 1 "$prog" 2>&1)
    status=$?
    echo "$out" | sed 's/^/  /'
    if test "$status" -eq 0 && echo "$out" | grep -q '^lt_alloc rank 0: ok'; then
        echo "lt_alloc: PASS (TYPESHIM_CHECK=$check)"
    else
        echo "lt_alloc: FAIL (TYPESHIM_CHECK=$check): exit $status"
        failed=1
    fi
done
exit $failed
