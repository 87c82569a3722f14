/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_coll: the collectives on one process, compared with MPICH run as a
 * singleton: each moves the process's own block between derived datatypes
 * on both sides (vector sent, contiguous or indexed received), the v and
 * w forms by their first count and displacement, MPI_IN_PLACE, reductions
 * of one contribution (a copy), the nonblocking forms, the persistent ones
 * (each started twice on changed data), and argument errors (root, counts, sizes that disagree,
 * operations a type does not take). */
#include "xc_common.h"

#define N 12

static int src[N], dst[N];
/* through a volatile: gcc's -Wstringop-overflow takes the constant for an
 * empty array */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;
static MPI_Datatype vec3, idx3; /* 3 ints: every other one; at 0, 4, 5 */

static void reset(void)
{
    for (int i = 0; i < N; i++) {
        src[i] = 100 + i;
        dst[i] = -1;
    }
}

static void show(const char *key, int rc)
{
    char s[N * 8] = "";
    for (int i = 0; i < N; i++)
        sprintf(s + strlen(s), "%d ", dst[i]);
    xc_kv(key, "%s %s", xc_rc(rc), s);
}

static void wait_show(const char *key, int rc, MPI_Request *r)
{
    if (rc == MPI_SUCCESS)
        rc = MPI_Wait(r, MPI_STATUS_IGNORE);
    show(key, rc);
}

static void moves(void)
{
    int one = 1, disp = 2, rc;
    int rc1[1] = {3}, rd[1] = {1};
    int wbytes[1] = {8};
    MPI_Datatype tys[1];
    MPI_Request r;

    reset();
    rc = MPI_Gather(src, 1, vec3, dst, 3, MPI_INT, 0, MPI_COMM_WORLD);
    show("gather.vec_to_ints", rc);
    reset();
    rc = MPI_Gather(src, 3, MPI_INT, dst, 1, idx3, 0, MPI_COMM_WORLD);
    show("gather.ints_to_idx", rc);
    reset();
    rc = MPI_Igather(src, 3, MPI_INT, dst, 3, MPI_INT, 0, MPI_COMM_WORLD, &r);
    wait_show("igather", rc, &r);
    reset();
    rc = MPI_Gatherv(src, 3, MPI_INT, dst, rc1, &disp, MPI_INT, 0, MPI_COMM_WORLD);
    show("gatherv.displ2", rc);
    reset();
    rc = MPI_Scatter(src, 1, vec3, dst, 3, MPI_INT, 0, MPI_COMM_WORLD);
    show("scatter.vec", rc);
    reset();
    rc = MPI_Scatterv(src, rc1, rd, MPI_INT, dst, 3, MPI_INT, 0, MPI_COMM_WORLD);
    show("scatterv.displ1", rc);
    reset();
    rc = MPI_Allgather(src, 3, MPI_INT, dst, 1, vec3, MPI_COMM_WORLD);
    show("allgather.to_vec", rc);
    reset();
    rc = MPI_Allgatherv(src, 2, MPI_INT, dst, &(int){2}, &disp, MPI_INT, MPI_COMM_WORLD);
    show("allgatherv", rc);
    reset();
    rc = MPI_Alltoall(src, 4, MPI_INT, dst, 4, MPI_INT, MPI_COMM_WORLD);
    show("alltoall", rc);
    reset();
    rc = MPI_Alltoallv(src, rc1, rd, MPI_INT, dst, rc1, rd, MPI_INT, MPI_COMM_WORLD);
    show("alltoallv", rc);
    reset();
#ifndef OPEN_MPI
    /* (Open MPI 4.1.4 reads past src here: AddressSanitizer reports a
     * global-buffer-overflow in its unpack, and no data arrives) */
    tys[0] = MPI_INT;
    rc = MPI_Alltoallw(src, rc1, wbytes, tys, dst, &one, wbytes, &vec3, MPI_COMM_WORLD);
    show("alltoallw", rc);
#else
    (void)one, (void)wbytes, (void)tys;
#endif
    reset();
    rc = MPI_Ialltoall(src, 2, MPI_INT, dst, 2, MPI_INT, MPI_COMM_WORLD, &r);
    wait_show("ialltoall", rc, &r);
    /* in place: nothing moves */
    reset();
    rc = MPI_Gather(MPI_IN_PLACE, 3, MPI_INT, dst, 3, MPI_INT, 0, MPI_COMM_WORLD);
    show("gather.in_place", rc);
    reset();
    rc = MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, dst, 3, MPI_INT, MPI_COMM_WORLD);
    show("allgather.in_place", rc);
    reset();
    rc = MPI_Scatter(src, 3, MPI_INT, MPI_IN_PLACE, 3, MPI_INT, 0, MPI_COMM_WORLD);
    show("scatter.in_place", rc);
    reset();
    rc = MPI_Bcast(dst, 3, MPI_INT, 0, MPI_COMM_WORLD);
    show("bcast", rc);
    rc = MPI_Ibcast(dst, 1, vec3, 0, MPI_COMM_SELF, &r);
    wait_show("ibcast", rc, &r);
    rc = MPI_Barrier(MPI_COMM_WORLD);
    xc_kv("barrier", "%s", xc_rc(rc));
    rc = MPI_Ibarrier(MPI_COMM_WORLD, &r);
    if (rc == MPI_SUCCESS)
        rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
    xc_kv("ibarrier", "%s null=%d", xc_rc(rc), r == MPI_REQUEST_NULL);
}

