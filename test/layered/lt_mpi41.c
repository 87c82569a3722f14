/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lt_mpi41 - the MPI-4.1 functions typeshim adds to MPICH 4.0.2, whose
 * mpi.h lacks them: MPI_Type_get_value_index, MPI_Status_get/set_source,
 * _tag, _error and MPI_Status_set_elements_c.  The program declares them
 * as MPI-4.1 does (typeshim.h has the same declarations, but lt_common.h
 * declares its own typeshim types for programs built without it) and
 * links -ltypeshim ahead of -lmpich, as a program using them over MPICH
 * must (lt_run.sh also runs it with libtypeshim.so preloaded).
 *
 * Every rank: the named pairs come back as MPICH's handles and work in
 * MPICH's MPI_Allreduce with MPI_MINLOC; an unnamed pair (double, long
 * long) is one handle per process, decodes as MPI_COMBINER_VALUE_INDEX,
 * cannot be freed, carries its 16 bytes around a ring through MPICH's
 * point-to-point layer, and MPICH's MPI_MINLOC (which knows its own pairs
 * only) refuses it with an error, not a crash.
 */
#include "lt_common.h"

#define MPI_COMBINER_VALUE_INDEX 20 /* MPICH's value */
int MPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type,
                             MPI_Datatype *pair_type);
int MPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
int MPI_Status_get_source(const MPI_Status *status, int *source);
int MPI_Status_set_source(MPI_Status *status, int source);
int MPI_Status_get_tag(const MPI_Status *status, int *tag);
int MPI_Status_set_tag(MPI_Status *status, int tag);
int MPI_Status_get_error(const MPI_Status *status, int *error);
int MPI_Status_set_error(MPI_Status *status, int error);
#if MPI_VERSION < 4 /* Open MPI 4.1: typeshim has MPI-4.0's too */
int MPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
#endif

struct dll {
    double v;
    long long i;
};

static void check_named(int rank, int size)
{
    MPI_Datatype p = MPI_DATATYPE_NULL;
    struct {
        double v;
        int i;
    } in, out;

    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_DOUBLE, MPI_INT, &p));
    LT_CHECK(p == MPI_DOUBLE_INT);
    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_FLOAT, MPI_INT, &p));
    LT_CHECK(p == MPI_FLOAT_INT);
    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_INT, MPI_INT, &p));
    LT_CHECK(p == MPI_2INT);
    /* the lowest value is at the highest rank; ties never happen */
    in.v = 100.0 - rank;
    in.i = rank;
    LT_CHECK_MPI(MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD));
    LT_CHECK(out.v == 100.0 - (size - 1) && out.i == size - 1);
}

static void check_unnamed(int rank, int size)
{
    MPI_Datatype p = MPI_DATATYPE_NULL, q = MPI_DATATYPE_NULL, d[2], copy;
    int ni = -1, na = -1, nd = -1, comb = -1, sz = -1, rc, cls = -1;
    MPI_Aint lb = -1, ext = -1;
    struct dll sb[3], rb[3], out;

    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_DOUBLE, MPI_LONG_LONG, &p));
    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_DOUBLE, MPI_LONG_LONG, &q));
    LT_CHECK(p != MPI_DATATYPE_NULL && p == q);
    LT_CHECK_MPI(MPI_Type_get_envelope(p, &ni, &na, &nd, &comb));
    LT_CHECK(ni == 0 && na == 0 && nd == 2 && comb == MPI_COMBINER_VALUE_INDEX);
    LT_CHECK_MPI(MPI_Type_get_contents(p, 0, 0, 2, NULL, NULL, d));
    LT_CHECK(d[0] == MPI_DOUBLE && d[1] == MPI_LONG_LONG);
    LT_CHECK_MPI(MPI_Type_size(p, &sz));
    LT_CHECK_MPI(MPI_Type_get_extent(p, &lb, &ext));
    LT_CHECK(sz == 16 && lb == 0 && ext == (MPI_Aint)sizeof(struct dll));
    /* predefined: MPI_Type_free refuses it and leaves the handle */
    copy = p;
    rc = MPI_Type_free(&copy);
    MPI_Error_class(rc, &cls);
    LT_CHECK(cls == MPI_ERR_TYPE && copy == p);
    /* no pair exists for a complex value or a floating-point index */
    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_C_DOUBLE_COMPLEX, MPI_INT, &q));
    LT_CHECK(q == MPI_DATATYPE_NULL);
    LT_CHECK_MPI(MPI_Type_get_value_index(MPI_INT, MPI_FLOAT, &q));
    LT_CHECK(q == MPI_DATATYPE_NULL);

    /* a ring message: MPICH moves it through the type's shadow */
    for (int k = 0; k < 3; k++) {
        sb[k].v = rank * 10.0 + k;
        sb[k].i = (long long)rank << 40 | k;
    }
    memset(rb, 0xa5, sizeof(rb));
    LT_CHECK_MPI(MPI_Sendrecv(sb, 3, p, (rank + 1) % size, 7, rb, 3, p, (rank + size - 1) % size, 7,
                              MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    for (int k = 0; k < 3; k++) {
        int from = (rank + size - 1) % size;
        LT_CHECK(rb[k].v == from * 10.0 + k && rb[k].i == ((long long)from << 40 | k));
    }

    /* MPICH 4.0.2 applies MPI_MINLOC to its named pairs only; typeshim's
     * runtime (standalone) to every pair MPI_Type_get_value_index gives
     * (MPI-4.1 section 6.9.4): of one rank's pairs, the first */
    rc = MPI_Allreduce(sb, &out, 1, p, MPI_MINLOC, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    if (lt_standalone)
        LT_CHECK(rc == MPI_SUCCESS && out.v == sb[0].v && out.i == sb[0].i);
    else
        LT_CHECK(rc != MPI_SUCCESS && cls == MPI_ERR_OP);
}

static void check_status(void)
{
    MPI_Status st;
    MPI_Count n = -1;
    int v = -1, rc, cls = -1;

    LT_CHECK_MPI(MPI_Status_set_source(&st, 3));
    LT_CHECK_MPI(MPI_Status_set_tag(&st, 77));
    LT_CHECK_MPI(MPI_Status_set_error(&st, MPI_ERR_TRUNCATE));
    LT_CHECK(st.MPI_SOURCE == 3 && st.MPI_TAG == 77 && st.MPI_ERROR == MPI_ERR_TRUNCATE);
    LT_CHECK_MPI(MPI_Status_get_source(&st, &v));
    LT_CHECK(v == 3);
    LT_CHECK_MPI(MPI_Status_get_tag(&st, &v));
    LT_CHECK(v == 77);
    LT_CHECK_MPI(MPI_Status_get_error(&st, &v));
    LT_CHECK(v == MPI_ERR_TRUNCATE);
    LT_CHECK_MPI(MPI_Status_set_elements_c(&st, MPI_DOUBLE, (MPI_Count)3 << 32));
    LT_CHECK_MPI(MPI_Get_elements_c(&st, MPI_DOUBLE, &n));
    LT_CHECK(n == (MPI_Count)3 << 32);
    rc = MPI_Status_get_tag(&st, NULL);
    MPI_Error_class(rc, &cls);
    LT_CHECK(cls == MPI_ERR_ARG);
}

int main(int argc, char **argv)
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    lt_begin("lt_mpi41");
    LT_REQUIRE_TYPESHIM();
    check_named(rank, size);
    check_unnamed(rank, size);
    check_status();
    lt_check_no_leak();
    MPI_Finalize();
    return lt_finish("lt_mpi41", rank);
}
