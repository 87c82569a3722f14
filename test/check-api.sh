#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-api.sh: the export lists, the next layer's table, the man page list
# and the alias pages are exactly what tools/gen-api.sh makes of
# lib/api.def (run "make api" after changing the table), and no alias page
# is left over from a symbol the table no longer has.
# Exit status: 0 pass, 1 fail (differences printed).
: "${top_srcdir:=.}"
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-api.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
sh "$top_srcdir/tools/gen-api.sh" "$top_srcdir" "$tmp" || { echo "FAIL: gen-api.sh failed"; exit 1; }
bad=0
n=0
for f in lib/typeshim.sym lib/typeshim-serial.sym lib/facade/tsf_fns.def man/pages.mk \
    lib/binding/tsb_stubs.c lib/binding/tsb_wrap.c lib/facade/tsf_api.h lib/layer/tsl_api.h \
    lib/layer/tsl_wrap.def \
    $(cd "$tmp" && ls lib/abi/ompi/tsa_proto.h lib/abi/ompi/tsa_fhandles.h \
        lib/typeshim-serial-ompi.sym 2>/dev/null) \
    $(cd "$tmp" && ls man/man3/*.3); do
    n=$((n + 1))
    if ! cmp -s "$tmp/$f" "$top_srcdir/$f"; then
        echo "FAIL: $f differs from what lib/api.def makes (run make api):"
        diff -u "$top_srcdir/$f" "$tmp/$f" | sed 's/^/  /' | head -20
        bad=$((bad + 1))
    fi
done
# every ".so" page of man3 is one the table makes
for f in "$top_srcdir"/man/man3/*.3; do
    if head -n 1 "$f" | grep -q '^\.so ' && ! test -f "$tmp/man/man3/${f##*/}"; then
        echo "FAIL: man/man3/${f##*/} is an alias of no symbol in lib/api.def"
        bad=$((bad + 1))
    fi
done
rows=$(grep -c '^lib' "$top_srcdir/lib/api.def")
echo "check-api: $rows rows in lib/api.def; $n generated files compared, $bad differ"
test "$bad" -eq 0
