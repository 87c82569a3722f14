/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_alloc.c - every allocation of a call failed in turn, black-box.
 *
 * typeshim_set_alloc_funcs installs a counting allocator for the whole
 * test: it knows every block it handed out (a pointer set), so that the
 * number of live blocks is exact whatever the order of allocations and
 * frees.  A scenario is a call on fresh inputs; it is run once with no
 * failure (to learn nothing but to warm the process-wide tables: the
 * handle table's chunks live for the process), then with allocation
 * N = 1, 2, ... failing, until a run reaches no N-th allocation.  Each run
 * that met its failure must return MPI_ERR_NO_MEM with a message saying
 * "out of memory" (MPI-4.1 section 9.4), and leave: every output byte as
 * it was, typeshim_live_types() unchanged (no half-built handle), the live
 * blocks as they were before the call (no leak), and the inputs usable.
 * A run that succeeds has its result checked and freed, after which the
 * live blocks are back to their value before the inputs were made.
 *
 * A few calls are allowed to do without memory instead of failing (they
 * say so in their row: the dump prints "(out of memory)" where the
 * description would be, a typed copy falls back to byte ranges), and a few
 * are required to need none at all (frees, queries): they run with every
 * allocation failing.  The immortal types (f90, value-index pairs) stay
 * cached after their first success, as MPI-4.1 sections 19.1.9 and 6.9.4
 * let them.
 *
 * Each scenario prints the number of allocation points it failed; the
 * total follows the Check summary.
 */
#include <stdint.h>
#include <sys/mman.h>

#include "apitest.h"

#define POISON   0xA5
#define SENTINEL ((MPI_Datatype)0x5a5a5a5a)

#include "counting_alloc.h"

static void alloc_install(void)
{
    MPI_Datatype t;

    at_errors_return();
    fail_at = 0;
    typeshim_set_alloc_funcs(counting_malloc, counting_free);
    /* the handle table's first chunks live for the process: made here,
     * they are never part of a call's count */
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_free(&t));
}

static void alloc_remove(void)
{
    typeshim_set_alloc_funcs(NULL, NULL);
    at_errors_fatal();
}

/* Across the forked tests: the allocation points each scenario failed. */
static struct totals {
    long points, scenarios, degraded;
} * totals;

/* ------------------------------------------------------------------
 * Scenarios
 * ---------------------------------------------------------------- */

/* What a call is given; made by setup, freed by teardown. */
typedef struct in {
    MPI_Datatype a, b, c;
    int kv[3];
    unsigned char *src, *dst, *stream; /* libc memory, not the library's */
    long nsrc, ndst, nstream;
} in_t;

/* Every output of a call, poisoned before it (except what prepare sets):
 * a failed call must leave every byte as it was. */
typedef struct out {
    MPI_Datatype t[4];
    int i[24], flag, len, pos;
    MPI_Aint a[24], apos;
    MPI_Count k[24], kpos, count;
    MPI_Datatype d[24];
    void *val;
    MPI_Status st;
    char name[MPI_MAX_OBJECT_NAME];
    char why[256];
} out_t;

enum {
    IMMORTAL = 1u << 0, /* a success keeps blocks for the process */
    DEGRADES = 1u << 1, /* may succeed without the memory it asked for */
    NO_ALLOC = 1u << 2, /* must allocate nothing: runs with every allocation failing */
    OUT_DST = 1u << 3,  /* in->dst is an output buffer (poisoned, checked) */
};

typedef struct scenario {
    const char *name;
    unsigned flags;
    int expect; /* the class of the call's result when memory suffices */
    void (*setup)(in_t *in);
    void (*prepare)(in_t *in, out_t *out); /* in/out arguments; may be NULL */
    int (*op)(in_t *in, out_t *out);
    void (*check)(in_t *in, out_t *out); /* the result's values; frees it */
    void (*intact)(in_t *in);            /* the inputs after a failure; may be NULL */
    void (*teardown)(in_t *in);
} scenario;

static void free_type(MPI_Datatype *t)
{
    if (*t != MPI_DATATYPE_NULL && *t != 0)
        AT_OK(MPI_Type_free(t));
    *t = MPI_DATATYPE_NULL;
}

static void teardown_types(in_t *in)
{
    free_type(&in->a);
    free_type(&in->b);
    free_type(&in->c);
    free(in->src);
    free(in->dst);
    free(in->stream);
    in->src = in->dst = in->stream = NULL;
}

static void setup_none(in_t *in)
{
    (void)in;
}

/* Asserts a type's size and bounds, commits it (the result must be
 * usable) and frees it. */
static void expect_type(MPI_Datatype *t, MPI_Count size, MPI_Count lb, MPI_Count extent)
{
    MPI_Count s = -1, l = -1, e = -1;

    ck_assert_int_ne(*t, SENTINEL);
    AT_OK(MPI_Type_size_c(*t, &s));
    AT_OK(MPI_Type_get_extent_c(*t, &l, &e));
    ck_assert_int_eq(s, size);
    ck_assert_int_eq(l, lb);
    ck_assert_int_eq(e, extent);
    AT_OK(MPI_Type_commit(t));
    free_type(t);
}

/* ---- inputs ---- */

/* vector(3, 2, 5, int): size 24, extent 12 ints = 48 */
static void setup_vec(in_t *in)
{
    AT_OK(MPI_Type_vector(3, 2, 5, MPI_INT, &in->a));
}

/* a = contiguous(4, short), b = struct{double, 4 x contiguous(1, int)@8} */
static void setup_pair(in_t *in)
{
    MPI_Datatype one;
    int bl[2] = {1, 4};
    MPI_Aint disp[2] = {0, 8};
    MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_DATATYPE_NULL};

    AT_OK(MPI_Type_contiguous(4, MPI_SHORT, &in->a));
    AT_OK(MPI_Type_contiguous(1, MPI_INT, &one));
    ty[1] = one;
    AT_OK(MPI_Type_create_struct(2, bl, disp, ty, &in->b));
    AT_OK(MPI_Type_free(&one));
}

/* a = vector(3, 1, 2, struct{double, 4 x contiguous(1, int)@8}), not
 * committed; its children live on through a's references. */
static void setup_nested(in_t *in)
{
    setup_pair(in);
    AT_OK(MPI_Type_vector(3, 1, 2, in->b, &in->c));
    free_type(&in->a);
    free_type(&in->b);
    in->a = in->c;
    in->c = MPI_DATATYPE_NULL;
}

#define DEEP_LEVELS 18
#define DEEP_SIZE   ((long)5 << DEEP_LEVELS)

/* struct{int@0, char@4} doubled by DEEP_LEVELS hvectors whose copies never
 * touch: a description deeper than the pack walkers' stacks on the stack.
 * Committed; src holds its data (the int of element e is e, the char e%
 * 128), dst room for one copy, stream its packed bytes. */
static void setup_deep(in_t *in)
{
    int bl[2] = {1, 1}, pos = 0;
    MPI_Aint d[2] = {0, 4}, lb, ext;
    MPI_Datatype ty[2] = {MPI_INT, MPI_CHAR}, n;
    AT_OK(MPI_Type_create_struct(2, bl, d, ty, &in->a));
    for (int k = 0; k < DEEP_LEVELS; k++) {
        AT_OK(MPI_Type_get_extent(in->a, &lb, &ext));
        AT_OK(MPI_Type_create_hvector(2, 1, ext + 8, in->a, &n));
        free_type(&in->a);
        in->a = n;
    }
    AT_OK(MPI_Type_commit(&in->a));
    AT_OK(MPI_Type_get_extent(in->a, &lb, &ext));
    ck_assert_int_eq(at_size(in->a), DEEP_SIZE);
    in->nsrc = in->ndst = ext;
    in->nstream = DEEP_SIZE;
    in->src = calloc(1, (size_t)ext);
    in->dst = malloc((size_t)ext);
    in->stream = malloc((size_t)DEEP_SIZE);
    ck_assert(in->src && in->dst && in->stream);
    {
        /* element e sits at the sum, over the levels k whose bit is set in
         * e (the innermost level is the least significant bit), of level
         * k's stride: extent(level k's child) + 8, where the extents grow
         * as e_0 = 8, e_{k+1} = 2 e_k + 8 */
        long ek[DEEP_LEVELS + 1];
        ek[0] = 8;
        for (int k = 0; k < DEEP_LEVELS; k++)
            ek[k + 1] = 2 * ek[k] + 8;
        ck_assert_int_eq(ext, ek[DEEP_LEVELS]);
        for (long e = 0; e < (1L << DEEP_LEVELS); e++) {
            long o = 0;
            int v = (int)e;
            for (int k = 0; k < DEEP_LEVELS; k++)
                if (e & (1L << k))
                    o += ek[k] + 8;
            memcpy(in->src + o, &v, sizeof(v));
            in->src[o + 4] = (unsigned char)(e % 128);
        }
    }
    AT_OK(MPI_Pack(in->src, 1, in->a, in->stream, (int)DEEP_SIZE, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, DEEP_SIZE);
}

/* The packed stream of the deep type: element e is its int e then its
 * char e % 128, in type-map order (the innermost level varies fastest). */
static void expect_deep_stream(const unsigned char *s, int external)
{
    for (long e = 0; e < (1L << DEEP_LEVELS); e += 4099) {
        int v;
        unsigned char b[4];
        const unsigned char *p = s + 5 * e;

        if (external) { /* external32: big-endian */
            b[0] = p[3], b[1] = p[2], b[2] = p[1], b[3] = p[0];
            memcpy(&v, b, 4);
        } else
            memcpy(&v, p, 4);
        ck_assert_int_eq(v, e);
        ck_assert_int_eq(p[4], e % 128);
    }
}

/* ---- constructors ---- */

static int op_contiguous(in_t *in, out_t *out)
{
    return MPI_Type_contiguous(3, in->a, &out->t[0]);
}

static void ck_contiguous(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 72, 0, 144);
}

