/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_more: the less common calls of one process compared with MPICH run
 * as a singleton: MPI_Pcontrol, MPI_Comm_get_parent, MPI_Comm_remote_size
 * and MPI_Comm_remote_group on an intracommunicator, MPI_Comm_disconnect
 * of a duplicate, group ranges (good and bad), MPI_Comm_create_group and
 * MPI_Comm_idup_with_info; MPI_Isendrecv and MPI_Isendrecv_replace;
 * MPI_Errhandler_get and MPI_Errhandler_create. */
#include "xc_common.h"

/* A range applied to group: the call's class and the new group's size. */
static void range(const char *key, MPI_Group g, int incl, int n, int r[][3])
{
    MPI_Group out = MPI_GROUP_NULL;
    int size = -1,
        rc = incl ? MPI_Group_range_incl(g, n, r, &out) : MPI_Group_range_excl(g, n, r, &out);

    if (rc == MPI_SUCCESS)
        MPI_Group_size(out, &size);
    xc_kv(key, "%s size=%d", xc_rc(rc), size);
}

int main(int argc, char **argv)
{
    MPI_Comm c = MPI_COMM_WORLD, none = MPI_COMM_WORLD;
    MPI_Group g, rg = MPI_GROUP_NULL;
    MPI_Request r;
    int rc, size = -7;

    (void)r; /* (used by the MPI-4.0 calls) */

    xc_init(&argc, &argv);
    xc_kv("pcontrol", "%s", xc_rc(MPI_Pcontrol(1, "x")));
    rc = MPI_Comm_get_parent(&c);
    xc_kv("parent", "%s null=%d", xc_rc(rc), c == MPI_COMM_NULL);
    xc_kv("parent.out_null", "%s", xc_rc(MPI_Comm_get_parent(NULL)));
    rc = MPI_Comm_remote_size(MPI_COMM_WORLD, &size);
    xc_kv("remote_size.intra", "%s", xc_rc(rc));
    rc = MPI_Comm_remote_group(MPI_COMM_WORLD, &rg);
    xc_kv("remote_group.intra", "%s", xc_rc(rc));
    rc = MPI_Comm_remote_size(MPI_COMM_NULL, &size);
    xc_kv("remote_size.comm_null", "%s", xc_rc(rc));
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    rc = MPI_Comm_disconnect(&c);
    xc_kv("disconnect.dup", "%s null=%d", xc_rc(rc), c == MPI_COMM_NULL);
    xc_kv("disconnect.comm_null", "%s", xc_rc(MPI_Comm_disconnect(&c)));
#if XC_ROBUST
    xc_kv("disconnect.null", "%s", xc_rc(MPI_Comm_disconnect(NULL)));
#endif

    MPI_Comm_group(MPI_COMM_WORLD, &g);
    range("range_incl.0_0_1", g, 1, 1, (int[][3]){{0, 0, 1}});
    range("range_excl.0_0_1", g, 0, 1, (int[][3]){{0, 0, 1}});
    range("range_incl.0_3_5", g, 1, 1, (int[][3]){{0, 3, 5}});
    range("range_incl.0_0_-1", g, 1, 1, (int[][3]){{0, 0, -1}});
    range("range_incl.0_-3_-5", g, 1, 1, (int[][3]){{0, -3, -5}});
    range("range_incl.n0", g, 1, 0, NULL);
    range("range_excl.n0", g, 0, 0, NULL);
    range("range_incl.empty_n0", MPI_GROUP_EMPTY, 1, 0, NULL);
    range("range_incl.stride0", g, 1, 1, (int[][3]){{0, 0, 0}});
    range("range_excl.stride0", g, 0, 1, (int[][3]){{0, 0, 0}});
    range("range_incl.0_5_1", g, 1, 1, (int[][3]){{0, 5, 1}});
    range("range_incl.1_1_1", g, 1, 1, (int[][3]){{1, 1, 1}});
    range("range_incl.-1_0_1", g, 1, 1, (int[][3]){{-1, 0, 1}});
    range("range_incl.0_1_-1", g, 1, 1, (int[][3]){{0, 1, -1}});
    range("range_incl.dup", g, 1, 2, (int[][3]){{0, 0, 1}, {0, 0, 1}});
    range("range_excl.dup", g, 0, 2, (int[][3]){{0, 0, 1}, {0, 0, 1}});
    range("range_incl.n_neg", g, 1, -1, (int[][3]){{0, 0, 1}});
    range("range_incl.empty", MPI_GROUP_EMPTY, 1, 1, (int[][3]){{0, 0, 1}});
    range("range_incl.group_null", MPI_GROUP_NULL, 1, 1, (int[][3]){{0, 0, 1}});
    xc_kv("range_incl.out_null", "%s",
          xc_rc(MPI_Group_range_incl(g, 1, (int[][3]){{0, 0, 1}}, NULL)));

    rc = MPI_Comm_create_group(MPI_COMM_WORLD, g, 5, &c);
    size = -1;
    if (rc == MPI_SUCCESS)
        MPI_Comm_size(c, &size);
    xc_kv("create_group", "%s size=%d", xc_rc(rc), size);
    if (rc == MPI_SUCCESS)
        MPI_Comm_free(&c);
    rc = MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_EMPTY, 5, &none);
    xc_kv("create_group.empty", "%s null=%d", xc_rc(rc), none == MPI_COMM_NULL);
    none = MPI_COMM_WORLD;
    xc_kv("create_group.tag_neg", "%s", xc_rc(MPI_Comm_create_group(MPI_COMM_WORLD, g, -1, &none)));
    xc_kv("create_group.any_tag", "%s",
          xc_rc(MPI_Comm_create_group(MPI_COMM_WORLD, g, MPI_ANY_TAG, &none)));
    xc_kv("create_group.tag_big", "%s",
          xc_rc(MPI_Comm_create_group(MPI_COMM_WORLD, g, 268435456, &none)));
    xc_kv("create_group.empty_tag_neg", "%s",
          xc_rc(MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_EMPTY, -1, &none)));
    xc_kv("create_group.group_null", "%s",
          xc_rc(MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_NULL, 0, &none)));
    xc_kv("create_group.comm_null", "%s", xc_rc(MPI_Comm_create_group(MPI_COMM_NULL, g, 0, &none)));
    xc_kv("create_group.out_null", "%s", xc_rc(MPI_Comm_create_group(MPI_COMM_WORLD, g, 0, NULL)));
    xc_kv("create_group.untouched", "%d", none == MPI_COMM_WORLD);

