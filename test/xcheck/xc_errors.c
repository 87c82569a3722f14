/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_errors: bad arguments.  MPI_ERRORS_RETURN on MPI_COMM_WORLD, then for
 * each bad call print the error CLASS (never the code or message), and
 * that nothing was created (the preset output handle is unchanged). */
#include "xc_common.h"

#define GARBAGE  ((MPI_Datatype)0x12345678)
#define SENTINEL MPI_CHAR

/* ERR reads the output only after the call: as plain arguments of one
 * function the two have no order (gcc read the output first, so a changed
 * output went unseen). */
#define ERR(key, call, out)                                                                        \
    do {                                                                                           \
        int err_rc_ = (call);                                                                      \
        err(key, err_rc_, out);                                                                    \
    } while (0)

static void err(const char *key, int rc, MPI_Datatype out)
{
    xc_kv(key, "%s unchanged=%d", xc_rc(rc), out == SENTINEL);
    if (rc == MPI_SUCCESS && out != SENTINEL && xc_predef_name(out) == NULL)
        MPI_Type_free(&out);
}

static void err0(const char *key, int rc)
{
    xc_kv(key, "%s", xc_rc(rc));
}

int main(int argc, char **argv)
{
    MPI_Datatype t, vec;
    int rc, isz;
    MPI_Aint lb, ex;
    MPI_Count c1, c2;
    (void)c1, (void)c2; /* (used by the calls Open MPI's build leaves out) */
    int bl[3] = {1, 2, 3}, nbl[3] = {1, -2, 3}, d[3] = {0, 4, 8};
    MPI_Aint hd[3] = {0, 16, 32};
    xc_init(&argc, &argv);

    /* Not tested here: use of a freed handle.  MPICH does not detect it
     * (it answers from freed memory), so it is no oracle for that case;
     * the API tests check typeshim's MPI_ERR_TYPE. */
    MPI_Type_vector(2, 1, 3, MPI_INT, &vec);

    /* ---------------------------------------- negative counts / blocklengths */
    t = SENTINEL;
    ERR("contiguous(-1,INT)", MPI_Type_contiguous(-1, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("vector(-1,1,1,INT)", MPI_Type_vector(-1, 1, 1, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("vector(2,-1,1,INT)", MPI_Type_vector(2, -1, 1, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("hvector(-2,1,8,INT)", MPI_Type_create_hvector(-2, 1, 8, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("hvector(2,-1,8,INT)", MPI_Type_create_hvector(2, -1, 8, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("indexed(-1,...)", MPI_Type_indexed(-1, bl, d, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("indexed(3,{1,-2,3},...)", MPI_Type_indexed(3, nbl, d, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("hindexed(-1,...)", MPI_Type_create_hindexed(-1, bl, hd, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("hindexed(3,{1,-2,3},...)", MPI_Type_create_hindexed(3, nbl, hd, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("indexed_block(-1,1,...)", MPI_Type_create_indexed_block(-1, 1, d, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("indexed_block(3,-1,...)", MPI_Type_create_indexed_block(3, -1, d, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("hindexed_block(-1,1,...)", MPI_Type_create_hindexed_block(-1, 1, hd, MPI_INT, &t), t);
    t = SENTINEL;
    ERR("hindexed_block(3,-1,...)", MPI_Type_create_hindexed_block(3, -1, hd, MPI_INT, &t), t);
    {
        MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
        t = SENTINEL;
        ERR("struct(-1,...)", MPI_Type_create_struct(-1, bl, hd, ty, &t), t);
        t = SENTINEL;
        ERR("struct(3,{1,-2,3},...)", MPI_Type_create_struct(3, nbl, hd, ty, &t), t);
        ty[1] = MPI_DATATYPE_NULL;
        t = SENTINEL;
        ERR("struct(3,..,{INT,NULL,CHAR})", MPI_Type_create_struct(3, bl, hd, ty, &t), t);
#if XC_ROBUST
        ty[1] = GARBAGE;
        t = SENTINEL;
        ERR("struct(3,..,{INT,garbage,CHAR})", MPI_Type_create_struct(3, bl, hd, ty, &t), t);
#endif
    }
    t = SENTINEL;
#if XC_MPI4
    ERR("contiguous_c(-1,INT)", MPI_Type_contiguous_c(-1, MPI_INT, &t), t);
#endif
    t = SENTINEL;
#if XC_MPI4
    ERR("vector_c(2,-1,1,INT)", MPI_Type_vector_c(2, -1, 1, MPI_INT, &t), t);
#endif

    /* ---------------------------------------- bad old types */
    t = SENTINEL;
    ERR("contiguous(2,DATATYPE_NULL)", MPI_Type_contiguous(2, MPI_DATATYPE_NULL, &t), t);
#if XC_ROBUST
    t = SENTINEL;
    ERR("contiguous(2,garbage)", MPI_Type_contiguous(2, GARBAGE, &t), t);
#endif
    t = SENTINEL;
    ERR("vector(2,1,2,DATATYPE_NULL)", MPI_Type_vector(2, 1, 2, MPI_DATATYPE_NULL, &t), t);
#if XC_ROBUST
    t = SENTINEL;
    ERR("hvector(2,1,2,garbage)", MPI_Type_create_hvector(2, 1, 2, GARBAGE, &t), t);
#endif
    t = SENTINEL;
    ERR("indexed(3,..,DATATYPE_NULL)", MPI_Type_indexed(3, bl, d, MPI_DATATYPE_NULL, &t), t);
    t = SENTINEL;
    ERR("resized(DATATYPE_NULL,0,8)", MPI_Type_create_resized(MPI_DATATYPE_NULL, 0, 8, &t), t);
    t = SENTINEL;
    ERR("dup(DATATYPE_NULL)", MPI_Type_dup(MPI_DATATYPE_NULL, &t), t);
#if XC_ROBUST
    t = SENTINEL;
    ERR("dup(garbage)", MPI_Type_dup(GARBAGE, &t), t);
#endif

    /* ---------------------------------------- NULL output pointers */
    err0("contiguous(2,INT,NULL)", MPI_Type_contiguous(2, MPI_INT, NULL));
    err0("vector(2,1,2,INT,NULL)", MPI_Type_vector(2, 1, 2, MPI_INT, NULL));
    err0("dup(INT,NULL)", MPI_Type_dup(MPI_INT, NULL));
    err0("resized(INT,0,8,NULL)", MPI_Type_create_resized(MPI_INT, 0, 8, NULL));
    err0("size(INT,NULL)", MPI_Type_size(MPI_INT, NULL));
    err0("size_x(INT,NULL)", MPI_Type_size_x(MPI_INT, NULL));
    err0("get_extent(INT,NULL,&ex)", MPI_Type_get_extent(MPI_INT, NULL, &ex));
    err0("get_extent(INT,&lb,NULL)", MPI_Type_get_extent(MPI_INT, &lb, NULL));
    err0("get_true_extent(INT,NULL,&ex)", MPI_Type_get_true_extent(MPI_INT, NULL, &ex));
    err0("get_extent_x(INT,NULL,&c)", MPI_Type_get_extent_x(MPI_INT, NULL, &c2));
    {
        int ni, na, nd;
        err0("get_envelope(vec,NULL,...)", MPI_Type_get_envelope(vec, NULL, &na, &nd, &ni));
        err0("get_envelope(vec,...,NULL)", MPI_Type_get_envelope(vec, &ni, &na, &nd, NULL));
    }
    err0("get_name(INT,NULL,&len)", MPI_Type_get_name(MPI_INT, NULL, &isz));
    {
        char nm[MPI_MAX_OBJECT_NAME];
        err0("get_name(INT,nm,NULL)", MPI_Type_get_name(MPI_INT, nm, NULL));
    }
    err0("set_name(vec,NULL)", MPI_Type_set_name(vec, NULL));
    err0("get_address(&x,NULL)", MPI_Get_address(&isz, NULL));
#if XC_ROBUST
    err0("match_size(REAL,4,NULL)", MPI_Type_match_size(MPI_TYPECLASS_REAL, 4, NULL));
#endif

    /* ---------------------------------------- queries on bad handles */
    isz = -7;
    rc = MPI_Type_size(MPI_DATATYPE_NULL, &isz);
    xc_kv("size(DATATYPE_NULL)", "%s size=%d", xc_rc(rc), isz);
#if XC_ROBUST
    isz = -7;
    rc = MPI_Type_size(GARBAGE, &isz);
    xc_kv("size(garbage)", "%s size=%d", xc_rc(rc), isz);
#endif
#if XC_MPI4
    err0("size_c(DATATYPE_NULL)", MPI_Type_size_c(MPI_DATATYPE_NULL, &c1));
#endif
    err0("get_extent(DATATYPE_NULL)", MPI_Type_get_extent(MPI_DATATYPE_NULL, &lb, &ex));
#if XC_ROBUST
    err0("get_extent(garbage)", MPI_Type_get_extent(GARBAGE, &lb, &ex));
#endif
    err0("get_true_extent(DATATYPE_NULL)", MPI_Type_get_true_extent(MPI_DATATYPE_NULL, &lb, &ex));
#if XC_ROBUST
    err0("get_true_extent_x(garbage)", MPI_Type_get_true_extent_x(GARBAGE, &c1, &c2));
#endif
    {
        int ni, na, nd, cb;
        err0("get_envelope(DATATYPE_NULL)",
             MPI_Type_get_envelope(MPI_DATATYPE_NULL, &ni, &na, &nd, &cb));
#if XC_ROBUST
        err0("get_envelope(garbage)", MPI_Type_get_envelope(GARBAGE, &ni, &na, &nd, &cb));
#endif
    }
    {
        char nm[MPI_MAX_OBJECT_NAME];
        err0("get_name(DATATYPE_NULL)", MPI_Type_get_name(MPI_DATATYPE_NULL, nm, &isz));
        err0("set_name(DATATYPE_NULL,x)", MPI_Type_set_name(MPI_DATATYPE_NULL, "x"));
#if XC_ROBUST
        err0("set_name(garbage,x)", MPI_Type_set_name(GARBAGE, "x"));
#endif
    }
    {
        MPI_Datatype n = MPI_DATATYPE_NULL;
        rc = MPI_Type_commit(&n);
        xc_kv("commit(DATATYPE_NULL)", "%s null=%d", xc_rc(rc), n == MPI_DATATYPE_NULL);
#if XC_ROBUST
        n = GARBAGE;
        rc = MPI_Type_commit(&n);
        xc_kv("commit(garbage)", "%s same=%d", xc_rc(rc), n == GARBAGE);
#endif
    }

    /* ---------------------------------------- freeing what cannot be freed */
    {
        static const MPI_Datatype pre[] = {MPI_INT, MPI_DOUBLE_INT, MPI_LB, MPI_PACKED, MPI_2INT};
        for (int i = 0; i < XC_NELEM(pre); i++) {
            char key[64];
            MPI_Datatype x = pre[i];
            rc = MPI_Type_free(&x);
            snprintf(key, sizeof key, "free(%s)", xc_tname(pre[i]));
            xc_kv(key, "%s unchanged=%d", xc_rc(rc), x == pre[i]);
        }
        MPI_Datatype x = MPI_DATATYPE_NULL;
        rc = MPI_Type_free(&x);
        xc_kv("free(DATATYPE_NULL)", "%s", xc_rc(rc));
#if XC_ROBUST
        x = GARBAGE;
        rc = MPI_Type_free(&x);
        xc_kv("free(garbage)", "%s unchanged=%d", xc_rc(rc), x == GARBAGE);
#endif
    }

    /* ---------------------------------------- get_contents misuse */
    {
        int ints[8];
        MPI_Aint addrs[8];
        MPI_Datatype types[8];
        MPI_Count counts[8];
        (void)counts; /* (used by the MPI-4.0 calls) */
        err0("get_contents(INT)", MPI_Type_get_contents(MPI_INT, 8, 8, 8, ints, addrs, types));
#if XC_MPI4
        err0("get_contents_c(INT)",
             MPI_Type_get_contents_c(MPI_INT, 8, 8, 8, 8, ints, addrs, counts, types));
#endif
        err0("get_contents(DATATYPE_NULL)",
             MPI_Type_get_contents(MPI_DATATYPE_NULL, 8, 8, 8, ints, addrs, types));
        err0("get_contents(vec,max_integers=2)",
             MPI_Type_get_contents(vec, 2, 8, 8, ints, addrs, types));
        err0("get_contents(vec,max_datatypes=0)",
             MPI_Type_get_contents(vec, 8, 8, 0, ints, addrs, types));
        {
            MPI_Datatype s;
            MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
            MPI_Type_create_struct(3, bl, hd, ty, &s);
            err0("get_contents(struct,max_addresses=2)",
                 MPI_Type_get_contents(s, 8, 2, 8, ints, addrs, types));
            err0("get_contents(struct,max_datatypes=2)",
                 MPI_Type_get_contents(s, 8, 8, 2, ints, addrs, types));
#if XC_MPI4
            err0("get_contents_c(struct,max_integers=3)",
                 MPI_Type_get_contents_c(s, 3, 8, 0, 8, ints, addrs, counts, types));
#endif
            MPI_Type_free(&s);
        }
#if XC_MPI4
        /* the int forms on a type made by a _c constructor */
        {
            MPI_Datatype big, small;
            int ni, na, nd, cb;
            MPI_Type_contiguous_c((MPI_Count)INT_MAX + 1, MPI_BYTE, &big);
            err0("get_envelope(contiguous_c(2^31,BYTE))",
                 MPI_Type_get_envelope(big, &ni, &na, &nd, &cb));
            err0("get_contents(contiguous_c(2^31,BYTE))",
                 MPI_Type_get_contents(big, 8, 8, 8, ints, addrs, types));
            err0("get_contents_c(contiguous_c(2^31,BYTE),max_large_counts=0)",
                 MPI_Type_get_contents_c(big, 8, 8, 0, 8, ints, addrs, counts, types));
            isz = -7;
            rc = MPI_Type_size(big, &isz);
            xc_kv("size(contiguous_c(2^31,BYTE))", "%s size=%d", xc_rc(rc), isz);
            MPI_Type_free(&big);
            MPI_Type_contiguous_c(3, MPI_BYTE, &small);
            err0("get_envelope(contiguous_c(3,BYTE))",
                 MPI_Type_get_envelope(small, &ni, &na, &nd, &cb));
            err0("get_contents(contiguous_c(3,BYTE))",
                 MPI_Type_get_contents(small, 8, 8, 8, ints, addrs, types));
            MPI_Type_free(&small);
        }
#endif
    }

    /* ---------------------------------------- subarray
     * Not tested here: subsizes > sizes, subsizes < 0, starts + subsizes >
     * sizes, ndims = 0, sizes = 0; darray with psize != 1 for NONE, gsize <
     * 0, a bad distrib, prod(psizes) != size, ndims = 0; f90_real(UNDEFINED,
     * UNDEFINED).  MPICH 4.0.2 returns MPI_SUCCESS without creating a type,
     * or crashes, on those, so it is no oracle for them. */
    {
        int sz[2] = {4, 6}, sub[2] = {2, 3}, st[2] = {1, 2};
        int nst[2] = {-1, 0};
        t = SENTINEL;
        ERR("subarray(start<0)",
            MPI_Type_create_subarray(2, sz, sub, nst, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("subarray(order=99)", MPI_Type_create_subarray(2, sz, sub, st, 99, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("subarray(ndims=-1)",
            MPI_Type_create_subarray(-1, sz, sub, st, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("subarray(oldtype=NULL)",
            MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_DATATYPE_NULL, &t), t);
    }

    /* ---------------------------------------- darray */
    {
        int g[2] = {8, 6}, dist[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
        int darg[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, ps[2] = {2, 2};
        int small[2] = {2, 2}, neg[2] = {MPI_DISTRIBUTE_DFLT_DARG, -3};
        t = SENTINEL;
        ERR("darray(rank=size)",
            MPI_Type_create_darray(4, 4, 2, g, dist, darg, ps, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("darray(rank=-1)",
            MPI_Type_create_darray(4, -1, 2, g, dist, darg, ps, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("darray(size=0)",
            MPI_Type_create_darray(0, 0, 2, g, dist, darg, ps, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("darray(block darg too small)",
            MPI_Type_create_darray(4, 0, 2, g, dist, small, ps, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("darray(cyclic darg<0)",
            MPI_Type_create_darray(4, 0, 2, g, dist, neg, ps, MPI_ORDER_C, MPI_INT, &t), t);
        t = SENTINEL;
        ERR("darray(order=99)", MPI_Type_create_darray(4, 0, 2, g, dist, darg, ps, 99, MPI_INT, &t),
            t);
        t = SENTINEL;
        ERR("darray(oldtype=NULL)",
            MPI_Type_create_darray(4, 0, 2, g, dist, darg, ps, MPI_ORDER_C, MPI_DATATYPE_NULL, &t),
            t);
    }

    /* ---------------------------------------- f90 / match_size */
    t = SENTINEL;
    ERR("f90_real(100,100)", MPI_Type_create_f90_real(100, 100, &t), t);
    t = SENTINEL;
    ERR("f90_complex(40,10)", MPI_Type_create_f90_complex(40, 10, &t), t);
    t = SENTINEL;
    ERR("f90_integer(40)", MPI_Type_create_f90_integer(40, &t), t);
    t = SENTINEL;
    ERR("match_size(REAL,3)", MPI_Type_match_size(MPI_TYPECLASS_REAL, 3, &t), t);
    t = SENTINEL;
    ERR("match_size(INTEGER,7)", MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 7, &t), t);
    t = SENTINEL;
    ERR("match_size(99,4)", MPI_Type_match_size(99, 4, &t), t);

    /* ---------------------------------------- attributes */
    {
        void *v;
        int flag;
        err0("get_attr(vec,KEYVAL_INVALID)", MPI_Type_get_attr(vec, MPI_KEYVAL_INVALID, &v, &flag));
        err0("get_attr(vec,12345)", MPI_Type_get_attr(vec, 12345, &v, &flag));
        err0("set_attr(DATATYPE_NULL,..)",
             MPI_Type_set_attr(MPI_DATATYPE_NULL, MPI_KEYVAL_INVALID, NULL));
        err0("create_keyval(..,NULL)",
             MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, NULL, NULL));
    }

    /* ---------------------------------------- nothing was broken by all of the above */
    xc_show("vec.after_errors", vec);
    MPI_Type_free(&vec);
    return xc_finalize();
}
