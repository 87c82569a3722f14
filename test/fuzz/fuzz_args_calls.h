/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_args_calls.h: one caller per exported MPI function for
 * test/fuzz/fuzz_args.c, and their table fz_fns[] at the end: the one list
 * of called functions (test/fuzz/check-args-coverage.sh reads its F(...)
 * rows).  Each caller draws its arguments (fuzz_args_gen.h), one per
 * statement, places its buffers (fuzz_args.c, place), makes the call,
 * keeps what it made in the pools and returns the call's code.  Families
 * that differ only in the count type (the _c forms) share a template.
 * Included once, by fuzz_args.c.
 */
#ifndef FUZZ_ARGS_CALLS_H
#define FUZZ_ARGS_CALLS_H

typedef int (*fz_call)(void);

/* small values mostly, for displacements and array contents */
static int sm(void)
{
    unsigned k = u8();

    return k < 200 ? (int)(k % 24) - 8 : ci();
}

static MPI_Aint sa(void)
{
    unsigned k = u8();

    return k < 200 ? ((MPI_Aint)(k % 24) - 8) * 4 : (MPI_Aint)cc();
}

/* An array of n elements for a count n: NULL for n > 64 (a valid array
 * of that length the harness cannot afford, and MPI reads count of them),
 * a 1-element array for n <= 0. */
#define ARRN(E, n, gen) ((n) > 64 ? (E *)NULL : ARR(E, (n) > 0 ? (int)(n) : 1, gen))

/* A datatype constructor: newtype starts as a sentinel, which a failed
 * call must leave alone (HACKING.md: a failed call writes no output). */
#define NT_SENTINEL ((MPI_Datatype)0x5eedf00d)
static int made_type(const char *fn, int rc, MPI_Datatype nt)
{
    if (rc == MPI_SUCCESS)
        keep_type(nt);
    else if (nt != NT_SENTINEL &&
             /* a copy callback refused: MPI_Type_dup(3) */
             !(nt == MPI_DATATYPE_NULL && !strcmp(fn, "MPI_Type_dup"))) {
        fprintf(stderr, "fuzz_args: failed %s wrote newtype\n", fn);
        abort();
    }
    return rc;
}
/* (the call a statement of its own: as an argument beside nt, gcc read nt
 * before the call wrote it) */
#define NEWTYPE(fn, ...)                                                                           \
    MPI_Datatype nt = NT_SENTINEL;                                                                 \
    MPI_Datatype *ntp = OUT(&nt);                                                                  \
    int nt_rc = fn(__VA_ARGS__, ntp);                                                              \
    return made_type(#fn, nt_rc, nt)

/* ===================================================== datatypes ====== */

#define T_CONTIG(FN, CT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype o = T_ty;                                                                     \
        NEWTYPE(FN, n, o);                                                                         \
    }
T_CONTIG(MPI_Type_contiguous, int)
T_CONTIG(MPI_Type_contiguous_c, MPI_Count)

#define T_VECTOR(FN, CT, ST)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        CT bl = CNT(CT);                                                                           \
        ST s = (ST)(sizeof(ST) == sizeof(int) ? sm() : sa());                                      \
        MPI_Datatype o = T_ty;                                                                     \
        NEWTYPE(FN, n, bl, s, o);                                                                  \
    }
T_VECTOR(MPI_Type_vector, int, int)
T_VECTOR(MPI_Type_vector_c, MPI_Count, MPI_Count)
T_VECTOR(MPI_Type_create_hvector, int, MPI_Aint)
T_VECTOR(MPI_Type_create_hvector_c, MPI_Count, MPI_Count)
T_VECTOR(MPI_Type_hvector, int, MPI_Aint)

#define T_INDEXED(FN, CT, DT, DGEN)                                                                \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        CT *bl = ARRN(CT, n, (CT)sm());                                                            \
        DT *d = ARRN(DT, n, (DT)DGEN);                                                             \
        MPI_Datatype o = T_ty;                                                                     \
        NEWTYPE(FN, n, bl, d, o);                                                                  \
    }
T_INDEXED(MPI_Type_indexed, int, int, sm())
T_INDEXED(MPI_Type_indexed_c, MPI_Count, MPI_Count, sa())
T_INDEXED(MPI_Type_create_hindexed, int, MPI_Aint, sa())
T_INDEXED(MPI_Type_create_hindexed_c, MPI_Count, MPI_Count, sa())
T_INDEXED(MPI_Type_hindexed, int, MPI_Aint, sa())

#define T_BLOCK(FN, CT, DT, DGEN)                                                                  \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        CT bl = CNT(CT);                                                                           \
        DT *d = ARRN(DT, n, (DT)DGEN);                                                             \
        MPI_Datatype o = T_ty;                                                                     \
        NEWTYPE(FN, n, bl, d, o);                                                                  \
    }
T_BLOCK(MPI_Type_create_indexed_block, int, int, sm())
T_BLOCK(MPI_Type_create_indexed_block_c, MPI_Count, MPI_Count, sa())
T_BLOCK(MPI_Type_create_hindexed_block, int, MPI_Aint, sa())
T_BLOCK(MPI_Type_create_hindexed_block_c, MPI_Count, MPI_Count, sa())

#define T_STRUCT(FN, CT, DT)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        CT *bl = ARRN(CT, n, (CT)sm());                                                            \
        DT *d = ARRN(DT, n, (DT)sa());                                                             \
        MPI_Datatype *ts = ARRN(MPI_Datatype, n, T_ty);                                            \
        NEWTYPE(FN, n, bl, d, ts);                                                                 \
    }
T_STRUCT(MPI_Type_create_struct, int, MPI_Aint)
T_STRUCT(MPI_Type_create_struct_c, MPI_Count, MPI_Count)
T_STRUCT(MPI_Type_struct, int, MPI_Aint)

static int order(void)
{
    static const int v[] = {MPI_ORDER_C, MPI_ORDER_FORTRAN, 0, -1, 57};
    return v[pick(5)];
}

#define T_SUBARRAY(FN, CT)                                                                         \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        int nd = ci();                                                                             \
        CT *sz = ARRN(CT, nd, (CT)sm());                                                           \
        CT *sub = ARRN(CT, nd, (CT)sm());                                                          \
        CT *st = ARRN(CT, nd, (CT)sm());                                                           \
        int ord = order();                                                                         \
        MPI_Datatype o = T_ty;                                                                     \
        NEWTYPE(FN, nd, sz, sub, st, ord, o);                                                      \
    }