static int op_contiguous_c(in_t *in, out_t *out)
{
    return MPI_Type_contiguous_c(3, in->a, &out->t[0]);
}

static int op_vector(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_vector(4, 2, 3, MPI_DOUBLE, &out->t[0]);
}

static int op_vector_c(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_vector_c(4, 2, 3, MPI_DOUBLE, &out->t[0]);
}

static void ck_vector(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 64, 0, 88);
}

static int op_hvector(in_t *in, out_t *out)
{
    return MPI_Type_create_hvector(3, 2, 100, in->a, &out->t[0]);
}

static int op_hvector_c(in_t *in, out_t *out)
{
    return MPI_Type_create_hvector_c(3, 2, 100, in->a, &out->t[0]);
}

static int op_hvector_mpi1(in_t *in, out_t *out)
{
    return MPI_Type_hvector(3, 2, 100, in->a, &out->t[0]);
}

static void ck_hvector(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 144, 0, 296);
}

/* 100 blocks of 1 to 3 ints, 5 ints apart: the runs form */
static int op_indexed(in_t *in, out_t *out)
{
    int bl[100], disp[100];

    (void)in;
    for (int i = 0; i < 100; i++) {
        bl[i] = i % 3 + 1;
        disp[i] = 5 * i;
    }
    return MPI_Type_indexed(100, bl, disp, MPI_INT, &out->t[0]);
}

static int op_indexed_c(in_t *in, out_t *out)
{
    MPI_Count bl[100], disp[100];

    (void)in;
    for (int i = 0; i < 100; i++) {
        bl[i] = i % 3 + 1;
        disp[i] = 5 * i;
    }
    return MPI_Type_indexed_c(100, bl, disp, MPI_INT, &out->t[0]);
}

static void ck_indexed(in_t *in, out_t *out)
{
    (void)in;
    /* 34 blocks of 1, 33 of 2, 33 of 3 ints; the last (i = 99, 1 int) at 495 */
    expect_type(&out->t[0], 4 * (34 + 66 + 99), 0, 4 * 496);
}

static int op_hindexed(in_t *in, out_t *out)
{
    int bl[5] = {1, 2, 1, 3, 1};
    MPI_Aint disp[5] = {0, 200, 50, 400, 1000};

    return MPI_Type_create_hindexed(5, bl, disp, in->a, &out->t[0]);
}

static int op_hindexed_c(in_t *in, out_t *out)
{
    MPI_Count bl[5] = {1, 2, 1, 3, 1}, disp[5] = {0, 200, 50, 400, 1000};

    return MPI_Type_create_hindexed_c(5, bl, disp, in->a, &out->t[0]);
}

static int op_hindexed_mpi1(in_t *in, out_t *out)
{
    int bl[5] = {1, 2, 1, 3, 1};
    MPI_Aint disp[5] = {0, 200, 50, 400, 1000};

    return MPI_Type_hindexed(5, bl, disp, in->a, &out->t[0]);
}

static void ck_hindexed(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 8 * 24, 0, 1048); /* the last block: 1000 + 48 */
}

static int op_indexed_block(in_t *in, out_t *out)
{
    int disp[10];

    (void)in;
    for (int i = 0; i < 10; i++)
        disp[i] = 3 * (9 - i);
    return MPI_Type_create_indexed_block(10, 2, disp, MPI_INT, &out->t[0]);
}

static int op_indexed_block_c(in_t *in, out_t *out)
{
    MPI_Count disp[10];

    (void)in;
    for (int i = 0; i < 10; i++)
        disp[i] = 3 * (9 - i);
    return MPI_Type_create_indexed_block_c(10, 2, disp, MPI_INT, &out->t[0]);
}

static void ck_indexed_block(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 80, 0, 116);
}

static int op_hindexed_block(in_t *in, out_t *out)
{
    MPI_Aint disp[4] = {30, 0, 20, 10};

    (void)in;
    return MPI_Type_create_hindexed_block(4, 3, disp, MPI_SHORT, &out->t[0]);
}

static int op_hindexed_block_c(in_t *in, out_t *out)
{
    MPI_Count disp[4] = {30, 0, 20, 10};

    (void)in;
    return MPI_Type_create_hindexed_block_c(4, 3, disp, MPI_SHORT, &out->t[0]);
}

static void ck_hindexed_block(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 24, 0, 36);
}

/* struct{int@0, 2 double@8, 3 x contiguous(4, short)@64} */
static int op_struct(in_t *in, out_t *out)
{
    int bl[3] = {1, 2, 3};
    MPI_Aint disp[3] = {0, 8, 64};
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, in->a};

    return MPI_Type_create_struct(3, bl, disp, ty, &out->t[0]);
}

static int op_struct_c(in_t *in, out_t *out)
{
    MPI_Count bl[3] = {1, 2, 3}, disp[3] = {0, 8, 64};
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, in->a};

    return MPI_Type_create_struct_c(3, bl, disp, ty, &out->t[0]);
}

static int op_struct_mpi1(in_t *in, out_t *out)
{
    int bl[3] = {1, 2, 3};
    MPI_Aint disp[3] = {0, 8, 64};
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, in->a};

    return MPI_Type_struct(3, bl, disp, ty, &out->t[0]);
}

static void ck_struct(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 4 + 16 + 24, 0, 88);
}

/* 20 members cycling int, double, contiguous(4, short), 16 bytes apart:
 * more members than the layers keep on the stack */
static int op_struct20(in_t *in, out_t *out)
{
    int bl[20];
    MPI_Aint disp[20];
    MPI_Datatype ty[20];

    for (int i = 0; i < 20; i++) {
        bl[i] = 1;
        disp[i] = 16 * i;
        ty[i] = i % 3 == 0 ? MPI_INT : i % 3 == 1 ? MPI_DOUBLE : in->a;
    }
    return MPI_Type_create_struct(20, bl, disp, ty, &out->t[0]);
}

static void ck_struct20(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 7 * 4 + 13 * 8, 0, 19 * 16 + 8);
}

static int op_resized(in_t *in, out_t *out)
{
    return MPI_Type_create_resized(in->a, -8, 100, &out->t[0]);
}

static int op_resized_c(in_t *in, out_t *out)
{
    return MPI_Type_create_resized_c(in->a, -8, 100, &out->t[0]);
}

static void ck_resized(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 24, -8, 100);
}

static int op_subarray(in_t *in, out_t *out)
{
    int sizes[3] = {10, 12, 14}, subsizes[3] = {2, 3, 4}, starts[3] = {1, 2, 3};

    (void)in;
    return MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE,
                                    &out->t[0]);
}

static int op_subarray_c(in_t *in, out_t *out)
{
    MPI_Count sizes[3] = {10, 12, 14}, subsizes[3] = {2, 3, 4}, starts[3] = {1, 2, 3};

    (void)in;
    return MPI_Type_create_subarray_c(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE,
                                      &out->t[0]);
}

static void ck_subarray(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 2 * 3 * 4 * 8, 0, 10 * 12 * 14 * 8);
}

static int op_subarray_f(in_t *in, out_t *out)
{
    int sizes[2] = {6, 5}, subsizes[2] = {2, 3}, starts[2] = {1, 1};

    (void)in;
    return MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT,
                                    &out->t[0]);
}

static void ck_subarray_f(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 24, 0, 120);
}

/* rank 1 of a 2 x 2 grid over an 8 x 6 int array, rows in blocks,
 * columns cyclic by 2: rows 0-3, columns 2 and 3 */
static int op_darray(in_t *in, out_t *out)
{
    int gsizes[2] = {8, 6}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[2] = {2, 2};

    (void)in;
    return MPI_Type_create_darray(4, 1, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT,
                                  &out->t[0]);
}

static int op_darray_c(in_t *in, out_t *out)
{
    MPI_Count gsizes[2] = {8, 6};
    int distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[2] = {2, 2};

    (void)in;
    return MPI_Type_create_darray_c(4, 1, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT,
                                    &out->t[0]);
}

static void ck_darray(in_t *in, out_t *out)
{
    (void)in;
    expect_type(&out->t[0], 4 * 2 * 4, 0, 8 * 6 * 4);
}

/* ---- f90, match_size, value-index: predefined results ---- */

static int op_f90_real(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_create_f90_real(6, 30, &out->t[0]);
}

static int op_f90_complex(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_create_f90_complex(15, 300, &out->t[0]);
}

static int op_f90_integer(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_create_f90_integer(9, &out->t[0]);
}

/* predefined: never freed (MPI-4.1 section 19.1.9) */
static void expect_f90(MPI_Datatype t, int combiner, int size)
{
    int ni, na, nd, comb;

    ck_assert_int_ne(t, SENTINEL);
    ck_assert_int_eq(at_size(t), size);
    AT_OK(MPI_Type_get_envelope(t, &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, combiner);
}

static void ck_f90_real(in_t *in, out_t *out)
{
    (void)in;
    expect_f90(out->t[0], MPI_COMBINER_F90_REAL, 4);
}

static void ck_f90_complex(in_t *in, out_t *out)
{
    (void)in;
    expect_f90(out->t[0], MPI_COMBINER_F90_COMPLEX, 16);
}

static void ck_f90_integer(in_t *in, out_t *out)
{
    (void)in;
    expect_f90(out->t[0], MPI_COMBINER_F90_INTEGER, 4);
}

static int op_match_size(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, &out->t[0]);
}

static void ck_match_size(in_t *in, out_t *out)
{
    (void)in;
    /* MPICH 4.0.2 and typeshim answer MPI_REAL8, a Fortran type: any
     * predefined real of 8 bytes will do (MPI-4.1 section 19.1.9) */
    ck_assert_int_eq(at_size(out->t[0]), 8);
    ck_assert(out->t[0] == MPI_DOUBLE || out->t[0] == MPI_REAL8);
}

