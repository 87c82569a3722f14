#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# gen-api.sh SRCDIR [OUTDIR]: makes, from SRCDIR/lib/api.def, the lists that
# must agree with it, under OUTDIR (default SRCDIR):
#   lib/typeshim.sym, lib/typeshim-serial.sym  export lists (sorted, C locale)
#   lib/layer/tsl_next.def                      TSL_FN(name) per MPI function
#                                               of libtypeshim
#   man/pages.mk                                the pages make installs
#   man/man3/<alias>.3                          ".so" pages of the PMPI_ forms
#                                               and of symbols documented on
#                                               another page
#   lib/binding/tsb_stubs.c, lib/facade/tsf_api.h   the MPI_/PMPI_ entry
#                                               points and the façade
#                                               functions they call
# make api runs it on the source tree; test/check-api.sh runs it into a
# scratch directory and compares.  Plain sh and awk: nothing to install.
set -e
LC_ALL=C
export LC_ALL
src=${1:?usage: gen-api.sh SRCDIR [OUTDIR]}
out=${2:-$src}
def=$src/lib/api.def
spdx='SPDX-License-Identifier: BSD-3-Clause'

mkdir -p "$out/lib/layer" "$out/man/man3"
rows=$(mktemp "${TMPDIR:-/tmp}/gen-api.XXXXXX")
trap 'rm -f "$rows" "$rows".*' EXIT
# library name kind page, comments and blank lines dropped; checked
awk '!/^#/ && NF {
    if (NF != 4 || $3 !~ /^(mpi|compat|ext|callback)$/ ||
        ($1 != "libtypeshim" && $1 != "libtypeshim-serial")) {
        printf "gen-api.sh: %s:%d: bad row: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
        bad = 1
    }
    if (seen[$2]++) {
        printf "gen-api.sh: %s:%d: %s listed twice\n", FILENAME, FNR, $2 > "/dev/stderr"
        bad = 1
    }
    print $1, $2, $3, $4
}
END { exit bad }' "$def" >"$rows"

# export lists: an MPI function exports its MPI_ (weak) and PMPI_ names
for lib in libtypeshim libtypeshim-serial; do
    awk -v lib="$lib" '$1 == lib {
        print $2
        if ($3 == "mpi" || $3 == "compat") print "P" $2
    }' "$rows" | sort >"$out/lib/${lib#lib}.sym"
done

# the next layer's table
{
    echo "/* $spdx */"
    echo "/* Generated from lib/api.def by tools/gen-api.sh (make api): the MPI"
    echo " * functions of libtypeshim, by name without the PMPI_ prefix.  The table"
    echo " * of the next layer (tsl_next) and the TYPESHIM_DISABLE pass-through are"
    echo " * built from it. */"
    awk '$1 == "libtypeshim" && ($3 == "mpi" || $3 == "compat") {
        sub(/^MPI_/, "", $2); print "TSL_FN(" $2 ")"
    }' "$rows" | sort
} >"$out/lib/layer/tsl_next.def"

# The binding: MPI_/PMPI_ stubs for the MPI functions of libtypeshim, and
# the declarations of the façade functions they call, from MPICH's
# prototypes (its mpi.h and mpi_proto.h; MPI_INCDIR overrides where they
# are).
incdir=${MPI_INCDIR:-$(pkg-config --variable=includedir mpich 2>/dev/null || true)}
if [ ! -f "$incdir/mpi.h" ]; then
    echo "gen-api.sh: MPICH's mpi.h not found (pkg-config mpich, or set MPI_INCDIR)" >&2
    exit 1
fi
mkdir -p "$out/lib/binding" "$out/lib/facade"
awk '$1 == "libtypeshim" && ($3 == "mpi" || $3 == "compat") { print $2 }' "$rows" >"$rows.mpi"
cat "$incdir"/mpi.h "$incdir"/mpi_proto.h 2>/dev/null | awk -v names="$rows.mpi" '
BEGIN { while ((getline n < names) > 0) want[n] = 1 }
# a prototype starts with its return type and the name, and ends at ";"
!grab && match($0, /^[A-Za-z_][A-Za-z_0-9 ]*[ *]MPI_[A-Za-z_0-9]+\(/) {
    head = substr($0, 1, RLENGTH - 1)
    name = head; sub(/.*[ *]/, "", name)
    if ((name in want) && !(name in proto)) { grab = 1; text = "" }
}
grab {
    text = text " " $0
    if (index($0, ";")) {
        grab = 0
        sub(/^[ \t]+/, "", text)
        gsub(/[ \t]+/, " ", text)
        open = index(text, "(")
        depth = 0
        for (i = open; i <= length(text); i++) {
            c = substr(text, i, 1)
            if (c == "(") depth++
            else if (c == ")" && --depth == 0) break
        }
        ret = substr(text, 1, open - 1); sub(/ ?[A-Za-z_0-9]+$/, "", ret)
        if (ret ~ /\*$/) { }                 # "int *" would keep its star
        proto[name] = ret "\t" substr(text, open + 1, i - open - 1)
    }
}
END {
    for (n in want) {
        if (!(n in proto)) { print "gen-api.sh: no prototype of " n " in mpi.h" > "/dev/stderr"; bad = 1; continue }
        print n "\t" proto[n]
    }
    exit bad
}' | sort >"$rows.proto"
awk -F '\t' -v spdx="$spdx" -v hdr="$out/lib/facade/tsf_api.h" '
function args(params,    n, parts, i, a, list) {
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
BEGIN {
    print "/* " spdx " */"
    print "/* Generated from lib/api.def and MPICH'"'"'s prototypes by tools/gen-api.sh"
    print " * (make api): the binding.  Each MPI function of libtypeshim is"
    print " * exported as PMPI_name and, weak, MPI_name; with TYPESHIM_DISABLE it"
    print " * passes the call to the next layer untouched, else it calls the"
    print " * façade'"'"'s tsf_api_name (lib/facade/tsf_api.h). */"
    print "#include \"typeshim_config.h\""
    print ""
    print "#include \"facade/tsf.h\""
    print "#include \"facade/tsf_api.h\""
    print "#include \"layer/tsl.h\""
    print "/* " spdx " */" > hdr
    print "/* Generated from lib/api.def and MPICH'"'"'s prototypes by tools/gen-api.sh" > hdr
    print " * (make api): the façade functions the binding'"'"'s stubs call, one per MPI" > hdr
    print " * function of libtypeshim. */" > hdr
    print "#ifndef TSF_API_H" > hdr
    print "#define TSF_API_H" > hdr
    print "" > hdr
    print "#include <mpi.h>" > hdr
    print "" > hdr
    print "#include \"util/tsu.h\"" > hdr
    print "" > hdr
}
{
    name = $1; ret = $2; params = $3; short = name; sub(/^MPI_/, "", short)
    a = args(params)
    print ""
    print "TSU_WEAK_ALIAS(" name ", P" name ")"
    print ret " P" name "(" params ")"
    print "{"
    print "    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next." short ")"
    print "        return tsl_next." short "(" a ");"
    print "    return tsf_api_" short "(" a ");"
    print "}"
    print "TSU_HIDDEN " ret " tsf_api_" short "(" params ");" > hdr
}
END {
    print "" > hdr
    print "#endif /* TSF_API_H */" > hdr
}' "$rows.proto" >"$out/lib/binding/tsb_stubs.c"
rm -f "$rows.mpi" "$rows.proto"

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