T_SUBARRAY(MPI_Type_create_subarray, int)
T_SUBARRAY(MPI_Type_create_subarray_c, MPI_Count)

static int distrib(void)
{
    static const int v[] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_NONE, 7,
                            -1};
    return v[pick(5)];
}

static int darg(void)
{
    return u8() % 2 ? MPI_DISTRIBUTE_DFLT_DARG : sm();
}

#define T_DARRAY(FN, CT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        int size = sm();                                                                           \
        int rank = sm();                                                                           \
        int nd = ci();                                                                             \
        CT *gs = ARRN(CT, nd, (CT)sm());                                                           \
        int *di = ARRN(int, nd, distrib());                                                        \
        int *da = ARRN(int, nd, darg());                                                           \
        int *ps = ARRN(int, nd, sm());                                                             \
        int ord = order();                                                                         \
        MPI_Datatype o = T_ty;                                                                     \
        NEWTYPE(FN, size, rank, nd, gs, di, da, ps, ord, o);                                       \
    }
T_DARRAY(MPI_Type_create_darray, int)
T_DARRAY(MPI_Type_create_darray_c, MPI_Count)

#define T_RESIZED(FN, CT)                                                                          \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Datatype o = T_ty;                                                                     \
        CT lb = (CT)sa();                                                                          \
        CT ext = (CT)sa();                                                                         \
        NEWTYPE(FN, o, lb, ext);                                                                   \
    }
T_RESIZED(MPI_Type_create_resized, MPI_Aint)
T_RESIZED(MPI_Type_create_resized_c, MPI_Count)

static int c_MPI_Type_dup(void)
{
    MPI_Datatype o = T_ty;
    NEWTYPE(MPI_Type_dup, o);
}

/* predefined results (MPI-4.1 sections 19.2.5, 5.1.4): never freed */
static int c_MPI_Type_create_f90_real(void)
{
    int p = sm();
    int r = sm();
    MPI_Datatype t;
    return MPI_Type_create_f90_real(p, r, OUT(&t));
}
static int c_MPI_Type_create_f90_complex(void)
{
    int p = sm();
    int r = sm();
    MPI_Datatype t;
    return MPI_Type_create_f90_complex(p, r, OUT(&t));
}
static int c_MPI_Type_create_f90_integer(void)
{
    int r = sm();
    MPI_Datatype t;
    return MPI_Type_create_f90_integer(r, OUT(&t));
}
static int c_MPI_Type_match_size(void)
{
    static const int cls[] = {MPI_TYPECLASS_REAL, MPI_TYPECLASS_INTEGER, MPI_TYPECLASS_COMPLEX, 0,
                              99};
    int c = cls[pick(5)];
    int sz = sm();
    MPI_Datatype t;
    return MPI_Type_match_size(c, sz, OUT(&t));
}
static int c_MPI_Type_get_value_index(void)
{
    MPI_Datatype v = T_ty;
    MPI_Datatype i = T_ty;
    MPI_Datatype t;
    return MPI_Type_get_value_index(v, i, OUT(&t));
}

static int c_MPI_Type_commit(void)
{
    return MPI_Type_commit(OUT(type_ref()));
}

static int c_MPI_Type_free(void)
{
    MPI_Datatype *t = OUT(type_ref());
    MPI_Datatype h = t ? *t : MPI_DATATYPE_NULL;
    int rc = MPI_Type_free(t);

    if (rc == MPI_SUCCESS)
        type_died(h);
    return rc;
}

#define T_QUERY1(FN, OT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Datatype t = T_ty;                                                                     \
        OT v;                                                                                      \
        return FN(t, OUT(&v));                                                                     \
    }
#define T_QUERY2(FN, OT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Datatype t = T_ty;                                                                     \
        OT a;                                                                                      \
        OT *ap = OUT(&a);                                                                          \
        OT b;                                                                                      \
        return FN(t, ap, OUT(&b));                                                                 \
    }
T_QUERY1(MPI_Type_size, int)
T_QUERY1(MPI_Type_size_c, MPI_Count)
T_QUERY1(MPI_Type_size_x, MPI_Count)
T_QUERY1(MPI_Type_extent, MPI_Aint)
T_QUERY1(MPI_Type_lb, MPI_Aint)
T_QUERY1(MPI_Type_ub, MPI_Aint)
T_QUERY2(MPI_Type_get_extent, MPI_Aint)
T_QUERY2(MPI_Type_get_extent_c, MPI_Count)
T_QUERY2(MPI_Type_get_extent_x, MPI_Count)
T_QUERY2(MPI_Type_get_true_extent, MPI_Aint)
T_QUERY2(MPI_Type_get_true_extent_c, MPI_Count)
T_QUERY2(MPI_Type_get_true_extent_x, MPI_Count)

static int c_MPI_Type_get_envelope(void)
{
    MPI_Datatype t = T_ty;
    int a, b, c, d;
    int *ap = OUT(&a), *bp = OUT(&b), *cp = OUT(&c);
    return MPI_Type_get_envelope(t, ap, bp, cp, OUT(&d));
}

static int c_MPI_Type_get_envelope_c(void)
{
    MPI_Datatype t = T_ty;
    MPI_Count a, b, c, d;
    MPI_Count *ap = OUT(&a), *bp = OUT(&b), *cp = OUT(&c), *dp = OUT(&d);
    int e;
    return MPI_Type_get_envelope_c(t, ap, bp, cp, dp, OUT(&e));
}

/* The datatypes get_contents returns are new handles of derived types:
 * the first is kept, the others freed.  Only the envelope's count of
 * them is written; the rest of the array must still hold the harness's
 * MPI_DATATYPE_NULL fill. */
