#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-layers.sh: the import picture of typeshim, from its objects.
# For every object of a part, each symbol it needs is looked up among the
# symbols the other parts define; a need may only run down the layers of
# libtypeshim:
#   binding -> layer, facade, engine, util, object
#   layer   -> facade, util, object (it asks the façade, never the engine)
#   facade  -> engine, util, object
#   engine  -> util
#   object  -> nothing (util's headers only: it is compiled into both
#              libraries, and libtypeshim-serial has no util objects)
# Beside libtypeshim, the runtime (lib/serial) and the Java binding
# (bindings/java/jni) use what libtypeshim exports (lib/typeshim.sym) and
# their own objects, never a hidden symbol of libtypeshim's parts:
#   serial  -> libtypeshim's exports, object
#   java    -> libtypeshim's and libtypeshim-serial's exports
# Nothing but the binding needs an exported name of libtypeshim, and every
# exported name is defined in the binding's objects: the parts below it
# keep hidden functions only.  lib/object is checked when it exists, the
# Java objects when the binding was built.  Prints the matrix of needs.
# (test/check-includes.sh checks the same rules on the #include lines.)
# Exit status: 0 pass, 1 fail, 77 skip (no nm, or not built), 99 error.
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
LC_ALL=C
export LC_ALL
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-layers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# part name, then the directory of its objects
parts="binding:lib/binding layer:lib/layer facade:lib/facade engine:lib/engine util:lib/util"
test -d "$top_srcdir/lib/object" && parts="$parts object:lib/object"
parts="$parts serial:lib/serial java:bindings/java/jni"
: >"$tmp/defs"
: >"$tmp/needs"
for pd in $parts; do
    p=${pd%%:*}
    o=$(ls "$top_builddir/${pd#*:}"/.libs/*.o 2>/dev/null)
    if test -z "$o"; then
        case $p in
        java | object) echo "check-layers: $p: no objects (not built), not checked"; continue ;;
        esac
        echo "SKIP: no objects in ${pd#*:} (not built?)"
        exit 77
    fi
    # The objects Open MPI's mpi.h names (ompi_mpi_int...), which the
    # runtime for Open MPI's ABI defines, stand in for libmpi's: what
    # libtypeshim-ompi needs of libmpi is no need of a part.
    d=$(echo "$o" | grep -v '/[^/]*tss_ompi_objects\.o$')
    # shellcheck disable=SC2086
    nm --defined-only $d | awk -v p="$p" 'NF == 3 && $2 ~ /[TDBRVWtdbr]/ { print $3, p }' >>"$tmp/defs"
    # shellcheck disable=SC2086
    nm -u $o | awk -v p="$p" '{ print p, $NF }' | sort -u >>"$tmp/needs"
done
sort -u -o "$tmp/defs" "$tmp/defs"
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top_srcdir/lib/typeshim.sym" >"$tmp/exported"
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top_srcdir/lib/typeshim-serial.sym" >"$tmp/exported-serial"

# What a file the layers' owners are rewriting still does (reported, not
# failed): "defined NAME why" (an exported name defined below the binding)
# or "PART NAME why" (PART needs exported NAME).
cat >"$tmp/pending" <<'EOF'
EOF

awk -v exported="$tmp/exported" -v exported_serial="$tmp/exported-serial" -v defs="$tmp/defs" \
    -v pending="$tmp/pending" '
BEGIN {
    lib["binding"] = lib["layer"] = lib["facade"] = lib["engine"] = lib["util"] = 1
    while ((getline l < defs) > 0) { split(l, f, " "); in_part[f[1], f[2]] = 1; part_of[f[1]] = part_of[f[1]] " " f[2] }
    while ((getline l < exported) > 0) ex[l] = 1
    while ((getline l < exported_serial) > 0) ex_serial[l] = 1
    while ((getline l < pending) > 0) {
        split(l, f, " ")
        pend[f[1], f[2]] = substr(l, length(f[1]) + length(f[2]) + 3)
    }
    ok["binding"] = " layer facade engine util object "
    ok["layer"] = " facade util object "
    ok["facade"] = " engine util object "
    ok["engine"] = " util "
    ok["util"] = " "
    ok["object"] = " "
    ok["serial"] = " object "
    ok["java"] = " "
    # every exported name is defined in the binding
    for (s in ex) {
        if (in_part[s, "binding"]) continue
        if (("defined", s) in pend) {
            printf "check-layers: pending: %s is defined in%s, not in the binding: %s\n", s, part_of[s], pend["defined", s]
            continue
        }
        printf "FAIL: %s is exported but defined in%s, not in the binding\n", s, part_of[s] ? part_of[s] : " no part"
        bad++
    }
}
# what part p needs of libtypeshim (exported) and of the other parts
{
    from = $1; sym = $2
    if (in_part[sym, from]) next
    if (from in lib && from != "binding" && (sym in ex) && ((from, sym) in pend)) {
        printf "check-layers: pending: %s needs %s: %s\n", from, sym, pend[from, sym]
        next
    }
    if (from in lib && from != "binding" && (sym in ex)) {
        printf "FAIL: %s needs %s, an exported name of libtypeshim (the binding is its only user)\n", from, sym
        bad++
        next
    }
    if (!(from in lib) && (sym in ex)) { cnt[from " -> libtypeshim (exported)"]++; next }
    if (from == "java" && (sym in ex_serial)) { cnt[from " -> serial (exported)"]++; next }
    if (part_of[sym] == "") next
    split(part_of[sym], tos, " ")
    to = tos[1]
    cnt[from " -> " to]++
    if (index(ok[from], " " to " ") == 0) {
        if (from in lib && to in lib)
            printf "FAIL: %s needs %s of %s (up the layers)\n", from, sym, to
        else
            printf "FAIL: %s needs %s of %s, which is not exported to it\n", from, sym, to
        bad++
    }
}
END {
    for (k in cnt) printf "check-layers: %-34s %d symbols\n", k, cnt[k] | "sort"
    close("sort")
    exit bad > 0
}' "$tmp/needs"
