/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_op: MPI_Reduce_local with every predefined operation on every
 * predefined type it is defined for (MPI-4.1 section 6.9.2; the result's
 * bytes), the pair types with MPI_MINLOC/MPI_MAXLOC (ties included),
 * derived types (refused: predefined operations take predefined types
 * only), and user operations (MPI_Op_create,
 * MPI_Op_commutative, MPI_Op_free), compared with MPICH.  The undefined
 * combinations and bad arguments are test/serial/check_op.c's: MPICH
 * 4.0.2 fails an assertion on some (MPI_LAND on MPI_FLOAT) and crashes on
 * a negative count. */
#include "xc_common.h"

enum { INT = 1, FLOAT = 2, COMPLEX = 4, LOGICAL = 8, BYTE = 16 };

/* The classes of MPI-4.1 section 6.9.2 (MPI_CHAR with the integers, as in
 * MPICH), and the classes each operation is defined for. */
static int class_of_type(MPI_Datatype t)
{
    MPI_Datatype ints[] = {MPI_CHAR,
                           MPI_SIGNED_CHAR,
                           MPI_UNSIGNED_CHAR,
                           MPI_SHORT,
                           MPI_UNSIGNED_SHORT,
                           MPI_INT,
                           MPI_UNSIGNED,
                           MPI_LONG,
                           MPI_UNSIGNED_LONG,
                           MPI_LONG_LONG_INT,
                           MPI_UNSIGNED_LONG_LONG,
                           MPI_INT8_T,
                           MPI_INT16_T,
                           MPI_INT32_T,
                           MPI_INT64_T,
                           MPI_UINT8_T,
                           MPI_UINT16_T,
                           MPI_UINT32_T,
                           MPI_UINT64_T,
                           MPI_INTEGER,
                           MPI_INTEGER1,
                           MPI_INTEGER2,
                           MPI_INTEGER4,
                           MPI_INTEGER8,
                           MPI_AINT,
                           MPI_OFFSET,
                           MPI_COUNT};
    MPI_Datatype floats[] = {MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_REAL, MPI_DOUBLE_PRECISION,
                             MPI_REAL4, MPI_REAL8};
    MPI_Datatype complexes[] = {MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX, MPI_COMPLEX,
                                MPI_DOUBLE_COMPLEX,  MPI_COMPLEX8,         MPI_COMPLEX16};
    for (int i = 0; i < XC_NELEM(ints); i++)
        if (t == ints[i])
            return INT;
    for (int i = 0; i < XC_NELEM(floats); i++)
        if (t == floats[i])
            return FLOAT;
    for (int i = 0; i < XC_NELEM(complexes); i++)
        if (t == complexes[i])
            return COMPLEX;
    if (t == MPI_LOGICAL)
        return LOGICAL;
    return t == MPI_BYTE ? BYTE : 0;
}

static const struct {
    const char *name;
    MPI_Op op;
    int classes;
} ops[] = {
    {"MAX", MPI_MAX, INT | FLOAT},           {"MIN", MPI_MIN, INT | FLOAT},
    {"SUM", MPI_SUM, INT | FLOAT | COMPLEX}, {"PROD", MPI_PROD, INT | FLOAT | COMPLEX},
    {"LAND", MPI_LAND, INT | LOGICAL},       {"BAND", MPI_BAND, INT | BYTE},
    {"LOR", MPI_LOR, INT | LOGICAL},         {"BOR", MPI_BOR, INT | BYTE},
    {"LXOR", MPI_LXOR, INT | LOGICAL},       {"BXOR", MPI_BXOR, INT | BYTE},
};

/* Values both sides can represent exactly in every type: small integers
 * (0, 1, 2, 5, 3, 0 ...), so that every operation's result is defined. */
static void fill(unsigned char *b, MPI_Datatype t, int n, int seed)
{
    int size = 0;
    MPI_Type_size(t, &size);
    memset(b, 0, (size_t)(size * n));
    for (int i = 0; i < n; i++) {
        int v = (i * 3 + seed) % 6;
        unsigned char *e = b + i * size;
        if (t == MPI_FLOAT || t == MPI_REAL || t == MPI_REAL4) {
            float f = (float)v;
            memcpy(e, &f, sizeof f);
        } else if (t == MPI_DOUBLE || t == MPI_DOUBLE_PRECISION || t == MPI_REAL8) {
            double d = v;
            memcpy(e, &d, sizeof d);
        } else if (t == MPI_LONG_DOUBLE) {
            long double d = v;
            memcpy(e, &d, sizeof d);
        } else if (t == MPI_C_BOOL || t == MPI_CXX_BOOL) {
            e[0] = (unsigned char)(v & 1);
        } else if (size > 0) {
            e[0] = (unsigned char)v; /* little-endian integers, logicals, bytes */
        }
    }
}

#define N 3