static void got_types(int rc, MPI_Datatype t, MPI_Datatype *ts, MPI_Count n)
{
    MPI_Count ni, na, nc, nd, i_nd;
    int comb;

    if (rc != MPI_SUCCESS || !ts)
        return;
    if (MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb) != MPI_SUCCESS || nd > n)
        abort();
    for (MPI_Count i = 0; i < n; i++) {
        if (i >= nd) {
            if (ts[i] != MPI_DATATYPE_NULL)
                abort();
            continue;
        }
        /* the _c form: a member may come from a large-count constructor */
        if (MPI_Type_get_envelope_c(ts[i], &ni, &na, &nc, &i_nd, &comb) != MPI_SUCCESS)
            abort();
        if (comb == MPI_COMBINER_NAMED)
            continue;
        if (i == 0)
            keep_type(ts[i]);
        else
            MPI_Type_free(&ts[i]);
    }
}

/* arrays of exactly the declared length (negative: a 1-element one) */
static int maxn(int v)
{
    return v > 64 ? 64 : v;
}
#define MAXN(v) maxn(v)
static int c_MPI_Type_get_contents(void)
{
    MPI_Datatype t = T_ty;
    int mi = MAXN(sm()), ma = MAXN(sm()), md = MAXN(sm());
    int *is = ARRN(int, mi, 0);
    MPI_Aint *as = ARRN(MPI_Aint, ma, 0);
    MPI_Datatype *ds = ARRN(MPI_Datatype, md, MPI_DATATYPE_NULL);
    int rc = MPI_Type_get_contents(t, mi, ma, md, is, as, ds);

    got_types(rc, t, ds, md);
    return rc;
}

static int c_MPI_Type_get_contents_c(void)
{
    MPI_Datatype t = T_ty;
    MPI_Count mi = MAXN(sm()), ma = MAXN(sm()), mc = MAXN(sm()), md = MAXN(sm());
    int *is = ARRN(int, mi, 0);
    MPI_Aint *as = ARRN(MPI_Aint, ma, 0);
    MPI_Count *cs = ARRN(MPI_Count, mc, 0);
    MPI_Datatype *ds = ARRN(MPI_Datatype, md, MPI_DATATYPE_NULL);
    int rc = MPI_Type_get_contents_c(t, mi, ma, mc, md, is, as, cs, ds);

    got_types(rc, t, ds, md);
    return rc;
}

static int c_MPI_Type_get_name(void)
{
    MPI_Datatype t = T_ty;
    char *name = OUT((char *)S(MPI_MAX_OBJECT_NAME));
    int len;
    return MPI_Type_get_name(t, name, OUT(&len));
}

static int c_MPI_Type_set_name(void)
{
    MPI_Datatype t = T_ty;
    return MPI_Type_set_name(t, str());
}

static int c_MPI_Type_create_keyval(void)
{
    MPI_Type_copy_attr_function *cp = tcopy();
    MPI_Type_delete_attr_function *dl =
        u8() % 2 ? MPI_TYPE_NULL_DELETE_FN
                 : (MPI_Type_delete_attr_function *)(void (*)(void))del_ok;
    int kv = MPI_KEYVAL_INVALID;
    int rc = MPI_Type_create_keyval(cp, dl, OUT(&kv), NULL);

    if (rc == MPI_SUCCESS)
        keep_tkv(kv);
    return rc;
}

static int c_MPI_Type_free_keyval(void)
{
    return MPI_Type_free_keyval(OUT(tkv_ref()));
}
static int c_MPI_Type_set_attr(void)
{
    MPI_Datatype t = T_ty;
    int kv = tkv_gen();
    return MPI_Type_set_attr(t, kv, (void *)(intptr_t)u8());
}
static int c_MPI_Type_get_attr(void)
{
    MPI_Datatype t = T_ty;
    int kv = tkv_gen();
    void *v;
    void **vp = OUT((void **)&v);
    int flag;
    return MPI_Type_get_attr(t, kv, vp, OUT(&flag));
}
static int c_MPI_Type_delete_attr(void)
{
    MPI_Datatype t = T_ty;
    int kv = tkv_gen();
    return MPI_Type_delete_attr(t, kv);
}

static int c_MPI_Get_address(void)
{
    MPI_Aint a;
    int off = pick(64);
    return MPI_Get_address(arena[0] + off, OUT(&a));
}
static int c_MPI_Address(void)
{
    MPI_Aint a;
    int off = pick(64);
    return MPI_Address(arena[0] + off, OUT(&a));
}
static int c_MPI_Aint_add(void)
{
    MPI_Aint a = sa();
    MPI_Aint b = sa();
    (void)MPI_Aint_add(a, b);
    return MPI_SUCCESS;
}
static int c_MPI_Aint_diff(void)
{
    MPI_Aint a = sa();
    MPI_Aint b = sa();
    (void)MPI_Aint_diff(a, b);
    return MPI_SUCCESS;
}

/* ---- status: its fields are forged too (a status is an object of the
 * caller's, written by MPI) */
static MPI_Status *fstatus(void)
{
    MPI_Status *s = &st_buf[1];
    unsigned k = u8();

    if (k % 16 == 15)
        return NULL;
    if (k % 2) {
        s->count_lo = (int)u32();
        s->count_hi_and_cancelled = (int)u32();
    } else {
        MPI_Count n = cc();
        MPI_Status_set_elements_x(s, MPI_BYTE, n);
    }
    s->MPI_SOURCE = rk();
    s->MPI_TAG = tg();
    s->MPI_ERROR = ci();
    return s;
}

#define T_GETCNT(FN, OT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Status *s = fstatus();                                                                 \
        MPI_Datatype t = T_ty;                                                                     \
        OT v;                                                                                      \
        return FN(s, t, OUT(&v));                                                                  \
    }
T_GETCNT(MPI_Get_count, int)
T_GETCNT(MPI_Get_count_c, MPI_Count)
T_GETCNT(MPI_Get_elements, int)
T_GETCNT(MPI_Get_elements_c, MPI_Count)
T_GETCNT(MPI_Get_elements_x, MPI_Count)

#define T_SETEL(FN, CT)                                                                            \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Status *s = fstatus();                                                                 \
        MPI_Datatype t = T_ty;                                                                     \
        CT n = CNT(CT);                                                                            \
        return FN(s, t, n);                                                                        \
    }
T_SETEL(MPI_Status_set_elements, int)
T_SETEL(MPI_Status_set_elements_c, MPI_Count)
T_SETEL(MPI_Status_set_elements_x, MPI_Count)