/* no MPI name: an unnamed pair typeshim makes on first use */
static int op_value_index(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_get_value_index(MPI_SHORT, MPI_LONG, &out->t[0]);
}

static void ck_value_index(in_t *in, out_t *out)
{
    MPI_Aint lb, ext;
    int ni, na, nd, comb;

    (void)in;
    ck_assert_int_ne(out->t[0], SENTINEL);
    ck_assert_int_ne(out->t[0], MPI_DATATYPE_NULL);
    ck_assert_int_eq(at_size(out->t[0]), 2 + 8);
    at_extent(out->t[0], &lb, &ext);
    ck_assert_int_eq(lb, 0);
    ck_assert_int_eq(ext, 16);
    AT_OK(MPI_Type_get_envelope(out->t[0], &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, MPI_COMBINER_VALUE_INDEX);
}

/* ---- dup, commit, free ---- */

/* the attribute values copy callbacks make: libc memory, counted */
static long user_values;

static int copy_alloc(MPI_Datatype t, int kv, void *extra, void *in, void *out, int *flag)
{
    long *v = malloc(sizeof(*v));

    (void)t, (void)kv, (void)extra;
    if (!v)
        return MPI_ERR_OTHER;
    *v = *(long *)in + 1;
    user_values++;
    *(long **)out = v;
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_alloc(MPI_Datatype t, int kv, void *val, void *extra)
{
    (void)t, (void)kv, (void)extra;
    free(val);
    user_values--;
    return MPI_SUCCESS;
}

/* a = vector(3, 2, 5, int) with three attributes: kv[0] copied into a
 * new value, kv[1] not copied, kv[2] copied by MPI_TYPE_DUP_FN */
static void setup_attrs(in_t *in)
{
    static long v0 = 41;
    long *v;

    setup_vec(in);
    AT_OK(MPI_Type_create_keyval(copy_alloc, delete_alloc, &in->kv[0], NULL));
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &in->kv[1], NULL));
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, &in->kv[2], NULL));
    ck_assert_int_eq(copy_alloc(in->a, in->kv[0], NULL, &v0, &v, &(int){0}), MPI_SUCCESS);
    AT_OK(MPI_Type_set_attr(in->a, in->kv[0], v));
    AT_OK(MPI_Type_set_attr(in->a, in->kv[1], (void *)(intptr_t)0x1234));
    AT_OK(MPI_Type_set_attr(in->a, in->kv[2], (void *)(intptr_t)0x5678));
}

static void teardown_attrs(in_t *in)
{
    teardown_types(in);
    for (int i = 0; i < 3; i++)
        AT_OK(MPI_Type_free_keyval(&in->kv[i]));
    ck_assert_int_eq(user_values, 0);
}

static void expect_attr(MPI_Datatype t, int kv, int present, void *val)
{
    void *got = NULL;
    int flag = -1;

    AT_OK(MPI_Type_get_attr(t, kv, &got, &flag));
    ck_assert_int_eq(flag, present);
    if (present)
        ck_assert_ptr_eq(got, val);
}

/* a's attributes as setup_attrs set them */
static void intact_attrs(in_t *in)
{
    void *got = NULL;
    int flag = 0;

    AT_OK(MPI_Type_get_attr(in->a, in->kv[0], &got, &flag));
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(*(long *)got, 42);
    expect_attr(in->a, in->kv[1], 1, (void *)(intptr_t)0x1234);
    expect_attr(in->a, in->kv[2], 1, (void *)(intptr_t)0x5678);
    /* a failed dup deleted the copies it had made */
    ck_assert_int_eq(user_values, 1);
}

static int op_dup(in_t *in, out_t *out)
{
    return MPI_Type_dup(in->a, &out->t[0]);
}

static void ck_dup(in_t *in, out_t *out)
{
    void *got = NULL;
    int flag = 0;

    AT_OK(MPI_Type_get_attr(out->t[0], in->kv[0], &got, &flag));
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(*(long *)got, 43);
    ck_assert_int_eq(user_values, 2);
    expect_attr(out->t[0], in->kv[1], 0, NULL);
    expect_attr(out->t[0], in->kv[2], 1, (void *)(intptr_t)0x5678);
    expect_type(&out->t[0], 24, 0, 48);
    ck_assert_int_eq(user_values, 1);
}

/* the dup of a committed nested type is committed */
static void setup_nested_committed(in_t *in)
{
    setup_nested(in);
    AT_OK(MPI_Type_commit(&in->a));
}

static void ck_dup_nested(in_t *in, out_t *out)
{
    (void)in;
    AT_OK(typeshim_check_buffer(NULL, NULL, out->t[0], 1, 0));
    expect_type(&out->t[0], 3 * (8 + 16), 0, 5 * 24);
}

static void prepare_handle(in_t *in, out_t *out)
{
    out->t[0] = in->a;
}

static int op_commit(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_commit(&out->t[0]);
}

/* a failed commit leaves the type valid and not committed */
static void intact_uncommitted(in_t *in)
{
    int rc = typeshim_check_buffer(NULL, NULL, in->a, 1, 0);

    ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
    ck_assert_msg(strstr(at_errstr(rc), "not committed") != NULL, "%s", at_errstr(rc));
}

static void ck_committed(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->t[0], in->a);
    AT_OK(typeshim_check_buffer(NULL, NULL, in->a, 1, 0));
}

static void ck_commit_nested(in_t *in, out_t *out)
{
    ck_committed(in, out);
    ck_assert_int_eq(at_size(in->a), 3 * (8 + 16));
}

/* commit inputs: a struct of 20 members over subarrays, resized types and
 * a darray; an indexed type in the runs form; the deep type */
static void setup_mixed(in_t *in)
{
    int sizes[2] = {6, 5}, subsizes[2] = {2, 3}, starts[2] = {1, 1};
    int gsizes[2] = {8, 6}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[2] = {2, 2};
    int bl[20];
    MPI_Aint disp[20];
    MPI_Datatype ty[20], sub, res, dar;

    AT_OK(MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT, &sub));
    AT_OK(MPI_Type_create_resized(sub, 4, 200, &res));
    AT_OK(MPI_Type_create_darray(4, 1, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_SHORT,
                                 &dar));
    for (int i = 0; i < 20; i++) {
        bl[i] = 1 + i % 2;
        disp[i] = 512 * i;
        ty[i] = i % 3 == 0 ? sub : i % 3 == 1 ? res : dar;
    }
    AT_OK(MPI_Type_create_struct(20, bl, disp, ty, &in->a));
    AT_OK(MPI_Type_free(&sub));
    AT_OK(MPI_Type_free(&res));
    AT_OK(MPI_Type_free(&dar));
}

static void ck_commit_mixed(in_t *in, out_t *out)
{
    long size = 0;

    ck_committed(in, out);
    for (int i = 0; i < 20; i++)
        size += (1 + i % 2) * (i % 3 == 2 ? 16 : 24);
    ck_assert_int_eq(at_size(in->a), size);
}

static void setup_indexed(in_t *in)
{
    out_t o;

    ck_assert_int_eq(op_indexed(in, &o), MPI_SUCCESS);
    in->a = o.t[0];
}

static void ck_commit_indexed(in_t *in, out_t *out)
{
    ck_committed(in, out);
    ck_assert_int_eq(at_size(in->a), 4 * 199);
}

/* the deep type, not committed */
static void setup_deep_raw(in_t *in)
{
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 4}, lb, ext;
    MPI_Datatype ty[2] = {MPI_INT, MPI_CHAR}, n;

    AT_OK(MPI_Type_create_struct(2, bl, d, ty, &in->a));
    for (int k = 0; k < DEEP_LEVELS; k++) {
        AT_OK(MPI_Type_get_extent(in->a, &lb, &ext));
        AT_OK(MPI_Type_create_hvector(2, 1, ext + 8, in->a, &n));
        free_type(&in->a);
        in->a = n;
    }
}

static void ck_commit_deep(in_t *in, out_t *out)
{
    ck_committed(in, out);
    ck_assert_int_eq(at_size(in->a), DEEP_SIZE);
}

/* freeing needs no memory: every allocation fails */
static int op_free(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_free(&out->t[0]);
}

static void ck_free(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->t[0], MPI_DATATYPE_NULL);
    in->a = MPI_DATATYPE_NULL; /* freed */
}

/* b = dup(a), c = resized(b): free b while c holds it, then c */
static void setup_chain(in_t *in)
{
    setup_nested(in);
    AT_OK(MPI_Type_dup(in->a, &in->b));
    AT_OK(MPI_Type_create_resized(in->b, 0, 1000, &in->c));
    AT_OK(MPI_Type_commit(&in->c));
}

static int op_free_chain(in_t *in, out_t *out)
{
    int rc;

    (void)out;
    if ((rc = MPI_Type_free(&in->b)) != MPI_SUCCESS)
        return rc;
    if ((rc = MPI_Type_free(&in->a)) != MPI_SUCCESS)
        return rc;
    return MPI_Type_free(&in->c);
}

static void ck_free_chain(in_t *in, out_t *out)
{
    (void)out;
    ck_assert_int_eq(in->a, MPI_DATATYPE_NULL);
    ck_assert_int_eq(in->b, MPI_DATATYPE_NULL);
    ck_assert_int_eq(in->c, MPI_DATATYPE_NULL);
}

/* ---- envelope and contents ---- */

static void setup_struct(in_t *in)
{
    out_t o;

    setup_pair(in);
    ck_assert_int_eq(op_struct(in, &o), MPI_SUCCESS);
    in->c = o.t[0];
}

static void setup_struct_c(in_t *in)
{
    out_t o;

    setup_pair(in);
    ck_assert_int_eq(op_struct_c(in, &o), MPI_SUCCESS);
    in->c = o.t[0];
}

