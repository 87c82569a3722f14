/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_rma: one-sided communication (MPI-4.1 chapter 12) on one process,
 * compared with MPICH run as a singleton.  Windows of every flavor
 * (created with disp_unit 4, 1 and 8, allocated, shared, dynamic with two
 * attached regions), their attributes, group, name and a user keyval;
 * every transfer (put, get, accumulate, get_accumulate, fetch_and_op,
 * compare_and_swap, the large-count forms) between derived origin and
 * target types, in each kind of epoch (fence, exclusive and shared lock,
 * lock_all with flush, post/start/complete/wait); the request-based forms
 * in a lock_all epoch; and the synchronisation and rank errors both must
 * agree on.  Each result is checked against the value computed by hand
 * below: a difference prints "<key>.MISMATCH = want ..." and fails the
 * program, as well as the comparison. */
#include "xc_common.h"

#define NT 12 /* ints of an int target, initially 100 + i */
#define ND 8  /* doubles of a double target, initially i + 0.25 */
#define NR 4  /* the result buffer, initially -1 */

enum { FENCE, LOCK_EXCL, LOCK_SHARED, LOCK_ALL, PSCW, NMODES };
static const char *const mode_name[NMODES] = {"fence", "lock_excl", "lock_shared", "lock_all",
                                              "pscw"};

/* A window under test: its memory, the target_disp of that memory's first
 * byte (0, or its address in a dynamic window, whose base is MPI_BOTTOM:
 * MPI-4.1 section 12.2.4) and its disp_unit, which scales the rest. */
struct target {
    const char *name;
    MPI_Win win;
    void *mem;
    MPI_Aint base;
    int unit;
    MPI_Group group; /* the window's group: the process itself, for PSCW */
};

static int nchecks, nfail;
static const int O[NT] = {200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211};
static MPI_Datatype vec3, idx3, con4, sub22, tvec3, tvec2, sres;
/* through a volatile: gcc's -Wstringop-overflow takes the constant for an
 * empty array */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;

/* An error class by name, RMA's included (MPI-4.1 section 12.6.2). */
static const char *rma_rc(int rc)
{
    int cls = -1;
    if (rc == MPI_SUCCESS || MPI_Error_class(rc, &cls) != MPI_SUCCESS)
        return xc_rc(rc);
#define XC_RMA_CLASS(e)                                                                            \
    if (cls == e)                                                                                  \
        return #e;
    XC_RMA_CLASS(MPI_ERR_WIN)
    XC_RMA_CLASS(MPI_ERR_RMA_SYNC)
    XC_RMA_CLASS(MPI_ERR_RMA_RANGE)
    XC_RMA_CLASS(MPI_ERR_RMA_CONFLICT)
    XC_RMA_CLASS(MPI_ERR_RMA_ATTACH)
    XC_RMA_CLASS(MPI_ERR_RMA_SHARED)
    XC_RMA_CLASS(MPI_ERR_RMA_FLAVOR)
    XC_RMA_CLASS(MPI_ERR_LOCKTYPE)
    XC_RMA_CLASS(MPI_ERR_ASSERT)
#undef XC_RMA_CLASS
    return xc_rc(rc);
}

/* Prints got under key; a difference from want fails the program. */
static void check(const char *key, const char *got, const char *want)
{
    char k[XC_KEYLEN];

    nchecks++;
    xc_kv(key, "%s", got);
    if (strcmp(got, want) != 0) {
        nfail++;
        xc_kv(xc_key(k, key, ".MISMATCH"), "want %s", want);
    }
}

/* Appends " tag=[v0,v1,...]" to b (ints, or doubles when d is set). */
static void cat(char *b, size_t len, const char *tag, const int *iv, const double *d, int n)
{
    size_t off = strlen(b);
    off += (size_t)snprintf(b + off, len - off, " %s=[", tag);
    for (int i = 0; i < n && off < len; i++)
        off += d ? (size_t)snprintf(b + off, len - off, "%s%.17g", i ? "," : "", d[i])
                 : (size_t)snprintf(b + off, len - off, "%s%d", i ? "," : "", iv[i]);
    if (off < len)
        snprintf(b + off, len - off, "]");
}

/* The target_disp of byte offset off of t's memory. */
static MPI_Aint at(const struct target *t, int off)
{
    return t->base + off / t->unit;
}
#define IAT(t, i) at(t, (i) * (int)sizeof(int))
#define DAT(t, i) at(t, (i) * (int)sizeof(double))

