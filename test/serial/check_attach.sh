#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check_attach.sh: libtypeshim-serial attaches itself to libtypeshim
# (typeshim_runtime_attach) when loaded, so that libtypeshim's errors go to
# the runtime's error handlers, also before MPI_Init; linked shared
# (attach_prog) and static (attach_prog_static: libtool -static, the
# archives).  A program may attach a raise function of its own and
# detach it.  See attach_prog.c for the cases.
set -u
top_builddir=${top_builddir:-.}
NM=${NM:-nm}
tmp=${TMPDIR:-/tmp}/check_attach.$$
trap 'rm -f "$tmp".*' EXIT
fail=0

no() { echo "FAIL: $*"; fail=1; }

# run PROG CASE: status in $st, output in $tmp.out, $tmp.err
run() {
    "$top_builddir/test/serial/$1" "$2" >"$tmp.out" 2>"$tmp.err"
    st=$?
    echo "--- $1 $2: exit $st"
    cat "$tmp.out" "$tmp.err"
}

progs=attach_prog
# libtool -static links the archives, unless configured --disable-static
if $NM "$top_builddir/test/serial/attach_prog_static" 2>/dev/null | grep -q ' T PMPI_Init$'; then
    progs="$progs attach_prog_static"
else
    echo "note: attach_prog_static is not linked statically (--disable-static?): not run"
fi

for p in $progs; do
    # before MPI_Init: MPI_COMM_WORLD's MPI_ERRORS_ARE_FATAL, the runtime's
    # (exit status: the class, MPI_ERR_COUNT), not typeshim's abort()
    run "$p" pre
    [ "$st" = 2 ] || no "$p pre: exit status $st, not 2 (MPI_ERR_COUNT, the runtime's fatal handler)"
    grep -q '^typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Type_contiguous: .*count' "$tmp.err" ||
        no "$p pre: not the runtime's fatal message"
    for c in return user; do
        run "$p" $c
        [ "$st" = 0 ] && grep -qx "attach_prog $c: done" "$tmp.out" || no "$p $c: failed"
        grep -q "^$c: class 2: MPI_Type_contiguous: " "$tmp.out" || no "$p $c: not the code's message"
    done
    # the program's own raise function, then none: typeshim's message, abort()
    run "$p" own
    grep -q '^own: class 2: MPI_Type_contiguous: ' "$tmp.out" || no "$p own: its raise function did not get the error"
    [ "$st" -gt 128 ] || no "$p own: exit status $st after detaching, not abort()'s"
    grep -q '^typeshim: rank 0: fatal error: MPI_Type_contiguous: ' "$tmp.err" ||
        no "$p own: not typeshim's own fatal message after detaching"
done
exit $fail
