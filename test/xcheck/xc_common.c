/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_common.c: the helpers of the cross-check programs (xc_common.h):
 * printing "key = value" lines, decoding, bounds, packed-byte hashes. */
#include "xc_common.h"

const char *xc_predef_name(MPI_Datatype t)
{
    for (int i = 0; i < XC_NELEM(xc_named_types); i++)
        if (xc_named_types[i].type == t)
            return xc_named_types[i].name;
    if (t == MPI_DATATYPE_NULL)
        return "MPI_DATATYPE_NULL";
    return NULL;
}

const char *xc_combiner_name(int c)
{
    switch (c) {
    case MPI_COMBINER_NAMED:
        return "NAMED";
    case MPI_COMBINER_DUP:
        return "DUP";
    case MPI_COMBINER_CONTIGUOUS:
        return "CONTIGUOUS";
    case MPI_COMBINER_VECTOR:
        return "VECTOR";
    case MPI_COMBINER_HVECTOR_INTEGER:
        return "HVECTOR_INTEGER";
    case MPI_COMBINER_HVECTOR:
        return "HVECTOR";
    case MPI_COMBINER_INDEXED:
        return "INDEXED";
    case MPI_COMBINER_HINDEXED_INTEGER:
        return "HINDEXED_INTEGER";
    case MPI_COMBINER_HINDEXED:
        return "HINDEXED";
    case MPI_COMBINER_INDEXED_BLOCK:
        return "INDEXED_BLOCK";
    case MPI_COMBINER_STRUCT_INTEGER:
        return "STRUCT_INTEGER";
    case MPI_COMBINER_STRUCT:
        return "STRUCT";
    case MPI_COMBINER_SUBARRAY:
        return "SUBARRAY";
    case MPI_COMBINER_DARRAY:
        return "DARRAY";
    case MPI_COMBINER_F90_REAL:
        return "F90_REAL";
    case MPI_COMBINER_F90_COMPLEX:
        return "F90_COMPLEX";
    case MPI_COMBINER_F90_INTEGER:
        return "F90_INTEGER";
    case MPI_COMBINER_RESIZED:
        return "RESIZED";
    case MPI_COMBINER_HINDEXED_BLOCK:
        return "HINDEXED_BLOCK";
    default:
        return NULL;
    }
}

const char *xc_rc(int rc)
{
    static char buf[8][64];
    static int next;
    int cls = rc;
    if (rc == MPI_SUCCESS)
        return "ok";
    if (MPI_Error_class(rc, &cls) != MPI_SUCCESS)
        cls = -1;
#define XC_ERR_CASE(e)                                                                             \
    if (cls == e)                                                                                  \
        return #e;
    XC_ERRCLASSES(XC_ERR_CASE)
#undef XC_ERR_CASE
    next = (next + 1) % 8;
    snprintf(buf[next], sizeof buf[next], "errclass(%d)", cls);
    return buf[next];
}

