#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-manpages.sh - the man pages must cover and match the exported API.
#
#   1. Inventory: every symbol of lib/typeshim.sym and lib/typeshim-serial.sym
#      (variables, kind "data" in lib/api.def, aside) has a page
#      man/man3/<symbol>.3, every man3 page is such a symbol, and
#      man/local.mk (and bindings/java/local.mk) installs exactly the pages
#      that exist (man1, man3 and man7); man/man1 holds one page <name>.1
#      for each program of bin_SCRIPTS in tools/local.mk and
#      bindings/java/local.mk, and nothing else.
#   2. Alias pages hold one line, ".so man3/<target>.3", naming a real page:
#      PMPI_X goes where MPI_X goes, X_c and X_x go to X's page, and
#      MPIR_Dup_fn (MPI_TYPE_DUP_FN) to MPI_Type_create_keyval.3.  Only
#      PMPI_, _c, _x names and MPIR_Dup_fn may be aliases.
#   3. groff -ww -man -z prints no warning for any page, alias pages
#      included (run from man/, so that .so resolves as man(1) does), nor
#      with -Tutf8 and -Tascii for the real pages, the man1 pages and
#      typeshim(7).
#   4. Every real page: .TH <name> <section> "@TS_MAN_DATE@"
#      "typeshim @PACKAGE_VERSION@" "typeshim" (make install writes the
#      date and configure.ac's version there; check-install.sh checks the
#      installed pages); sections NAME,
#      SYNOPSIS, DESCRIPTION, PARAMETERS (unless every prototype is (void)),
#      RETURN VALUE, ERRORS and SEE ALSO; NAME lists every function the
#      page documents; SEE ALSO names only pages that exist.
#   5. SYNOPSIS: each prototype (the text between .nf and .fi that is not a
#      request, split at ';') equals, whitespace normalised, the declaration
#      in MPICH's mpi.h (and the headers it includes from its directory),
#      minus MPICH_API_PUBLIC, ROMIO_API_PUBLIC and the MPICH_ATTR_*
#      annotations (the first declaration of a name counts); typeshim_*
#      functions and typedefs are compared with include/typeshim.h (minus
#      TYPESHIM_API).
#   6. Every man1 page: .TH <name> 1 "@TS_MAN_DATE@"
#      "typeshim @PACKAGE_VERSION@" "typeshim"; sections NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT
#      STATUS and SEE ALSO; its SEE ALSO names only typeshim pages that
#      exist (pages of other packages, such as mpiexec(1), are not checked).
#      The page includes <mpi.h> (<typeshim.h> for typeshim_*), declares
#      every symbol that resolves to it (PMPI_ forms excepted), and has a
#      PARAMETERS entry ".I <name>" for every parameter of its prototypes.
#
# Exit status: 0 pass, 1 fail (every problem printed), 77 skip (no groff).
# Environment: top_srcdir, top_builddir (AM_TESTS_ENVIRONMENT); optional
# MPICH_INCLUDEDIR (else taken from $top_builddir/Makefile, else from
# pkg-config).

LC_ALL=C
export LC_ALL

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
mandir=$top_srcdir/man

if ! command -v groff >/dev/null 2>&1; then
    echo "SKIP: groff not found"
    exit 77
fi

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/check-manpages.XXXXXX") || exit 1
trap 'rm -rf "$tmpdir"' 0 1 2 15

status=0
fail() {
    echo "FAIL: $*"
    status=1
}

# ------------------------------------------------------------ inputs
# the pages hold placeholders, which make install replaces
date='@TS_MAN_DATE@'
version='@PACKAGE_VERSION@'

incdir=${MPICH_INCLUDEDIR:-}
if [ -z "$incdir" ] && [ -f "$top_builddir/Makefile" ]; then
    incdir=$(sed -n 's/^MPICH_INCLUDEDIR *= *//p' "$top_builddir/Makefile" | sed 's/ *$//' | head -n 1)
fi
if [ -z "$incdir" ] || [ ! -f "$incdir/mpi.h" ]; then
    incdir=$(pkg-config --variable=includedir mpich 2>/dev/null)
fi
if [ -z "$incdir" ] || [ ! -f "$incdir/mpi.h" ]; then
    echo "FAIL: cannot find MPICH's mpi.h (set MPICH_INCLUDEDIR)"
    exit 1