static int op_envelope(in_t *in, out_t *out)
{
    return MPI_Type_get_envelope(in->c, &out->i[0], &out->i[1], &out->i[2], &out->i[3]);
}

static void ck_envelope(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->i[0], 4);
    ck_assert_int_eq(out->i[1], 3);
    ck_assert_int_eq(out->i[2], 3);
    ck_assert_int_eq(out->i[3], MPI_COMBINER_STRUCT);
}

static int op_envelope_c(in_t *in, out_t *out)
{
    return MPI_Type_get_envelope_c(in->c, &out->k[0], &out->k[1], &out->k[2], &out->k[3],
                                   &out->i[0]);
}

static void ck_envelope_c(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->k[0], 0);
    ck_assert_int_eq(out->k[1], 0);
    ck_assert_int_eq(out->k[2], 7);
    ck_assert_int_eq(out->k[3], 3);
    ck_assert_int_eq(out->i[0], MPI_COMBINER_STRUCT);
}

static int op_contents(in_t *in, out_t *out)
{
    return MPI_Type_get_contents(in->c, 4, 3, 3, out->i, out->a, out->d);
}

/* the derived child comes back as a handle of its own, freed here */
static void expect_child(MPI_Datatype *d, MPI_Datatype was)
{
    int ni, na, nd, comb;

    ck_assert_int_ne(*d, SENTINEL);
    ck_assert_int_eq(at_size(*d), 8);
    AT_OK(MPI_Type_get_envelope(*d, &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, MPI_COMBINER_CONTIGUOUS);
    ck_assert_int_eq(at_size(was), 8);
    free_type(d);
}

static void ck_contents(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->i[0], 3);
    ck_assert_int_eq(out->i[1], 1);
    ck_assert_int_eq(out->i[2], 2);
    ck_assert_int_eq(out->i[3], 3);
    ck_assert_int_eq(out->a[0], 0);
    ck_assert_int_eq(out->a[1], 8);
    ck_assert_int_eq(out->a[2], 64);
    ck_assert_int_eq(out->d[0], MPI_INT);
    ck_assert_int_eq(out->d[1], MPI_DOUBLE);
    expect_child(&out->d[2], in->a);
}

static int op_contents_c(in_t *in, out_t *out)
{
    return MPI_Type_get_contents_c(in->c, 0, 0, 7, 3, out->i, out->a, out->k, out->d);
}

static void ck_contents_c(in_t *in, out_t *out)
{
    static const MPI_Count want[7] = {3, 1, 2, 3, 0, 8, 64};

    for (int j = 0; j < 7; j++)
        ck_assert_int_eq(out->k[j], want[j]);
    ck_assert_int_eq(out->d[0], MPI_INT);
    ck_assert_int_eq(out->d[1], MPI_DOUBLE);
    expect_child(&out->d[2], in->a);
}

/* ---- attributes and names ---- */

static int op_create_keyval(in_t *in, out_t *out)
{
    (void)in;
    return MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, &out->i[0], NULL);
}

static void ck_create_keyval(in_t *in, out_t *out)
{
    MPI_Datatype t;
    long v = 7;

    (void)in;
    /* usable: an attribute under it, deleted with its type */
    setup_vec(in);
    AT_OK(MPI_Type_set_attr(in->a, out->i[0], &v));
    expect_attr(in->a, out->i[0], 1, &v);
    t = in->a;
    AT_OK(MPI_Type_delete_attr(t, out->i[0]));
    AT_OK(MPI_Type_free_keyval(&out->i[0]));
    ck_assert_int_eq(out->i[0], MPI_KEYVAL_INVALID);
}

/* a with a's attributes, and the value of kv[1] about to change */
static int op_set_attr(in_t *in, out_t *out)
{
    (void)out;
    return MPI_Type_set_attr(in->a, in->kv[1], (void *)(intptr_t)0x4321);
}

static void ck_set_attr(in_t *in, out_t *out)
{
    (void)out;
    expect_attr(in->a, in->kv[1], 1, (void *)(intptr_t)0x4321);
}

/* a new attribute on a type that has none */
static void setup_vec_keyval(in_t *in)
{
    setup_vec(in);
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, delete_alloc, &in->kv[0], NULL));
}

static void teardown_vec_keyval(in_t *in)
{
    teardown_types(in);
    AT_OK(MPI_Type_free_keyval(&in->kv[0]));
    ck_assert_int_eq(user_values, 0);
}

static int op_set_attr_new(in_t *in, out_t *out)
{
    (void)out;
    user_values++; /* the value is given to the attribute */
    in->src = malloc(8);
    return MPI_Type_set_attr(in->a, in->kv[0], in->src);
}

static void intact_no_attr(in_t *in)
{
    expect_attr(in->a, in->kv[0], 0, NULL);
    user_values--; /* the value was not taken: ours to free (teardown) */
}

static void ck_set_attr_new(in_t *in, out_t *out)
{
    (void)out;
    expect_attr(in->a, in->kv[0], 1, in->src);
    in->src = NULL; /* the delete callback frees it */
}

static int op_get_attr(in_t *in, out_t *out)
{
    return MPI_Type_get_attr(in->a, in->kv[2], &out->val, &out->flag);
}

static void ck_get_attr(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->flag, 1);
    ck_assert_ptr_eq(out->val, (void *)(intptr_t)0x5678);
}

static int op_delete_attr(in_t *in, out_t *out)
{
    (void)out;
    return MPI_Type_delete_attr(in->a, in->kv[0]);
}

static void ck_delete_attr(in_t *in, out_t *out)
{
    (void)out;
    expect_attr(in->a, in->kv[0], 0, NULL);
    ck_assert_int_eq(user_values, 0);
}

static int op_free_keyval(in_t *in, out_t *out)
{
    out->i[0] = in->kv[1];
    return MPI_Type_free_keyval(&out->i[0]);
}

static void ck_free_keyval(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->i[0], MPI_KEYVAL_INVALID);
    /* the attribute stays until its type goes (MPI-4.1 section 7.7.2) */
    expect_attr(in->a, in->kv[1], 1, (void *)(intptr_t)0x1234);
    free_type(&in->a);
    in->kv[1] = MPI_KEYVAL_INVALID;
}

static void teardown_attrs_freed(in_t *in)
{
    teardown_types(in);
    for (int i = 0; i < 3; i++)
        if (in->kv[i] != MPI_KEYVAL_INVALID)
            AT_OK(MPI_Type_free_keyval(&in->kv[i]));
    ck_assert_int_eq(user_values, 0);
}

static int op_set_name(in_t *in, out_t *out)
{
    (void)out;
    return MPI_Type_set_name(in->a, "a vector of three pairs of ints");
}

static void ck_set_name(in_t *in, out_t *out)
{
    AT_OK(MPI_Type_get_name(in->a, out->name, &out->len));
    ck_assert_str_eq(out->name, "a vector of three pairs of ints");
    ck_assert_int_eq(out->len, (int)strlen(out->name));
}

static void setup_named(in_t *in)
{
    setup_vec(in);
    AT_OK(MPI_Type_set_name(in->a, "v"));
}

static int op_get_name(in_t *in, out_t *out)
{
    return MPI_Type_get_name(in->a, out->name, &out->len);
}

static void ck_get_name(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_str_eq(out->name, "v");
    ck_assert_int_eq(out->len, 1);
}

/* The indexed type of op_indexed, committed (the runs form: its
 * description is made on demand); src holds the ints 0, 1, 2... over its
 * extent, stream its external32 image, dst room for one copy. */
#define RUNS_INTS 496
#define RUNS_SIZE (4 * 199)

static void setup_runs(in_t *in)
{
    int *v;

    setup_indexed(in);
    AT_OK(MPI_Type_commit(&in->a));
    in->nsrc = in->ndst = 4 * RUNS_INTS;
    in->nstream = RUNS_SIZE;
    in->src = malloc((size_t)in->nsrc);
    in->dst = malloc((size_t)in->ndst);
    in->stream = malloc((size_t)in->nstream);
    ck_assert(in->src && in->dst && in->stream);
    v = (int *)(void *)in->src;
    for (int k = 0; k < RUNS_INTS; k++)
        v[k] = k;
    /* by hand: a call of the library would make the description */
    for (int i = 0, n = 0; i < 100; i++)
        for (int j = 0; j <= i % 3; j++, n++) {
            unsigned x = (unsigned)(5 * i + j);
            unsigned char *e = in->stream + 4 * n;
            e[0] = (unsigned char)(x >> 24), e[1] = (unsigned char)(x >> 16);
            e[2] = (unsigned char)(x >> 8), e[3] = (unsigned char)x;
        }
}

/* external32 of the runs type: block i is ints 5i .. 5i + i % 3, big-endian */
static void expect_runs_external(const unsigned char *e)
{
    for (int i = 0, n = 0; i < 100; i++)
        for (int j = 0; j <= i % 3; j++, n++) {
            unsigned v = (unsigned)(5 * i + j);
            ck_assert_int_eq(e[4 * n], v >> 24);
            ck_assert_int_eq(e[4 * n + 1], (v >> 16) & 0xff);
            ck_assert_int_eq(e[4 * n + 2], (v >> 8) & 0xff);
            ck_assert_int_eq(e[4 * n + 3], v & 0xff);
        }
}

/* unpacked: the ints of the type map back in place, the gaps untouched */
static void expect_runs_unpacked(const unsigned char *dst)
{
    for (int i = 0; i < 100; i++)
        for (int j = 0; j < 5 && 5 * i + j < RUNS_INTS; j++) {
            int v, k = 5 * i + j;
            memcpy(&v, dst + 4 * k, 4);
            if (j <= i % 3)
                ck_assert_int_eq(v, k);
            else
                ck_assert(at_all_poison(dst + 4 * k, 4, POISON));
        }
}

/* ---- pack, unpack, external32 ---- */

