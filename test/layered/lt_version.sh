#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_version.sh - MPI_Get_library_version of lt_version (a plain MPICH
# program, 1 rank under mpiexec), before and after MPI_Init:
#  (a) MPICH alone: its own string, the reference;
#  (b) libtypeshim preloaded: "typeshim VERSION (layered) over: " and
#      MPICH's string, cut to MPI_MAX_LIBRARY_VERSION_STRING - 1 bytes,
#      resultlen its length;
#  (c) preloaded with TYPESHIM_DISABLE=1: MPICH's string unchanged.
# Exit status: 0 pass, 1 fail, 77 skip (no MPICH launcher), 99 setup error.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_PRELOAD_LIB:=$top_builddir/.libs/libtypeshim.so}"
: "${LT_TIMEOUT:=120}"

prog=$top_builddir/test/layered/lt_version
vh=$top_builddir/include/typeshim_version.h

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

mpiexec=$(lt_find_mpiexec)
if test -z "$mpiexec"; then
    echo "SKIP: neither mpiexec.hydra nor mpiexec.mpich is installed"
    exit 77
fi
for f in "$prog" "$LT_PRELOAD_LIB" "$vh"; do
    test -f "$f" || { echo "ERROR: $f is missing (not built?)"; exit 99; }
done
version=$(sed -n 's/^#define TYPESHIM_VERSION *"\(.*\)"$/\1/p' "$vh")
to=
command -v timeout >/dev/null 2>&1 && to="timeout -k 10 $LT_TIMEOUT"
preload=$(lt_preload_value "$LT_PRELOAD_LIB" "$prog")
tmp=${TMPDIR:-/tmp}/lt_version.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0

bad() { failed=1; echo "lt_version: FAIL: $*"; }

# run NAME [VAR=VALUE...]: lt_version's files in $tmp/NAME.{before,after}
run() {
    name=$1
    shift
    env -u TYPESHIM_DISABLE "$@" $to "$mpiexec" -n 1 "$prog" "$tmp/$name" >"$tmp/$name.out" 2>"$tmp/$name.err"
    status=$?
    for when in before after; do
        if test "$status" -ne 0 ||
            ! grep -qx "lt_version $when: rc=0 resultlen=strlen terminated=yes" "$tmp/$name.out"; then
            bad "($name) $when: exit $status"
            sed 's/^/  /' "$tmp/$name.out" "$tmp/$name.err"
        fi
    done
}

run mpich
run layered LD_PRELOAD="$preload"
run disabled LD_PRELOAD="$preload" TYPESHIM_DISABLE=1
echo "lt_version: MPICH says: $(head -n 1 "$tmp/mpich.after")"
echo "lt_version: layered says: $(head -n 1 "$tmp/layered.after")"
for when in before after; do
    grep -q '^MPICH Version:' "$tmp/mpich.$when" || bad "(mpich) $when: not MPICH's string"
    # what libtypeshim must answer: typeshim's words, then MPICH's string,
    # at most MPI_MAX_LIBRARY_VERSION_STRING - 1 bytes in all
    max=$(($(sed -n 's/^#define MPI_MAX_LIBRARY_VERSION_STRING *\([0-9]*\).*/\1/p' \
        "$(pkg-config --variable=includedir mpich)/mpi.h") - 1))
    { printf 'typeshim %s (layered) over: ' "$version"; cat "$tmp/mpich.$when"; } |
        head -c "$max" >"$tmp/want.$when"
    if cmp -s "$tmp/want.$when" "$tmp/layered.$when"; then
        echo "lt_version: PASS: (layered) $when: typeshim $version over MPICH's string"
    else
        bad "(layered) $when: not typeshim's words before MPICH's string"
        head -n 2 "$tmp/layered.$when" | sed 's/^/  got: /'
    fi
    if cmp -s "$tmp/mpich.$when" "$tmp/disabled.$when"; then
        echo "lt_version: PASS: (disabled) $when: MPICH's string unchanged"
    else
        bad "(disabled) $when: not MPICH's string"
        head -n 2 "$tmp/disabled.$when" | sed 's/^/  got: /'
    fi
done
exit $failed
