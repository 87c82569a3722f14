/* SPDX-License-Identifier: BSD-3-Clause */
/* The datatype constructors, commit and free.  Displacements and strides
 * arrive in bytes (Datatype.java scales element units by the base type's
 * size); libtypeshim builds the C type with MPI semantics and checks every
 * argument, so its messages reach the Java caller. */
#include <stdlib.h>

#include "tsj.h"

#include "mpi_Datatype.h"

_Static_assert(sizeof(MPI_Aint) == sizeof(jlong), "MPI_Aint is not 64 bits");

/* The handle, or the exception for rc. */
static jint made(JNIEnv *env, const char *fn, int rc, MPI_Datatype t)
{
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return (jint)MPI_DATATYPE_NULL;
    }
    return (jint)t;
}

JNIEXPORT jint JNICALL Java_mpi_Datatype_nContiguous(JNIEnv *env, jclass cls, jint count, jint old)
{
    const char *fn = "Datatype.contiguous";
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int rc;

    if (!tsj_ready(env, fn))
        return (jint)MPI_DATATYPE_NULL;
    rc = MPI_Type_contiguous(count, (MPI_Datatype)old, &t);
    return made(env, fn, rc, t);
}

JNIEXPORT jint JNICALL Java_mpi_Datatype_nVector(JNIEnv *env, jclass cls, jint count,
                                                 jint blocklength, jint stride, jint old)
{
    const char *fn = "Datatype.vector";
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int rc;

    if (!tsj_ready(env, fn))
        return (jint)MPI_DATATYPE_NULL;
    rc = MPI_Type_vector(count, blocklength, stride, (MPI_Datatype)old, &t);
    return made(env, fn, rc, t);
}

JNIEXPORT jint JNICALL Java_mpi_Datatype_nHvector(JNIEnv *env, jclass cls, jint count,
                                                  jint blocklength, jlong stride, jint old)
{
    const char *fn = "Datatype.hvector";
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int rc;

    if (!tsj_ready(env, fn))
        return (jint)MPI_DATATYPE_NULL;
    rc = MPI_Type_create_hvector(count, blocklength, (MPI_Aint)stride, (MPI_Datatype)old, &t);
    return made(env, fn, rc, t);
}

/* The blocks of an indexed-family constructor, copied out of Java (never
 * pinned): n lengths, and displacements as ints or as byte offsets. */
typedef struct blocks {
    int n;
    int *lens;
    int *idisp;
    MPI_Aint *adisp;
    MPI_Datatype *types;
} blocks;

static void blocks_free(blocks *b)
{
    typeshim_free(b->lens);
    typeshim_free(b->idisp);
    typeshim_free(b->adisp);
    typeshim_free(b->types);
}

/* Copies lens and one of idisp/ldisp (and types) into b; 0 thrown. */
static int blocks_get(JNIEnv *env, jintArray lens, jintArray idisp, jlongArray ldisp,
                      jintArray types, blocks *b)
{
    size_t n = (size_t)(*env)->GetArrayLength(env, lens);
    jlong *tmp = NULL;

    b->n = (int)n;
    b->lens = typeshim_malloc((n ? n : 1) * sizeof(int)); /* freed in blocks_free */
    b->idisp = idisp ? typeshim_malloc((n ? n : 1) * sizeof(int)) : NULL;
    b->adisp = ldisp ? typeshim_malloc((n ? n : 1) * sizeof(MPI_Aint)) : NULL;
    b->types = types ? typeshim_malloc((n ? n : 1) * sizeof(MPI_Datatype)) : NULL;
    tmp = ldisp ? typeshim_malloc((n ? n : 1) * sizeof(jlong)) : NULL;
    if (!b->lens || (idisp && !b->idisp) || (ldisp && (!b->adisp || !tmp)) ||
        (types && !b->types)) {
        typeshim_free(tmp);
        blocks_free(b);
        return tsj_no_memory(env, "the blocks of a datatype");
    }
    (*env)->GetIntArrayRegion(env, lens, 0, (jsize)n, (jint *)b->lens);
    if (idisp)
        (*env)->GetIntArrayRegion(env, idisp, 0, (jsize)n, (jint *)b->idisp);
    if (ldisp) {
        (*env)->GetLongArrayRegion(env, ldisp, 0, (jsize)n, tmp);
        for (size_t i = 0; i < n; i++)
            b->adisp[i] = (MPI_Aint)tmp[i];
    }
    if (types)
        (*env)->GetIntArrayRegion(env, types, 0, (jsize)n, (jint *)b->types);
    typeshim_free(tmp);
    if ((*env)->ExceptionCheck(env)) {
        blocks_free(b);
        return 0;
    }
    return 1;
}

JNIEXPORT jint JNICALL Java_mpi_Datatype_nIndexed(JNIEnv *env, jclass cls, jintArray lens,
                                                  jintArray disps, jint old)
{
    const char *fn = "Datatype.indexed";
    MPI_Datatype t = MPI_DATATYPE_NULL;
    blocks b = {0};
    int rc;

    if (!tsj_ready(env, fn) || !blocks_get(env, lens, disps, NULL, NULL, &b))
        return (jint)MPI_DATATYPE_NULL;
    rc = MPI_Type_indexed(b.n, b.lens, b.idisp, (MPI_Datatype)old, &t);
    blocks_free(&b);
    return made(env, fn, rc, t);
}

JNIEXPORT jint JNICALL Java_mpi_Datatype_nHindexed(JNIEnv *env, jclass cls, jintArray lens,
                                                   jlongArray disps, jint old)
{
    const char *fn = "Datatype.hindexed";
    MPI_Datatype t = MPI_DATATYPE_NULL;
    blocks b = {0};
    int rc;

    if (!tsj_ready(env, fn) || !blocks_get(env, lens, NULL, disps, NULL, &b))
        return (jint)MPI_DATATYPE_NULL;
    rc = MPI_Type_create_hindexed(b.n, b.lens, b.adisp, (MPI_Datatype)old, &t);
    blocks_free(&b);
    return made(env, fn, rc, t);
}

JNIEXPORT jint JNICALL Java_mpi_Datatype_nStruct(JNIEnv *env, jclass cls, jintArray lens,
                                                 jlongArray disps, jintArray types)
{
    const char *fn = "Datatype.struct";
    MPI_Datatype t = MPI_DATATYPE_NULL;
    blocks b = {0};
    int rc;

    if (!tsj_ready(env, fn) || !blocks_get(env, lens, NULL, disps, types, &b))
        return (jint)MPI_DATATYPE_NULL;
    /* MPI.LB and MPI.UB are MPI_LB and MPI_UB, which libtypeshim honours
     * as MPI-1.1 section 3.12.3 defines them */
    rc = MPI_Type_create_struct(b.n, b.lens, b.adisp, b.types, &t);
    blocks_free(&b);
    return made(env, fn, rc, t);
}

JNIEXPORT void JNICALL Java_mpi_Datatype_nCommit(JNIEnv *env, jclass cls, jint h)
{
    MPI_Datatype t = (MPI_Datatype)h;
    int rc;

    if (!tsj_ready(env, "Datatype.commit"))
        return;
    rc = MPI_Type_commit(&t);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, "Datatype.commit", rc);
}

JNIEXPORT void JNICALL Java_mpi_Datatype_nFree(JNIEnv *env, jclass cls, jint h)
{
    MPI_Datatype t = (MPI_Datatype)h;
    int rc;

    if (!tsj_ready(env, "Datatype.finalize"))
        return;
    rc = MPI_Type_free(&t);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, "Datatype.finalize", rc);
}
