/* SPDX-License-Identifier: BSD-3-Clause */
/* Adoption: a datatype made inside MPICH, bypassing typeshim (MPICH's own
 * PMPI_ functions, found with dlopen(RTLD_NOLOAD)), reaches typeshim's
 * MPI_ functions.  typeshim must decode it through MPICH, answer queries
 * exactly, pack it, decode it, let MPICH send it, and release it when the
 * program frees it.  Run under LD_PRELOAD (or linked ahead of MPICH), one
 * process or more; LT_EXPECT=typeshim. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <mpi.h>

#include "lt_common.h"

typedef int vector_fn(int, int, int, MPI_Datatype, MPI_Datatype *);
typedef int struct_fn(int, const int[], const MPI_Aint[], const MPI_Datatype[], MPI_Datatype *);
typedef int commit_fn(MPI_Datatype *);
typedef int free_fn(MPI_Datatype *);

/* A type adopted, then freed by MPICH's own PMPI_Type_free (a tool or a
 * library bypassing typeshim): MPICH gives its handle to the next type it
 * makes, a shadow of typeshim's.  Every constructor must succeed then,
 * with a type of its own; none may fail or write a half-built handle. */
static void case_freed_in_mpich(void *mpich)
{
    vector_fn *mpich_vector = (vector_fn *)dlsym(mpich, "PMPI_Type_vector");
    free_fn *mpich_free = (free_fn *)dlsym(mpich, "PMPI_Type_free");
    int bl[2] = {2, 1}, ones[2] = {1, 1}, di[2] = {0, 3}, sizes[1] = {8}, sub[1] = {3},
        start[1] = {2}, size;
    MPI_Aint da[2] = {0, 16};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
    long shadows0 = lt_shadows_now();

    if (!LT_CHECK(mpich_vector && mpich_free))
        return;
    for (int k = 0; k < 7; k++) {
        MPI_Datatype v = MPI_DATATYPE_NULL, t = (MPI_Datatype)0x7eadbeef;
        int want = 0, rc;

        LT_CHECK_EQ(mpich_vector(3, 1, 2, MPI_INT, &v), MPI_SUCCESS);
        LT_CHECK_EQ(MPI_Type_size(v, &size), MPI_SUCCESS); /* adopted */
        LT_CHECK_EQ(size, 12);
        LT_CHECK_EQ(mpich_free(&v), MPI_SUCCESS);
        switch (k) {
        case 0:
            rc = MPI_Type_contiguous(2, MPI_INT, &t), want = 8;
            break;
        case 1:
            rc = MPI_Type_vector(2, 2, 3, MPI_SHORT, &t), want = 8;
            break;
        case 2:
            rc = MPI_Type_indexed(2, bl, di, MPI_INT, &t), want = 12;
            break;
        case 3:
            rc = MPI_Type_create_struct(2, ones, da, ty, &t), want = 12;
            break;
        case 4:
            rc = MPI_Type_create_resized(MPI_INT, 0, 16, &t), want = 4;
            break;
        case 5:
            rc = MPI_Type_create_subarray(1, sizes, sub, start, MPI_ORDER_C, MPI_INT, &t),
            want = 12;
            break;
        default:
            rc = MPI_Type_create_hindexed(2, bl, da, MPI_CHAR, &t), want = 3;
            break;
        }
        if (!LT_CHECK_EQ(rc, MPI_SUCCESS) || !LT_CHECK(t != (MPI_Datatype)0x7eadbeef))
            continue;
        LT_CHECK_EQ(MPI_Type_size(t, &size), MPI_SUCCESS);
        LT_CHECK_EQ(size, want);
        LT_CHECK_EQ(MPI_Type_commit(&t), MPI_SUCCESS);
        LT_CHECK_EQ(MPI_Type_free(&t), MPI_SUCCESS);
    }
    /* the stale objects were let go: nothing of them is counted */
    LT_CHECK_EQ(lt_shadows_now(), shadows0);
}