/* ---------------------------------------------------------------- epochs */

/* MPI-4.1 sections 12.5.1 (fence), 12.5.2 (post/start/complete/wait on
 * the window's own group), 12.5.3 (lock), 12.5.4 (flush). */
static int epoch_open(const struct target *t, int m)
{
    int rc;

    switch (m) {
    case FENCE:
        return MPI_Win_fence(MPI_MODE_NOPRECEDE, t->win);
    case LOCK_EXCL:
        return MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, t->win);
    case LOCK_SHARED:
        return MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, t->win);
    case LOCK_ALL:
        return MPI_Win_lock_all(0, t->win);
    default:
        rc = MPI_Win_post(t->group, 0, t->win);
        return rc != MPI_SUCCESS ? rc : MPI_Win_start(t->group, 0, t->win);
    }
}

static int epoch_close(const struct target *t, int m)
{
    int rc;

    switch (m) {
    case FENCE:
        return MPI_Win_fence(MPI_MODE_NOSUCCEED, t->win);
    case LOCK_EXCL:
        return MPI_Win_unlock(0, t->win);
    case LOCK_SHARED:
        rc = MPI_Win_flush_local(0, t->win);
        return rc != MPI_SUCCESS ? rc : MPI_Win_unlock(0, t->win);
    case LOCK_ALL:
        rc = MPI_Win_flush(0, t->win);
        return rc != MPI_SUCCESS ? rc : MPI_Win_unlock_all(t->win);
    default:
        rc = MPI_Win_complete(t->win);
        return rc != MPI_SUCCESS ? rc : MPI_Win_wait(t->win);
    }
}

/* ------------------------------------------- transfers on an int target */

// clang-format off
enum { PUT_VEC_IDX, GET_SUB, ACC_SUM_VEC, ACC_REPLACE, GETACC_SUM, GETACC_NOOP, FOP_SUM,
       FOP_NOOP, CAS_MATCH, CAS_NOMATCH, ACC_MINLOC, PUT_GET_C, NIOPS };

/* What each transfer leaves in the target (initially 100 + i) and in the
 * result buffer (initially -1), computed by hand from iop_run's cases. */
static const struct iop {
    const char *name;
    int want_t[NT], want_r[NR];
} iops[NIOPS] = {
    [PUT_VEC_IDX] = {"put_vec_idx", {100, 101, 102, 200, 104, 105, 106, 202, 204, 109, 110, 111},
                                    {-1, -1, -1, -1}},
    [GET_SUB]     = {"get_sub",     {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111},
                                    {105, 106, 109, 110}},
    [ACC_SUM_VEC] = {"acc_sum_vec", {100, 301, 102, 103, 305, 105, 106, 309, 108, 109, 110, 111},
                                    {-1, -1, -1, -1}},
    [ACC_REPLACE] = {"acc_replace", {100, 101, 102, 103, 104, 105, 106, 107, 108, 205, 110, 206},
                                    {-1, -1, -1, -1}},
    [GETACC_SUM]  = {"getacc_sum",  {100, 101, 102, 103, 304, 105, 307, 107, 108, 109, 110, 111},
                                    {104, 106, -1, -1}},
    [GETACC_NOOP] = {"getacc_noop", {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111},
                                    {108, 109, 110, -1}},
    [FOP_SUM]     = {"fop_sum",     {100, 101, 107, 103, 104, 105, 106, 107, 108, 109, 110, 111},
                                    {102, -1, -1, -1}},
    [FOP_NOOP]    = {"fop_noop",    {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111},
                                    {103, -1, -1, -1}},
    [CAS_MATCH]   = {"cas_match",   {77, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111},
                                    {100, -1, -1, -1}},
    [CAS_NOMATCH] = {"cas_nomatch", {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111},
                                    {101, -1, -1, -1}},
    [ACC_MINLOC]  = {"acc_minloc",  {100, 101, 102, 103, 50, 7, 106, 107, 108, 3, 110, 111},
                                    {-1, -1, -1, -1}},
    [PUT_GET_C]   = {"put_get_c",   {100, 101, 102, 103, 104, 105, 200, 201, 108, 109, 110, 111},
                                    {100, 101, -1, -1}},
};
// clang-format on

