/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_env: the environment of one process compared with MPICH run as a
 * singleton: the predefined communicator attributes (but
 * MPI_LASTUSEDCODE, an implementation's own number, and
 * MPI_UNIVERSE_SIZE, which makes a singleton MPICH start mpiexec), thread
 * queries, MPI_Alloc_mem, and the largest tag a send accepts. */
#include "xc_common.h"

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int key;
    } keys[] = {{"TAG_UB", MPI_TAG_UB},
                {"HOST", MPI_HOST},
                {"IO", MPI_IO},
                {"WTIME_IS_GLOBAL", MPI_WTIME_IS_GLOBAL},
                {"APPNUM", MPI_APPNUM}};
    char k[XC_KEYLEN], name[MPI_MAX_PROCESSOR_NAME];
    int *v, flag, rc, len = -1, provided = -1, tag_ub = 0;
    MPI_Request r;
    void *mem = NULL;

    xc_init(&argc, &argv);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < XC_NELEM(keys); i++) {
            MPI_Comm comm = c ? MPI_COMM_SELF : MPI_COMM_WORLD;
            flag = -1;
            rc = MPI_Comm_get_attr(comm, keys[i].key, &v, &flag);
            xc_kv(xc_key(k, c ? "self." : "world.", "%s", keys[i].name), "%s flag=%d value=%s",
                  xc_rc(rc), flag, xc_rank(flag == 1 ? *v : 0));
            if (keys[i].key == MPI_TAG_UB && flag == 1)
                tag_ub = *v;
        }
    rc = MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
    xc_kv("attr_get.TAG_UB", "%s flag=%d value=%d", xc_rc(rc), flag, flag == 1 ? *v : 0);
    rc = MPI_Get_processor_name(name, &len);
    xc_kv("processor_name", "%s nonempty=%d", xc_rc(rc), len > 0 && (int)strlen(name) == len);
    rc = MPI_Query_thread(&provided);
    xc_kv("query_thread", "%s %d", xc_rc(rc), provided);
    rc = MPI_Is_thread_main(&flag);
    xc_kv("is_thread_main", "%s %d", xc_rc(rc), flag);
    rc = MPI_Alloc_mem(64, MPI_INFO_NULL, &mem);
    xc_kv("alloc_mem", "%s nonnull=%d", xc_rc(rc), mem != NULL);
    rc = MPI_Free_mem(mem);
    xc_kv("free_mem", "%s", xc_rc(rc));
    /* the largest tag is accepted, one more is not */
    rc = MPI_Isend(&len, 1, MPI_INT, 0, tag_ub, MPI_COMM_WORLD, &r);
    xc_kv("tag_ub.isend", "%s", xc_rc(rc));
    rc = MPI_Recv(&flag, 1, MPI_INT, 0, tag_ub, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    xc_kv("tag_ub.recv", "%s", xc_rc(rc));
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (tag_ub < INT_MAX) { /* (Open MPI's is INT_MAX: no tag above it) */
        rc = MPI_Send(&len, 1, MPI_INT, 0, tag_ub + 1, MPI_COMM_WORLD);
        xc_kv("tag_ub_plus_one.send", "%s", xc_rc(rc));
    }
    return xc_finalize();
}
