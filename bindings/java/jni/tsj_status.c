/* SPDX-License-Identifier: BSD-3-Clause */
/* Status.getElements: MPI_Get_elements_c on the status Java keeps.  Every
 * C basic element of the binding's types is one element of a Java array. */
#include <string.h>

#include "tsj.h"

#include "mpi_Status.h"

JNIEXPORT jlong JNICALL Java_mpi_Status_nElements(JNIEnv *env, jclass cls, jintArray raw, jint type)
{
    const char *fn = "Status.getElements";
    jint words[5];
    MPI_Status st;
    MPI_Count n = 0;
    int rc;

    if (!tsj_ready(env, fn))
        return 0;
    (*env)->GetIntArrayRegion(env, raw, 0, 5, words);
    memcpy(&st, words, sizeof st);
    rc = MPI_Get_elements_c(&st, (MPI_Datatype)type, &n);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return 0;
    }
    return (jlong)n;
}
