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

# Every prototype of MPICH's mpi.h, mpi_proto.h and mpio.h (MPI_INCDIR
# overrides where they are) and of include/typeshim.h, as
# name <tab> return type <tab> parameters (the first declaration counts).
incdir=${MPI_INCDIR:-$(pkg-config --variable=includedir mpich 2>/dev/null || true)}
if [ ! -f "$incdir/mpi.h" ]; then
    echo "gen-api.sh: MPICH's mpi.h not found (pkg-config mpich, or set MPI_INCDIR)" >&2
    exit 1
fi
cat "$incdir"/mpi.h "$incdir"/mpi_proto.h "$incdir"/mpio.h "$src/include/typeshim.h" 2>/dev/null | awk '
# a prototype starts with its return type and the name, and ends at ";"
!grab && match($0, /^(TYPESHIM_API )?[A-Za-z_][A-Za-z_0-9 ]*[ *](MPI|typeshim)_[A-Za-z_0-9]+\(/) {
    head = substr($0, 1, RLENGTH - 1)
    name = head; sub(/.*[ *]/, "", name)
    if (!(name in proto)) { grab = 1; text = "" }
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
        proto[name] = 1
        print name "\t" ret "\t" substr(text, open + 1, i - open - 1)
    }
}' | sort >"$rows.allproto"

# library name kind page decoration, comments and blank lines dropped;
# checked.  The row "libtypeshim MPI_* wrap - -" stands for every MPI
# function of the headers with a datatype argument (an input MPI_Datatype
# or array of them) that no other row of libtypeshim names.
awk '!/^#/ && NF {
    if (NF != 5 || $3 !~ /^(mpi|compat|ext|value|callback|wrap|data)$/ ||
        $5 !~ /^(-|checked|layer)$/ || ($3 == "data" && $4 != "-") ||
        ($1 != "libtypeshim" && $1 != "libtypeshim-serial")) {
        printf "gen-api.sh: %s:%d: bad row: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
        bad = 1
    }
    if (seen[$1 " " $2]++) {
        printf "gen-api.sh: %s:%d: %s listed twice\n", FILENAME, FNR, $2 > "/dev/stderr"
        bad = 1
    }
    print $1, $2, $3, $4, $5
}
END { exit bad }' "$def" >"$rows.table"
awk -F '\t' -v table="$rows.table" '
BEGIN {
    while ((getline l < table) > 0) {
        split(l, f, " ")
        if (f[2] == "MPI_*") { rule = 1; continue }
        print l
        if (f[1] == "libtypeshim") named[f[2]] = 1
    }
}
rule && $1 ~ /^MPI_/ && !($1 in named) && $1 !~ /^MPI_T_/ {
    # an input datatype: MPI_Datatype name, or an array of them
    n = split($3, ps, ",")
    for (i = 1; i <= n; i++)
        if (ps[i] ~ /(^| )MPI_Datatype [A-Za-z_0-9]+(\[\])?$/) {
            print "libtypeshim", $1, "wrap", "-", "-"
            break
        }
}' "$rows.allproto" >"$rows"

# export lists: an MPI function exports its MPI_ (weak) and PMPI_ names; a
# wrapped one its MPI_ name (weak) only: PMPI_ calls go to the next layer
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
# typeshim_ function that returns an error code, and the declarations of
# what the stubs call.
join_proto() {
    awk -v protos="$rows.allproto" '
    BEGIN { FS = " "; while ((getline l < protos) > 0) { split(l, f, "\t"); p[f[1]] = f[2] "\t" f[3] } }
    {
        if (!($2 in p)) { print "gen-api.sh: no prototype of " $2 > "/dev/stderr"; bad = 1; next }
        print $2 "\t" $3 "\t" $5 "\t" p[$2]
    }
    END { exit bad }' | sort
}
awk '$1 == "libtypeshim" && ($3 == "mpi" || $3 == "compat" || $3 == "ext" ||
                            ($3 == "wrap" && $5 == "layer"))' "$rows" | join_proto >"$rows.proto"