int main(int argc, char **argv)
{
    void *mpich;
    vector_fn *mpich_vector;
    struct_fn *mpich_struct;
    commit_fn *mpich_commit;
    MPI_Datatype v, s, kids[2];
    typeshim_layer_stats st0, st1;
    int rank, size, ints[8], ni, na, nd, comb, pos = 0;
    MPI_Aint lb, ext, addrs[4];
    int data[16], packed[16], recv[16];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    LT_REQUIRE_TYPESHIM();
    lt_stats(&st0);

    /* the MPI's own library: MPICH's, or Open MPI's libmpi */
#ifdef OPEN_MPI
    mpich = dlopen("libmpi.so.40", RTLD_NOW | RTLD_NOLOAD);
#else
    mpich = dlopen("libmpich.so.12", RTLD_NOW | RTLD_NOLOAD);
#endif
    LT_CHECK(mpich != NULL);
    if (!mpich)
        return lt_finish("lt_adopt", rank);
    mpich_vector = (vector_fn *)dlsym(mpich, "PMPI_Type_vector");
    mpich_struct = (struct_fn *)dlsym(mpich, "PMPI_Type_create_struct");
    mpich_commit = (commit_fn *)dlsym(mpich, "PMPI_Type_commit");
    LT_CHECK(mpich_vector && mpich_struct && mpich_commit);

    /* v = vector(3, 1, 2, MPI_INT); s = struct{v@0, MPI_DOUBLE@24}: both
     * made by MPICH alone, so typeshim has never seen them */
    LT_CHECK_EQ(mpich_vector(3, 1, 2, MPI_INT, &v), MPI_SUCCESS);
    {
        int bl[2] = {1, 1};
        MPI_Aint d[2] = {0, 24};
        MPI_Datatype t[2] = {v, MPI_DOUBLE};
        LT_CHECK_EQ(mpich_struct(2, bl, d, t, &s), MPI_SUCCESS);
    }
    LT_CHECK_EQ(mpich_commit(&s), MPI_SUCCESS);

    /* queries, through typeshim */
    LT_CHECK_EQ(MPI_Type_get_extent(s, &lb, &ext), MPI_SUCCESS);
    LT_CHECK_EQ((long)lb, 0);
    LT_CHECK_EQ((long)ext, 32);
    LT_CHECK_EQ(MPI_Type_size(s, &ni), MPI_SUCCESS);
    LT_CHECK_EQ(ni, 20);
    lt_stats(&st1);
    LT_CHECK(st1.adopted >= st0.adopted + 2); /* s and its child v */

    /* decoding: MPICH's record, children as new references */
    LT_CHECK_EQ(MPI_Type_get_envelope(s, &ni, &na, &nd, &comb), MPI_SUCCESS);
    LT_CHECK_EQ(comb, MPI_COMBINER_STRUCT);
    LT_CHECK_EQ(ni, 3);
    LT_CHECK_EQ(na, 2);
    LT_CHECK_EQ(nd, 2);
    LT_CHECK_EQ(MPI_Type_get_contents(s, 8, 4, 2, ints, addrs, kids), MPI_SUCCESS);
    LT_CHECK_EQ((long)addrs[1], 24);
    LT_CHECK_EQ(kids[1], MPI_DOUBLE);
    LT_CHECK_EQ(MPI_Type_get_envelope(kids[0], &ni, &na, &nd, &comb), MPI_SUCCESS);
    LT_CHECK_EQ(comb, MPI_COMBINER_VECTOR);
    LT_CHECK_EQ(MPI_Type_get_extent(kids[0], &lb, &ext), MPI_SUCCESS);
    LT_CHECK_EQ((long)ext, 20);
    LT_CHECK_EQ(MPI_Type_free(&kids[0]), MPI_SUCCESS);

    /* pack: ints 0, 2, 4 then the double's 8 bytes */
    for (int i = 0; i < 16; i++)
        data[i] = 100 * rank + i;
    LT_CHECK_EQ(MPI_Pack(data, 1, s, packed, sizeof(packed), &pos, MPI_COMM_WORLD), MPI_SUCCESS);
    LT_CHECK_EQ(pos, 20);
    LT_CHECK_EQ(packed[0], data[0]);
    LT_CHECK_EQ(packed[1], data[2]);
    LT_CHECK_EQ(packed[2], data[4]);
    LT_CHECK(memcmp(&packed[3], &data[6], 8) == 0);

    /* MPICH still moves it */
    if (size > 1) {
        int to = (rank + 1) % size, from = (rank + size - 1) % size;
        memset(recv, 0xa5, sizeof(recv));
        LT_CHECK_EQ(MPI_Sendrecv(data, 1, s, to, 7, recv, 5, MPI_INT, from, 7, MPI_COMM_WORLD,
                                 MPI_STATUS_IGNORE),
                    MPI_SUCCESS);
        LT_CHECK_EQ(recv[0], 100 * from + 0);
        LT_CHECK_EQ(recv[1], 100 * from + 2);
        LT_CHECK_EQ(recv[2], 100 * from + 4);
        LT_CHECK_EQ(recv[3], 100 * from + 6);
    }

    /* the program's frees go to MPICH as well (no leak, no double free) */
    LT_CHECK_EQ(MPI_Type_free(&s), MPI_SUCCESS);
    LT_CHECK_EQ(s, MPI_DATATYPE_NULL);
    LT_CHECK_EQ(MPI_Type_free(&v), MPI_SUCCESS);
    case_freed_in_mpich(mpich);
    lt_stats(&st1);
    LT_CHECK_EQ(st1.shadows, st0.shadows);
    MPI_Finalize();
    return lt_finish("lt_adopt", rank);
}