void xc_kv(const char *key, const char *fmt, ...)
{
    va_list ap;
    printf("%s = ", key);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

const char *xc_key(char *buf, const char *prefix, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(buf, XC_KEYLEN, "%s", prefix);
    if (n < 0 || n >= XC_KEYLEN)
        n = XC_KEYLEN - 1;
    va_start(ap, fmt);
    vsnprintf(buf + n, (size_t)(XC_KEYLEN - n), fmt, ap);
    va_end(ap);
    return buf;
}

void xc_rc_kv(const char *prefix, const char *suffix, int rc)
{
    char k[XC_KEYLEN];
    xc_kv(xc_key(k, prefix, "%s", suffix), "%s", xc_rc(rc));
}

const char *xc_rank(int r)
{
    static char buf[8][16];
    static int next;

    if (r == MPI_PROC_NULL)
        return "PROC_NULL";
    if (r == MPI_ANY_SOURCE)
        return "ANY_SOURCE";
    if (r == MPI_ROOT)
        return "ROOT";
    if (r == MPI_UNDEFINED)
        return "UNDEFINED";
    next = (next + 1) % 8;
    snprintf(buf[next], sizeof buf[next], "%d", r);
    return buf[next];
}

const char *xc_tname(MPI_Datatype t)
{
    const char *n = xc_predef_name(t);
    return n ? n : "derived";
}

int xc_is_named_like(int combiner)
{
    /* handles returned by get_contents that must not be freed */
    return combiner == MPI_COMBINER_NAMED || combiner == MPI_COMBINER_F90_REAL ||
           combiner == MPI_COMBINER_F90_COMPLEX || combiner == MPI_COMBINER_F90_INTEGER;
}

void xc_bounds(const char *p, MPI_Datatype t)
{
    char k[XC_KEYLEN];
    int rc, size = -7;
    MPI_Count sx = -7, sc = -7, lbx = -7, exx = -7, lbc = -7, exc = -7;
    MPI_Count tlbx = -7, texx = -7, tlbc = -7, texc = -7;
    MPI_Aint lb = -7, ex = -7, tlb = -7, tex = -7;

    rc = MPI_Type_size(t, &size);
    xc_kv(xc_key(k, p, ".size"), "%s %d", xc_rc(rc), size);
    rc = MPI_Type_size_x(t, &sx);
    xc_kv(xc_key(k, p, ".size_x"), "%s %lld", xc_rc(rc), (long long)sx);
#if XC_MPI4
    rc = MPI_Type_size_c(t, &sc);
    xc_kv(xc_key(k, p, ".size_c"), "%s %lld", xc_rc(rc), (long long)sc);
#endif
    rc = MPI_Type_get_extent(t, &lb, &ex);
    xc_kv(xc_key(k, p, ".extent"), "%s lb=%ld extent=%ld", xc_rc(rc), (long)lb, (long)ex);
    rc = MPI_Type_get_extent_x(t, &lbx, &exx);
    xc_kv(xc_key(k, p, ".extent_x"), "%s lb=%lld extent=%lld", xc_rc(rc), (long long)lbx,
          (long long)exx);
#if XC_MPI4
    rc = MPI_Type_get_extent_c(t, &lbc, &exc);
    xc_kv(xc_key(k, p, ".extent_c"), "%s lb=%lld extent=%lld", xc_rc(rc), (long long)lbc,
          (long long)exc);
#endif
    rc = MPI_Type_get_true_extent(t, &tlb, &tex);
    xc_kv(xc_key(k, p, ".true_extent"), "%s lb=%ld extent=%ld", xc_rc(rc), (long)tlb, (long)tex);
    rc = MPI_Type_get_true_extent_x(t, &tlbx, &texx);
    xc_kv(xc_key(k, p, ".true_extent_x"), "%s lb=%lld extent=%lld", xc_rc(rc), (long long)tlbx,
          (long long)texx);
#if XC_MPI4
    rc = MPI_Type_get_true_extent_c(t, &tlbc, &texc);
    xc_kv(xc_key(k, p, ".true_extent_c"), "%s lb=%lld extent=%lld", xc_rc(rc), (long long)tlbc,
          (long long)texc);
#else
    (void)sc, (void)lbc, (void)exc, (void)tlbc, (void)texc;
#endif
}

void xc_name(const char *p, MPI_Datatype t)
{
    char k[XC_KEYLEN], name[MPI_MAX_OBJECT_NAME + 1];
    int len = -7, rc;
    memset(name, 0, sizeof name);
    rc = MPI_Type_get_name(t, name, &len);
    xc_kv(xc_key(k, p, ".name"), "%s \"%s\" len=%d", xc_rc(rc), name, len);
}

int xc_envelope(const char *p, MPI_Datatype t)
{
    char k[XC_KEYLEN];
    int ni = -7, na = -7, nd = -7, comb = -7, rc;
    MPI_Count ci = -7, ca = -7, cc = -7, cd = -7;
    int comb_c = -7;
    const char *cn;

    rc = MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    cn = xc_combiner_name(comb);
    if (rc == MPI_SUCCESS)
        xc_kv(xc_key(k, p, ".envelope"), "ok ni=%d na=%d nd=%d combiner=%s", ni, na, nd,
              cn ? cn : "?");
    else
        xc_kv(xc_key(k, p, ".envelope"), "%s", xc_rc(rc));
#if !XC_MPI4
    (void)ci, (void)ca, (void)cc, (void)cd, (void)comb_c;
    return rc == MPI_SUCCESS ? comb : -1;
#else
    rc = MPI_Type_get_envelope_c(t, &ci, &ca, &cc, &cd, &comb_c);
    cn = xc_combiner_name(comb_c);
    if (rc == MPI_SUCCESS)
        xc_kv(xc_key(k, p, ".envelope_c"), "ok ni=%lld na=%lld nc=%lld nd=%lld combiner=%s",
              (long long)ci, (long long)ca, (long long)cc, (long long)cd, cn ? cn : "?");
    else
        xc_kv(xc_key(k, p, ".envelope_c"), "%s", xc_rc(rc));
    return rc == MPI_SUCCESS ? comb_c : -1;
#endif
}

void xc_fmt_ll(char *buf, size_t len, const long long *v, long long n)
{
    size_t off = 0;
    off += (size_t)snprintf(buf + off, len - off, "[");
    for (long long i = 0; i < n && off < len; i++)
        off += (size_t)snprintf(buf + off, len - off, "%s%lld", i ? "," : "", v[i]);
    if (off < len)
        snprintf(buf + off, len - off, "]");
}

/* The name of a constant get_contents returns among the integers, where
 * the combiner puts one, else NULL: the values of MPI_ORDER_C,
 * MPI_DISTRIBUTE_BLOCK... are the ABI's, not the type's. */
static const char *contents_constant(int comb, const int *ints, long long n, long long i, int large)
{
    long long nd = 0, order = -1, dist = -1, darg = -1;

    if (comb == MPI_COMBINER_SUBARRAY && n > 0) {
        nd = ints[0];
        order = large ? 1 : 3 * nd + 1;
    } else if (comb == MPI_COMBINER_DARRAY && n > 2) {
        nd = ints[2];
        dist = large ? 3 : 3 + nd;
        darg = dist + nd;
        order = large ? 3 + 3 * nd : 3 + 4 * nd;
    }
    if (i == order)
        return ints[i] == MPI_ORDER_C         ? "ORDER_C"
               : ints[i] == MPI_ORDER_FORTRAN ? "ORDER_FORTRAN"
                                              : NULL;
    if (dist >= 0 && i >= dist && i < dist + nd)
        return ints[i] == MPI_DISTRIBUTE_BLOCK    ? "BLOCK"
               : ints[i] == MPI_DISTRIBUTE_CYCLIC ? "CYCLIC"
               : ints[i] == MPI_DISTRIBUTE_NONE   ? "NONE"
                                                  : NULL;
    if (darg >= 0 && i >= darg && i < darg + nd && ints[i] == MPI_DISTRIBUTE_DFLT_DARG)
        return "DFLT_DARG";
    return NULL;
}

void xc_fmt_ints(char *buf, size_t len, int comb, const int *ints, long long n, int large)
{
    size_t off = 0;
    off += (size_t)snprintf(buf + off, len - off, "[");
    for (long long i = 0; i < n && off < len; i++) {
        const char *c = contents_constant(comb, ints, n, i, large);
        if (c)
            off += (size_t)snprintf(buf + off, len - off, "%s%s", i ? "," : "", c);
        else
            off += (size_t)snprintf(buf + off, len - off, "%s%d", i ? "," : "", ints[i]);
    }
    if (off < len)
        snprintf(buf + off, len - off, "]");
}

void xc_decode(const char *p, MPI_Datatype t, int depth)
{
    char k[XC_KEYLEN], kk[XC_KEYLEN];
    int ni, na, nd, comb, rc;
#if XC_MPI4
    MPI_Count ci, ca, cc, cd;
    int comb_c;

    rc = MPI_Type_get_envelope_c(t, &ci, &ca, &cc, &cd, &comb_c);
    if (rc != MPI_SUCCESS || comb_c == MPI_COMBINER_NAMED)
        return;
#endif

    /* int form */
    rc = MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    if (!XC_MPI4 && (rc != MPI_SUCCESS || comb == MPI_COMBINER_NAMED))
        return;
    if (rc == MPI_SUCCESS) {
        int *ints = malloc(sizeof(int) * (size_t)(ni + 1));
        MPI_Aint *addrs = malloc(sizeof(MPI_Aint) * (size_t)(na + 1));
        MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * (size_t)(nd + 1));
        long long *tmp = malloc(sizeof(long long) * (size_t)(ni + na + nd + 1));
        size_t blen = 32 + 24 * (size_t)(ni + na + nd);
        char *b1 = malloc(blen), *b2 = malloc(blen), *b3 = malloc(blen);
        rc = MPI_Type_get_contents(t, ni, na, nd, ints, addrs, types);
        if (rc == MPI_SUCCESS) {
            xc_fmt_ints(b1, blen, comb, ints, ni, 0);
            for (int i = 0; i < na; i++)
                tmp[i] = (long long)addrs[i];
            xc_fmt_ll(b2, blen, tmp, na);
            size_t off = 0;
            off += (size_t)snprintf(b3 + off, blen - off, "[");
            for (int i = 0; i < nd && off < blen; i++)
                off += (size_t)snprintf(b3 + off, blen - off, "%s%s", i ? "," : "",
                                        xc_tname(types[i]));
            if (off < blen)
                snprintf(b3 + off, blen - off, "]");
            xc_kv(xc_key(k, p, ".contents"), "ok ints=%s addrs=%s types=%s", b1, b2, b3);
            for (int i = 0; i < nd; i++) {
                int tni, tna, tnd, tcomb;
                if (xc_predef_name(types[i]))
                    continue;
                xc_key(kk, p, ".t%d", i);
                if (depth < 12) {
                    xc_bounds(kk, types[i]);
                    xc_envelope(kk, types[i]);
                    xc_decode(kk, types[i], depth + 1);
                }
                if (MPI_Type_get_envelope(types[i], &tni, &tna, &tnd, &tcomb) == MPI_SUCCESS &&
                    !xc_is_named_like(tcomb)) {
                    rc = MPI_Type_free(&types[i]);
                    xc_kv(xc_key(k, kk, ".free"), "%s null=%d", xc_rc(rc),
                          types[i] == MPI_DATATYPE_NULL);
                }
            }
        } else {
            xc_kv(xc_key(k, p, ".contents"), "%s", xc_rc(rc));
        }
        free(ints);
        free(addrs);
        free(types);
        free(tmp);
        free(b1);
        free(b2);
        free(b3);
    }

#if XC_MPI4
    /* large-count form */
    {
        int *ints = malloc(sizeof(int) * (size_t)(ci + 1));
        MPI_Aint *addrs = malloc(sizeof(MPI_Aint) * (size_t)(ca + 1));
        MPI_Count *counts = malloc(sizeof(MPI_Count) * (size_t)(cc + 1));
        MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * (size_t)(cd + 1));
        long long *tmp = malloc(sizeof(long long) * (size_t)(ci + ca + cc + cd + 1));
        size_t blen = 32 + 24 * (size_t)(ci + ca + cc + cd);
        char *b1 = malloc(blen), *b2 = malloc(blen), *b3 = malloc(blen), *b4 = malloc(blen);
        rc = MPI_Type_get_contents_c(t, ci, ca, cc, cd, ints, addrs, counts, types);
        if (rc == MPI_SUCCESS) {
            xc_fmt_ints(b1, blen, comb_c, ints, ci, cc > 0);
            for (MPI_Count i = 0; i < ca; i++)
                tmp[i] = (long long)addrs[i];
            xc_fmt_ll(b2, blen, tmp, ca);
            for (MPI_Count i = 0; i < cc; i++)
                tmp[i] = (long long)counts[i];
            xc_fmt_ll(b3, blen, tmp, cc);
            size_t off = 0;
            off += (size_t)snprintf(b4 + off, blen - off, "[");
            for (MPI_Count i = 0; i < cd && off < blen; i++)
                off += (size_t)snprintf(b4 + off, blen - off, "%s%s", i ? "," : "",
                                        xc_tname(types[i]));
            if (off < blen)
                snprintf(b4 + off, blen - off, "]");
            xc_kv(xc_key(k, p, ".contents_c"), "ok ints=%s addrs=%s counts=%s types=%s", b1, b2, b3,
                  b4);
            for (MPI_Count i = 0; i < cd; i++) {
                int tni, tna, tnd, tcomb;
                if (xc_predef_name(types[i]))
                    continue;
                if (MPI_Type_get_envelope(types[i], &tni, &tna, &tnd, &tcomb) == MPI_SUCCESS &&
                    !xc_is_named_like(tcomb))
                    MPI_Type_free(&types[i]);
            }
        } else {
            xc_kv(xc_key(k, p, ".contents_c"), "%s", xc_rc(rc));
        }
        free(ints);
        free(addrs);
        free(counts);
        free(types);
        free(tmp);
        free(b1);
        free(b2);
        free(b3);
        free(b4);
    }
