#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-includes.sh: the layers of typeshim, from its sources (beside
# test/check-layers.sh, which reads the objects).
#  1. A part's .c, .h and .def files include only headers of their own part
#     and of the parts below it:
#       binding -> layer, facade, engine, util, object
#       layer   -> facade, util, object
#       facade  -> engine, util, object
#       engine  -> util
#       object  -> util
#       util    -> (its own only)
#     The runtime (lib/serial) and the Java binding (bindings/java/jni)
#     include public headers only (mpi.h, typeshim.h, typeshim_version.h),
#     their own, and lib/object's (the runtime only); the JNI headers javac
#     writes (mpi_<Class>.h) are the Java binding's own.  typeshim_config.h
#     (configure's) may be included by all.  lib/object is checked when it
#     exists.
#  2. The layer asks the façade only: no identifier of the engine
#     (tsd_..., TSD_...) and no engine type reached through the façade's
#     objects (->eng) in lib/layer's files.
# Prints, per part, the parts its files include.
# Exit status: 0 pass, 1 fail, 99 error.
: "${top_srcdir:=.}"
LC_ALL=C
export LC_ALL
src=$top_srcdir

parts="binding:lib/binding layer:lib/layer facade:lib/facade engine:lib/engine util:lib/util"
test -d "$src/lib/object" && parts="$parts object:lib/object"
parts="$parts serial:lib/serial java:bindings/java/jni"

# part dir, for the awk below; and the files: part, then path
list=$(mktemp "${TMPDIR:-/tmp}/check-includes.XXXXXX") || exit 99
trap 'rm -f "$list"' EXIT
for pd in $parts; do
    for f in "$src/${pd#*:}"/*.c "$src/${pd#*:}"/*.h "$src/${pd#*:}"/*.def; do
        test -f "$f" && echo "${pd%%:*} ${pd#*:} $f"
    done
done >"$list"

# Includes the owners of their files are removing (reported, not failed):
# "FILE HEADER why".  An entry no longer met is reported, to be removed.
cat >"$list.pending" <<'EOF'
EOF
trap 'rm -f "$list" "$list.pending" "$list.files"' EXIT

status=0
# every file of the parts' directories: what a bare "name.h" may be
for pd in $parts; do
    for f in "$src/${pd#*:}"/*; do
        test -f "$f" && echo "$src/${pd#*:}/${f##*/}"
    done
done >"$list.files"

awk -v src="$src" -v parts="$parts" -v pending="$list.pending" -v files="$list.files" '
function exists(path) {
    return path in has
}
# the part a header belongs to: a part name, "public", "config", "system"
# (an <angle> header of none of them) or "unknown" (a "quoted" one)
function owner(h, quoted, from_dir, p) {
    if (h == "typeshim_config.h") return "config"
    if (h == "mpi.h" || h == "typeshim.h" || h == "typeshim_version.h") return "public"
    # lib/abi: what the MPI headers of the ABI say (lib/abi/ompi/mpi.h, the
    # tables made from the headers of Open MPI), as public as mpi.h itself
    if (h ~ /^abi\//) return "public"
    if (index(h, "/")) {
        p = substr(h, 1, index(h, "/") - 1)
        if (p in dir_of) return p
    }
    if (exists(src "/" from_dir "/" h)) return part_at[from_dir]
    if (part_at[from_dir] == "java" && h ~ /^mpi_[A-Za-z0-9_]+\.h$/) return "java"
    for (p in dir_of)
        if (exists(src "/" dir_of[p] "/" h)) return p
    return quoted ? "unknown" : "system"
}
BEGIN {
    n = split(parts, pds, " ")
    for (i = 1; i <= n; i++) {
        split(pds[i], f, ":")
        dir_of[f[1]] = f[2]; part_at[f[2]] = f[1]
    }
    ok["binding"] = " layer facade engine util object "
    ok["layer"] = " facade util object "
    ok["facade"] = " engine util object "
    ok["engine"] = " util "
    ok["util"] = " "
    ok["object"] = " util "
    ok["serial"] = " object "
    ok["java"] = " "
    while ((getline l < files) > 0)
        has[l] = 1
    while ((getline l < pending) > 0) {
        split(l, f, " ")
        pend[f[1], f[2]] = substr(l, length(f[1]) + length(f[2]) + 3)
    }
}
{
    part = $1; pdir = $2; file = $3
    name = file; sub("^" src "/", "", name)
    ln = 0
    while ((getline line < file) > 0) {
        ln++
        if (line ~ /^[ \t]*#[ \t]*include[ \t]*["<]/) {
            h = line
            sub(/^[ \t]*#[ \t]*include[ \t]*/, "", h)
            quoted = substr(h, 1, 1) == "\""
            h = substr(h, 2)
            sub(/[">].*/, "", h)
            to = owner(h, quoted, pdir)
            if (to == "config" || to == "system") continue
            if (to == "unknown") {
                printf "FAIL: %s:%d: includes \"%s\", a header of no part\n", name, ln, h
                bad++
                continue
            }
            if (to != part) seen[part, to] = 1
            if (to == "public" || to == part) continue
            if (index(ok[part], " " to " ") == 0) {
                if ((name, h) in pend) {
                    printf "check-includes: pending: %s:%d: includes %s of %s: %s\n", name, ln, h, to, pend[name, h]
                    met[name, h] = 1
                } else if (part == "serial" || part == "java")
                    printf "FAIL: %s:%d: includes %s, a private header of %s (%s may include public headers, its own%s)\n",
                           name, ln, h, to, part, part == "serial" ? " and lib/object'"'"'s" : ""
                else
                    printf "FAIL: %s:%d: includes %s of %s (up the layers, or past the layer below)\n",
                           name, ln, h, to
                if (!((name, h) in pend))
                    bad++
            }
        }
        # the layer asks the façade, never the engine
        if (part == "layer") {
            l = line
            sub(/\/\/.*/, "", l)
            if (match(l, /(^|[^A-Za-z0-9_])(tsd_[A-Za-z0-9_]*|TSD_[A-Za-z0-9_]*)|->eng([^A-Za-z0-9_]|$)/)) {
                tok = substr(l, RSTART, RLENGTH)
                sub(/^[^-A-Za-z0-9_]/, "", tok)
                sub(/[^A-Za-z0-9_]$/, "", tok)
                printf "FAIL: %s:%d: the layer uses the engine (%s); ask the façade\n", name, ln, tok
                bad++
            }
        }
    }
    close(file)
}
END {
    for (k in pend)
        if (!(k in met)) {
            split(k, f, SUBSEP)
            printf "check-includes: note: %s no longer includes %s: remove its pending entry\n", f[1], f[2]
        }
    for (k in seen) {
        split(k, f, SUBSEP)
        printf "check-includes: %-8s includes %s\n", f[1], f[2] | "sort"
    }
    close("sort")
    exit bad > 0
}' "$list" || status=1
exit $status