static int iop_run(int op, const struct target *t, int *r)
{
    static const int five = 5, v77 = 77, c100 = 100, c5 = 5;
    /* (value, index) pairs onto (104,105) (106,107) (108,109): the tie
     * keeps the smaller index (MPI-4.1 section 6.9.4) */
    static const int pairs[6] = {50, 7, 200, 9, 108, 3};
    MPI_Win w = t->win;
    int rc;

    switch (op) {
    case PUT_VEC_IDX: /* vector(3,1,2): 200 202 204 into indexed {1@1, 2@5} at 2: 3 7 8 */
        return MPI_Put(O, 1, vec3, 0, IAT(t, 2), 1, idx3, w);
    case GET_SUB: /* subarray 3x4, 2x2 at (1,1): elements 5 6 9 10 */
        return MPI_Get(r, 1, con4, 0, IAT(t, 0), 1, sub22, w);
    case ACC_SUM_VEC: /* 200 201 202 added to vector(3,1,3) at 1: elements 1 4 7 */
        return MPI_Accumulate(O, 3, MPI_INT, 0, IAT(t, 1), 1, tvec3, MPI_SUM, w);
    case ACC_REPLACE: /* 205 206 into vector(2,1,2) at 9: elements 9 11 */
        return MPI_Accumulate(O + 5, 2, MPI_INT, 0, IAT(t, 9), 1, tvec2, MPI_REPLACE, w);
    case GETACC_SUM: /* elements 4 6 fetched, then 200 201 added */
        return MPI_Get_accumulate(O, 2, MPI_INT, r, 2, MPI_INT, 0, IAT(t, 4), 1, tvec2, MPI_SUM, w);
    case GETACC_NOOP: /* MPI_NO_OP ignores the origin (MPI-4.1 section 12.3.4) */
        return MPI_Get_accumulate(NULL, 0, MPI_INT, r, 3, MPI_INT, 0, IAT(t, 8), 3, MPI_INT,
                                  MPI_NO_OP, w);
    case FOP_SUM:
        return MPI_Fetch_and_op(&five, r, MPI_INT, 0, IAT(t, 2), MPI_SUM, w);
    case FOP_NOOP:
        return MPI_Fetch_and_op(NULL, r, MPI_INT, 0, IAT(t, 3), MPI_NO_OP, w);
    case CAS_MATCH:
        return MPI_Compare_and_swap(&v77, &c100, r, MPI_INT, 0, IAT(t, 0), w);
    case CAS_NOMATCH:
        return MPI_Compare_and_swap(&v77, &c5, r, MPI_INT, 0, IAT(t, 1), w);
    case ACC_MINLOC:
        return MPI_Accumulate(pairs, 3, MPI_2INT, 0, IAT(t, 4), 3, MPI_2INT, MPI_MINLOC, w);
    default:
        /* the large-count forms where the MPI has them (MPI-4.0); Open MPI
         * 4.1's build makes the same transfer with the int forms */
#if XC_MPI4
        rc = MPI_Put_c(O, (MPI_Count)2, MPI_INT, 0, IAT(t, 6), (MPI_Count)2, MPI_INT, w);
        if (rc == MPI_SUCCESS)
            rc = MPI_Get_c(r, (MPI_Count)2, MPI_INT, 0, IAT(t, 0), (MPI_Count)2, MPI_INT, w);
#else
        rc = MPI_Put(O, 2, MPI_INT, 0, IAT(t, 6), 2, MPI_INT, w);
        if (rc == MPI_SUCCESS)
            rc = MPI_Get(r, 2, MPI_INT, 0, IAT(t, 0), 2, MPI_INT, w);
#endif
        return rc;
    }
}

/* ---------------------------------------- transfers on a double target */

enum { PUT_DISP, ACC_MAX, ACC_STRUCT, NDOPS };

/* What each transfer leaves in the target (initially i + 0.25), computed
 * by hand from dop_run's cases. */
static const struct dop {
    const char *name;
    double want[ND];
} dops[NDOPS] = {
    [PUT_DISP] = {"put_disp", {0.25, 1.25, 2.25, 0.5, 1.5, 5.25, 6.25, 7.25}},
    [ACC_MAX] = {"acc_max", {0.25, 3, 2.25, 9.5, 4.25, 5.25, 6.25, 7.25}},
    [ACC_STRUCT] = {"acc_struct", {1.25, 3.25, 2.25, 6.25, 8.25, 10.25, 6.25, 13.25}},
};