static void prepare_zero(in_t *in, out_t *out)
{
    (void)in;
    out->pos = 0;
    out->apos = 0;
    out->kpos = 0;
}

static int op_pack(in_t *in, out_t *out)
{
    return MPI_Pack(in->src, 1, in->a, in->dst, (int)in->ndst, &out->pos, MPI_COMM_WORLD);
}

static void ck_pack(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->pos, DEEP_SIZE);
    ck_assert(memcmp(in->dst, in->stream, (size_t)DEEP_SIZE) == 0);
    expect_deep_stream(in->dst, 0);
}

static int op_pack_c(in_t *in, out_t *out)
{
    return MPI_Pack_c(in->src, 1, in->a, in->dst, in->ndst, &out->kpos, MPI_COMM_WORLD);
}

static void ck_pack_c(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->kpos, DEEP_SIZE);
    ck_assert(memcmp(in->dst, in->stream, (size_t)DEEP_SIZE) == 0);
}

/* what unpacking the stream wrote: the data (packed again) and the gaps
 * (bytes 5 to 7 of the first element: still poison) */
static void expect_unpacked(in_t *in)
{
    unsigned char *again = malloc((size_t)DEEP_SIZE);
    int pos = 0;

    ck_assert_ptr_nonnull(again);
    AT_OK(MPI_Pack(in->dst, 1, in->a, again, (int)DEEP_SIZE, &pos, MPI_COMM_WORLD));
    ck_assert(memcmp(again, in->stream, (size_t)DEEP_SIZE) == 0);
    ck_assert(at_all_poison(in->dst + 5, 3, POISON));
    free(again);
}

static int op_unpack(in_t *in, out_t *out)
{
    return MPI_Unpack(in->stream, (int)in->nstream, &out->pos, in->dst, 1, in->a, MPI_COMM_WORLD);
}

static void ck_unpack(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->pos, DEEP_SIZE);
    expect_unpacked(in);
}

static int op_unpack_c(in_t *in, out_t *out)
{
    return MPI_Unpack_c(in->stream, in->nstream, &out->kpos, in->dst, 1, in->a, MPI_COMM_WORLD);
}

static void ck_unpack_c(in_t *in, out_t *out)
{
    ck_assert_int_eq(out->kpos, DEEP_SIZE);
    expect_unpacked(in);
}

static int op_pack_size(in_t *in, out_t *out)
{
    return MPI_Pack_size(2, in->a, MPI_COMM_WORLD, &out->i[0]);
}

static void ck_pack_size(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_ge(out->i[0], 2 * DEEP_SIZE);
}

static int op_pack_external(in_t *in, out_t *out)
{
    return MPI_Pack_external("external32", in->src, 1, in->a, in->dst, in->ndst, &out->apos);
}

/* the external32 image in dst, of the deep or the runs type */
static void expect_external(in_t *in, MPI_Count pos)
{
    ck_assert_int_eq(pos, in->nstream);
    if (in->nstream == RUNS_SIZE)
        expect_runs_external(in->dst);
    else
        expect_deep_stream(in->dst, 1);
}

static void ck_pack_external(in_t *in, out_t *out)
{
    expect_external(in, out->apos);
}

static int op_pack_external_c(in_t *in, out_t *out)
{
    return MPI_Pack_external_c("external32", in->src, 1, in->a, in->dst, in->ndst, &out->kpos);
}

static void ck_pack_external_c(in_t *in, out_t *out)
{
    expect_external(in, out->kpos);
}

/* the deep type with its external32 stream */
static void setup_deep_external(in_t *in)
{
    MPI_Aint pos = 0;

    setup_deep(in);
    AT_OK(MPI_Pack_external("external32", in->src, 1, in->a, in->stream, in->nstream, &pos));
    ck_assert_int_eq(pos, DEEP_SIZE);
}

static int op_unpack_external(in_t *in, out_t *out)
{
    return MPI_Unpack_external("external32", in->stream, in->nstream, &out->apos, in->dst, 1,
                               in->a);
}

/* the data where the type map puts it (compared with src through a
 * native pack of both), the gaps untouched */
static void expect_unpacked_external(in_t *in)
{
    unsigned char *p = malloc((size_t)DEEP_SIZE), *q = malloc((size_t)DEEP_SIZE);
    int pp = 0, pq = 0;

    ck_assert(p && q);
    AT_OK(MPI_Pack(in->dst, 1, in->a, p, (int)DEEP_SIZE, &pp, MPI_COMM_WORLD));
    AT_OK(MPI_Pack(in->src, 1, in->a, q, (int)DEEP_SIZE, &pq, MPI_COMM_WORLD));
    ck_assert(memcmp(p, q, (size_t)DEEP_SIZE) == 0);
    ck_assert(at_all_poison(in->dst + 5, 3, POISON));
    free(p);
    free(q);
}

/* what unpacking the external32 image wrote in dst */
static void expect_unpacked_ext(in_t *in, MPI_Count pos)
{
    ck_assert_int_eq(pos, in->nstream);
    if (in->nstream == RUNS_SIZE)
        expect_runs_unpacked(in->dst);
    else
        expect_unpacked_external(in);
}

static void ck_unpack_external(in_t *in, out_t *out)
{
    expect_unpacked_ext(in, out->apos);
}

static int op_unpack_external_c(in_t *in, out_t *out)
{
    return MPI_Unpack_external_c("external32", in->stream, in->nstream, &out->kpos, in->dst, 1,
                                 in->a);
}

static void ck_unpack_external_c(in_t *in, out_t *out)
{
    expect_unpacked_ext(in, out->kpos);
}

static int op_pack_external_size(in_t *in, out_t *out)
{
    return MPI_Pack_external_size("external32", 3, in->a, &out->apos);
}

static void ck_pack_external_size(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->apos, 3 * DEEP_SIZE);
}

/* a status of RUNS_SIZE - 2 bytes: the last int cut */
static void prepare_status_runs(in_t *in, out_t *out)
{
    (void)in;
    AT_OK(MPI_Status_set_elements_x(&out->st, MPI_BYTE, RUNS_SIZE - 2));
}

static void ck_get_elements_runs(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->i[0], 198);
}

static void ck_get_elements_runs_c(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->k[0], 198);
}

static int op_set_elements_runs(in_t *in, out_t *out)
{
    return MPI_Status_set_elements(&out->st, in->a, 150);
}

static void ck_set_elements_runs(in_t *in, out_t *out)
{
    MPI_Count n = -1;
    int c = -1;

    AT_OK(MPI_Get_elements_x(&out->st, in->a, &n));
    ck_assert_int_eq(n, 150);
    AT_OK(MPI_Get_count(&out->st, MPI_INT, &c));
    ck_assert_int_eq(c, 150);
}

/* runs against the same signature flat: contiguous(199, int) */
static void setup_runs_match(in_t *in)
{
    setup_indexed(in);
    AT_OK(MPI_Type_contiguous(199, MPI_INT, &in->b));
    AT_OK(MPI_Type_contiguous(198, MPI_INT, &in->c));
}

static int op_match_runs(in_t *in, out_t *out)
{
    return typeshim_type_match(1, in->a, 1, in->b, TYPESHIM_MATCH_EQUAL, &out->i[0], &out->k[0],
                               out->why, (int)sizeof(out->why));
}

static int op_mismatch_runs(in_t *in, out_t *out)
{
    return typeshim_type_match(1, in->a, 1, in->c, TYPESHIM_MATCH_EQUAL, &out->i[0], &out->k[0],
                               out->why, (int)sizeof(out->why));
}

static void ck_mismatch_runs(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->i[0], 0);
    ck_assert_int_eq(out->k[0], 198);
    ck_assert_msg(strstr(out->why, "longer") != NULL, "why: '%s'", out->why);
}

/* ---- elements ---- */

/* a status of DEEP_SIZE - 3 bytes: the last int of the deep type cut */
static void prepare_status(in_t *in, out_t *out)
{
    (void)in;
    AT_OK(MPI_Status_set_elements_x(&out->st, MPI_BYTE, DEEP_SIZE - 3));
}

static int op_get_elements(in_t *in, out_t *out)
{
    return MPI_Get_elements(&out->st, in->a, &out->i[0]);
}

static void ck_get_elements(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->i[0], (2 << DEEP_LEVELS) - 2);
}

static int op_get_elements_c(in_t *in, out_t *out)
{
    return MPI_Get_elements_c(&out->st, in->a, &out->k[0]);
}

static int op_get_elements_x(in_t *in, out_t *out)
{
    return MPI_Get_elements_x(&out->st, in->a, &out->k[0]);
}

static void ck_get_elements_c(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->k[0], (2 << DEEP_LEVELS) - 2);
}

static int op_set_elements(in_t *in, out_t *out)
{
    return MPI_Status_set_elements(&out->st, in->a, 3);
}

static int op_set_elements_c(in_t *in, out_t *out)
{
    return MPI_Status_set_elements_c(&out->st, in->a, 3);
}

static void ck_set_elements(in_t *in, out_t *out)
{
    MPI_Count n = -1;
    int c = -1;

    /* the count is of basic elements (MPI-4.1 section 4.1.11): int, char, int */
    AT_OK(MPI_Get_elements_x(&out->st, in->a, &n));
    ck_assert_int_eq(n, 3);
    AT_OK(MPI_Get_count(&out->st, in->a, &c));
    ck_assert_int_eq(c, MPI_UNDEFINED);
    AT_OK(MPI_Get_count(&out->st, MPI_CHAR, &c));
    ck_assert_int_eq(c, 4 + 1 + 4);
}

/* ---- typeshim's own functions ---- */

/* b = contiguous(2^DEEP_LEVELS, struct{int, char}): the deep type's
 * signature built flat; c = the same with a short for the char */
