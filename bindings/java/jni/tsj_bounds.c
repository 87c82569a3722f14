/* SPDX-License-Identifier: BSD-3-Clause */
/* Bounds and sizes of a C type, in bytes (Datatype.java converts them to
 * elements), and the step that gives a new C type the bounds the mpiJava
 * 1.2 specification defines where C MPI's differ. */
#include "tsj.h"

#include "mpi_Datatype.h"

JNIEXPORT jlongArray JNICALL Java_mpi_Datatype_nBounds(JNIEnv *env, jclass cls, jint h)
{
    const char *fn = "Datatype.extent";
    MPI_Count lb, extent, size, tlb, textent;
    jlong v[5];
    jlongArray a;
    int rc;

    if (!tsj_ready(env, fn))
        return NULL;
    rc = MPI_Type_get_extent_c((MPI_Datatype)h, &lb, &extent);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_size_c((MPI_Datatype)h, &size);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_get_true_extent_c((MPI_Datatype)h, &tlb, &textent);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return NULL;
    }
    v[0] = (jlong)lb;
    v[1] = (jlong)extent;
    v[2] = (jlong)size;
    v[3] = (jlong)tlb;
    v[4] = (jlong)textent;
    a = (*env)->NewLongArray(env, 5);
    if (a)
        (*env)->SetLongArrayRegion(env, a, 0, 5, v);
    return a;
}

/* Returns h when its bounds are (lb, extent) bytes; else a type resized to
 * them (MPI_Type_create_resized, MPI-4.1 section 5.1.7), h being freed.
 * On failure h is freed too: the caller owns nothing. */
JNIEXPORT jint JNICALL Java_mpi_Datatype_nFix(JNIEnv *env, jclass cls, jint h, jlong lb,
                                              jlong extent)
{
    const char *fn = "Datatype";
    MPI_Datatype t = (MPI_Datatype)h, r = MPI_DATATYPE_NULL;
    MPI_Count clb, cext;
    int rc;

    rc = MPI_Type_get_extent_c(t, &clb, &cext);
    if (rc == MPI_SUCCESS && clb == lb && cext == extent)
        return h;
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_create_resized(t, (MPI_Aint)lb, (MPI_Aint)extent, &r);
    MPI_Type_free(&t);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return (jint)MPI_DATATYPE_NULL;
    }
    return (jint)r;
}