static int dop_run(int op, const struct target *t)
{
    static const double v2[2] = {0.5, 1.5}, v3[3] = {3.0, 0.0, 9.5}, v6[6] = {1, 2, 3, 4, 5, 6};

    switch (op) {
    case PUT_DISP: /* target_disp 3 in units of 8 bytes (MPI-4.1 section 12.3.1) */
        return MPI_Put(v2, 2, MPI_DOUBLE, 0, DAT(t, 3), 2, MPI_DOUBLE, t->win);
    case ACC_MAX:
        return MPI_Accumulate(v3, 3, MPI_DOUBLE, 0, DAT(t, 1), 3, MPI_DOUBLE, MPI_MAX, t->win);
    default:
        /* two of struct{2 doubles @0, 1 double @24} resized to 32 bytes:
         * doubles 0 1 3 4 5 7 */
        return MPI_Accumulate(v6, 6, MPI_DOUBLE, 0, DAT(t, 0), 2, sres, MPI_SUM, t->win);
    }
}

static void run_iop(const struct target *t, int m, int id)
{
    char k[XC_KEYLEN], got[512], want[512];
    const struct iop *op = &iops[id];
    int *mem = t->mem, r[NR], rc, rc2;

    for (int i = 0; i < NT; i++)
        mem[i] = 100 + i;
    for (int i = 0; i < NR; i++)
        r[i] = -1;
    rc = epoch_open(t, m);
    if (rc == MPI_SUCCESS) {
        rc = iop_run(id, t, r);
        rc2 = epoch_close(t, m);
        rc = rc != MPI_SUCCESS ? rc : rc2;
    }
    snprintf(got, sizeof got, "%s", rma_rc(rc));
    cat(got, sizeof got, "t", mem, NULL, NT);
    cat(got, sizeof got, "r", r, NULL, NR);
    snprintf(want, sizeof want, "ok");
    cat(want, sizeof want, "t", op->want_t, NULL, NT);
    cat(want, sizeof want, "r", op->want_r, NULL, NR);
    check(xc_key(k, op->name, ".%s.%s", t->name, mode_name[m]), got, want);
}

static void run_dop(const struct target *t, int m, int id)
{
    char k[XC_KEYLEN], got[512], want[512];
    const struct dop *op = &dops[id];
    double *mem = t->mem;
    int rc, rc2;

    for (int i = 0; i < ND; i++)
        mem[i] = i + 0.25;
    rc = epoch_open(t, m);
    if (rc == MPI_SUCCESS) {
        rc = dop_run(id, t);
        rc2 = epoch_close(t, m);
        rc = rc != MPI_SUCCESS ? rc : rc2;
    }
    snprintf(got, sizeof got, "%s", rma_rc(rc));
    cat(got, sizeof got, "t", NULL, mem, ND);
    snprintf(want, sizeof want, "ok");
    cat(want, sizeof want, "t", NULL, op->want, ND);
    check(xc_key(k, op->name, ".%s.%s", t->name, mode_name[m]), got, want);
}

/* The request-based forms, in a passive-target epoch only (MPI-4.1
 * section 12.3.5): MPI_Wait on the first, MPI_Waitall on the others. */