static void setup_match(in_t *in)
{
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 4};
    MPI_Datatype ty[2] = {MPI_INT, MPI_CHAR}, s;

    setup_deep_raw(in);
    AT_OK(MPI_Type_create_struct(2, bl, d, ty, &s));
    AT_OK(MPI_Type_contiguous(1 << DEEP_LEVELS, s, &in->b));
    free_type(&s);
    ty[1] = MPI_SHORT;
    AT_OK(MPI_Type_create_struct(2, bl, d, ty, &s));
    AT_OK(MPI_Type_contiguous(1 << DEEP_LEVELS, s, &in->c));
    free_type(&s);
}

static int op_match(in_t *in, out_t *out)
{
    return typeshim_type_match(1, in->a, 1, in->b, TYPESHIM_MATCH_EQUAL, &out->i[0], &out->k[0],
                               out->why, (int)sizeof(out->why));
}

static void ck_match(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->i[0], 1);
    ck_assert_int_eq(out->k[0], -1);
    ck_assert_str_eq(out->why, "");
}

static int op_mismatch(in_t *in, out_t *out)
{
    return typeshim_type_match(1, in->a, 1, in->c, TYPESHIM_MATCH_PREFIX, &out->i[0], &out->k[0],
                               out->why, (int)sizeof(out->why));
}

static void ck_mismatch(in_t *in, out_t *out)
{
    (void)in;
    ck_assert_int_eq(out->i[0], 0);
    ck_assert_int_eq(out->k[0], 1);
    ck_assert_msg(strstr(out->why, "MPI_CHAR") && strstr(out->why, "MPI_SHORT"), "why: '%s'",
                  out->why);
}

/* committed indexed types whose blocks are not in address order, so the
 * overlap check sorts them: a (no byte twice) and b (one byte twice) */
static void setup_unsorted(in_t *in)
{
    int bl[40], disp[40];

    for (int i = 0; i < 40; i++) {
        bl[i] = 2;
        disp[i] = 3 * ((i * 7) % 40);
    }
    AT_OK(MPI_Type_indexed(40, bl, disp, MPI_INT, &in->a));
    AT_OK(MPI_Type_commit(&in->a));
    disp[39] = disp[5] + 1;
    AT_OK(MPI_Type_indexed(40, bl, disp, MPI_INT, &in->b));
    AT_OK(MPI_Type_commit(&in->b));
}

static int op_check_buffer(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_check_buffer("my_recv", "recvtype", in->a, 2, 1);
}

static void ck_nothing(in_t *in, out_t *out)
{
    (void)in, (void)out;
}

static int op_check_buffer_overlap(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_check_buffer("my_recv", "recvtype", in->b, 1, 1);
}

/* a check that ran out of memory settled nothing: with memory, the
 * overlap is found */
static void ck_overlap_later(in_t *in, out_t *out)
{
    int rc = typeshim_check_buffer("my_recv", "recvtype", in->b, 1, 1);

    (void)out;
    ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
    ck_assert_msg(strstr(at_errstr(rc), "overlaps itself") != NULL, "%s", at_errstr(rc));
}

/* receive types whose copies interleave: a, ints 0, 3, 6 every int (a
 * vector); b, the same as an indexed type with its blocks out of order
 * (the runs form).  Three copies fill nine ints, a fourth meets the
 * first: deciding it sorts their blocks. */
static void setup_woven(in_t *in)
{
    static const int shuffled[3] = {6, 0, 3};
    MPI_Datatype v;

    AT_OK(MPI_Type_vector(3, 1, 3, MPI_INT, &v));
    AT_OK(MPI_Type_create_resized(v, 0, sizeof(int), &in->a));
    AT_OK(MPI_Type_free(&v));
    AT_OK(MPI_Type_commit(&in->a));
    AT_OK(MPI_Type_create_indexed_block(3, 1, shuffled, MPI_INT, &v));
    AT_OK(MPI_Type_create_resized(v, 0, sizeof(int), &in->b));
    AT_OK(MPI_Type_free(&v));
    AT_OK(MPI_Type_commit(&in->b));
    /* b's own overlap settled here: the scenarios fail the copies' memory */
    AT_OK(typeshim_check_buffer("my_recv", "recvtype", in->b, 1, 1));
}

static int op_copies_fit(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_check_buffer("my_recv", "recvtype", in->a, 3, 1);
}

static int op_copies_meet(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_check_buffer("my_recv", "recvtype", in->a, 4, 1);
}

static int op_copies_meet_runs(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_check_buffer("my_recv", "recvtype", in->b, 5, 1);
}

/* a check that ran out of memory kept nothing: with memory, both types'
 * copies are found to meet at count 4, and 3 still fit */
static void ck_copies_later(in_t *in, out_t *out)
{
    MPI_Datatype t[2] = {in->a, in->b};

    (void)out;
    for (int i = 0; i < 2; i++) {
        int rc = typeshim_check_buffer("my_recv", "recvtype", t[i], 4, 1);
        ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
        ck_assert_msg(strstr(at_errstr(rc), "copies 0 and 3 of the type overlap") != NULL, "%s",
                      at_errstr(rc));
        AT_OK(typeshim_check_buffer("my_recv", "recvtype", t[i], 3, 1));
    }
}

static int op_dump(in_t *in, out_t *out)
{
    FILE *f = tmpfile();
    size_t n;
    int rc;

    ck_assert_ptr_nonnull(f);
    rc = typeshim_type_dump(in->a, f);
    rewind(f);
    n = fread(in->dst, 1, (size_t)in->ndst - 1, f);
    in->dst[n] = '\0';
    fclose(f);
    (void)out;
    return rc;
}

static void setup_dump(in_t *in)
{
    setup_unsorted(in);
    in->ndst = 1 << 16;
    in->dst = malloc((size_t)in->ndst);
    ck_assert_ptr_nonnull(in->dst);
}

/* a dump without memory says where the description would be */
static void ck_dump(in_t *in, out_t *out)
{
    const char *text = (const char *)in->dst;

    (void)out;
    ck_assert_msg(strstr(text, "desc:") != NULL, "dump: '%s'", text);
    ck_assert_msg(strstr(text, "size=320") != NULL, "dump: '%s'", text);
}

static int op_pack_segment(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_pack_segment(in->src, 1, in->a, 1001, 200001, in->dst);
}

static void ck_pack_segment(in_t *in, out_t *out)
{
    (void)out;
    ck_assert(memcmp(in->dst, in->stream + 1001, 199000) == 0);
    ck_assert(at_all_poison(in->dst + 199000, 16, POISON));
}

static int op_unpack_segment(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_unpack_segment(in->stream, 0, in->nstream, in->dst, 1, in->a);
}

static void ck_unpack_segment(in_t *in, out_t *out)
{
    (void)out;
    expect_unpacked(in);
}

/* the deep type (committed) and b, its signature flat (committed) */
static void setup_copy(in_t *in)
{
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 4};
    MPI_Datatype ty[2] = {MPI_INT, MPI_CHAR}, s;

    setup_deep(in);
    AT_OK(MPI_Type_create_struct(2, bl, d, ty, &s));
    AT_OK(MPI_Type_contiguous(1 << DEEP_LEVELS, s, &in->b));
    AT_OK(MPI_Type_commit(&in->b));
    free_type(&s);
}

/* from src into dst: apart, staged through a buffer it may do without */
static int op_copy(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_type_copy(in->src, in->a, in->dst, in->b, 1);
}

static void ck_copy(in_t *in, out_t *out)
{
    unsigned char *p = malloc((size_t)DEEP_SIZE);
    int pos = 0;

    (void)out;
    ck_assert_ptr_nonnull(p);
    AT_OK(MPI_Pack(in->dst, 1, in->b, p, (int)DEEP_SIZE, &pos, MPI_COMM_WORLD));
    ck_assert(memcmp(p, in->stream, (size_t)DEEP_SIZE) == 0);
    free(p);
}

/* within src: the areas overlap, the data goes through a copy aside */
static int op_copy_overlap(in_t *in, out_t *out)
{
    (void)out;
    return typeshim_type_copy(in->src, in->a, in->src + 4, in->b, 1);
}

static void intact_src(in_t *in)
{
    unsigned char *p = malloc((size_t)DEEP_SIZE);
    int pos = 0;

    ck_assert_ptr_nonnull(p);
    AT_OK(MPI_Pack(in->src, 1, in->a, p, (int)DEEP_SIZE, &pos, MPI_COMM_WORLD));
    ck_assert(memcmp(p, in->stream, (size_t)DEEP_SIZE) == 0);
    free(p);
}

static void ck_copy_overlap(in_t *in, out_t *out)
{
    unsigned char *p = malloc((size_t)DEEP_SIZE);
    int pos = 0;

    (void)out;
    ck_assert_ptr_nonnull(p);
    AT_OK(MPI_Pack(in->src + 4, 1, in->b, p, (int)DEEP_SIZE, &pos, MPI_COMM_WORLD));
    ck_assert(memcmp(p, in->stream, (size_t)DEEP_SIZE) == 0);
    free(p);
}

/* ------------------------------------------------------------------
 * The runs
 * ---------------------------------------------------------------- */

static int outcome_ok(const scenario *s, int rc)
{
    return s->expect == MPI_SUCCESS ? rc == MPI_SUCCESS : at_class(rc) == s->expect;
}

/* One call on fresh inputs with allocation n failing (0: none, -1: all).
 * Returns the allocations the call asked for; *rc its result. */