fi
# mpi.h and the headers it includes from its own directory (mpi_proto.h)
headers="$incdir/mpi.h"
for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' "$incdir/mpi.h"); do
    if [ -f "$incdir/$h" ]; then
        headers="$headers $incdir/$h"
    fi
done

for f in "$top_srcdir/lib/typeshim.sym" "$top_srcdir/lib/typeshim-serial.sym" "$top_srcdir/lib/api.def" \
    "$top_srcdir/include/typeshim.h" "$mandir/local.mk" "$mandir/pages.mk" \
    "$top_srcdir/tools/local.mk" "$top_srcdir/bindings/java/local.mk"; do
    if [ ! -f "$f" ]; then
        echo "FAIL: $f is missing"
        exit 1
    fi
done

# the exported symbols, but for the next layer's functions libtypeshim
# wraps (lib/layer/tsl_wrap.def, made from lib/api.def: typeshim(7)
# documents the checks, and the next layer its functions)
sed -n 's/^TSL_WRAP(\(.*\))$/MPI_\1/p' "$top_srcdir/lib/layer/tsl_wrap.def" | sort -u >"$tmpdir/wrapped"
{
    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$top_srcdir/lib/typeshim.sym" |
        sort -u | comm -23 - "$tmpdir/wrapped"
    # libtypeshim-serial's functions have pages, wrapped by libtypeshim or not
    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$top_srcdir/lib/typeshim-serial.sym"
} | sort -u >"$tmpdir/exported"
# but for the variables (kind "data" in lib/api.def: MPI_UNWEIGHTED), which
# the pages of the functions that take them and typeshim(7) describe
awk '!/^#/ && NF == 5 && $3 == "data" { print $2 }' "$top_srcdir/lib/api.def" | sort -u >"$tmpdir/data"
comm -23 "$tmpdir/exported" "$tmpdir/data" >"$tmpdir/symbols"

(cd "$mandir/man3" && ls -- *.3 2>/dev/null) | sed 's/\.3$//' | sort >"$tmpdir/pages"
(cd "$mandir/man1" 2>/dev/null && ls -- *.1 2>/dev/null) | sed 's/\.1$//' | sort >"$tmpdir/pages1"

