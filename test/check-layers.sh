#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-layers.sh: the import picture of libtypeshim, from its objects.
# For every object of lib/<part>/, each symbol it needs is
# looked up among the symbols the other parts define; a need may only run
# down the layers:
#   binding -> layer, facade, engine, util
#   layer   -> facade, util (it asks the façade, never the engine)
#   facade  -> engine, util
#   engine  -> util
# and nothing but the binding may need an exported MPI_ or PMPI_ name of
# libtypeshim (lib/typeshim.sym).  Prints the matrix of needs.
# Exit status: 0 pass, 1 fail, 77 skip (no nm, or not built), 99 error.
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
LC_ALL=C
export LC_ALL
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
parts="binding layer facade engine util"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-layers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
objs() {
    ls "$top_builddir/lib/$1"/.libs/*.o 2>/dev/null
}
for p in $parts; do
    o=$(objs "$p")
    test -n "$o" || { echo "SKIP: no objects in $p (not built?)"; exit 77; }
    # shellcheck disable=SC2086
    nm --defined-only $o | awk -v p="$p" 'NF == 3 && $2 ~ /[TDBRVWtdbr]/ { print $3, p }' >>"$tmp/defs"
    # shellcheck disable=SC2086
    nm -u $o | awk -v p="$p" '{ print p, $NF }' | sort -u >>"$tmp/needs"
done
sort -u -o "$tmp/defs" "$tmp/defs"
grep -E '^P?MPI_' "$top_srcdir/lib/typeshim.sym" >"$tmp/exported"
awk -v exported="$tmp/exported" -v defs="$tmp/defs" '
BEGIN {
    while ((getline l < defs) > 0) { split(l, f, " "); if (!(f[1] in where)) where[f[1]] = f[2] }
    while ((getline l < exported) > 0) ex[l] = 1
    ok["binding"] = " layer facade engine util binding "
    ok["layer"] = " facade util layer "
    ok["facade"] = " engine util facade "
    ok["engine"] = " util engine "
    ok["util"] = " util "
}
{
    from = $1; sym = $2
    if ((sym in ex) && from != "binding") {
        printf "FAIL: %s needs %s, an exported name of libtypeshim\n", from, sym
        bad++
    }
    if (!(sym in where)) next
    to = where[sym]
    if (from == to) next
    n[from " -> " to]++
    if (index(ok[from], " " to " ") == 0) {
        printf "FAIL: %s needs %s of %s (up the layers)\n", from, sym, to
        bad++
    }
}
END {
    for (k in n) printf "check-layers: %-20s %d symbols\n", k, n[k]
    exit bad > 0
}' "$tmp/needs"