static long attempt(const scenario *s, long n, int *rc)
{
    static out_t out, before;
    in_t in;
    long blocks0 = nlive, types0 = typeshim_live_types(), blocks1, types1, calls;

    memset(&in, 0, sizeof(in));
    s->setup(&in);
    memset(&out, POISON, sizeof(out));
    if (s->prepare)
        s->prepare(&in, &out);
    memcpy(&before, &out, sizeof(out));
    if (s->flags & OUT_DST)
        memset(in.dst, POISON, (size_t)in.ndst);
    blocks1 = nlive;
    types1 = typeshim_live_types();

    ncalls = 0;
    fail_at = n;
    *rc = s->op(&in, &out);
    fail_at = 0;
    calls = ncalls;

    if (*rc != MPI_SUCCESS && calls >= n && n > 0) {
        const char *msg = at_errstr(*rc);

        /* MPI-4.1 section 9.4: running out of memory is MPI_ERR_NO_MEM */
        ck_assert_msg(at_class(*rc) == MPI_ERR_NO_MEM,
                      "%s: allocation %ld of %ld failed: class %d, expected MPI_ERR_NO_MEM (%s)",
                      s->name, n, calls, at_class(*rc), msg);
        ck_assert_msg(strstr(msg, "out of memory") != NULL,
                      "%s: allocation %ld failed: the message does not say so: %s", s->name, n,
                      msg);
        ck_assert_msg(memcmp(&out, &before, sizeof(out)) == 0,
                      "%s: allocation %ld failed, yet an output changed", s->name, n);
        ck_assert_msg(!(s->flags & OUT_DST) || at_all_poison(in.dst, (size_t)in.ndst, POISON),
                      "%s: allocation %ld failed, yet the output buffer was written", s->name, n);
        ck_assert_msg(typeshim_live_types() == types1,
                      "%s: allocation %ld failed: live types %ld -> %ld (half-built handle)",
                      s->name, n, types1, typeshim_live_types());
        ck_assert_msg(nlive == blocks1, "%s: allocation %ld failed: %ld blocks leaked", s->name, n,
                      nlive - blocks1);
        if (s->intact)
            s->intact(&in);
    } else if (outcome_ok(s, *rc) || ((s->flags & DEGRADES) && *rc == MPI_SUCCESS)) {
        ck_assert_msg(calls < n || n <= 0 || (s->flags & DEGRADES),
                      "%s: allocation %ld of %ld failed, yet the call succeeded", s->name, n,
                      calls);
        s->check(&in, &out);
    } else {
        ck_abort_msg("%s: allocation %ld (of %ld) %s, yet the call returned %s", s->name, n, calls,
                     calls >= n ? "failed" : "was never reached", at_errstr(*rc));
    }
    s->teardown(&in);
    ck_assert_msg(typeshim_live_types() == types0, "%s: allocation %ld: live types %ld -> %ld",
                  s->name, n, types0, typeshim_live_types());
    /* n == 0, the warm-up: the handle table's chunks stay for the process */
    ck_assert_msg(n == 0 || nlive == blocks0 || ((s->flags & IMMORTAL) && *rc == MPI_SUCCESS),
                  "%s: allocation %ld: %ld blocks leaked once the inputs were freed", s->name, n,
                  nlive - blocks0);
    return calls;
}

#define CHAOS_MAX 100000

static void run(const scenario *s)
{
    long n, calls, degraded = 0;
    int rc;

    if (s->flags & NO_ALLOC) {
        attempt(s, 0, &rc);
        calls = attempt(s, -1, &rc);
        ck_assert_msg(rc == MPI_SUCCESS && calls == 0,
                      "%s: asked for %ld blocks and returned %s with no memory to give", s->name,
                      calls, at_errstr(rc));
        printf("%-34s needs no memory\n", s->name);
        __atomic_add_fetch(&totals->scenarios, 1, __ATOMIC_RELAXED);
        return;
    }
    /* the process-wide tables grow once, outside the count of a call */
    if (!(s->flags & IMMORTAL)) {
        attempt(s, 0, &rc);
        ck_assert_msg(outcome_ok(s, rc), "%s: %s with all the memory it wants", s->name,
                      at_errstr(rc));
    }
    for (n = 1; n <= CHAOS_MAX; n++) {
        calls = attempt(s, n, &rc);
        if (calls < n)
            break;
        degraded += rc == MPI_SUCCESS;
    }
    ck_assert_msg(n <= CHAOS_MAX, "%s: still failing after %d allocation failures", s->name,
                  CHAOS_MAX);
    ck_assert_msg(n > 1, "%s: the call allocated nothing, nothing was tested", s->name);
    printf("%-34s %4ld allocation points failed", s->name, n - 1);
    if (degraded)
        printf(" (%ld done without)", degraded);
    printf("\n");
    fflush(stdout);
    __atomic_add_fetch(&totals->points, n - 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&totals->scenarios, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&totals->degraded, degraded, __ATOMIC_RELAXED);
}

#define T teardown_types