static int c_MPI_Status_set_cancelled(void)
{
    MPI_Status *s = fstatus();
    return MPI_Status_set_cancelled(s, ci());
}
static int c_MPI_Test_cancelled(void)
{
    MPI_Status *s = fstatus();
    int f;
    return MPI_Test_cancelled(s, OUT(&f));
}
static int c_MPI_Status_get_error(void)
{
    MPI_Status *s = fstatus();
    int f;
    return MPI_Status_get_error(s, OUT(&f));
}
static int c_MPI_Status_get_source(void)
{
    MPI_Status *s = fstatus();
    int f;
    return MPI_Status_get_source(s, OUT(&f));
}
static int c_MPI_Status_get_tag(void)
{
    MPI_Status *s = fstatus();
    int f;
    return MPI_Status_get_tag(s, OUT(&f));
}
static int c_MPI_Status_set_error(void)
{
    MPI_Status *s = fstatus();
    return MPI_Status_set_error(s, ci());
}
static int c_MPI_Status_set_source(void)
{
    MPI_Status *s = fstatus();
    return MPI_Status_set_source(s, rk());
}
static int c_MPI_Status_set_tag(void)
{
    MPI_Status *s = fstatus();
    return MPI_Status_set_tag(s, tg());
}

/* ---- pack */
static const char *datarep(void)
{
    static const char *v[] = {"external32", "native", "internal", "", NULL, "EXTERNAL32"};
    return v[pick(6)];
}

/* an output of declared size n, allocated at exactly that size (at most
 * an arena; more is the caller's promise the harness cannot keep) */
#define SIZED(n) ((n) > ARENA ? (n) = ARENA : 0, (n) > 0 ? S((size_t)(n)) : (void *)arena[2])

#define T_PACK(FN, CT)                                                                             \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(0, &n, t);                                                                    \
        CT osz = CNT(CT);                                                                          \
        void *o = SIZED(osz);                                                                      \
        CT pos = (CT)(u8() % 2 ? 0 : sm());                                                        \
        CT *pp = OUT(&pos);                                                                        \
        MPI_Comm c = T_cm;                                                                         \
        return FN(b, n, t, o, osz, pp, c);                                                         \
    }
T_PACK(MPI_Pack, int)
T_PACK(MPI_Pack_c, MPI_Count)

#define T_UNPACK(FN, CT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT isz = CNT(CT);                                                                          \
        void *i = SIZED(isz);                                                                      \
        CT pos = (CT)(u8() % 2 ? 0 : sm());                                                        \
        CT *pp = OUT(&pos);                                                                        \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(1, &n, t);                                                                    \
        MPI_Comm c = T_cm;                                                                         \
        return FN(i, isz, pp, b, n, t, c);                                                         \
    }
T_UNPACK(MPI_Unpack, int)
T_UNPACK(MPI_Unpack_c, MPI_Count)

#define T_PACKSIZE(FN, CT)                                                                         \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        MPI_Comm c = T_cm;                                                                         \
        CT v;                                                                                      \
        return FN(n, t, c, OUT(&v));                                                               \
    }
T_PACKSIZE(MPI_Pack_size, int)
T_PACKSIZE(MPI_Pack_size_c, MPI_Count)

#define T_PACKEXT(FN, CT)                                                                          \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        const char *dr = datarep();                                                                \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(0, &n, t);                                                                    \
        MPI_Aint osz = (MPI_Aint)CNT(CT);                                                          \
        void *o = SIZED(osz);                                                                      \
        MPI_Aint pos = u8() % 2 ? 0 : sm();                                                        \
        return FN(dr, b, n, t, o, osz, OUT(&pos));                                                 \
    }
T_PACKEXT(MPI_Pack_external, int)
T_PACKEXT(MPI_Pack_external_c, MPI_Count)

#define T_UNPACKEXT(FN, CT)                                                                        \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        const char *dr = datarep();                                                                \
        MPI_Aint isz = (MPI_Aint)CNT(CT);                                                          \
        void *i = SIZED(isz);                                                                      \
        MPI_Aint pos = u8() % 2 ? 0 : sm();                                                        \
        MPI_Aint *pp = OUT(&pos);                                                                  \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(1, &n, t);                                                                    \
        return FN(dr, i, isz, pp, b, n, t);                                                        \
    }
T_UNPACKEXT(MPI_Unpack_external, int)
T_UNPACKEXT(MPI_Unpack_external_c, MPI_Count)

#define T_PACKEXTSIZE(FN, CT)                                                                      \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        const char *dr = datarep();                                                                \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        MPI_Aint v;                                                                                \
        return FN(dr, n, t, OUT(&v));                                                              \
    }
T_PACKEXTSIZE(MPI_Pack_external_size, int)
T_PACKEXTSIZE(MPI_Pack_external_size_c, MPI_Count)

/* ---- typeshim's own */
/* The segment [first, last) may be forged to span most of the MPI_Count
 * range, so its length is formed only when it cannot overflow. */
static void *segment_buffer(MPI_Count first, MPI_Count last)
{
    MPI_Count len;
    if (last < first || __builtin_sub_overflow(last, first, &len) || len > ARENA)
        return NULL;
    return SIZED(len);
}

static int c_typeshim_pack_segment(void)
{
    MPI_Count n = cc();
    MPI_Datatype t = T_ty;
    void *b = PL(0, &n, t);
    MPI_Count first = sa();
    MPI_Count last = sa();
    void *o = segment_buffer(first, last);
    return typeshim_pack_segment(b, n, t, first, last, o);
}

static int c_typeshim_unpack_segment(void)
{
    MPI_Count n = cc();
    MPI_Datatype t = T_ty;
    void *b = PL(1, &n, t);
    MPI_Count first = sa();
    MPI_Count last = sa();
    void *i = segment_buffer(first, last);
    return typeshim_unpack_segment(i, first, last, b, n, t);
}

static int c_typeshim_type_copy(void)
{
    MPI_Count n = cc();
    MPI_Datatype st = T_ty;
    MPI_Datatype dt = T_ty;
    void *s = PL(0, &n, st);
    void *d = PL(1, &n, dt);
    /* n may have shrunk for dt: s still holds it */
    return typeshim_type_copy(s, st, d, dt, n);
}

static int c_typeshim_check_buffer(void)
{
    MPI_Datatype t = T_ty;
    MPI_Count n = cc();
    int recv = pick(2);
    return typeshim_check_buffer(u8() % 2 ? NULL : "f", NULL, t, n, recv);
}