# the installed programs: bin_SCRIPTS of tools/local.mk (= or +=, with
# continuation lines), by base name
awk '
    /^[ \t]*bin_SCRIPTS[ \t]*\+?=/ { on = 1; sub(/^[^=]*=/, "") }
    on {
        more = sub(/\\[ \t]*$/, "")
        n = split($0, w, /[ \t]+/)
        for (i = 1; i <= n; i++)
            if (w[i] != "") { sub(/.*\//, "", w[i]); print w[i] }
        on = more
    }' "$top_srcdir/tools/local.mk" "$top_srcdir/bindings/java/local.mk" | sort -u >"$tmpdir/programs"

# ------------------------------------------------------------ 1. inventory
comm -23 "$tmpdir/symbols" "$tmpdir/pages" >"$tmpdir/x"
while read -r s; do
    fail "symbol $s has no page man/man3/$s.3"
done <"$tmpdir/x"
comm -13 "$tmpdir/symbols" "$tmpdir/pages" >"$tmpdir/x"
while read -r s; do
    fail "man/man3/$s.3 documents no exported symbol (not in lib/*.sym)"
done <"$tmpdir/x"

comm -23 "$tmpdir/programs" "$tmpdir/pages1" >"$tmpdir/x"
while read -r s; do
    fail "program $s (bin_SCRIPTS of tools/local.mk) has no page man/man1/$s.1"
done <"$tmpdir/x"
comm -13 "$tmpdir/programs" "$tmpdir/pages1" >"$tmpdir/x"
while read -r s; do
    fail "man/man1/$s.1 documents no installed program (not in bin_SCRIPTS of tools/local.mk)"
done <"$tmpdir/x"

{
    sed 's|^|man/man1/|; s|$|.1|' "$tmpdir/pages1"
    sed 's|^|man/man3/|; s|$|.3|' "$tmpdir/pages"
    (cd "$mandir/man7" && ls -- *.7 2>/dev/null) | sed 's|^|man/man7/|'
} | sort >"$tmpdir/files"
sed '/^#/d' "$mandir/local.mk" "$mandir/pages.mk" "$top_srcdir/bindings/java/local.mk" |
    grep -o 'man/man[137]/[A-Za-z0-9_.+-]*\.[137]' |
    sort -u >"$tmpdir/listed"
comm -23 "$tmpdir/files" "$tmpdir/listed" >"$tmpdir/x"
while read -r f; do
    fail "$f exists but man/local.mk does not install it"
done <"$tmpdir/x"
comm -13 "$tmpdir/files" "$tmpdir/listed" >"$tmpdir/x"
while read -r f; do
    fail "man/local.mk lists $f, which does not exist"
done <"$tmpdir/x"
if [ ! -f "$mandir/man7/typeshim.7" ]; then
    fail "man/man7/typeshim.7 is missing"
fi

# ------------------------------------------------------------ 2. aliases
# page -> target ("-" for a real page)
: >"$tmpdir/kind"
while read -r p; do
    f=$mandir/man3/$p.3
    if grep -q '^\.so' "$f"; then
        body=$(sed -e '/^\.\\"/d' -e '/^[[:space:]]*$/d' "$f")
        t=$(printf '%s\n' "$body" | sed -n 's|^\.so man3/\([A-Za-z0-9_]*\)\.3$|\1|p')
        if [ -z "$t" ] || [ "$(printf '%s\n' "$body" | wc -l)" -ne 1 ]; then
            fail "man/man3/$p.3: an alias page must be the single line '.so man3/<page>.3'"
            t=-
        fi
        echo "$p $t" >>"$tmpdir/kind"
    else
        echo "$p -" >>"$tmpdir/kind"
    fi
done <"$tmpdir/pages"

# resolve: page -> real page it shows
awk '{ k[$1] = $2 } END { for (p in k) print p, (k[p] == "-" ? p : k[p]) }' "$tmpdir/kind" |
    sort >"$tmpdir/resolve"
awk '$2 == "-" { print $1 }' "$tmpdir/kind" >"$tmpdir/real"

awk -v kindf="$tmpdir/kind" '
    BEGIN { while ((getline l < kindf) > 0) { split(l, a, " "); k[a[1]] = a[2] } }
    function real(p) { return (p in k) && k[p] == "-" }
    {
        p = $1; t = $2
        if (t == "-") next
        if (!(t in k)) { print "alias man/man3/" p ".3 points to man/man3/" t ".3, which does not exist"; next }
        if (!real(t)) { print "alias man/man3/" p ".3 points to another alias, " t ".3"; next }
        if (p == "MPIR_Dup_fn") {
            if (t != "MPI_Type_create_keyval")
                print "MPIR_Dup_fn.3 must point to MPI_Type_create_keyval.3, not " t ".3"
            next
        }
        base = p
        if (base ~ /^PMPI_/) {
            base = substr(base, 2)
            if (!(base in k)) { print "alias " p ".3: there is no page " base ".3"; next }
            want = (k[base] == "-") ? base : k[base]
            if (t != want)
                print "alias " p ".3 points to " t ".3 but " base " is documented in " want ".3"
            next
        }
        if (base ~ /_[cx]$/) {
            base = substr(base, 1, length(base) - 2)
            if (t != base)
                print "alias " p ".3 must point to " base ".3, not " t ".3"
            next
        }
        print "man/man3/" p ".3 is an alias, but only PMPI_, _c, _x pages and MPIR_Dup_fn may be"
    }' "$tmpdir/kind" >"$tmpdir/x"
while read -r l; do
    fail "$l"
done <"$tmpdir/x"

# ------------------------------------------------------------ 3. groff
# Every page with the default device (aliases too: .so must resolve), the
# real pages also for the terminal devices man(1) uses.
for dev in "" -Tutf8 -Tascii; do
    if [ -z "$dev" ]; then list=$tmpdir/pages; else list=$tmpdir/real; fi
    while read -r p; do
        (cd "$mandir" && groff -ww -man -z $dev "man3/$p.3") >"$tmpdir/g.out" 2>&1
        if [ -s "$tmpdir/g.out" ]; then
            fail "groff -ww -man -z $dev man3/$p.3:"
            sed 's/^/    /' "$tmpdir/g.out"
        fi
    done <"$list"
    while read -r p; do
        (cd "$mandir" && groff -ww -man -z $dev "man1/$p.1") >"$tmpdir/g.out" 2>&1
        if [ -s "$tmpdir/g.out" ]; then
            fail "groff -ww -man -z $dev man1/$p.1:"
            sed 's/^/    /' "$tmpdir/g.out"
        fi
    done <"$tmpdir/pages1"
    (cd "$mandir" && groff -ww -man -z $dev man7/typeshim.7) >"$tmpdir/g.out" 2>&1
    if [ -s "$tmpdir/g.out" ]; then
        fail "groff -ww -man -z $dev man7/typeshim.7:"
        sed 's/^/    /' "$tmpdir/g.out"
    fi
done

# ------------------------------------------------------------ 4/5. real pages
# Declarations of the headers: "name<TAB>normalised prototype".
cat >"$tmpdir/norm.awk" <<'EOF'
function norm(s) {
    gsub(/MPICH_ATTR_[A-Za-z_]*\([^)]*\)/, "", s)
    gsub(/MPICH_API_PUBLIC|ROMIO_API_PUBLIC|TYPESHIM_API/, "", s)
    gsub(/[ \t\r\n]+/, " ", s)
    gsub(/ *\( */, "(", s); gsub(/ *\) */, ")", s)
    gsub(/ *, */, ",", s); gsub(/ *\* */, "*", s)
    gsub(/ *\[ */, "[", s); gsub(/ *\] */, "]", s)
    gsub(/ *; */, "", s)
    sub(/^ /, "", s); sub(/ $/, "", s)
    return s
}
function fname(s,   i) {
    i = index(s, "(")
    s = substr(s, 1, i - 1)
    sub(/.*[ *]/, "", s)
    return s
}
EOF

cat >"$tmpdir/decls.awk" <<'EOF'
!in_decl && /^typedef/ { in_decl = 1; buf = "" }
!in_decl && /^[A-Za-z_][A-Za-z0-9_ *]*[ *](P?MPI_|MPIX_|typeshim_)[A-Za-z0-9_]*\(/ &&
    !/^(typedef|static|extern|#)/ { in_decl = 1; buf = "" }
in_decl {
    buf = buf " " $0
    if (index($0, ";")) {
        in_decl = 0
        s = norm(buf)
        print (s ~ /^typedef/ ? "typedef" : fname(s)) "\t" s
    }
}
EOF
if ! awk -f "$tmpdir/norm.awk" -f "$tmpdir/decls.awk" $headers "$top_srcdir/include/typeshim.h" \
    >"$tmpdir/decls"; then
    fail "could not read the declarations of $headers"
fi
if [ ! -s "$tmpdir/decls" ]; then
    fail "no declarations found in $headers"
fi

# The checks of one real page; prints one problem per line.
cat >"$tmpdir/page.awk" <<'EOF'
BEGIN {
    while ((getline l < declf) > 0) {
        i = index(l, "\t")
        # the first declaration wins: mpi.h and mpi_proto.h come before
        # mpio.h, whose copies of some prototypes are #ifdef'd out
        if (substr(l, 1, i - 1) == "typedef") tdecl[substr(l, i + 1)] = 1
        else if (!(substr(l, 1, i - 1) in decl)) decl[substr(l, 1, i - 1)] = substr(l, i + 1)
    }
    while ((getline l < resolvef) > 0) {
        split(l, a, " ")
        if (a[2] == page && a[1] !~ /^PMPI_/ && a[1] != "MPIR_Dup_fn")
            mine[a[1]] = 1
    }
    while ((getline l < existf) > 0)
        exists[l] = 1
}
th == "" && /^\.TH/ { th = $0 }
/^\.SH/ {
    sec = $0
    sub(/^\.SH[ \t]+/, "", sec)
    gsub(/"/, "", sec)
    have[sec] = 1
    nofill = 0
    next
}
sec == "NAME" && !/^\./ { namebuf = namebuf " " $0 }
sec == "SYNOPSIS" {
    if (/^\.nf/) { nofill = 1; next }
    if (/^\.fi/) { nofill = 0; next }
    if (/^\.B #include <mpi\.h>$/) inc_mpi = 1
    if (/^\.B #include <typeshim\.h>$/) inc_ts = 1
    if (/^\./) next
    if (!nofill) next  # prose ("Link with -ltypeshim.")
    l = $0
    gsub(/\\f[BIRP]/, "", l); gsub(/\\f\(../, "", l)
    gsub(/\\-/, "-", l); gsub(/\\&/, "", l); gsub(/\\e/, "\\", l)
    syn = syn " " l
}
sec == "PARAMETERS" && /^\.I / { p = $2; param[p] = 1 }
sec == "SEE ALSO" && /^\.BR? / {
    if (match($0, /^\.BR? [A-Za-z0-9_]+ \([37]\)/)) {
        split(substr($0, 1, RLENGTH), a, /[ ()]+/)
        ref = "man" a[3] "/" a[2] "." a[3]
        if (!(ref in exists)) print "SEE ALSO names " a[2] "(" a[3] "), which has no page"
    }
}
END {
    # .TH
    n = split(th, f, /"/)
    split(f[1], h, /[ \t]+/)
    if (h[1] != ".TH" || h[2] != page || h[3] != "3")
        print ".TH must start with '.TH " page " 3'"
    if (f[2] != date)
        print ".TH date must be the placeholder \"" date "\", not '" f[2] "'"
    if (f[4] != "typeshim " version)
        print ".TH source must be \"typeshim " version "\" (the placeholder), not \"" f[4] "\""
    if (f[6] != "typeshim")
        print ".TH manual must be \"typeshim\""
    split("NAME SYNOPSIS DESCRIPTION RETURN_VALUE ERRORS SEE_ALSO", req, " ")
    for (i in req) {
        s = req[i]; gsub(/_/, " ", s)
        if (!(s in have)) print "section " s " is missing"
    }
    # prototypes
    n = split(syn, protos, ";")
    nproto = 0; allvoid = 1
    for (i = 1; i <= n; i++) {
        s = norm(protos[i])
        if (s == "") continue
        if (s ~ /^typedef/) {
            if (!(s in tdecl)) print "SYNOPSIS typedef not found in the headers: " s
            continue
        }
        if (index(s, "(") == 0) { print "SYNOPSIS: not a prototype: " s; continue }
        nproto++
        name = fname(s)
        declared[name] = 1
        if (name ~ /^typeshim_/) { if (!inc_ts) print "SYNOPSIS: #include <typeshim.h> missing (for " name ")" }
        else if (!inc_mpi) print "SYNOPSIS: #include <mpi.h> missing (for " name ")"
        if (!(name in decl))
            print "SYNOPSIS: " name " is not declared in mpi.h or typeshim.h"
        else if (decl[name] != s) {
            print "SYNOPSIS prototype of " name " differs from the header:"
            print "    page:   " s
            print "    header: " decl[name]
        }
        if (index(namebuf, name) == 0)
            print "NAME does not list " name
        # parameters
        args = s; sub(/^[^(]*\(/, "", args); sub(/\)$/, "", args)
        if (args == "void") continue
        allvoid = 0
        np = split(args, ps, ",")
        for (j = 1; j <= np; j++) {
            q = ps[j]; gsub(/\[[^]]*\]/, "", q)
            if (match(q, /[A-Za-z_][A-Za-z0-9_]*$/)) {
                q = substr(q, RSTART)
                if (!(q in param)) print "PARAMETERS has no entry '.I " q "' (parameter of " name ")"
            }
        }
    }
    if (nproto == 0) print "SYNOPSIS has no prototype"
    if (!allvoid && !("PARAMETERS" in have)) print "section PARAMETERS is missing"
    for (m in mine)
        if (!(m in declared)) print "SYNOPSIS does not declare " m ", whose page points here"
    if (index(namebuf, page) == 0) print "NAME does not list " page
}
EOF

{
    sed 's|^|man3/|; s|$|.3|' "$tmpdir/pages"
    (cd "$mandir/man7" && ls -- *.7 2>/dev/null) | sed 's|^|man7/|'
} >"$tmpdir/exist"

while read -r p; do
    awk -f "$tmpdir/norm.awk" -f "$tmpdir/page.awk" -v page="$p" -v version="$version" -v date="$date" \
        -v declf="$tmpdir/decls" -v resolvef="$tmpdir/resolve" -v existf="$tmpdir/exist" \
        "$mandir/man3/$p.3" >"$tmpdir/x" 2>"$tmpdir/awk.err"
    if [ $? -ne 0 ] || [ -s "$tmpdir/awk.err" ]; then
        fail "man/man3/$p.3: the page checker failed:"
        sed 's/^/    /' "$tmpdir/awk.err"
    fi
    while read -r l; do
        fail "man/man3/$p.3: $l"
    done <"$tmpdir/x"
done <"$tmpdir/real"

# typeshim(7): header and version
if [ -f "$mandir/man7/typeshim.7" ]; then
    th=$(grep -m 1 '^\.TH' "$mandir/man7/typeshim.7")
    case $th in
    ".TH typeshim 7 \"$date\" \"typeshim $version\" \"typeshim\"") ;;
    *) fail "man/man7/typeshim.7: .TH must be '.TH typeshim 7 \"$date\" \"typeshim $version\" \"typeshim\"'" ;;
    esac
fi

# ------------------------------------------------------------ 6. man1 pages
{
    sed 's|^|man1/|; s|$|.1|' "$tmpdir/pages1"
    cat "$tmpdir/exist"
} >"$tmpdir/exist1"
cat >"$tmpdir/page1.awk" <<'EOF'
BEGIN {
    while ((getline l < existf) > 0)
        exists[l] = 1
}
th == "" && /^\.TH/ { th = $0 }
/^\.SH/ {
    sec = $0
    sub(/^\.SH[ \t]+/, "", sec)
    gsub(/"/, "", sec)
    have[sec] = 1
    next
}
sec == "SEE ALSO" && /^\.BR? / {
    if (match($0, /^\.BR? [A-Za-z0-9_.\\-]+ \([137]\)/)) {
        split(substr($0, 1, RLENGTH), a, /[ ()]+/)
        name = a[2]; gsub(/\\-/, "-", name)
        ref = "man" a[3] "/" name "." a[3]
        if (name ~ /^(typeshim|MPI_|PMPI_|MPIR_)/ && !(ref in exists))
            print "SEE ALSO names " name "(" a[3] "), which has no page"
    }
}
END {
    n = split(th, f, /"/)
    split(f[1], h, /[ \t]+/)
    if (h[1] != ".TH" || h[2] != page || h[3] != "1" || n != 7 || f[3] != " " || f[5] != " ")
        print ".TH must be '.TH " page " 1 \"<date>\" \"typeshim " version "\" \"typeshim\"'"
    if (f[2] != date)
        print ".TH date must be the placeholder \"" date "\", not '" f[2] "'"
    if (f[4] != "typeshim " version)
        print ".TH source must be \"typeshim " version "\" (the placeholder), not \"" f[4] "\""
    if (f[6] != "typeshim")
        print ".TH manual must be \"typeshim\""
    split("NAME SYNOPSIS DESCRIPTION OPTIONS EXIT_STATUS SEE_ALSO", req, " ")
    for (i in req) {
        s = req[i]; gsub(/_/, " ", s)
        if (!(s in have)) print "section " s " is missing"
    }
}
EOF
while read -r p; do
    awk -f "$tmpdir/page1.awk" -v page="$p" -v version="$version" -v date="$date" -v existf="$tmpdir/exist1" \
        "$mandir/man1/$p.1" >"$tmpdir/x" 2>"$tmpdir/awk.err"
    if [ $? -ne 0 ] || [ -s "$tmpdir/awk.err" ]; then
        fail "man/man1/$p.1: the page checker failed:"
        sed 's/^/    /' "$tmpdir/awk.err"
    fi
    while read -r l; do
        fail "man/man1/$p.1: $l"
    done <"$tmpdir/x"
done <"$tmpdir/pages1"

nreal=$(wc -l <"$tmpdir/real" | tr -d ' ')
nall=$(wc -l <"$tmpdir/pages" | tr -d ' ')
if [ $status -eq 0 ]; then
    echo "PASS: $(wc -l <"$tmpdir/pages1" | tr -d ' ') man1 page(s) for the installed programs; $nall man3 pages ($nreal real, $((nall - nreal)) aliases) and typeshim(7) cover the $(wc -l <"$tmpdir/symbols" | tr -d ' ') exported symbols and match mpi.h"
fi
exit $status