static const scenario scenarios[] = {
    /* constructors */
    {"MPI_Type_contiguous", 0, 0, setup_vec, NULL, op_contiguous, ck_contiguous, NULL, T},
    {"MPI_Type_contiguous_c", 0, 0, setup_vec, NULL, op_contiguous_c, ck_contiguous, NULL, T},
    {"MPI_Type_vector", 0, 0, setup_none, NULL, op_vector, ck_vector, NULL, T},
    {"MPI_Type_vector_c", 0, 0, setup_none, NULL, op_vector_c, ck_vector, NULL, T},
    {"MPI_Type_create_hvector", 0, 0, setup_vec, NULL, op_hvector, ck_hvector, NULL, T},
    {"MPI_Type_create_hvector_c", 0, 0, setup_vec, NULL, op_hvector_c, ck_hvector, NULL, T},
    {"MPI_Type_hvector", 0, 0, setup_vec, NULL, op_hvector_mpi1, ck_hvector, NULL, T},
    {"MPI_Type_indexed", 0, 0, setup_none, NULL, op_indexed, ck_indexed, NULL, T},
    {"MPI_Type_indexed_c", 0, 0, setup_none, NULL, op_indexed_c, ck_indexed, NULL, T},
    {"MPI_Type_create_hindexed", 0, 0, setup_vec, NULL, op_hindexed, ck_hindexed, NULL, T},
    {"MPI_Type_create_hindexed_c", 0, 0, setup_vec, NULL, op_hindexed_c, ck_hindexed, NULL, T},
    {"MPI_Type_hindexed", 0, 0, setup_vec, NULL, op_hindexed_mpi1, ck_hindexed, NULL, T},
    {"MPI_Type_create_indexed_block", 0, 0, setup_none, NULL, op_indexed_block, ck_indexed_block,
     NULL, T},
    {"MPI_Type_create_indexed_block_c", 0, 0, setup_none, NULL, op_indexed_block_c,
     ck_indexed_block, NULL, T},
    {"MPI_Type_create_hindexed_block", 0, 0, setup_none, NULL, op_hindexed_block, ck_hindexed_block,
     NULL, T},
    {"MPI_Type_create_hindexed_block_c", 0, 0, setup_none, NULL, op_hindexed_block_c,
     ck_hindexed_block, NULL, T},
    {"MPI_Type_create_struct", 0, 0, setup_pair, NULL, op_struct, ck_struct, NULL, T},
    {"MPI_Type_create_struct_c", 0, 0, setup_pair, NULL, op_struct_c, ck_struct, NULL, T},
    {"MPI_Type_struct", 0, 0, setup_pair, NULL, op_struct_mpi1, ck_struct, NULL, T},
    {"MPI_Type_create_struct (20)", 0, 0, setup_pair, NULL, op_struct20, ck_struct20, NULL, T},
    {"MPI_Type_create_resized", 0, 0, setup_vec, NULL, op_resized, ck_resized, NULL, T},
    {"MPI_Type_create_resized_c", 0, 0, setup_vec, NULL, op_resized_c, ck_resized, NULL, T},
    {"MPI_Type_create_subarray", 0, 0, setup_none, NULL, op_subarray, ck_subarray, NULL, T},
    {"MPI_Type_create_subarray_c", 0, 0, setup_none, NULL, op_subarray_c, ck_subarray, NULL, T},
    {"MPI_Type_create_subarray (F)", 0, 0, setup_none, NULL, op_subarray_f, ck_subarray_f, NULL, T},
    {"MPI_Type_create_darray", 0, 0, setup_none, NULL, op_darray, ck_darray, NULL, T},
    {"MPI_Type_create_darray_c", 0, 0, setup_none, NULL, op_darray_c, ck_darray, NULL, T},
    {"MPI_Type_create_f90_real", IMMORTAL, 0, setup_none, NULL, op_f90_real, ck_f90_real, NULL, T},
    {"MPI_Type_create_f90_complex", IMMORTAL, 0, setup_none, NULL, op_f90_complex, ck_f90_complex,
     NULL, T},
    {"MPI_Type_create_f90_integer", IMMORTAL, 0, setup_none, NULL, op_f90_integer, ck_f90_integer,
     NULL, T},
    {"MPI_Type_match_size", NO_ALLOC, 0, setup_none, NULL, op_match_size, ck_match_size, NULL, T},
    {"MPI_Type_get_value_index", IMMORTAL, 0, setup_none, NULL, op_value_index, ck_value_index,
     NULL, T},
    /* dup, commit, free */
    {"MPI_Type_dup (attributes)", 0, 0, setup_attrs, NULL, op_dup, ck_dup, intact_attrs,
     teardown_attrs},
    {"MPI_Type_dup (committed, nested)", 0, 0, setup_nested_committed, NULL, op_dup, ck_dup_nested,
     NULL, T},
    /* its optimised description (one loop of one record) is kept in the
     * type: nothing to allocate; (mixed) and (deep) fail commit's own */
    {"MPI_Type_commit (nested)", NO_ALLOC, 0, setup_nested, prepare_handle, op_commit,
     ck_commit_nested, intact_uncommitted, T},
    {"MPI_Type_commit (mixed)", 0, 0, setup_mixed, prepare_handle, op_commit, ck_commit_mixed,
     intact_uncommitted, T},
    {"MPI_Type_commit (indexed)", NO_ALLOC, 0, setup_indexed, prepare_handle, op_commit,
     ck_commit_indexed, intact_uncommitted, T},
    {"MPI_Type_commit (deep)", 0, 0, setup_deep_raw, prepare_handle, op_commit, ck_commit_deep,
     intact_uncommitted, T},
    {"MPI_Type_free (nested)", NO_ALLOC, 0, setup_nested_committed, prepare_handle, op_free,
     ck_free, NULL, T},
    {"MPI_Type_free (chain)", NO_ALLOC, 0, setup_chain, NULL, op_free_chain, ck_free_chain, NULL,
     T},
    /* decoding */
    {"MPI_Type_get_envelope", NO_ALLOC, 0, setup_struct, NULL, op_envelope, ck_envelope, NULL, T},
    {"MPI_Type_get_envelope_c", NO_ALLOC, 0, setup_struct_c, NULL, op_envelope_c, ck_envelope_c,
     NULL, T},
    {"MPI_Type_get_contents", NO_ALLOC, 0, setup_struct, NULL, op_contents, ck_contents, NULL, T},
    {"MPI_Type_get_contents_c", NO_ALLOC, 0, setup_struct_c, NULL, op_contents_c, ck_contents_c,
     NULL, T},
    /* attributes and names */
    {"MPI_Type_create_keyval", 0, 0, setup_none, NULL, op_create_keyval, ck_create_keyval, NULL, T},
    {"MPI_Type_set_attr (new)", 0, 0, setup_vec_keyval, NULL, op_set_attr_new, ck_set_attr_new,
     intact_no_attr, teardown_vec_keyval},
    {"MPI_Type_set_attr (replace)", 0, 0, setup_attrs, NULL, op_set_attr, ck_set_attr, intact_attrs,
     teardown_attrs},
    {"MPI_Type_get_attr", NO_ALLOC, 0, setup_attrs, NULL, op_get_attr, ck_get_attr, NULL,
     teardown_attrs},
    {"MPI_Type_delete_attr", NO_ALLOC, 0, setup_attrs, NULL, op_delete_attr, ck_delete_attr, NULL,
     teardown_attrs},
    {"MPI_Type_free_keyval", NO_ALLOC, 0, setup_attrs, NULL, op_free_keyval, ck_free_keyval, NULL,
     teardown_attrs_freed},
    {"MPI_Type_set_name", NO_ALLOC, 0, setup_vec, NULL, op_set_name, ck_set_name, NULL, T},
    {"MPI_Type_get_name", NO_ALLOC, 0, setup_named, NULL, op_get_name, ck_get_name, NULL, T},
    /* pack, unpack, external32 */
    {"MPI_Pack", OUT_DST, 0, setup_deep, prepare_zero, op_pack, ck_pack, NULL, T},
    {"MPI_Pack_c", OUT_DST, 0, setup_deep, prepare_zero, op_pack_c, ck_pack_c, NULL, T},
    {"MPI_Unpack", OUT_DST, 0, setup_deep, prepare_zero, op_unpack, ck_unpack, NULL, T},
    {"MPI_Unpack_c", OUT_DST, 0, setup_deep, prepare_zero, op_unpack_c, ck_unpack_c, NULL, T},
    {"MPI_Pack_size", NO_ALLOC, 0, setup_deep, NULL, op_pack_size, ck_pack_size, NULL, T},
    {"MPI_Pack_external (deep)", NO_ALLOC | OUT_DST, 0, setup_deep, prepare_zero, op_pack_external,
     ck_pack_external, NULL, T},
    {"MPI_Pack_external_c (deep)", NO_ALLOC | OUT_DST, 0, setup_deep, prepare_zero,
     op_pack_external_c, ck_pack_external_c, NULL, T},
    {"MPI_Unpack_external (deep)", NO_ALLOC | OUT_DST, 0, setup_deep_external, prepare_zero,
     op_unpack_external, ck_unpack_external, NULL, T},
    {"MPI_Unpack_external_c (deep)", NO_ALLOC | OUT_DST, 0, setup_deep_external, prepare_zero,
     op_unpack_external_c, ck_unpack_external_c, NULL, T},
    {"MPI_Pack_external", OUT_DST, 0, setup_runs, prepare_zero, op_pack_external, ck_pack_external,
     NULL, T},
    {"MPI_Pack_external_c", OUT_DST, 0, setup_runs, prepare_zero, op_pack_external_c,
     ck_pack_external_c, NULL, T},
    {"MPI_Unpack_external", OUT_DST, 0, setup_runs, prepare_zero, op_unpack_external,
     ck_unpack_external, NULL, T},
    {"MPI_Unpack_external_c", OUT_DST, 0, setup_runs, prepare_zero, op_unpack_external_c,
     ck_unpack_external_c, NULL, T},
    {"MPI_Pack_external_size", NO_ALLOC, 0, setup_deep, NULL, op_pack_external_size,
     ck_pack_external_size, NULL, T},
    /* elements */
    {"MPI_Get_elements (deep)", NO_ALLOC, 0, setup_deep, prepare_status, op_get_elements,
     ck_get_elements, NULL, T},
    {"MPI_Get_elements_c (deep)", NO_ALLOC, 0, setup_deep, prepare_status, op_get_elements_c,
     ck_get_elements_c, NULL, T},
    {"MPI_Get_elements_x (deep)", NO_ALLOC, 0, setup_deep, prepare_status, op_get_elements_x,
     ck_get_elements_c, NULL, T},
    {"MPI_Status_set_elements (deep)", NO_ALLOC, 0, setup_deep, prepare_status, op_set_elements,
     ck_set_elements, NULL, T},
    {"MPI_Status_set_elements_c (deep)", NO_ALLOC, 0, setup_deep, prepare_status, op_set_elements_c,
     ck_set_elements, NULL, T},
    {"MPI_Get_elements (runs)", NO_ALLOC, 0, setup_runs, prepare_status_runs, op_get_elements,
     ck_get_elements_runs, NULL, T},
    {"MPI_Get_elements_c (runs)", NO_ALLOC, 0, setup_runs, prepare_status_runs, op_get_elements_c,
     ck_get_elements_runs_c, NULL, T},
    {"MPI_Status_set_elements (runs)", NO_ALLOC, 0, setup_runs, prepare_status_runs,
     op_set_elements_runs, ck_set_elements_runs, NULL, T},
    /* typeshim's own */
    {"typeshim_type_match (equal)", NO_ALLOC, 0, setup_match, NULL, op_match, ck_match, NULL, T},
    {"typeshim_type_match (differ)", DEGRADES, 0, setup_match, NULL, op_mismatch, ck_mismatch, NULL,
     T},
    {"typeshim_type_match (runs)", NO_ALLOC, 0, setup_runs_match, NULL, op_match_runs, ck_match,
     NULL, T},
    {"typeshim_type_match (runs, differ)", NO_ALLOC, 0, setup_runs_match, NULL, op_mismatch_runs,
     ck_mismatch_runs, NULL, T},
    {"typeshim_check_buffer", DEGRADES, 0, setup_unsorted, NULL, op_check_buffer, ck_nothing, NULL,
     T},
    {"typeshim_check_buffer (overlap)", DEGRADES, MPI_ERR_TYPE, setup_unsorted, NULL,
     op_check_buffer_overlap, ck_overlap_later, NULL, T},
    {"typeshim_check_buffer (copies fit)", DEGRADES, 0, setup_woven, NULL, op_copies_fit,
     ck_copies_later, NULL, T},
    {"typeshim_check_buffer (copies meet)", DEGRADES, MPI_ERR_TYPE, setup_woven, NULL,
     op_copies_meet, ck_copies_later, NULL, T},
    {"typeshim_check_buffer (copies meet, runs)", DEGRADES, MPI_ERR_TYPE, setup_woven, NULL,
     op_copies_meet_runs, ck_copies_later, NULL, T},
    {"typeshim_type_dump", DEGRADES, 0, setup_dump, NULL, op_dump, ck_dump, NULL, T},
    {"typeshim_pack_segment", OUT_DST, 0, setup_deep, NULL, op_pack_segment, ck_pack_segment, NULL,
     T},
    {"typeshim_unpack_segment", OUT_DST, 0, setup_deep, NULL, op_unpack_segment, ck_unpack_segment,
     NULL, T},
    {"typeshim_type_copy (apart)", OUT_DST | DEGRADES, 0, setup_copy, NULL, op_copy, ck_copy, NULL,
     T},
    {"typeshim_type_copy (overlap)", 0, 0, setup_copy, NULL, op_copy_overlap, ck_copy_overlap,
     intact_src, T},
};

#define NSCENARIOS ((int)(sizeof(scenarios) / sizeof(scenarios[0])))

START_TEST(test_scenario)
{
    run(&scenarios[_i]);
}
END_TEST

static Suite *alloc_suite(void)
{
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("chaos");

    tcase_add_checked_fixture(tc, alloc_install, alloc_remove);
    tcase_set_timeout(tc, 600); /* slow under valgrind and the sanitizers */
    tcase_add_loop_test(tc, test_scenario, 0, NSCENARIOS);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[1];
    int rc;

    /* make check sets it: its self-check after each constructor builds
     * the descriptions the calls under test would build (and does without
     * them when out of memory), which would hide their allocations */
    unsetenv("TYPESHIM_DEBUG_CHECK");
    totals = mmap(NULL, sizeof(*totals), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (totals == MAP_FAILED) {
        perror("mmap");
        return EXIT_FAILURE;
    }
    suites[0] = alloc_suite();
    rc = at_run(suites, 1, 0);
    printf("check_alloc: %ld scenarios, %ld allocation points failed in all (%ld runs done "
           "without the memory)\n",
           totals->scenarios, totals->points, totals->degraded);
    if (rc == EXIT_SUCCESS && totals->scenarios != NSCENARIOS) {
        printf("check_alloc: %d scenarios expected\n", NSCENARIOS);
        rc = EXIT_FAILURE;
    }
    return rc;
}
