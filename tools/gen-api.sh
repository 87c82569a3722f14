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
trap 'rm -f "$rows"' EXIT
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