awk '$1 == "libtypeshim" && $3 == "wrap"' "$rows" | join_proto >"$rows.wrap"
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
    if (kind == "wrap") { # its stub is in tsb_wrap.c
        short = name; sub(/^MPI_/, "", short)
        print "TSU_HIDDEN " ret " tsl_api_" short "(" params ");" > lh
        next
    }
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
        if (params ~ /MPI_Datatype \*newtype/) # a constructor: where the program called it
            print "    tsu_call_site = __builtin_return_address(0);"
        if (deco == "checked") {
            print "    rc = TSU_UNLIKELY(tsl_checking)"
            print "             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_" short "(" a "))"
            print "             : tsf_api_" short "(" a ");"
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

# The wrapped functions: every MPI function of the next layer with a
# datatype argument (and MPI_Error_string).  Each stub checks its datatype
# arguments on typeshim's table before the call goes on (the layer finds
# the next layer's function: tsl_wrap.def).
{
    echo "/* $spdx */"
    echo "/* Generated from lib/api.def and the prototypes by tools/gen-api.sh"
    echo " * (make api): the MPI functions of the next layer that libtypeshim"
    echo " * wraps, by name without the MPI_ prefix. */"
    awk -F '\t' '{ n = $1; sub(/^MPI_/, "", n); print "TSL_WRAP(" n ")" }' "$rows.wrap"
} >"$out/lib/layer/tsl_wrap.def"
awk -F '\t' -v spdx="$spdx" '
function trim(x) { sub(/^[ \t]+/, "", x); sub(/[ \t]+$/, "", x); return x }
# the receive side of a call: its type map must not overlap itself
function receives(fn, name) {
    if (name ~ /^recvtypes?$/ || name == "result_datatype") return 1
    if (name == "origin_datatype") return fn ~ /^MPI_R?get(_c)?$/
    if (name != "datatype") return 0
    return fn ~ /^MPI_(Recv|Irecv|Mrecv|Imrecv|Recv_init|Precv_init)(_c)?$/ ||
           fn ~ /^MPI_(Sendrecv_replace|Isendrecv_replace|Allreduce|Iallreduce|Reduce_local)/ ||
           fn ~ /^MPI_(Bcast|Ibcast|Reduce|Ireduce)(_init)?(_c)?$/ ||
           fn ~ /^MPI_(Scan|Iscan|Exscan|Iexscan|Reduce_scatter|Ireduce_scatter)/ ||
           fn ~ /^MPI_(Fetch_and_op|Compare_and_swap|File_i?read)/
}
BEGIN {
    print "/* " spdx " */"
    print "/* Generated from lib/api.def and the prototypes by tools/gen-api.sh"
    print " * (make api): the wrapped MPI functions of the next layer.  Unless"
    print " * TYPESHIM_DISABLE is set, each checks every datatype argument the call"
    print " * reads (tsf_check_type: known, not freed, committed, a receive type map"
    print " * that does not overlap, a count that is not negative) and raises a"
    print " * failure on the call'"'"'s communicator, window or file; then it calls the"
    print " * next layer'"'"'s PMPI_ function.  Arguments MPI ignores are not read:"
    print " * the send side with MPI_IN_PLACE as sendbuf, the receive side with"
    print " * MPI_IN_PLACE as recvbuf, the root'"'"'s side of a rooted collective"
    print " * elsewhere.  Exported as weak MPI_ names only: a runtime that defines"
    print " * them (libtypeshim-serial) wins a static link. */"
    print "#include \"typeshim_config.h\""
    print ""
    print "#include \"binding/tsb.h\""
    print "#include \"facade/tsf.h\""
    print "#include \"layer/tsl.h\""
    print "#include \"layer/tsl_api.h\""
}
{
    fn = $1; deco = $3; ret = $4; params = $5
    short = fn; sub(/^MPI_/, "", short)
    np = split(params, ps, ",")
    list = ""; obj = ""; objkind = "TSB_ON_WORLD"; hasroot = 0
    rooted = fn ~ /^MPI_(Gather|Gatherv|Igather|Igatherv|Scatter|Scatterv|Iscatter|Iscatterv)(_init)?(_c)?$/
    for (i = 1; i <= np; i++) {
        p = trim(ps[i])
        arr = p ~ /\[\]$/
        q = p; sub(/\[\]$/, "", q)
        match(q, /[A-Za-z_][A-Za-z_0-9]*$/)
        nm[i] = substr(q, RSTART, RLENGTH)
        ty[i] = trim(substr(q, 1, RSTART - 1))
        isarr[i] = arr
        list = list (i > 1 ? ", " : "") nm[i]
        if (obj == "" && !arr && ty[i] == "MPI_Comm") { obj = nm[i]; objkind = "TSB_ON_COMM" }
        if (obj == "" && !arr && ty[i] == "MPI_Win") { obj = nm[i]; objkind = "TSB_ON_WIN" }
        if (obj == "" && !arr && ty[i] == "MPI_File") { obj = nm[i]; objkind = "TSB_ON_FILE" }
        if (nm[i] == "root") hasroot = 1
    }
    print ""
    print "TSU_WEAK_DEF " ret " " fn "(" params ")"
    print "{"
    if (deco == "layer") {
        print "    return tsl_api_" short "(" list ");"
        print "}"
        next
    }
    nchk = 0
    for (i = 1; i <= np; i++) {
        if (ty[i] != "MPI_Datatype" && ty[i] != "const MPI_Datatype") continue
        flags = (fn ~ /get_type_extent/) ? "0" : "TSF_ARG_COMMITTED"
        if (receives(fn, nm[i])) {
            recv = "TSF_ARG_RECV"
            # a receive from MPI_PROC_NULL writes nothing (MPI-4.1 section
            # 3.11): its type is checked, its overlap is not
            for (j = 1; j <= np; j++)
                if (nm[j] == "source") recv = "(source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)"
            if (fn ~ /^MPI_(Mrecv|Imrecv)/)
                recv = "(message && *message != MPI_MESSAGE_NO_PROC ? TSF_ARG_RECV : 0)"
            # a broadcast receives on every process but the root, a
            # reduction on the root only
            if (fn ~ /^MPI_(Bcast|Ibcast)/) recv = "(at_root ? 0 : TSF_ARG_RECV)"
            if (fn ~ /^MPI_(Reduce|Ireduce)(_init)?(_c)?$/) recv = "(at_root ? TSF_ARG_RECV : 0)"
            flags = flags " | " recv
        }
        cond = ""
        # a process of the root group of an intercommunicator, not the
        # root (MPI_PROC_NULL) takes part in nothing
        if (hasroot) cond = "root != MPI_PROC_NULL && "
        side = nm[i] ~ /^send/ ? "send" : (nm[i] ~ /^recv/ ? "recv" : "")
        if (side != "") {
            for (j = 1; j <= np; j++)
                if (nm[j] == side "buf") cond = cond nm[j] " != MPI_IN_PLACE && "
            if (rooted && ((fn ~ /[Gg]ather/ && side == "recv") || (fn ~ /[Ss]catter/ && side == "send")))
                cond = cond "at_root && "
            # the root of a gather on an intercommunicator only receives, of
            # its scatter only sends
            if (rooted && ((fn ~ /[Gg]ather/ && side == "send") || (fn ~ /[Ss]catter/ && side == "recv")))
                cond = cond "root != MPI_ROOT && "
        }
        if (isarr[i]) {
            # an array of types: one per process of the group (MPI_Alltoallw);
            # the neighbourhood forms depend on the topology and are not read
            if (fn ~ /[Nn]eighbor/) continue
            cnt = nm[i]; sub(/types$/, "counts", cnt)
            call = "tsf_check_types(fn, \"" nm[i] "\", " nm[i] ", \"" cnt "\", " cnt ", sizeof(*" cnt "), tsl_group_size(" obj "), " flags ")"
        } else {
            cname = "NULL"; cval = "0"
            if (i > 1 && !isarr[i - 1] && nm[i - 1] ~ /count$/ && (ty[i - 1] == "int" || ty[i - 1] == "MPI_Count")) {
                cname = "\"" nm[i - 1] "\""; cval = nm[i - 1]
            }
            call = "tsf_check_type(fn, \"" nm[i] "\", " nm[i] ", " cname ", " cval ", " flags ")"
            # a v form: blocks of recvcounts[i] elements over the group (the
            # length of a neighbourhood form depends on the topology: not read)
            for (j = 1; j <= np; j++)
                if (cname == "NULL" && nm[i] == "recvtype" && nm[j] == "recvcounts" && isarr[j] && fn !~ /[Nn]eighbor/)
                    call = "tsf_check_type_counts(fn, \"" nm[i] "\", " nm[i] ", \"recvcounts\", recvcounts, sizeof(*recvcounts), tsl_group_size(" obj "), " flags ")"
        }
        chk[++nchk] = "(" cond "(rc = " call "))"
    }
    print "    const char *fn = \"" fn "\";"
    print "    __typeof__(MPI_" short ") *next_fn;"
    if (nchk) {
        print "    int rc;"
        print ""
        print "    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {"
        if (rooted || fn ~ /^MPI_(Bcast|Ibcast|Reduce|Ireduce)(_init)?(_c)?$/)
            print "        int at_root = tsl_is_root(comm, root);"
        for (k = 1; k <= nchk; k++)
            print "        " (k == 1 ? "if (" : "    ") chk[k] (k < nchk ? " ||" : ")")
        print "            return tsb_raise_on(" objkind ", " (obj == "" ? "NULL" : "&" obj) ", rc);"
        print "    }"
    } else {
        print ""
        print "    /* its datatype arguments depend on the topology: not read */"
    }
    print "    next_fn = TSL_WRAP_NEXT(" short ");"
    print "    if (TSU_UNLIKELY(!next_fn))"
    print "        return tsb_no_next(" objkind ", " (obj == "" ? "NULL" : "&" obj) ", fn);"
    print "    return next_fn(" list ");"
    print "}"
}' "$rows.wrap" >"$out/lib/binding/tsb_wrap.c"
rm -f "$rows.wrap"

# man pages: the real ones, and a ".so" alias for every other symbol
awk '$4 != "-" {
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
    echo "	man/man1/typeshim-c++.1 \\"
    echo "	man/man1/typeshim-cc.1 \\"
    echo "	man/man1/typeshim-fort.1 \\"
    echo "	man/man1/typeshim-run.1 \\"
    echo "	man/man7/typeshim.7"
    echo ""
    echo "# Installed as <name>.\$(TS_MAN3EXT) in man3 (man/local.mk), so that they do"
    echo "# not shadow MPICH's pages of the same functions."
    echo "TS_MAN3_PAGES = \\"
    awk '{ print $1 }' "$rows.man" | sed 's|.*|	man/man3/&.3 \\|' | sed '$ s| \\$||'
} >"$out/man/pages.mk"
rm -f "$rows.man"

