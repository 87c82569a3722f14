#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check_exports.sh: libtypeshim-serial exports exactly lib/typeshim-serial.sym,
# and its static archive keeps PMPI_Comm_call_errhandler's object (whose
# constructor attaches the runtime to libtypeshim, typeshim_runtime_attach)
# reachable from PMPI_Init: nothing else pulls that archive member in.  Exit 77 (skip) when nm or a library is missing.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
NM=${NM:-nm}
sym="$top_srcdir/lib/typeshim-serial.sym"
so="$top_builddir/.libs/libtypeshim-serial.so"
a="$top_builddir/.libs/libtypeshim-serial.a"
tmp=${TMPDIR:-/tmp}/check_exports.$$
trap 'rm -f "$tmp".*' EXIT

$NM --version >/dev/null 2>&1 || { echo "no usable nm ($NM): skipped"; exit 77; }
checked=0
fail=0

if [ -f "$so" ]; then
    # Defined dynamic symbols: last field of lines whose type is not U/w/v.
    $NM -D --defined-only "$so" | awk 'NF >= 3 { print $NF }' | LC_ALL=C sort -u >"$tmp.so"
    LC_ALL=C sort -u "$sym" >"$tmp.sym"
    if ! diff -u "$tmp.sym" "$tmp.so"; then
        echo "FAIL: exports of $so differ from $sym (- listed, + exported)"
        fail=1
    fi
    checked=1
fi

if [ -f "$a" ]; then
    # "archive:member:[addr] TYPE name" -> "member TYPE name"
    $NM -A "$a" | awk '{ n = split($1, p, ":"); print p[2], $(NF-1), $NF }' >"$tmp.a"
    init=$(awk '$3 == "PMPI_Init" && $2 ~ /^[TW]$/ { print $1 }' "$tmp.a")
    call=$(awk '$3 == "PMPI_Comm_call_errhandler" && $2 ~ /^[TW]$/ { print $1 }' "$tmp.a")
    if [ -z "$init" ] || [ -z "$call" ]; then
        echo "FAIL: PMPI_Init or PMPI_Comm_call_errhandler not defined in $a"
        fail=1
    elif [ "$init" != "$call" ]; then
        # Some symbol the init member needs must be defined by the other one.
        link=$(awk -v i="$init" -v c="$call" '
            $1 == i && $2 == "U" { need[$3] = 1 }
            $1 == c && $2 ~ /^[TWDBR]$/ { have[$3] = 1 }
            END { for (s in need) if (s in have) { print s; exit } }' "$tmp.a")
        if [ -z "$link" ]; then
            echo "FAIL: $init does not reference $call: a static link of MPI_Init"
            echo "      would leave libtypeshim with no runtime attached"
            fail=1
        fi
    fi
    checked=1
fi

[ "$checked" = 1 ] || { echo "libtypeshim-serial not built: skipped"; exit 77; }
exit $fail
