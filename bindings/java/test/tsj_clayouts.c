/* SPDX-License-Identifier: BSD-3-Clause */
/* Test helper of the Java binding's differential test: the same layouts as
 * DifferentialTest.java builds with the binding, built here through the C
 * API with byte displacements (elements times the base type's size), MPI
 * semantics throughout.  Each builder makes one committed type. */
#include <string.h>

#include <typeshim.h>

#include "mpi_CLayouts.h"

typedef MPI_Datatype (*builder)(void);

static MPI_Datatype commit(MPI_Datatype t)
{
    MPI_Type_commit(&t);
    return t;
}

static MPI_Datatype int_contig3(void)
{
    MPI_Datatype t;

    MPI_Type_contiguous(3, MPI_INT, &t);
    return commit(t);
}

static MPI_Datatype double_vector(void)
{
    MPI_Datatype t;

    MPI_Type_vector(3, 2, 4, MPI_DOUBLE, &t);
    return commit(t);
}

/* the stride, 5 shorts, is 10 bytes */
static MPI_Datatype short_hvector(void)
{
    MPI_Datatype t;

    MPI_Type_create_hvector(2, 3, 5 * 2, MPI_SHORT, &t);
    return commit(t);
}

static MPI_Datatype long_indexed(void)
{
    int len[3] = {2, 1, 3}, disp[3] = {5, 0, 9};
    MPI_Datatype t;

    MPI_Type_indexed(3, len, disp, MPI_INT64_T, &t);
    return commit(t);
}

/* hindexed of pairs of chars at chars 7 and 0 */
static MPI_Datatype char_hindexed(void)
{
    int len[2] = {1, 2};
    MPI_Aint disp[2] = {7 * 2, 0};
    MPI_Datatype pair, t;

    MPI_Type_contiguous(2, MPI_UINT16_T, &pair);
    MPI_Type_create_hindexed(2, len, disp, pair, &t);
    MPI_Type_free(&pair);
    return commit(t);
}

static MPI_Datatype float_struct_lbub(void)
{
    int len[4] = {1, 2, 1, 1};
    MPI_Aint disp[4] = {-1 * 4, 0, 4 * 4, 7 * 4};
    MPI_Datatype types[4] = {MPI_LB, MPI_FLOAT, MPI_FLOAT, MPI_UB}, t;

    MPI_Type_create_struct(4, len, disp, types, &t);
    return commit(t);
}

/* S = {LB at 0, 2 ints at 1, UB at 4}; vector(2, 1, -2) of S */
static MPI_Datatype vector_of_struct(void)
{
    int len[3] = {1, 2, 1};
    MPI_Aint disp[3] = {0, 1 * 4, 4 * 4};
    MPI_Datatype types[3] = {MPI_LB, MPI_INT, MPI_UB}, s, t;

    MPI_Type_create_struct(3, len, disp, types, &s);
    MPI_Type_vector(2, 1, -2, s, &t);
    MPI_Type_free(&s);
    return commit(t);
}

static MPI_Datatype byte_nested(void)
{
    int len[2] = {1, 2}, disp[2] = {3, 0};
    MPI_Datatype v, t;

    MPI_Type_vector(2, 1, 3, MPI_BYTE, &v);
    MPI_Type_indexed(2, len, disp, v, &t);
    MPI_Type_free(&v);
    return commit(t);
}

/* the stride, -2 booleans, is -2 bytes */
static MPI_Datatype bool_hvector(void)
{
    MPI_Datatype t;

    MPI_Type_create_hvector(3, 1, -2, MPI_C_BOOL, &t);
    return commit(t);
}

/* {2 x vector(2,1,3) of double at 0, double at 20, UB at 25} */
static MPI_Datatype double_struct_nested(void)
{
    int len[3] = {2, 1, 1};
    MPI_Aint disp[3] = {0, 20 * 8, 25 * 8};
    MPI_Datatype v, types[3], t;

    MPI_Type_vector(2, 1, 3, MPI_DOUBLE, &v);
    types[0] = v;
    types[1] = MPI_DOUBLE;
    types[2] = MPI_UB;
    MPI_Type_create_struct(3, len, disp, types, &t);
    MPI_Type_free(&v);
    return commit(t);
}

/* {an int type of no element at 10, int at 0}: C MPI lets the empty member
 * move ub to 10 ints; the mpiJava 1.2 specification does not */
static MPI_Datatype int_empty_member(void)
{
    int len[2] = {1, 1};
    MPI_Aint disp[2] = {10 * 4, 0};
    MPI_Datatype e, types[2], t;

    MPI_Type_contiguous(0, MPI_INT, &e);
    types[0] = e;
    types[1] = MPI_INT;
    MPI_Type_create_struct(2, len, disp, types, &t);
    MPI_Type_free(&e);
    return commit(t);
}