#endif
}

void xc_show(const char *p, MPI_Datatype t)
{
    xc_bounds(p, t);
    xc_name(p, t);
    xc_envelope(p, t);
    xc_decode(p, t, 0);
}

void xc_measure(MPI_Datatype t, MPI_Count *size, MPI_Count *lb, MPI_Count *extent,
                MPI_Count *true_lb, MPI_Count *true_extent)
{
#if XC_MPI4
    MPI_Type_size_c(t, size);
    MPI_Type_get_extent_c(t, lb, extent);
    MPI_Type_get_true_extent_c(t, true_lb, true_extent);
#else
    MPI_Type_size_x(t, size);
    MPI_Type_get_extent_x(t, lb, extent);
    MPI_Type_get_true_extent_x(t, true_lb, true_extent);
#endif
}

unsigned long long xc_hash(const unsigned char *b, long long n)
{
    unsigned long long h = 1469598103934665603ull;
    for (long long i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

void xc_pack(const char *p, MPI_Datatype t, int count)
{
    char k[XC_KEYLEN];
    MPI_Count tlb, text, lb, ext, size, lo, hi, span;
    unsigned char *user, *packed;
    int psize = -1, pos = 0, upos = 0, rc1, rc2;

    xc_measure(t, &size, &lb, &ext, &tlb, &text);
    /* true bounds of empty types are not a range (Open MPI's are near
     * 2^63, which would overflow here) */
    lo = hi = 0;
    if (size > 0) {
        lo = tlb + (ext < 0 ? (count - 1) * ext : 0);
        hi = tlb + text + (ext > 0 ? (count - 1) * ext : 0);
    }
    span = hi - lo;
    if (span == 0)
        lo = 0;
    xc_key(k, p, ".pack%d", count);
    if (span < 0 || span > (16 << 20) || size * count > (16 << 20) || ext > (16 << 20) ||
        ext < -(16 << 20)) {
        xc_kv(k, "skipped (over 16 MiB)");
        return;
    }
    /* slack around the span: MPICH places the elements of some
     * negative-extent types outside it (see intended.txt) */
    MPI_Count pad = 4096 + 3 * (ext < 0 ? -ext : ext);
    unsigned char *mem = malloc((size_t)(span + 2 * pad) + 1);
    user = mem + pad;
    packed = malloc((size_t)(size * count) + 1);
    for (MPI_Count i = -pad; i < span + pad; i++) /* the pattern is relative to user */
        user[i] = (unsigned char)(i * 31 + 7);
    MPI_Pack_size(count, t, MPI_COMM_WORLD, &psize);
    rc1 = MPI_Pack(user - lo, count, t, packed, (int)(size * count), &pos, MPI_COMM_WORLD);
    memset(mem, 0xA5, (size_t)(span + 2 * pad));
    rc2 = MPI_Unpack(packed, pos, &upos, user - lo, count, t, MPI_COMM_WORLD);
    xc_kv(k, "%s/%s size=%d pos=%d upos=%d packed=%016llx user=%016llx", xc_rc(rc1), xc_rc(rc2),
          psize, pos, upos, xc_hash(packed, pos), xc_hash(user, span));
    free(packed);
    free(mem);
}

void xc_done(const char *p, int rc, MPI_Datatype *t)
{
    char k[XC_KEYLEN];
    xc_rc_kv(p, ".rc", rc);
    if (rc != MPI_SUCCESS)
        return;
    xc_show(p, *t);
    rc = MPI_Type_commit(t);
    xc_rc_kv(p, ".commit", rc);
    {
        MPI_Count lb = -7, ex = -7, sz = -7, tlb, tex;
        xc_measure(*t, &sz, &lb, &ex, &tlb, &tex);
        xc_kv(xc_key(k, p, ".committed"), "size=%lld lb=%lld extent=%lld", (long long)sz,
              (long long)lb, (long long)ex);
    }
    /* count 3 places copies by the extent, which the intended divergences
     * (div.*) change; their packed bytes are compared for one element */
    xc_pack(p, *t, 1);
    if (strncmp(p, "div.", 4) != 0)
        xc_pack(p, *t, 3);
    rc = MPI_Type_free(t);
    xc_kv(xc_key(k, p, ".free"), "%s null=%d", xc_rc(rc), *t == MPI_DATATYPE_NULL);
}

void xc_init(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    setvbuf(stdout, NULL, _IOLBF, 0);
}

int xc_finalize(void)
{
    fflush(stdout);
    return MPI_Finalize() == MPI_SUCCESS ? 0 : 1;
}