static void reductions(void)
{
    MPI_Request r;
    int rc, cnt[1] = {2};

    reset();
    rc = MPI_Reduce(src, dst, 4, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    show("reduce.sum", rc);
    reset();
    rc = MPI_Allreduce(src, dst, 3, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    show("allreduce.max", rc);
    reset();
    rc = MPI_Iallreduce(src, dst, 2, MPI_INT, MPI_PROD, MPI_COMM_WORLD, &r);
    wait_show("iallreduce", rc, &r);
    reset();
    rc = MPI_Allreduce(MPI_IN_PLACE, dst, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    show("allreduce.in_place", rc);
    reset();
    rc = MPI_Scan(src, dst, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    show("scan", rc);
    reset();
    rc = MPI_Exscan(src, dst, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    xc_kv("exscan", "%s", xc_rc(rc)); /* recvbuf undefined on process 0 */
    reset();
    rc = MPI_Reduce_scatter(src, dst, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    show("reduce_scatter", rc);
    reset();
    rc = MPI_Reduce_scatter_block(src, dst, 3, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
    show("reduce_scatter_block", rc);
    reset();
#if XC_MPI4
    rc = MPI_Reduce_c(src, dst, (MPI_Count)2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    show("reduce_c", rc);
#endif
}

#if XC_MPI4
/* A persistent request: started twice, src changed in between; each
 * round's dst shown. */
static void rounds(const char *key, int rc, MPI_Request *r)
{
    char k[64];

    snprintf(k, sizeof(k), "%s.init", key);
    xc_kv(k, "%s", xc_rc(rc));
    if (rc != MPI_SUCCESS)
        return;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < N; i++) {
            src[i] = 100 * (round + 1) + i;
            dst[i] = -1;
        }
        rc = MPI_Start(r);
        if (rc == MPI_SUCCESS)
            rc = MPI_Wait(r, MPI_STATUS_IGNORE);
        snprintf(k, sizeof(k), "%s.round%d", key, round);
        show(k, rc);
    }
    rc = MPI_Request_free(r);
    snprintf(k, sizeof(k), "%s.free", key);
    xc_kv(k, "%s null=%d", xc_rc(rc), *r == MPI_REQUEST_NULL);
}

/* A vector of 3 ints (every other one) for one persistent request.  Left
 * to MPI_Finalize: MPICH 4.0.2's MPI_Request_free of a persistent
 * collective releases a reference to its datatypes that the init call
 * never took, so a program's MPI_Type_free afterwards makes yaksa fail an
 * assertion later (check_coll.c frees them, even while in use). */
static MPI_Datatype fresh_vec3(void)
{
    MPI_Datatype t;

    MPI_Type_vector(3, 1, 2, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

static void persistent(void)
{
    int rc, one = 1, disp = 2, cnt[1] = {3}, wbytes[1] = {8}, pair[4] = {1, 2, 3, 4};
    MPI_Datatype tys[1] = {MPI_INT}, wty[1];
    MPI_Request r, rs[2];

    rc = MPI_Gather_init(src, 3, MPI_INT, dst, 3, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    rounds("pgather", rc, &r);
    rc = MPI_Allgather_init(src, 3, MPI_INT, dst, 1, fresh_vec3(), MPI_COMM_WORLD, MPI_INFO_NULL,
                            &r);
    rounds("pallgather.to_vec", rc, &r);
    rc = MPI_Scatterv_init(src, cnt, &one, MPI_INT, dst, 1, fresh_vec3(), 0, MPI_COMM_WORLD,
                           MPI_INFO_NULL, &r);
    rounds("pscatterv", rc, &r);
    rc = MPI_Allgatherv_init(src, 2, MPI_INT, dst, &(int){2}, &disp, MPI_INT, MPI_COMM_WORLD,
                             MPI_INFO_NULL, &r);
    rounds("pallgatherv", rc, &r);
    wty[0] = fresh_vec3();
    rc = MPI_Alltoallw_init(src, cnt, wbytes, tys, dst, &one, wbytes, wty, MPI_COMM_WORLD,
                            MPI_INFO_NULL, &r);
    rounds("palltoallw", rc, &r);
    rc = MPI_Allreduce_init(src, dst, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    rounds("pallreduce", rc, &r);
    rc = MPI_Reduce_init_c(src, dst, 2, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    rounds("preduce_c", rc, &r);
    rc = MPI_Reduce_scatter_block_init(src, dst, 2, MPI_INT, MPI_BXOR, MPI_COMM_WORLD,
                                       MPI_INFO_NULL, &r);
    rounds("preduce_scatter_block", rc, &r);
    rc = MPI_Scan_init(src, dst, 2, MPI_INT, MPI_PROD, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    rounds("pscan", rc, &r);
    rc = MPI_Allreduce_init(MPI_IN_PLACE, pair, 2, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD,
                            MPI_INFO_NULL, &r);
    rounds("pallreduce.in_place_minloc", rc, &r);
    xc_kv("pallreduce.in_place_minloc.pair", "%d %d %d %d", pair[0], pair[1], pair[2], pair[3]);
    /* Startall of a broadcast and a barrier */
    rc = MPI_Bcast_init(dst, 1, fresh_vec3(), 0, MPI_COMM_WORLD, MPI_INFO_NULL, &rs[0]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &rs[1]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Startall(2, rs);
    if (rc == MPI_SUCCESS)
        rc = MPI_Waitall(2, rs, statuses_ignore);
    xc_kv("pbcast_barrier.startall", "%s", xc_rc(rc));
    MPI_Request_free(&rs[0]);
    MPI_Request_free(&rs[1]);
    /* errors when made: a bad root, an operation the type does not take */
    rc = MPI_Bcast_init(dst, 1, MPI_INT, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    xc_kv("perr.bcast_root", "%s", xc_rc(rc));
    rc = MPI_Allreduce_init(src, dst, 2, MPI_DOUBLE, MPI_BAND, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    xc_kv("perr.allreduce_op", "%s", xc_rc(rc));
    /* started twice without completion */
    rc = MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    MPI_Start(&r);
    rc = MPI_Start(&r);
    xc_kv("perr.start_active", "%s", xc_rc(rc));
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Request_free(&r);
}

#endif

static void errors(void)
{
    int rc;

    reset();
    rc = MPI_Bcast(dst, 1, MPI_INT, 1, MPI_COMM_WORLD);
    xc_kv("err.bcast_root", "%s", xc_rc(rc));
    rc = MPI_Gather(src, 1, MPI_INT, dst, 1, MPI_INT, -1, MPI_COMM_WORLD);
    xc_kv("err.gather_root", "%s", xc_rc(rc));
    /* (a negative count: MPICH 4.0.2 crashes; check_coll.c tests it) */
    rc = MPI_Allreduce(src, dst, 2, MPI_DOUBLE, MPI_BAND, MPI_COMM_WORLD);
    xc_kv("err.allreduce_op", "%s", xc_rc(rc));
    rc = MPI_Allgather(src, 4, MPI_INT, dst, 2, MPI_INT, MPI_COMM_WORLD);
    xc_kv("err.allgather_longer", "%s", xc_rc(rc));
    rc = MPI_Barrier(MPI_COMM_NULL);
    xc_kv("err.barrier_comm", "%s", xc_rc(rc));
    show("err.untouched", MPI_SUCCESS);
}

int main(int argc, char **argv)
{
    int bl[3] = {1, 1, 1}, dp[3] = {0, 4, 5};

    xc_init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Type_vector(3, 1, 2, MPI_INT, &vec3);
    MPI_Type_commit(&vec3);
    MPI_Type_indexed(3, bl, dp, MPI_INT, &idx3);
    MPI_Type_commit(&idx3);
    moves();
    reductions();
#if XC_MPI4
    persistent();
#endif
    errors();
    MPI_Type_free(&vec3);
    MPI_Type_free(&idx3);
    return xc_finalize();
}