static void one(const char *tname, MPI_Datatype t, int size)
{
    char k[XC_KEYLEN], hexs[3 * 64 * N + 1];
    unsigned char in[64 * N], io[64 * N];

    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        if (!(ops[o].classes & class_of_type(t)))
            continue;
        fill(in, t, N, 1);
        fill(io, t, N, 4);
        int rc = MPI_Reduce_local(in, io, N, t, ops[o].op);
        hexs[0] = '\0';
        /* long double: only its 10 value bytes are defined */
        int shown = t == MPI_LONG_DOUBLE ? 10 : size;
        for (int i = 0; rc == MPI_SUCCESS && i < N; i++)
            for (int j = 0; j < shown; j++)
                sprintf(hexs + strlen(hexs), "%02x", io[i * size + j]);
        xc_kv(xc_key(k, tname, ".%s", ops[o].name), "%s %s", xc_rc(rc), hexs);
    }
}

static void pairs(void)
{
    struct {
        double v;
        int i;
    } a[3] = {{1, 3}, {5, 1}, {2, 2}}, b[3];
    struct {
        int v, i;
    } c[2] = {{4, 1}, {4, 0}}, d[2];
    char k[XC_KEYLEN];
    int rc;

    for (int o = 0; o < 2; o++) {
        MPI_Op op = o ? MPI_MAXLOC : MPI_MINLOC;
        b[0].v = 1, b[0].i = 2, b[1].v = 4, b[1].i = 0, b[2].v = 7, b[2].i = 9;
        rc = MPI_Reduce_local(a, b, 3, MPI_DOUBLE_INT, op);
        xc_kv(xc_key(k, "pair.double_int", ".%s", o ? "MAXLOC" : "MINLOC"),
              "%s (%g,%d) (%g,%d) (%g,%d)", xc_rc(rc), b[0].v, b[0].i, b[1].v, b[1].i, b[2].v,
              b[2].i);
        d[0].v = 4, d[0].i = 2, d[1].v = 4, d[1].i = 2;
        rc = MPI_Reduce_local(c, d, 2, MPI_2INT, op);
        xc_kv(xc_key(k, "pair.2int", ".%s", o ? "MAXLOC" : "MINLOC"), "%s (%d,%d) (%d,%d)",
              xc_rc(rc), d[0].v, d[0].i, d[1].v, d[1].i);
    }
}

static void derived(void)
{
    MPI_Datatype c3, mixed;
    int a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {10, 20, 30, 40, 50, 60}, rc;
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 8};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};

    MPI_Type_contiguous(3, MPI_INT, &c3);
    MPI_Type_commit(&c3);
    rc = MPI_Reduce_local(a, b, 2, c3, MPI_SUM);
    xc_kv("derived.contiguous.SUM", "%s %d %d %d %d %d %d", xc_rc(rc), b[0], b[1], b[2], b[3], b[4],
          b[5]);
    MPI_Type_create_struct(2, bl, disp, ty, &mixed);
    MPI_Type_commit(&mixed);
    rc = MPI_Reduce_local(a, b, 1, mixed, MPI_SUM);
    xc_kv("derived.mixed.SUM", "%s", xc_rc(rc));
    MPI_Type_free(&c3);
    MPI_Type_free(&mixed);
}

static void user_fn(void *in, void *io, int *len, MPI_Datatype *t)
{
    int *a = in, *b = io;
    (void)t;
    for (int i = 0; i < *len; i++)
        b[i] = 2 * a[i] - b[i];
}

static void user(void)
{
    MPI_Op op = MPI_OP_NULL;
    int a[3] = {1, 2, 3}, b[3] = {10, 20, 30}, commute = -1, rc;

    rc = MPI_Op_create(user_fn, 0, &op);
    xc_kv("user.create", "%s", xc_rc(rc));
    rc = MPI_Op_commutative(op, &commute);
    xc_kv("user.commutative", "%s %d", xc_rc(rc), commute);
    rc = MPI_Op_commutative(MPI_SUM, &commute);
    xc_kv("user.commutative_sum", "%s %d", xc_rc(rc), commute);
    rc = MPI_Reduce_local(a, b, 3, MPI_INT, op);
    xc_kv("user.reduce", "%s %d %d %d", xc_rc(rc), b[0], b[1], b[2]);
    rc = MPI_Op_free(&op);
    xc_kv("user.free", "%s null=%d", xc_rc(rc), op == MPI_OP_NULL);
}

int main(int argc, char **argv)
{
    xc_init(&argc, &argv);
#define ONE(t)                                                                                     \
    do {                                                                                           \
        int s_ = 0;                                                                                \
        MPI_Type_size(t, &s_);                                                                     \
        if (s_ > 0 && s_ <= 64 XC_IF_MPICH(&&t != MPIX_C_FLOAT16))                                 \
            one(#t, t, s_);                                                                        \
    } while (0);
    XC_PREDEFINED(ONE)
#undef ONE
    pairs();
    derived();
    user();
    return xc_finalize();
}
