#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# gen-api.sh SRCDIR [OUTDIR]: makes, from SRCDIR/lib/api.def, the lists that
# must agree with it, under OUTDIR (default SRCDIR):
#   lib/typeshim.sym, lib/typeshim-serial.sym  export lists (sorted, C locale)
#   lib/facade/tsf_fns.def                      TSF_FN(name) per MPI function
#                                               of libtypeshim
#   man/pages.mk                                the pages make installs
#   man/man3/<alias>.3                          ".so" pages of the PMPI_ forms
#                                               and of symbols documented on
#                                               another page
#   lib/binding/tsb_stubs.c                     the binding: the MPI_/PMPI_
#                                               and typeshim_ entry points
#   lib/facade/tsf_api.h, lib/layer/tsl_api.h   what the stubs call: the
#                                               façade's functions, the
#                                               cross-check's decorators and
#                                               the layer's own functions
# make api runs it on the source tree; test/check-api.sh runs it into a
# scratch directory and compares.  Plain sh and awk: nothing to install.
set -e
LC_ALL=C
export LC_ALL
src=${1:?usage: gen-api.sh SRCDIR [OUTDIR]}
out=${2:-$src}
def=$src/lib/api.def
spdx='SPDX-License-Identifier: BSD-3-Clause'

mkdir -p "$out/lib/layer" "$out/lib/facade" "$out/lib/binding" "$out/man/man3"
rows=$(mktemp "${TMPDIR:-/tmp}/gen-api.XXXXXX")
trap 'rm -f "$rows" "$rows".*' EXIT
# library name kind page decoration, comments and blank lines dropped;
# checked
awk '!/^#/ && NF {
    if (NF != 5 || $3 !~ /^(mpi|compat|ext|value|callback)$/ || $5 !~ /^(-|checked|layer)$/ ||
        ($1 != "libtypeshim" && $1 != "libtypeshim-serial")) {
        printf "gen-api.sh: %s:%d: bad row: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
        bad = 1
    }
    if (seen[$2]++) {
        printf "gen-api.sh: %s:%d: %s listed twice\n", FILENAME, FNR, $2 > "/dev/stderr"
        bad = 1
    }
    print $1, $2, $3, $4, $5
}
END { exit bad }' "$def" >"$rows"

# export lists: an MPI function exports its MPI_ (weak) and PMPI_ names
for lib in libtypeshim libtypeshim-serial; do
    awk -v lib="$lib" '$1 == lib {
        print $2
        if ($3 == "mpi" || $3 == "compat") print "P" $2
    }' "$rows" | sort >"$out/lib/${lib#lib}.sym"
done

# the MPI functions of libtypeshim
{
    echo "/* $spdx */"
    echo "/* Generated from lib/api.def by tools/gen-api.sh (make api): the MPI"
    echo " * functions of libtypeshim, by name without the MPI_ prefix.  The"
    echo " * tables of functions (tsf_fn_table: the next layer's, typeshim's own)"
    echo " * and the TYPESHIM_DISABLE pass-through are built from it. */"
    awk '$1 == "libtypeshim" && ($3 == "mpi" || $3 == "compat") {
        sub(/^MPI_/, "", $2); print "TSF_FN(" $2 ")"
    }' "$rows" | sort
} >"$out/lib/facade/tsf_fns.def"

# The binding: a stub for every MPI function of libtypeshim and every
# typeshim_ function that returns an error code, from the prototypes of
# MPICH's mpi.h and mpi_proto.h (MPI_INCDIR overrides where they are) and
# of include/typeshim.h; and the declarations of what the stubs call.
incdir=${MPI_INCDIR:-$(pkg-config --variable=includedir mpich 2>/dev/null || true)}
if [ ! -f "$incdir/mpi.h" ]; then
    echo "gen-api.sh: MPICH's mpi.h not found (pkg-config mpich, or set MPI_INCDIR)" >&2
    exit 1