static int c_typeshim_type_match(void)
{
    MPI_Count sn = cc();
    MPI_Datatype st = T_ty;
    MPI_Count rn = cc();
    MPI_Datatype rt = T_ty;
    int how = sm();
    int m;
    int *mp = OUT(&m);
    MPI_Count pos;
    MPI_Count *posp = OUT(&pos);
    int len = MAXN(sm());
    char *why = len > 0 ? S((size_t)len) : NULL;
    return typeshim_type_match(sn, st, rn, rt, how, mp, posp, why, len);
}

static FILE *devnull;
static int c_typeshim_type_dump(void)
{
    MPI_Datatype t = T_ty;
    if (!devnull && !(devnull = fopen("/dev/null", "w")))
        abort();
    return typeshim_type_dump(t, OUT(devnull));
}

static int c_typeshim_error_message(void)
{
    int code = ci();
    char buf[MPI_MAX_ERROR_STRING];
    int len;
    (void)typeshim_error_message(code, buf, &len);
    return MPI_SUCCESS;
}

static int c_typeshim_error_class(void)
{
    (void)typeshim_error_class(ci());
    return MPI_SUCCESS;
}

static int c_typeshim_error_make(void)
{
    int code = typeshim_error_make(ci(), u8() % 2 ? NULL : "fuzz: made");
    char buf[MPI_MAX_ERROR_STRING];
    int len;
    (void)typeshim_error_message(code, buf, &len);
    return MPI_SUCCESS;
}

#include "fuzz_args_runtime.h"

/* The called functions: one F(name) row each, in name order. */
#define F(name)                                                                                    \
    {                                                                                              \
#name, c_##name                                                                            \
    }
