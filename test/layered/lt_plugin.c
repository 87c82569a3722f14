/* SPDX-License-Identifier: BSD-3-Clause */
/* lt_plugin: an MPICH program packaged as a plugin, the way Python's
 * mpi4py, Julia and R load MPI: lt_plugin_host (linked with no MPI) opens
 * it with dlopen(RTLD_NOW | RTLD_LOCAL), so MPICH is only in the plugin's
 * own scope and dlsym(RTLD_NEXT) from a preloaded libtypeshim cannot see
 * it.  typeshim must still find MPICH and run layered: its types reach
 * MPICH's communication calls, MPICH's error handler is honoured, and
 * TYPESHIM_CHECK / TYPESHIM_DISABLE act.
 *
 * Environment (set by lt_plugin.sh): LT_EXPECT as for every lt_ program;
 * LT_PLUGIN_CHECKS=1 when the cross-check must have compared something. */
#include <stdlib.h>

#include "lt_common.h"

/* the one entry point the host looks up (the build hides the rest) */
__attribute__((visibility("default"))) int lt_plugin_main(void);

int lt_plugin_main(void)
{
    int sbuf[4] = {1, 2, 3, 4}, rbuf[4] = {-1, -1, -1, -1};
    int want[4] = {1, -1, 3, -1};
    int bbuf[4] = {7, 8, 9, 10}, ibuf[4] = {-1, -1, -1, -1}, iwant[4] = {7, -1, 9, -1};
    MPI_Datatype v, bad = MPI_CHAR;
    MPI_Request req[2];
    MPI_Status st, sts[2];
    const char *checks = getenv("LT_PLUGIN_CHECKS");
    int rc, cls = -1, rank;

    MPI_Init(NULL, NULL);
    lt_begin("lt_plugin"); /* MPI_ERRORS_RETURN, and which answers to expect */
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    LT_CHECK_MPI(MPI_Type_vector(2, 1, 2, MPI_INT, &v));
    LT_CHECK_MPI(MPI_Type_commit(&v));
    if (lt_expect == LT_EXPECT_TYPESHIM) /* typeshim's handle is MPICH's shadow */
        LT_CHECK_INT(lt_shadows_now(), >, lt_shadows0);
    /* the type through MPICH: Sendrecv, Bcast, Isend/Irecv */
    LT_CHECK_MPI(MPI_Sendrecv(sbuf, 1, v, 0, 0, rbuf, 1, v, 0, 0, MPI_COMM_SELF, &st));
    LT_CHECK_BYTES(rbuf, want, (long)sizeof rbuf, "Sendrecv of a vector to self");
    LT_CHECK_MPI(MPI_Bcast(bbuf, 1, v, 0, MPI_COMM_SELF));
    LT_CHECK_MPI(MPI_Irecv(ibuf, 1, v, 0, 1, MPI_COMM_SELF, &req[0]));
    LT_CHECK_MPI(MPI_Isend(bbuf, 1, v, 0, 1, MPI_COMM_SELF, &req[1]));
    LT_CHECK_MPI(MPI_Waitall(2, req, sts));
    LT_CHECK_BYTES(ibuf, iwant, (long)sizeof ibuf, "Isend/Irecv of a vector to self");

    /* MPI_ERRORS_RETURN set through MPICH: the error comes back */
    rc = MPI_Type_vector(-1, 1, 2, MPI_INT, &bad);
    if (LT_CHECK(rc != MPI_SUCCESS))
        MPI_Error_class(rc, &cls);
    LT_CHECK_INT(cls, ==, MPI_ERR_COUNT);
    LT_CHECK(bad == MPI_CHAR);

    if (checks && strcmp(checks, "1") == 0) {
        typeshim_layer_stats s;
        lt_stats(&s);
        LT_CHECK_INT(s.checks, >, 0);
    }
    LT_CHECK_MPI(MPI_Type_free(&v));
    lt_check_no_leak();
    MPI_Finalize();
    return lt_finish("lt_plugin", rank);
}