#if XC_MPI4
    rc = MPI_Comm_idup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &c, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    size = -1;
    MPI_Comm_size(c, &size);
    xc_kv("idup_with_info", "%s size=%d", xc_rc(rc), size);
    MPI_Comm_free(&c);
    xc_kv("idup_with_info.request_null", "%s",
          xc_rc(MPI_Comm_idup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &c, NULL)));

    /* MPI_Isendrecv to self: matched at once; a receive half waiting for
     * a later message */
    {
        int out[3] = {1, 2, 3}, in[3] = {0}, buf[2] = {4, 5}, later = 6, got = 0, count = -1;
        MPI_Status st;
        MPI_Request r1;

        rc = MPI_Isendrecv(out, 3, MPI_INT, 0, 7, in, 3, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG,
                           MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        xc_kv("isendrecv", "%s %d %d %d", xc_rc(rc), in[0], in[1], in[2]);
        xc_kv("isendrecv.status", "src=%s tag=%d count=%d", xc_rank(st.MPI_SOURCE), st.MPI_TAG,
              count);
        /* the sent message goes to a receive posted before (MPICH's
         * send to self completes only when matched) */
        MPI_Irecv(&got, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r1);
        rc =
            MPI_Isendrecv_c(&later, 1, MPI_INT, 0, 1, &in[0], 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r);
        MPI_Wait(&r1, MPI_STATUS_IGNORE);
        xc_kv("isendrecv_c.sent", "%s %d", xc_rc(rc), got);
        later = 8;
        MPI_Send(&later, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Wait(&r, &st);
        xc_kv("isendrecv_c.later", "%d", in[0]);
        xc_kv("isendrecv_c.later.status", "tag=%d", st.MPI_TAG);
        rc = MPI_Isendrecv_replace(buf, 2, MPI_INT, 0, 3, 0, 3, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
        xc_kv("isendrecv_replace", "%s %d %d", xc_rc(rc), buf[0], buf[1]);
        xc_kv("isendrecv_replace.status", "tag=%d", st.MPI_TAG);
        rc = MPI_Isendrecv_replace_c(buf, 2, MPI_INT, 0, 3, 0, 3, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
        xc_kv("isendrecv_replace_c", "%s %d %d", xc_rc(rc), buf[0], buf[1]);
        xc_kv(
            "isendrecv.dest1", "%s",
            xc_rc(MPI_Isendrecv(out, 1, MPI_INT, 1, 0, in, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)));
        xc_kv(
            "isendrecv.source2", "%s",
            xc_rc(MPI_Isendrecv(out, 1, MPI_INT, 0, 0, in, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r)));
        xc_kv(
            "isendrecv.tag_neg", "%s",
            xc_rc(MPI_Isendrecv(out, 1, MPI_INT, 0, -2, in, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)));
        xc_kv(
            "isendrecv.count_neg", "%s",
            xc_rc(MPI_Isendrecv(out, -1, MPI_INT, 0, 0, in, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)));
        xc_kv("isendrecv.request_null", "%s",
              xc_rc(MPI_Isendrecv(out, 1, MPI_INT, 0, 0, in, 1, MPI_INT, 0, 0, MPI_COMM_WORLD,
                                  NULL)));
        xc_kv("isendrecv.comm_null", "%s",
              xc_rc(MPI_Isendrecv(out, 1, MPI_INT, 0, 0, in, 1, MPI_INT, 0, 0, MPI_COMM_NULL, &r)));
        xc_kv("isendrecv_replace.request_null", "%s",
              xc_rc(MPI_Isendrecv_replace(buf, 1, MPI_INT, 0, 0, 0, 0, MPI_COMM_WORLD, NULL)));
    }
#endif
    {
        MPI_Errhandler eh = MPI_ERRHANDLER_NULL;

        rc = MPI_Errhandler_get(MPI_COMM_WORLD, &eh);
        xc_kv("errhandler_get", "%s return=%d", xc_rc(rc), eh == MPI_ERRORS_RETURN);
        xc_kv("errhandler_get.comm_null", "%s", xc_rc(MPI_Errhandler_get(MPI_COMM_NULL, &eh)));
        xc_kv("errhandler_create.null", "%s", xc_rc(MPI_Errhandler_create(NULL, &eh)));
    }
    MPI_Group_free(&g);
    return xc_finalize();
}