static const struct fz_fn {
    const char *name;
    fz_call call;
} fz_fns[] = {
    F(MPI_Accumulate),
    F(MPI_Accumulate_c),
    F(MPI_Address),
    F(MPI_Aint_add),
    F(MPI_Aint_diff),
    F(MPI_Allgather),
    F(MPI_Allgather_c),
    F(MPI_Allgather_init),
    F(MPI_Allgather_init_c),
    F(MPI_Allgatherv),
    F(MPI_Allgatherv_c),
    F(MPI_Allgatherv_init),
    F(MPI_Allgatherv_init_c),
    F(MPI_Alloc_mem),
    F(MPI_Allreduce),
    F(MPI_Allreduce_c),
    F(MPI_Allreduce_init),
    F(MPI_Allreduce_init_c),
    F(MPI_Alltoall),
    F(MPI_Alltoall_c),
    F(MPI_Alltoall_init),
    F(MPI_Alltoall_init_c),
    F(MPI_Alltoallv),
    F(MPI_Alltoallv_c),
    F(MPI_Alltoallv_init),
    F(MPI_Alltoallv_init_c),
    F(MPI_Alltoallw),
    F(MPI_Alltoallw_c),
    F(MPI_Alltoallw_init),
    F(MPI_Alltoallw_init_c),
    F(MPI_Attr_delete),
    F(MPI_Attr_get),
    F(MPI_Attr_put),
    F(MPI_Barrier),
    F(MPI_Barrier_init),
    F(MPI_Bcast),
    F(MPI_Bcast_c),
    F(MPI_Bcast_init),
    F(MPI_Bcast_init_c),
    F(MPI_Bsend),
    F(MPI_Bsend_c),
    F(MPI_Bsend_init),
    F(MPI_Bsend_init_c),
    F(MPI_Buffer_attach),
    F(MPI_Buffer_attach_c),
    F(MPI_Buffer_detach),
    F(MPI_Buffer_detach_c),
    F(MPI_Cancel),
    F(MPI_Cart_coords),
    F(MPI_Cart_create),
    F(MPI_Cart_get),
    F(MPI_Cart_map),
    F(MPI_Cart_rank),
    F(MPI_Cart_shift),
    F(MPI_Cart_sub),
    F(MPI_Cartdim_get),
    F(MPI_Comm_call_errhandler),
    F(MPI_Comm_compare),
    F(MPI_Comm_create),
    F(MPI_Comm_create_errhandler),
    F(MPI_Comm_create_group),
    F(MPI_Comm_create_keyval),
    F(MPI_Comm_delete_attr),
    F(MPI_Comm_disconnect),
    F(MPI_Comm_dup),
    F(MPI_Comm_dup_with_info),
    F(MPI_Comm_free),
    F(MPI_Comm_free_keyval),
    F(MPI_Comm_get_attr),
    F(MPI_Comm_get_errhandler),
    F(MPI_Comm_get_info),
    F(MPI_Comm_get_name),
    F(MPI_Comm_get_parent),
    F(MPI_Comm_group),
    F(MPI_Comm_idup),
    F(MPI_Comm_idup_with_info),
    F(MPI_Comm_rank),
    F(MPI_Comm_remote_group),
    F(MPI_Comm_remote_size),
    F(MPI_Comm_set_attr),
    F(MPI_Comm_set_errhandler),
    F(MPI_Comm_set_info),
    F(MPI_Comm_set_name),
    F(MPI_Comm_size),
    F(MPI_Comm_split),
    F(MPI_Comm_split_type),
    F(MPI_Comm_test_inter),
    F(MPI_Compare_and_swap),
    F(MPI_Dims_create),
    F(MPI_Dist_graph_create),
    F(MPI_Dist_graph_create_adjacent),
    F(MPI_Dist_graph_neighbors),
    F(MPI_Dist_graph_neighbors_count),
    F(MPI_Errhandler_create),
    F(MPI_Errhandler_free),
    F(MPI_Errhandler_get),
    F(MPI_Errhandler_set),
    F(MPI_Error_class),
    F(MPI_Error_string),
    F(MPI_Add_error_class),
    F(MPI_Add_error_code),
    F(MPI_Add_error_string),
    F(MPI_Remove_error_class),
    F(MPI_Remove_error_code),
    F(MPI_Remove_error_string),
    F(MPI_Intercomm_create),
    F(MPI_Intercomm_merge),
    F(MPI_Status_c2f),
    F(MPI_Grequest_start),
    F(MPI_Grequest_complete),
    F(MPI_Status_f2c),
    F(MPI_Exscan),
    F(MPI_Exscan_c),
    F(MPI_Exscan_init),
    F(MPI_Exscan_init_c),
    F(MPI_Fetch_and_op),
    F(MPI_File_get_type_extent),
    F(MPI_File_get_type_extent_c),
    F(MPI_File_iread),
    F(MPI_File_iread_all),
    F(MPI_File_iread_all_c),
    F(MPI_File_iread_at),
    F(MPI_File_iread_at_all),
    F(MPI_File_iread_at_all_c),
    F(MPI_File_iread_at_c),
    F(MPI_File_iread_c),
    F(MPI_File_iread_shared),
    F(MPI_File_iread_shared_c),
    F(MPI_File_iwrite),
    F(MPI_File_iwrite_all),
    F(MPI_File_iwrite_all_c),
    F(MPI_File_iwrite_at),
    F(MPI_File_iwrite_at_all),
    F(MPI_File_iwrite_at_all_c),
    F(MPI_File_iwrite_at_c),
    F(MPI_File_iwrite_c),
    F(MPI_File_iwrite_shared),
    F(MPI_File_iwrite_shared_c),
    F(MPI_File_read),
    F(MPI_File_read_all),
    F(MPI_File_read_all_begin),
    F(MPI_File_read_all_begin_c),
    F(MPI_File_read_all_c),
    F(MPI_File_read_at),
    F(MPI_File_read_at_all),
    F(MPI_File_read_at_all_begin),
    F(MPI_File_read_at_all_begin_c),
    F(MPI_File_read_at_all_c),
    F(MPI_File_read_at_c),
    F(MPI_File_read_c),
    F(MPI_File_read_ordered),
    F(MPI_File_read_ordered_begin),
    F(MPI_File_read_ordered_begin_c),
    F(MPI_File_read_ordered_c),
    F(MPI_File_read_shared),
    F(MPI_File_read_shared_c),
    F(MPI_File_set_view),
    F(MPI_File_write),
    F(MPI_File_write_all),
    F(MPI_File_write_all_begin),
    F(MPI_File_write_all_begin_c),
    F(MPI_File_write_all_c),
    F(MPI_File_write_at),
    F(MPI_File_write_at_all),
    F(MPI_File_write_at_all_begin),
    F(MPI_File_write_at_all_begin_c),
    F(MPI_File_write_at_all_c),
    F(MPI_File_write_at_c),
    F(MPI_File_write_c),
    F(MPI_File_write_ordered),
    F(MPI_File_write_ordered_begin),
    F(MPI_File_write_ordered_begin_c),
    F(MPI_File_write_ordered_c),
    F(MPI_File_write_shared),
    F(MPI_File_write_shared_c),
    F(MPI_Finalized),
    F(MPI_Free_mem),
    F(MPI_Gather),
    F(MPI_Gather_c),
    F(MPI_Gather_init),
    F(MPI_Gather_init_c),
    F(MPI_Gatherv),
    F(MPI_Gatherv_c),
    F(MPI_Gatherv_init),
    F(MPI_Gatherv_init_c),
    F(MPI_Get),
    F(MPI_Get_accumulate),
    F(MPI_Get_accumulate_c),
    F(MPI_Get_address),
    F(MPI_Get_c),
    F(MPI_Get_count),
    F(MPI_Get_count_c),
    F(MPI_Get_elements),
    F(MPI_Get_elements_c),
    F(MPI_Get_elements_x),
    F(MPI_Get_library_version),
    F(MPI_Get_processor_name),
    F(MPI_Get_version),
    F(MPI_Graph_create),
    F(MPI_Graph_get),
    F(MPI_Graph_map),
    F(MPI_Graph_neighbors),
    F(MPI_Graph_neighbors_count),
    F(MPI_Graphdims_get),
    F(MPI_Group_compare),
    F(MPI_Group_difference),
    F(MPI_Group_excl),
    F(MPI_Group_free),
    F(MPI_Group_incl),
    F(MPI_Group_intersection),
    F(MPI_Group_range_excl),
    F(MPI_Group_range_incl),
    F(MPI_Group_rank),
    F(MPI_Group_size),
    F(MPI_Group_translate_ranks),
    F(MPI_Group_union),
    F(MPI_Iallgather),
    F(MPI_Iallgather_c),
    F(MPI_Iallgatherv),
    F(MPI_Iallgatherv_c),
    F(MPI_Iallreduce),
    F(MPI_Iallreduce_c),
    F(MPI_Ialltoall),
    F(MPI_Ialltoall_c),
    F(MPI_Ialltoallv),
    F(MPI_Ialltoallv_c),
    F(MPI_Ialltoallw),
    F(MPI_Ialltoallw_c),
    F(MPI_Ibarrier),
    F(MPI_Ibcast),
    F(MPI_Ibcast_c),
    F(MPI_Ibsend),
    F(MPI_Ibsend_c),
    F(MPI_Iexscan),
    F(MPI_Iexscan_c),
    F(MPI_Igather),
    F(MPI_Igather_c),
    F(MPI_Igatherv),
    F(MPI_Igatherv_c),
    F(MPI_Improbe),
    F(MPI_Imrecv),
    F(MPI_Imrecv_c),
    F(MPI_Ineighbor_allgather),
    F(MPI_Ineighbor_allgather_c),
    F(MPI_Ineighbor_allgatherv),
    F(MPI_Ineighbor_allgatherv_c),
    F(MPI_Ineighbor_alltoall),
    F(MPI_Ineighbor_alltoall_c),
    F(MPI_Ineighbor_alltoallv),
    F(MPI_Ineighbor_alltoallv_c),
    F(MPI_Ineighbor_alltoallw),
    F(MPI_Ineighbor_alltoallw_c),
    F(MPI_Info_create),
    F(MPI_Info_create_env),
    F(MPI_Info_delete),
    F(MPI_Info_dup),
    F(MPI_Info_free),
    F(MPI_Info_get),
    F(MPI_Info_get_nkeys),
    F(MPI_Info_get_nthkey),
    F(MPI_Info_get_string),
    F(MPI_Info_get_valuelen),
    F(MPI_Info_set),
    F(MPI_Initialized),
    F(MPI_Iprobe),
    F(MPI_Irecv),
    F(MPI_Irecv_c),
    F(MPI_Ireduce),
    F(MPI_Ireduce_c),
    F(MPI_Ireduce_scatter),
    F(MPI_Ireduce_scatter_block),
    F(MPI_Ireduce_scatter_block_c),
    F(MPI_Ireduce_scatter_c),
    F(MPI_Irsend),
    F(MPI_Irsend_c),
    F(MPI_Is_thread_main),
    F(MPI_Iscan),
    F(MPI_Iscan_c),
    F(MPI_Iscatter),
    F(MPI_Iscatter_c),
    F(MPI_Iscatterv),
    F(MPI_Iscatterv_c),
    F(MPI_Isend),
    F(MPI_Isend_c),
    F(MPI_Isendrecv),
    F(MPI_Isendrecv_c),
    F(MPI_Isendrecv_replace),
    F(MPI_Isendrecv_replace_c),
    F(MPI_Issend),
    F(MPI_Issend_c),
    F(MPI_Keyval_create),
    F(MPI_Keyval_free),
    F(MPI_Mprobe),
    F(MPI_Mrecv),
    F(MPI_Mrecv_c),
    F(MPI_Neighbor_allgather),
    F(MPI_Neighbor_allgather_c),
    F(MPI_Neighbor_allgather_init),
    F(MPI_Neighbor_allgather_init_c),
    F(MPI_Neighbor_allgatherv),
    F(MPI_Neighbor_allgatherv_c),
    F(MPI_Neighbor_allgatherv_init),
    F(MPI_Neighbor_allgatherv_init_c),
    F(MPI_Neighbor_alltoall),
    F(MPI_Neighbor_alltoall_c),
    F(MPI_Neighbor_alltoall_init),
    F(MPI_Neighbor_alltoall_init_c),
    F(MPI_Neighbor_alltoallv),
    F(MPI_Neighbor_alltoallv_c),
    F(MPI_Neighbor_alltoallv_init),
    F(MPI_Neighbor_alltoallv_init_c),
    F(MPI_Neighbor_alltoallw),
    F(MPI_Neighbor_alltoallw_c),
    F(MPI_Neighbor_alltoallw_init),
    F(MPI_Neighbor_alltoallw_init_c),
    F(MPI_Op_commutative),
    F(MPI_Op_create),
    F(MPI_Op_create_c),
    F(MPI_Op_free),
    F(MPI_Pack),
    F(MPI_Pack_c),
    F(MPI_Pack_external),
    F(MPI_Pack_external_c),
    F(MPI_Pack_external_size),
    F(MPI_Pack_external_size_c),
    F(MPI_Pack_size),
    F(MPI_Pack_size_c),
    F(MPI_Pcontrol),
    F(MPI_Precv_init),
    F(MPI_Probe),
    F(MPI_Psend_init),
    F(MPI_Put),
    F(MPI_Put_c),
    F(MPI_Query_thread),
    F(MPI_Raccumulate),
    F(MPI_Raccumulate_c),
    F(MPI_Recv),
    F(MPI_Recv_c),
    F(MPI_Recv_init),
    F(MPI_Recv_init_c),
    F(MPI_Reduce),
    F(MPI_Reduce_c),
    F(MPI_Reduce_init),
    F(MPI_Reduce_init_c),
    F(MPI_Reduce_local),
    F(MPI_Reduce_local_c),
    F(MPI_Reduce_scatter),
    F(MPI_Reduce_scatter_block),
    F(MPI_Reduce_scatter_block_c),
    F(MPI_Reduce_scatter_block_init),
    F(MPI_Reduce_scatter_block_init_c),
    F(MPI_Reduce_scatter_c),
    F(MPI_Reduce_scatter_init),
    F(MPI_Reduce_scatter_init_c),
    F(MPI_Request_free),
    F(MPI_Request_get_status),
    F(MPI_Rget),
    F(MPI_Rget_accumulate),
    F(MPI_Rget_accumulate_c),
    F(MPI_Rget_c),
    F(MPI_Rput),
    F(MPI_Rput_c),
    F(MPI_Rsend),
    F(MPI_Rsend_c),
    F(MPI_Rsend_init),
    F(MPI_Rsend_init_c),
    F(MPI_Scan),
    F(MPI_Scan_c),
    F(MPI_Scan_init),
    F(MPI_Scan_init_c),
    F(MPI_Scatter),
    F(MPI_Scatter_c),
    F(MPI_Scatter_init),
    F(MPI_Scatter_init_c),
    F(MPI_Scatterv),
    F(MPI_Scatterv_c),
    F(MPI_Scatterv_init),
    F(MPI_Scatterv_init_c),
    F(MPI_Send),
    F(MPI_Send_c),
    F(MPI_Send_init),
    F(MPI_Send_init_c),
    F(MPI_Sendrecv),
    F(MPI_Sendrecv_c),
    F(MPI_Sendrecv_replace),
    F(MPI_Sendrecv_replace_c),
    F(MPI_Ssend),
    F(MPI_Ssend_c),
    F(MPI_Ssend_init),
    F(MPI_Ssend_init_c),
    F(MPI_Start),
    F(MPI_Startall),
    F(MPI_Status_get_error),
    F(MPI_Status_get_source),
    F(MPI_Status_get_tag),
    F(MPI_Status_set_cancelled),
    F(MPI_Status_set_elements),
    F(MPI_Status_set_elements_c),
    F(MPI_Status_set_elements_x),
    F(MPI_Status_set_error),
    F(MPI_Status_set_source),
    F(MPI_Status_set_tag),
    F(MPI_Test),
    F(MPI_Test_cancelled),
    F(MPI_Testall),
    F(MPI_Testany),
    F(MPI_Testsome),
    F(MPI_Topo_test),
    F(MPI_Type_commit),
    F(MPI_Type_contiguous),
    F(MPI_Type_contiguous_c),
    F(MPI_Type_create_darray),
    F(MPI_Type_create_darray_c),
    F(MPI_Type_create_f90_complex),
    F(MPI_Type_create_f90_integer),
    F(MPI_Type_create_f90_real),
    F(MPI_Type_create_hindexed),
    F(MPI_Type_create_hindexed_block),
    F(MPI_Type_create_hindexed_block_c),
    F(MPI_Type_create_hindexed_c),
    F(MPI_Type_create_hvector),
    F(MPI_Type_create_hvector_c),
    F(MPI_Type_create_indexed_block),
    F(MPI_Type_create_indexed_block_c),
    F(MPI_Type_create_keyval),
    F(MPI_Type_create_resized),
    F(MPI_Type_create_resized_c),
    F(MPI_Type_create_struct),
    F(MPI_Type_create_struct_c),
    F(MPI_Type_create_subarray),
    F(MPI_Type_create_subarray_c),
    F(MPI_Type_delete_attr),
    F(MPI_Type_dup),
    F(MPI_Type_extent),
    F(MPI_Type_free),
    F(MPI_Type_free_keyval),
    F(MPI_Type_get_attr),
    F(MPI_Type_get_contents),
    F(MPI_Type_get_contents_c),
    F(MPI_Type_get_envelope),
    F(MPI_Type_get_envelope_c),
    F(MPI_Type_get_extent),
    F(MPI_Type_get_extent_c),
    F(MPI_Type_get_extent_x),
    F(MPI_Type_get_name),
    F(MPI_Type_get_true_extent),
    F(MPI_Type_get_true_extent_c),
    F(MPI_Type_get_true_extent_x),
    F(MPI_Type_get_value_index),
    F(MPI_Type_hindexed),
    F(MPI_Type_hvector),
    F(MPI_Type_indexed),
    F(MPI_Type_indexed_c),
    F(MPI_Type_lb),
    F(MPI_Type_match_size),
    F(MPI_Type_set_attr),
    F(MPI_Type_set_name),
    F(MPI_Type_size),
    F(MPI_Type_size_c),
    F(MPI_Type_size_x),
    F(MPI_Type_struct),
    F(MPI_Type_ub),
    F(MPI_Type_vector),
    F(MPI_Type_vector_c),
    F(MPI_Unpack),
    F(MPI_Unpack_c),
    F(MPI_Unpack_external),
    F(MPI_Unpack_external_c),
    F(MPI_Wait),
    F(MPI_Waitall),
    F(MPI_Waitany),
    F(MPI_Waitsome),
    F(MPI_Win_allocate),
    F(MPI_Win_allocate_c),
    F(MPI_Win_allocate_shared),
    F(MPI_Win_allocate_shared_c),
    F(MPI_Win_attach),
    F(MPI_Win_call_errhandler),
    F(MPI_Win_complete),
    F(MPI_Win_create),
    F(MPI_Win_create_c),
    F(MPI_Win_create_dynamic),
    F(MPI_Win_create_errhandler),
    F(MPI_Win_create_keyval),
    F(MPI_Win_delete_attr),
    F(MPI_Win_detach),
    F(MPI_Win_fence),
    F(MPI_Win_flush),
    F(MPI_Win_flush_all),
    F(MPI_Win_flush_local),
    F(MPI_Win_flush_local_all),
    F(MPI_Win_free),
    F(MPI_Win_free_keyval),
    F(MPI_Win_get_attr),
    F(MPI_Win_get_errhandler),
    F(MPI_Win_get_group),
    F(MPI_Win_get_info),
    F(MPI_Win_get_name),
    F(MPI_Win_lock),
    F(MPI_Win_lock_all),
    F(MPI_Win_post),
    F(MPI_Win_set_attr),
    F(MPI_Win_set_errhandler),
    F(MPI_Win_set_info),
    F(MPI_Win_set_name),
    F(MPI_Win_shared_query),
    F(MPI_Win_shared_query_c),
    F(MPI_Win_start),
    F(MPI_Win_sync),
    F(MPI_Win_test),
    F(MPI_Win_unlock),
    F(MPI_Win_unlock_all),
    F(MPI_Win_wait),
    F(MPI_Wtick),
    F(MPI_Wtime),
    F(typeshim_check_buffer),
    F(typeshim_error_class),
    F(typeshim_error_make),
    F(typeshim_error_message),
    F(typeshim_pack_segment),
    F(typeshim_type_copy),
    F(typeshim_type_dump),
    F(typeshim_type_match),
    F(typeshim_unpack_segment),
    F(MPI_File_c2f),
    F(MPI_File_call_errhandler),
    F(MPI_File_close),
    F(MPI_File_create_errhandler),
    F(MPI_File_delete),
    F(MPI_File_f2c),
    F(MPI_File_get_amode),
    F(MPI_File_get_atomicity),
    F(MPI_File_get_byte_offset),
    F(MPI_File_get_errhandler),
    F(MPI_File_get_group),
    F(MPI_File_get_info),
    F(MPI_File_get_position),
    F(MPI_File_get_position_shared),
    F(MPI_File_get_size),
    F(MPI_File_get_view),
    F(MPI_File_open),
    F(MPI_File_preallocate),
    F(MPI_File_read_all_end),
    F(MPI_File_read_at_all_end),
    F(MPI_File_read_ordered_end),
    F(MPI_File_seek),
    F(MPI_File_seek_shared),
    F(MPI_File_set_atomicity),
    F(MPI_File_set_errhandler),
    F(MPI_File_set_info),
    F(MPI_File_set_size),
    F(MPI_File_sync),
    F(MPI_File_write_all_end),
    F(MPI_File_write_at_all_end),
    F(MPI_File_write_ordered_end),
    F(MPI_Register_datarep),
    F(MPI_Register_datarep_c),
    F(MPI_Session_init),
    F(MPI_Session_finalize),
    F(MPI_Session_get_info),
    F(MPI_Session_get_num_psets),
    F(MPI_Session_get_nth_pset),
    F(MPI_Session_get_pset_info),
    F(MPI_Group_from_session_pset),
    F(MPI_Comm_create_from_group),
    F(MPI_Intercomm_create_from_groups),
    F(MPI_Session_create_errhandler),
    F(MPI_Session_set_errhandler),
    F(MPI_Session_get_errhandler),
    F(MPI_Session_call_errhandler),
    F(MPI_Comm_spawn),
    F(MPI_Comm_spawn_multiple),
    F(MPI_Open_port),
    F(MPI_Close_port),
    F(MPI_Comm_accept),
    F(MPI_Comm_connect),
    F(MPI_Comm_join),
    F(MPI_Publish_name),
    F(MPI_Unpublish_name),
    F(MPI_Lookup_name),
};
#undef F

#endif