static void requests(const struct target *t)
{
    static const int want_t[NT] = {200, 201, 102, 103, 104, 105, 106, 107, 310, 109, 313, 111};
    static const int want_r[NR] = {104, 105, 110, -1};
    char k[XC_KEYLEN], got[512], want[512];
    int *mem = t->mem, r[NR] = {-1, -1, -1, -1}, rc;
    MPI_Request rq[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};

    for (int i = 0; i < NT; i++)
        mem[i] = 100 + i;
    rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, t->win);
    if (rc == MPI_SUCCESS)
        rc = MPI_Rput(O, 2, MPI_INT, 0, IAT(t, 0), 2, MPI_INT, t->win, &rq[0]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Rget(r, 2, MPI_INT, 0, IAT(t, 4), 2, MPI_INT, t->win, &rq[1]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Raccumulate(O + 2, 1, MPI_INT, 0, IAT(t, 8), 1, MPI_INT, MPI_SUM, t->win, &rq[2]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Rget_accumulate(O + 3, 1, MPI_INT, r + 2, 1, MPI_INT, 0, IAT(t, 10), 1, MPI_INT,
                                 MPI_SUM, t->win, &rq[3]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = MPI_Waitall(3, rq + 1, statuses_ignore);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_flush_local_all(t->win);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_flush_all(t->win);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_sync(t->win);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_unlock_all(t->win);
    snprintf(got, sizeof got, "%s null=%d", rma_rc(rc),
             rq[0] == MPI_REQUEST_NULL && rq[1] == MPI_REQUEST_NULL && rq[2] == MPI_REQUEST_NULL &&
                 rq[3] == MPI_REQUEST_NULL);
    cat(got, sizeof got, "t", mem, NULL, NT);
    cat(got, sizeof got, "r", r, NULL, NR);
    snprintf(want, sizeof want, "ok null=1");
    cat(want, sizeof want, "t", want_t, NULL, NT);
    cat(want, sizeof want, "r", want_r, NULL, NR);
    check(xc_key(k, "requests.", "%s", t->name), got, want);
}

/* ---------------------------------------------------- window objects */

static const char *flavor_name(int f)
{
    return f == MPI_WIN_FLAVOR_CREATE     ? "CREATE"
           : f == MPI_WIN_FLAVOR_ALLOCATE ? "ALLOCATE"
           : f == MPI_WIN_FLAVOR_SHARED   ? "SHARED"
           : f == MPI_WIN_FLAVOR_DYNAMIC  ? "DYNAMIC"
                                          : "unknown";
}

/* The attributes of MPI-4.1 section 12.2.6; the base by what it points
 * at.  The memory model is the implementation's: printed, not checked. */
static void attrs(const struct target *t, const char *want)
{
    char k[XC_KEYLEN], got[256];
    void *base = NULL;
    MPI_Aint *size = NULL;
    int *unit = NULL, *flavor = NULL, *model = NULL, f[5] = {0};
    int rc = MPI_Win_get_attr(t->win, MPI_WIN_BASE, &base, &f[0]);

    rc = rc != MPI_SUCCESS ? rc : MPI_Win_get_attr(t->win, MPI_WIN_SIZE, &size, &f[1]);
    rc = rc != MPI_SUCCESS ? rc : MPI_Win_get_attr(t->win, MPI_WIN_DISP_UNIT, &unit, &f[2]);
    rc = rc != MPI_SUCCESS ? rc : MPI_Win_get_attr(t->win, MPI_WIN_CREATE_FLAVOR, &flavor, &f[3]);
    rc = rc != MPI_SUCCESS ? rc : MPI_Win_get_attr(t->win, MPI_WIN_MODEL, &model, &f[4]);
    if (rc != MPI_SUCCESS || !f[0] || !f[1] || !f[2] || !f[3] || !f[4]) {
        snprintf(got, sizeof got, "%s flags=%d%d%d%d%d", rma_rc(rc), f[0], f[1], f[2], f[3], f[4]);
    } else {
        snprintf(got, sizeof got, "ok base=%s size=%ld disp_unit=%d flavor=%s",
                 base == t->mem       ? "mem"
                 : base == MPI_BOTTOM ? "MPI_BOTTOM"
                                      : "other",
                 (long)*size, *unit, flavor_name(*flavor));
        xc_kv(xc_key(k, "model.", "%s", t->name), "%s",
              *model == MPI_WIN_UNIFIED    ? "MPI_WIN_UNIFIED"
              : *model == MPI_WIN_SEPARATE ? "MPI_WIN_SEPARATE"
                                           : "unknown");
    }
    check(xc_key(k, "attrs.", "%s", t->name), got, want);
}

static char events[128]; /* what the delete callback saw since last read */
static MPI_Win keyed;

static int del_cb(MPI_Win win, int keyval, void *val, void *extra)
{
    size_t n = strlen(events);

    (void)keyval;
    snprintf(events + n, sizeof events - n, "del %s %ld %s;", win == keyed ? "win" : "other",
             (long)val, (const char *)extra);
    return MPI_SUCCESS;
}

/* Group, name and a user keyval (MPI-4.1 sections 12.2.6, 7.7.3, 7.8). */
static void objects(const struct target *t, int *keyval)
{
    char got[512], name[MPI_MAX_OBJECT_NAME];
    int rc, len = -1, size = -1, cmp = -1, flag = -1;
    MPI_Group g = MPI_GROUP_NULL, wg = MPI_GROUP_NULL;
    void *val = NULL;

    rc = MPI_Win_get_group(t->win, &g);
    if (rc == MPI_SUCCESS)
        rc = MPI_Group_size(g, &size);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_group(MPI_COMM_WORLD, &wg);
    if (rc == MPI_SUCCESS)
        rc = MPI_Group_compare(g, wg, &cmp);
    snprintf(got, sizeof got, "%s size=%d ident=%d", rma_rc(rc), size, cmp == MPI_IDENT);
    check("group", got, "ok size=1 ident=1");
    MPI_Group_free(&g);
    MPI_Group_free(&wg);

    name[0] = '\0';
    rc = MPI_Win_get_name(t->win, name, &len);
    xc_kv("name.default", "%s \"%s\" len=%d", rma_rc(rc), name, len);
    rc = MPI_Win_set_name(t->win, "xc_rma window");
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_get_name(t->win, name, &len);
    snprintf(got, sizeof got, "%s \"%s\" len=%d", rma_rc(rc), name, len);
    check("name.set", got, "ok \"xc_rma window\" len=13");

    keyed = t->win;
    rc = MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, del_cb, keyval, "x");
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_set_attr(t->win, *keyval, (void *)42);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_get_attr(t->win, *keyval, &val, &flag);
    snprintf(got, sizeof got, "%s flag=%d val=%ld [%s]", rma_rc(rc), flag, (long)val, events);
    check("keyval.get", got, "ok flag=1 val=42 []");
    events[0] = '\0';
    rc = MPI_Win_delete_attr(t->win, *keyval);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_get_attr(t->win, *keyval, &val, &flag);
    snprintf(got, sizeof got, "%s flag=%d [%s]", rma_rc(rc), flag, events);
    check("keyval.delete", got, "ok flag=0 [del win 42 x;]");
    events[0] = '\0';
    rc = MPI_Win_set_attr(t->win, *keyval, (void *)43); /* deleted by MPI_Win_free */
    xc_kv("keyval.set_again", "%s", rma_rc(rc));
}

/* Errors MPICH 4.0.2 and typeshim must agree on (MPI-4.1 section 12.6.2):
 * a window of 4 ints with MPI_ERRORS_RETURN; nothing may be written. */
static void errors(void)
{
    char got[128];
    int buf[4] = {1, 2, 3, 4}, rc;
    MPI_Win win;
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;

    rc = MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rc != MPI_SUCCESS) {
        check("err.create", rma_rc(rc), "ok");
        return;
    }
    rc = MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_get_errhandler(win, &eh);
    snprintf(got, sizeof got, "%s errors_return=%d", rma_rc(rc), eh == MPI_ERRORS_RETURN);
    check("err.errhandler", got, "ok errors_return=1");
    if (eh != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&eh);
    rc = MPI_Put(O, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    check("err.put_no_epoch", rma_rc(rc), "MPI_ERR_RMA_SYNC");
    rc = MPI_Win_unlock(0, win);
    check("err.unlock_no_lock", rma_rc(rc), "MPI_ERR_RMA_SYNC");
    /* (a target range past the window's end: MPICH 4.0.2 does not check
     * it, and writes past the window) */
    rc = MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    check("err.lock", rma_rc(rc), "ok");
    rc = MPI_Put(O, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    check("err.put_rank1", rma_rc(rc), "MPI_ERR_RANK");
    rc = MPI_Win_unlock(0, win);
    check("err.unlock", rma_rc(rc), "ok");
    snprintf(got, sizeof got, "%d %d %d %d", buf[0], buf[1], buf[2], buf[3]);
    check("err.untouched", got, "1 2 3 4");
    rc = MPI_Win_free(&win);
    snprintf(got, sizeof got, "%s null=%d", rma_rc(rc), win == MPI_WIN_NULL);
    check("err.free", got, "ok null=1");
}

int main(int argc, char **argv)
{
    static int ibuf[NT];
    static double dbuf[ND];
    int bl[2] = {1, 2}, dp[2] = {1, 5}, sizes[2] = {3, 4}, subs[2] = {2, 2}, starts[2] = {1, 1};
    int sbl[2] = {2, 1}, keyval = MPI_KEYVAL_INVALID, rc, unit = -1, crc[6];
    MPI_Aint sdp[2] = {0, 24}, qsize = -1;
    MPI_Datatype sty[2] = {MPI_DOUBLE, MPI_DOUBLE}, st;
    void *mem1 = NULL, *dyn_i = NULL, *dyn_d = NULL, *qptr = NULL;
    char got[256], k[XC_KEYLEN];
    struct target ti[5], td[2];

#ifdef OPEN_MPI
    /* Open MPI 4.1.4 run as a singleton picks no one-sided component that
     * makes a window of flavor create or dynamic (MPI_Win_create fails
     * with MPI_ERR_WIN): name the two that make every flavor, unless the
     * environment already chose */
    setenv("OMPI_MCA_osc", "sm,pt2pt", 0);
#endif
    xc_init(&argc, &argv);
    MPI_Type_vector(3, 1, 2, MPI_INT, &vec3);
    MPI_Type_indexed(2, bl, dp, MPI_INT, &idx3);
    MPI_Type_contiguous(4, MPI_INT, &con4);
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &sub22);
    MPI_Type_vector(3, 1, 3, MPI_INT, &tvec3);
    MPI_Type_vector(2, 1, 2, MPI_INT, &tvec2);
    MPI_Type_create_struct(2, sbl, sdp, sty, &st);
    MPI_Type_create_resized(st, 0, 32, &sres);
    MPI_Type_free(&st);
    MPI_Datatype *all[] = {&vec3, &idx3, &con4, &sub22, &tvec3, &tvec2, &sres};
    for (int i = 0; i < XC_NELEM(all); i++)
        MPI_Type_commit(all[i]);

    /* int targets: created (disp_unit 4 and 1), allocated, shared,
     * dynamic; double targets: created (disp_unit 8), dynamic */
    ti[0] = (struct target){"create4", MPI_WIN_NULL, ibuf, 0, sizeof(int), MPI_GROUP_NULL};
    crc[0] =
        MPI_Win_create(ibuf, sizeof ibuf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &ti[0].win);
    MPI_Alloc_mem(sizeof ibuf, MPI_INFO_NULL, &mem1);
    ti[1] = (struct target){"create1", MPI_WIN_NULL, mem1, 0, 1, MPI_GROUP_NULL};
    crc[1] = MPI_Win_create(mem1, sizeof ibuf, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &ti[1].win);
    ti[2] = (struct target){"allocate", MPI_WIN_NULL, NULL, 0, sizeof(int), MPI_GROUP_NULL};
    crc[2] = MPI_Win_allocate(sizeof ibuf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &ti[2].mem,
                              &ti[2].win);
    ti[3] = (struct target){"shared", MPI_WIN_NULL, NULL, 0, sizeof(int), MPI_GROUP_NULL};
    crc[3] = MPI_Win_allocate_shared(sizeof ibuf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                                     &ti[3].mem, &ti[3].win);
    /* a dynamic window with two regions, ints and doubles, at their
     * addresses (MPI-4.1 section 12.2.4) */
    MPI_Alloc_mem(sizeof ibuf, MPI_INFO_NULL, &dyn_i);
    MPI_Alloc_mem(sizeof dbuf, MPI_INFO_NULL, &dyn_d);
    ti[4] = (struct target){"dynamic", MPI_WIN_NULL, dyn_i, 0, 1, MPI_GROUP_NULL};
    crc[4] = MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &ti[4].win);
    if (crc[4] == MPI_SUCCESS)
        crc[4] = MPI_Win_attach(ti[4].win, dyn_i, sizeof ibuf);
    if (crc[4] == MPI_SUCCESS)
        crc[4] = MPI_Win_attach(ti[4].win, dyn_d, sizeof dbuf);
    MPI_Get_address(dyn_i, &ti[4].base);
    td[0] = (struct target){"create8", MPI_WIN_NULL, dbuf, 0, sizeof(double), MPI_GROUP_NULL};
    crc[5] = MPI_Win_create(dbuf, sizeof dbuf, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD,
                            &td[0].win);
    td[1] = (struct target){"dynamic", ti[4].win, dyn_d, 0, 1, MPI_GROUP_NULL};
    MPI_Get_address(dyn_d, &td[1].base);
    for (int i = 0; i < 6; i++) {
        check(xc_key(k, "create.", "%s", i < 5 ? ti[i].name : td[0].name), rma_rc(crc[i]), "ok");
        if (crc[i] != MPI_SUCCESS) { /* nothing to test on */
            xc_finalize();
            return 1;
        }
    }
    for (int i = 0; i < 5; i++) {
        MPI_Win_set_errhandler(ti[i].win, MPI_ERRORS_RETURN);
        MPI_Win_get_group(ti[i].win, &ti[i].group);
    }
    for (int i = 0; i < 2; i++) {
        MPI_Win_set_errhandler(td[i].win, MPI_ERRORS_RETURN);
        MPI_Win_get_group(td[i].win, &td[i].group);
    }
    attrs(&ti[0], "ok base=mem size=48 disp_unit=4 flavor=CREATE");
    attrs(&ti[1], "ok base=mem size=48 disp_unit=1 flavor=CREATE");
    attrs(&ti[2], "ok base=mem size=48 disp_unit=4 flavor=ALLOCATE");
    attrs(&ti[3], "ok base=mem size=48 disp_unit=4 flavor=SHARED");
    attrs(&ti[4], "ok base=MPI_BOTTOM size=0 disp_unit=1 flavor=DYNAMIC");
    attrs(&td[0], "ok base=mem size=64 disp_unit=8 flavor=CREATE");

    /* MPI-4.1 section 12.2.3: MPI_PROC_NULL asks for the segment of the
     * lowest rank with a nonzero size, here rank 0's */
    rc = MPI_Win_shared_query(ti[3].win, 0, &qsize, &unit, &qptr);
    snprintf(got, sizeof got, "%s size=%ld disp_unit=%d ptr=%s", rma_rc(rc), (long)qsize, unit,
             qptr == ti[3].mem ? "mem" : "other");
    check("shared_query.rank0", got, "ok size=48 disp_unit=4 ptr=mem");
    qsize = -1, unit = -1, qptr = NULL;
    rc = MPI_Win_shared_query(ti[3].win, MPI_PROC_NULL, &qsize, &unit, &qptr);
    snprintf(got, sizeof got, "%s size=%ld disp_unit=%d ptr=%s", rma_rc(rc), (long)qsize, unit,
             qptr == ti[3].mem ? "mem" : "other");
    check("shared_query.proc_null", got, "ok size=48 disp_unit=4 ptr=mem");

    objects(&ti[0], &keyval);

    for (int w = 0; w < 5; w++)
        for (int m = 0; m < NMODES; m++)
            for (int o = 0; o < NIOPS; o++)
                run_iop(&ti[w], m, o);
    for (int w = 0; w < 2; w++)
        for (int m = 0; m < NMODES; m++)
            for (int o = 0; o < NDOPS; o++)
                run_dop(&td[w], m, o);
    for (int w = 0; w < 5; w++)
        requests(&ti[w]);
    errors();

    for (int i = 0; i < 2; i++)
        MPI_Group_free(&td[i].group);
    for (int i = 0; i < 5; i++)
        MPI_Group_free(&ti[i].group);
    rc = MPI_Win_detach(ti[4].win, dyn_i);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_detach(ti[4].win, dyn_d);
    check("dynamic.detach", rma_rc(rc), "ok");
    events[0] = '\0';
    rc = MPI_Win_free(&ti[0].win);
    snprintf(got, sizeof got, "%s null=%d [%s]", rma_rc(rc), ti[0].win == MPI_WIN_NULL, events);
    check("free.keyed", got, "ok null=1 [del win 43 x;]");
    for (int i = 1; i < 5; i++) {
        rc = MPI_Win_free(&ti[i].win);
        snprintf(got, sizeof got, "%s null=%d", rma_rc(rc), ti[i].win == MPI_WIN_NULL);
        check(xc_key(k, "free.", "%s", ti[i].name), got, "ok null=1");
    }
    rc = MPI_Win_free(&td[0].win);
    check("free.create8", rma_rc(rc), "ok");
    rc = MPI_Win_free_keyval(&keyval);
    snprintf(got, sizeof got, "%s invalid=%d", rma_rc(rc), keyval == MPI_KEYVAL_INVALID);
    check("keyval.free", got, "ok invalid=1");
    MPI_Free_mem(mem1);
    MPI_Free_mem(dyn_i);
    MPI_Free_mem(dyn_d);
    for (int i = 0; i < XC_NELEM(all); i++)
        MPI_Type_free(all[i]);
    xc_kv("checks", "%d failed=%d", nchecks, nfail);
    rc = xc_finalize();
    return rc != 0 || nfail != 0;
}