fi
awk '$1 == "libtypeshim" && ($3 == "mpi" || $3 == "compat" || $3 == "ext") {
    print $2, $3, $5
}' "$rows" >"$rows.stub"
cat "$incdir"/mpi.h "$incdir"/mpi_proto.h "$src/include/typeshim.h" 2>/dev/null | awk -v names="$rows.stub" '
BEGIN { while ((getline line < names) > 0) { split(line, f, " "); want[f[1]] = f[2] " " f[3] } }
# a prototype starts with its return type and the name, and ends at ";"
!grab && match($0, /^(TYPESHIM_API )?[A-Za-z_][A-Za-z_0-9 ]*[ *](MPI|typeshim)_[A-Za-z_0-9]+\(/) {
    head = substr($0, 1, RLENGTH - 1)
    name = head; sub(/.*[ *]/, "", name)
    if ((name in want) && !(name in proto)) { grab = 1; text = "" }
}
grab {
    text = text " " $0
    if (index($0, ";")) {
        grab = 0
        sub(/^[ \t]+/, "", text)
        sub(/^TYPESHIM_API /, "", text)
        gsub(/[ \t]+/, " ", text)
        open = index(text, "(")
        depth = 0
        for (i = open; i <= length(text); i++) {
            c = substr(text, i, 1)
            if (c == "(") depth++
            else if (c == ")" && --depth == 0) break
        }
        ret = substr(text, 1, open - 1); sub(/ ?[A-Za-z_0-9]+$/, "", ret)
        proto[name] = ret "\t" substr(text, open + 1, i - open - 1)
    }
}
END {
    for (n in want) {
        if (!(n in proto)) { print "gen-api.sh: no prototype of " n > "/dev/stderr"; bad = 1; continue }
        split(want[n], f, " ")
        print n "\t" f[1] "\t" f[2] "\t" proto[n]
    }
    exit bad
}' | sort >"$rows.proto"
awk -F '\t' -v spdx="$spdx" -v fh="$out/lib/facade/tsf_api.h" -v lh="$out/lib/layer/tsl_api.h" '
function args(params,    n, parts, i, a, list) {
    if (params == "void") return ""
    n = split(params, parts, ",")
    list = ""
    for (i = 1; i <= n; i++) {
        a = parts[i]
        sub(/\[[^]]*\]/, "", a)
        sub(/[ \t]+$/, "", a)
        match(a, /[A-Za-z_][A-Za-z_0-9]*$/)
        list = list (i > 1 ? ", " : "") substr(a, RSTART, RLENGTH)
    }
    return list
}
function header(f, guard, what) {
    print "/* " spdx " */" > f
    print "/* Generated from lib/api.def and the prototypes by tools/gen-api.sh" > f
    print " * (make api): " what " */" > f
    print "#ifndef " guard > f
    print "#define " guard > f
    print "" > f
    print "#include <stdio.h>" > f
    print "" > f
    print "#include <mpi.h>" > f
    print "" > f
    print "#include \"typeshim.h\"" > f
    print "#include \"util/tsu.h\"" > f
    print "" > f
}
BEGIN {
    print "/* " spdx " */"
    print "/* Generated from lib/api.def and the prototypes by tools/gen-api.sh"
    print " * (make api): the binding, the only entry to libtypeshim.  An MPI"
    print " * function is exported as PMPI_name and, weak, MPI_name.  Each stub"
    print " * decides the mode on first use (which installs the façade'"'"'s hooks);"
    print " * under TYPESHIM_DISABLE passes an MPI call to the next layer"
    print " * untouched; calls the façade (tsf_api_), or the cross-check'"'"'s"
    print " * decorator (tsl_checked_) under TYPESHIM_CHECK; and raises an error"
    print " * exactly once, here (tsb_raise).  Nothing below calls these names. */"
    print "#include \"typeshim_config.h\""
    print ""
    print "#include \"binding/tsb.h\""
    print "#include \"facade/tsf_api.h\""
    print "#include \"layer/tsl.h\""
    print "#include \"layer/tsl_api.h\""
    header(fh, "TSF_API_H", "the façade functions the\n * binding'"'"'s stubs call, one per MPI function of libtypeshim and per\n * typeshim_ function that returns an error code; each returns an error\n * code it has not raised.")
    header(lh, "TSL_API_H", "the layered mode'"'"'s functions\n * the binding'"'"'s stubs call: the cross-check'"'"'s decorators, each of\n * which calls the façade function of the same name and compares its\n * answer with MPICH'"'"'s, and the functions the layer implements.  Each\n * returns an error code it has not raised.")
}
{
    name = $1; kind = $2; deco = $3; ret = $4; params = $5
    a = args(params)
    if (kind == "ext") {
        short = name; sub(/^typeshim_/, "", short)
        target = (deco == "layer" ? "tsl_api_" : "tsf_api_") short
        print ""
        print ret " " name "(" params ")"
        print "{"
        print "    int rc;"
        print ""
        print "    (void)tsl_mode(); /* decides it, once */"
        print "    rc = " target "(" a ");"
        print "    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);"
        print "}"
        print "TSU_HIDDEN " ret " " target "(" params ");" > (deco == "layer" ? lh : fh)
        next
    }
    short = name; sub(/^MPI_/, "", short)
    print ""
    print "TSU_WEAK_ALIAS(" name ", P" name ")"
    print ret " P" name "(" params ")"
    print "{"
    if (ret == "int") {
        print "    int rc;"
        print ""
    }
    print "    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next." short ")"
    print "        return tsl_next." short "(" a ");"
    if (ret != "int") {
        print "    return tsf_api_" short "(" a ");"
    } else {
        if (deco == "checked") {
            print "    rc = TSU_UNLIKELY(tsl_checking) ? tsl_checked_" short "(" a ")"
            print "                                    : tsf_api_" short "(" a ");"
        } else
            print "    rc = tsf_api_" short "(" a ");"
        print "    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);"
    }
    print "}"
    print "TSU_HIDDEN " ret " tsf_api_" short "(" params ");" > fh
    if (deco == "checked")
        print "TSU_HIDDEN " ret " tsl_checked_" short "(" params ");" > lh
}
END {
    print "" > fh
    print "#endif /* TSF_API_H */" > fh
    print "" > lh
    print "#endif /* TSL_API_H */" > lh
}' "$rows.proto" >"$out/lib/binding/tsb_stubs.c"
rm -f "$rows.stub" "$rows.proto"

# man pages: the real ones, and a ".so" alias for every other symbol
awk '{
    page[$4] = 1
    if ($2 != $4) alias[$2] = $4
    if ($3 == "mpi" || $3 == "compat") alias["P" $2] = $4
}
END {
    for (p in page) print p, p
    for (a in alias) print a, alias[a]
}' "$rows" | sort >"$rows.man"
while read -r sym target; do
    if [ "$sym" != "$target" ]; then
        printf '.so man3/%s.3\n.\\" %s\n' "$target" "$spdx" >"$out/man/man3/$sym.3"
    fi
done <"$rows.man"
{
    echo "# $spdx"
    echo "# Generated from lib/api.def by tools/gen-api.sh (make api): every page"
    echo "# make installs.  man/local.mk includes it."
    echo ""
    echo "dist_man_MANS = \\"
    echo "	man/man1/typeshim-run.1 \\"
    echo "	man/man7/typeshim.7 \\"
    awk '{ print $1 }' "$rows.man" | sed 's|.*|	man/man3/&.3 \\|' | sed '$ s| \\$||'
} >"$out/man/pages.mk"
rm -f "$rows.man"
