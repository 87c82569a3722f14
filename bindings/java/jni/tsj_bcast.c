/* SPDX-License-Identifier: BSD-3-Clause */
/* Intracomm.Bcast, on a native copy of the elements the layout touches:
 * the root's are read, the others' written back once the call succeeds. */
#include "tsj.h"

#include <typeshim.h>

#include "mpi_Intracomm.h"

JNIEXPORT void JNICALL Java_mpi_Intracomm_nBcast(JNIEnv *env, jclass cls, jint comm, jobject buf,
                                                 jint kind, jint offset, jint first, jint last,
                                                 jint count, jint type, jint root)
{
    const char *fn = "Intracomm.Bcast";
    tsj_window w;
    tsj_copy c;
    int rank = 0, rc;

    if (!tsj_ready(env, fn))
        return;
    rc = MPI_Comm_rank((MPI_Comm)comm, &rank);
    if (rc == MPI_SUCCESS)
        rc = typeshim_check_buffer(fn, "datatype", (MPI_Datatype)type, count, rank != root);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return;
    }
    if (!tsj_window_of(env, fn, buf, kind, offset, first, last, &w) || !tsj_copy_in(env, &w, &c))
        return;
    rc = MPI_Bcast(c.origin, count, (MPI_Datatype)type, root, (MPI_Comm)comm);
    if (rc == MPI_SUCCESS && rank != root)
        tsj_copy_out(env, &c);
    else if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
    tsj_copy_free(&c);
}