/* {L = {LB at 3} at 10, int at 0}: C MPI takes L's ub (its origin) as
 * data; the specification only its lower-bound marker */
static MPI_Datatype int_lb_member(void)
{
    int one = 1, len[2] = {1, 1};
    MPI_Aint at3 = 3 * 4, disp[2] = {10 * 4, 0};
    MPI_Datatype lb = MPI_LB, l, types[2], t;

    MPI_Type_create_struct(1, &one, &at3, &lb, &l);
    types[0] = l;
    types[1] = MPI_INT;
    MPI_Type_create_struct(2, len, disp, types, &t);
    MPI_Type_free(&l);
    return commit(t);
}

/* {LB at 0, UB at 4} (no base type) beside 2 doubles at 1 */
static MPI_Datatype double_marker_member(void)
{
    int len[3] = {1, 1, 2};
    MPI_Aint disp[3] = {0, 4 * 8, 1 * 8};
    MPI_Datatype types[3] = {MPI_LB, MPI_UB, MPI_DOUBLE}, t;

    MPI_Type_create_struct(3, len, disp, types, &t);
    return commit(t);
}

static const struct {
    const char *name;
    builder make;
} layouts[] = {
    {"int_contig3", int_contig3},
    {"double_vector", double_vector},
    {"short_hvector", short_hvector},
    {"long_indexed", long_indexed},
    {"char_hindexed", char_hindexed},
    {"float_struct_lbub", float_struct_lbub},
    {"vector_of_struct", vector_of_struct},
    {"byte_nested", byte_nested},
    {"bool_hvector", bool_hvector},
    {"double_struct_nested", double_struct_nested},
    {"int_empty_member", int_empty_member},
    {"int_lb_member", int_lb_member},
    {"double_marker_member", double_marker_member},
};

JNIEXPORT jint JNICALL Java_mpi_CLayouts_build(JNIEnv *env, jclass cls, jstring name)
{
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    MPI_Datatype t = MPI_DATATYPE_NULL;

    if (!n)
        return (jint)t;
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (strcmp(n, layouts[i].name) == 0)
            t = layouts[i].make();
    (*env)->ReleaseStringUTFChars(env, name, n);
    return (jint)t;
}

JNIEXPORT jlongArray JNICALL Java_mpi_CLayouts_bounds(JNIEnv *env, jclass cls, jint h)
{
    MPI_Count lb = 0, extent = 0, size = 0;
    jlong v[3];
    jlongArray a = (*env)->NewLongArray(env, 3);

    MPI_Type_get_extent_c((MPI_Datatype)h, &lb, &extent);
    MPI_Type_size_c((MPI_Datatype)h, &size);
    v[0] = lb;
    v[1] = extent;
    v[2] = size;
    if (a)
        (*env)->SetLongArrayRegion(env, a, 0, 3, v);
    return a;
}

JNIEXPORT jbyteArray JNICALL Java_mpi_CLayouts_pack(JNIEnv *env, jclass cls, jint h, jobject buf,
                                                    jint elem, jint offset, jint count)
{
    int size = 0, pos = 0;
    char out[4096];
    char *p;
    jbyteArray a;

    MPI_Pack_size(count, (MPI_Datatype)h, MPI_COMM_WORLD, &size);
    if (size > (int)sizeof out)
        return NULL;
    p = (*env)->GetPrimitiveArrayCritical(env, buf, NULL);
    if (!p)
        return NULL;
    MPI_Pack(p + offset * elem, count, (MPI_Datatype)h, out, (int)sizeof out, &pos, MPI_COMM_WORLD);
    (*env)->ReleasePrimitiveArrayCritical(env, buf, p, JNI_ABORT);
    a = (*env)->NewByteArray(env, pos);
    if (a)
        (*env)->SetByteArrayRegion(env, a, 0, pos, (const jbyte *)out);
    return a;
}

JNIEXPORT void JNICALL Java_mpi_CLayouts_free(JNIEnv *env, jclass cls, jint h)
{
    MPI_Datatype t = (MPI_Datatype)h;

    MPI_Type_free(&t);
}

JNIEXPORT jlong JNICALL Java_mpi_CLayouts_liveTypes(JNIEnv *env, jclass cls)
{
    return typeshim_live_types();
}

JNIEXPORT jint JNICALL Java_mpi_CLayouts_mode(JNIEnv *env, jclass cls)
{
    return typeshim_mode();
}