# Open MPI's ABI: the prototypes its mpi.h (4.1) lacks, of the MPI functions
# libtypeshim and libtypeshim-serial define (MPI-4.0's, and MPI-1's with
# the MPI_Aint_add/diff that Open MPI makes macros), as MPICH declares them,
# with their PMPI_ twins.  lib/abi/ompi/mpi.h includes them after Open
# MPI's own header.  Skipped when Open MPI's mpi.h is not found
# (OMPI_INCDIR overrides where it is).
oincdir=${OMPI_INCDIR:-$(pkg-config --variable=includedir ompi-c 2>/dev/null || true)}
if [ -f "$oincdir/mpi.h" ]; then
    mkdir -p "$out/lib/abi/ompi"
    awk '
    !grab && match($0, /^(OMPI_DECLSPEC +)?[A-Za-z_][A-Za-z_0-9 ]*[ *]P?MPI_[A-Za-z_0-9]+ *\(/) {
        grab = 1; text = ""
    }
    grab {
        text = text " " $0
        if (index($0, ";")) {
            grab = 0
            sub(/\(.*/, "", text); sub(/ +$/, "", text); sub(/.*[ *]/, "", text)
            print text
        }
    }' "$oincdir/mpi.h" | sort -u >"$rows.ompi"
    {
        echo "/* $spdx */"
        echo "/* Generated from lib/api.def and the prototypes of MPICH's and Open"
        echo " * MPI's mpi.h by tools/gen-api.sh (make api): the MPI functions"
        echo " * typeshim defines that Open MPI 4.1's mpi.h does not declare. */"
        echo "#ifndef TSA_PROTO_H"
        echo "#define TSA_PROTO_H"
        echo ""
        awk -F '\t' -v have="$rows.ompi" '
        BEGIN { while ((getline l < have) > 0) got[l] = 1 }
        FILENAME == ARGV[1] { # the rows: the MPI functions of both libraries
            split($0, f, " ")
            if (f[3] == "mpi" || f[3] == "compat" || f[3] == "wrap") want[f[2]] = 1
            next
        }
        $1 in want {
            if (!($1 in got)) print $2 " " $1 "(" $3 ");"
            if (!(("P" $1) in got)) print $2 " P" $1 "(" $3 ");"
        }' "$rows" "$rows.allproto"
        echo ""
        echo "/* Weak: the objects and callbacks are libmpi's (layered) or the runtime's"
        echo " * (standalone); loaded without either, typeshim finds them 0 and"
        echo " * refuses to run instead of failing to load. */"
        sed -n -e 's/^OMPI_DECLSPEC extern [A-Za-z_ ]*[ *]\([A-Za-z_][A-Za-z_0-9]*\);.*/#pragma weak \1/p' \
            -e 's/^OMPI_DECLSPEC *int *\(OMPI_C_[A-Za-z_0-9]*\) *(.*/#pragma weak \1/p' \
            "$oincdir/mpi.h" | sort -u
        echo ""
        echo "#endif /* TSA_PROTO_H */"
    } >"$out/lib/abi/ompi/tsa_proto.h"
    # The Fortran values of Open MPI's predefined handles (mpif-handles.h,
    # mpif-io-handles.h),
    # for MPI_Comm_c2f and its kin in the standalone runtime; each guarded
    # by the C name, as not all of them have one.
    {
        echo "/* $spdx */"
        echo "/* Generated from Open MPI's mpif-handles.h and mpif-io-handles.h by"
        echo " * tools/gen-api.sh (make api): each predefined handle's C name and"
        echo " * Fortran value. */"
        sed -n 's/^ *parameter *(\(MPI_[A-Z0-9_]*\) *= *\([0-9][0-9]*\)).*/\1 \2/p' \
            "$oincdir/mpif-handles.h" "$oincdir/mpif-io-handles.h" | sort -u |
            awk '{ print "#ifdef " $1; print "TSA_FHANDLE(" $1 ", " $2 ")"; print "#endif" }'
    } >"$out/lib/abi/ompi/tsa_fhandles.h"
    # libtypeshim-serial-ompi exports libtypeshim-serial's functions, the
    # predefined objects and callbacks Open MPI's mpi.h names, and the
    # handle conversions Open MPI makes functions (MPICH: macros).
    # (not the objects MPICH's header declares and Open MPI's makes
    # constants, MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY)
    sed -n 's/^# *define \(MPI_[A-Z_]*\)  *((.*/\1/p' "$oincdir/mpi.h" | sort -u >"$rows.oconst"
    {
        grep -vxF -f "$rows.oconst" "$out/lib/typeshim-serial.sym"
        sed -n -e 's/^OMPI_DECLSPEC extern [A-Za-z_ ]*[ *]\([A-Za-z_][A-Za-z_0-9]*\);.*/\1/p' \
            -e 's/^OMPI_DECLSPEC *int *\(OMPI_C_[A-Za-z_0-9]*\) *(.*/\1/p' "$oincdir/mpi.h"
        grep -E '^MPI_[A-Za-z]+_(c2f|f2c)$' "$rows.ompi" | sed 'p;s/^/P/'
    } | LC_ALL=C sort -u >"$out/lib/typeshim-serial-ompi.sym"
    rm -f "$rows.ompi" "$rows.oconst"
fi
