/* SPDX-License-Identifier: BSD-3-Clause */
/* lt_check: the cross-check (TYPESHIM_CHECK=1) must never change or
 * misjudge a valid program.  Run by lt_check.sh, preloaded, with the
 * reports in TYPESHIM_LOG; the script reads them.  Cases:
 *
 *  bottom-pack    MPI_Pack from MPI_BOTTOM of a struct of absolute
 *                 addresses: MPICH 4.0.2 refuses it; the program's call
 *                 succeeds with the right bytes, the refusal is reported
 *  bottom-unpack  MPI_Unpack into MPI_BOTTOM, two absolute blocks with
 *                 freed heap chunks between them: no divergence (only
 *                 the bytes of the type map are compared)
 *  truncate       MPI_Pack and MPI_Unpack with a buffer too small:
 *                 typeshim MPI_ERR_TRUNCATE, nothing written, reported
 *                 against MPICH's silent success
 *  twin           MPI_Pack of 2 contiguous(2, resized(MPI_DOUBLE_INT, 0, -4)):
 *                 the program gets typeshim's layout (the type's extent
 *                 is 0: both copies at the same place); the literal twin
 *                 shows MPICH's other layout, reported as an intended
 *                 pack divergence
 *  nomem          MPI_Pack of a type nested 18 loops deep while every
 *                 allocation fails: MPI_ERR_NO_MEM, position unchanged,
 *                 nothing written (the checked path used to return
 *                 MPI_SUCCESS)
 *
 * With the argument "none" it makes no datatype at all: its summary line
 * must still be written; with "disabled-return" or "disabled-fatal" it
 * runs under TYPESHIM_DISABLE=1 (see disabled()). */
#include <stdlib.h>

#include "lt_common.h"

static void *no_malloc(size_t n)
{
    (void)n;
    return NULL;
}

static int class_of(int rc)
{
    int cls = -1;

    MPI_Error_class(rc, &cls);
    return cls;
}

/* struct{2 int @ &a[0], 2 int @ &b[0]} with absolute displacements */
static MPI_Datatype absolute(int *a, int *b)
{
    MPI_Aint d[2];
    int bl[2] = {2, 2};
    MPI_Datatype ty[2] = {MPI_INT, MPI_INT}, t;

    LT_CHECK_MPI(MPI_Get_address(a, &d[0]));
    LT_CHECK_MPI(MPI_Get_address(b, &d[1]));
    LT_CHECK_MPI(MPI_Type_create_struct(2, bl, d, ty, &t));
    LT_CHECK_MPI(MPI_Type_commit(&t));
    return t;
}

static void bottom_pack(void)
{
    int *a = malloc(2 * sizeof *a), *b = malloc(2 * sizeof *b);
    int out[4] = {0, 0, 0, 0}, want[4] = {11, 12, 21, 22};
    int pos = 0;
    MPI_Datatype t;

    a[0] = 11, a[1] = 12, b[0] = 21, b[1] = 22;
    t = absolute(a, b);
    LT_CHECK_MPI(MPI_Pack(MPI_BOTTOM, 1, t, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    LT_CHECK_INT(pos, ==, 16);
    LT_CHECK_BYTES(out, want, (long)sizeof out, "MPI_Pack from MPI_BOTTOM");
    LT_CHECK_MPI(MPI_Type_free(&t));
    free(a);
    free(b);
}

static void bottom_unpack(void)
{
    int *a = malloc(2 * sizeof *a), *junk[16], *b;
    int in[4] = {1, 2, 3, 4};
    int pos = 0;
    MPI_Datatype t;

    /* heap chunks between the two blocks, freed: the check's own
     * allocations may reuse them while it runs */
    for (int i = 0; i < 16; i++)
        junk[i] = malloc(48);
    b = malloc(2 * sizeof *b);
    for (int i = 0; i < 16; i++)
        free(junk[i]);
    a[0] = a[1] = b[0] = b[1] = -1;
    t = absolute(a, b);
    LT_CHECK_MPI(MPI_Unpack(in, (int)sizeof in, &pos, MPI_BOTTOM, 1, t, MPI_COMM_WORLD));
    LT_CHECK(a[0] == 1 && a[1] == 2 && b[0] == 3 && b[1] == 4);
    LT_CHECK_MPI(MPI_Type_free(&t));
    free(a);
    free(b);
}

static void too_small(void)
{
    MPI_Datatype v, w;
    double src[8] = {1, 2, 3, 4, 5, 6, 7, 8}, dst[8], poison[8];
    unsigned char buf[64], before[64];
    int pos, rc;

    LT_CHECK_MPI(MPI_Type_vector(3, 1, 2, MPI_DOUBLE, &v)); /* 24 bytes */
    LT_CHECK_MPI(MPI_Type_commit(&v));
    LT_CHECK_MPI(MPI_Type_vector(2, 2, 3, MPI_DOUBLE, &w)); /* 32 bytes */
    LT_CHECK_MPI(MPI_Type_commit(&w));
    memset(buf, 0x5a, sizeof buf);
    memcpy(before, buf, sizeof buf);
    pos = 8;
    rc = MPI_Pack(src, 1, v, buf, 24, &pos, MPI_COMM_WORLD); /* 8 + 24 > 24 */
    LT_CHECK_INT(class_of(rc), ==, MPI_ERR_TRUNCATE);
    LT_CHECK_INT(pos, ==, 8);
    LT_CHECK_BYTES(buf, before, (long)sizeof buf, "MPI_Pack that did not fit wrote nothing");
    for (int i = 0; i < 8; i++)
        dst[i] = poison[i] = -1;
    pos = 0;
    rc = MPI_Unpack(buf, 16, &pos, dst, 1, w, MPI_COMM_WORLD); /* 32 > 16 */
    LT_CHECK_INT(class_of(rc), ==, MPI_ERR_TRUNCATE);
    LT_CHECK_INT(pos, ==, 0);
    LT_CHECK_BYTES(dst, poison, (long)sizeof dst, "MPI_Unpack that did not fit wrote nothing");
    LT_CHECK_MPI(MPI_Type_free(&v));
    LT_CHECK_MPI(MPI_Type_free(&w));
}

/* n counts basic elements (typeshim) or whole types (MPICH): the
 * documented difference must be seen, and labelled intended. */
static void set_elements(void)
{
    MPI_Datatype t;
    MPI_Status st;
    int n = -1;

    memset(&st, 0, sizeof(st));
    LT_CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &t));
    LT_CHECK_MPI(MPI_Type_commit(&t));
    LT_CHECK_MPI(MPI_Status_set_elements(&st, t, 3));
    LT_CHECK_MPI(MPI_Get_elements(&st, t, &n));
    LT_CHECK_INT(n, ==, 3);
    LT_CHECK_MPI(MPI_Get_count(&st, MPI_BYTE, &n));
    LT_CHECK_INT(n, ==, 12);
    LT_CHECK_MPI(MPI_Type_free(&t));
}

/* A pack size past 2^63 - 1: MPI_UNDEFINED (typeshim), wrapped (MPICH);
 * one that fits: both agree, no report. */
static void pack_size(void)
{
    MPI_Datatype t;
    MPI_Count size = 0;

    LT_CHECK_MPI(MPI_Type_contiguous(2, MPI_DOUBLE, &t));
    LT_CHECK_MPI(MPI_Type_commit(&t));
#if MPI_VERSION >= 4 /* MPI-4.0's (Open MPI 4.1 has none) */
    LT_CHECK_MPI(MPI_Pack_size_c(1000, t, MPI_COMM_WORLD, &size));
    LT_CHECK_INT(size, ==, 16000);
    LT_CHECK_MPI(MPI_Pack_size_c((MPI_Count)1 << 60, t, MPI_COMM_WORLD, &size));
    LT_CHECK_INT(size, ==, MPI_UNDEFINED);
#else
    (void)size;
#endif
    LT_CHECK_MPI(MPI_Type_free(&t));
}

static void twin(void)
{
    MPI_Datatype t, c;
    MPI_Aint lb, ext;
    unsigned char area[256], out[128], want[128];
    int pos = 0, n = 0;

    for (int i = 0; i < (int)sizeof area; i++)
        area[i] = (unsigned char)i;
    LT_CHECK_MPI(MPI_Type_create_resized(MPI_DOUBLE_INT, 0, -4, &t));
    LT_CHECK_MPI(MPI_Type_contiguous(2, t, &c));
    LT_CHECK_MPI(MPI_Type_commit(&c));
    LT_CHECK_MPI(MPI_Type_get_extent(c, &lb, &ext));
    LT_CHECK_INT(lb, ==, -4); /* markers of the copies: lb min(0, -4), ub max(-4, -8) */
    LT_CHECK_INT(ext, ==, 0);
    /* two copies of c at 0 * extent: each t at 0 and -4, a double then an int */
    for (int q = 0; q < 2; q++)
        for (int e = 0; e < 2; e++) {
            memcpy(want + n, area + 128 - 4 * e, 8);
            memcpy(want + n + 8, area + 128 - 4 * e + 8, 4);
            n += 12;
        }
    LT_CHECK_MPI(MPI_Pack(area + 128, 2, c, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    LT_CHECK_INT(pos, ==, n);
    LT_CHECK_BYTES(out, want, (long)n, "MPI_Pack of 2 contiguous(2, t) of extent -4");
    LT_CHECK_MPI(MPI_Type_free(&c));
    LT_CHECK_MPI(MPI_Type_free(&t));
}

static void nomem(void)
{
    enum { LEVELS = 18 };
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 4}, lb, ext;
    MPI_Datatype ty[2] = {MPI_INT, MPI_CHAR}, t, n;
    unsigned char *src, *out, *before;
    int pos = 4, rc, size;

    /* struct{int, char} repeated by hvectors whose copies never touch:
     * one loop per level in the description, 18 deep */
    LT_CHECK_MPI(MPI_Type_create_struct(2, bl, d, ty, &t));
    for (int k = 0; k < LEVELS; k++) {
        LT_CHECK_MPI(MPI_Type_get_extent(t, &lb, &ext));
        LT_CHECK_MPI(MPI_Type_create_hvector(2, 1, ext + 8, t, &n));
        LT_CHECK_MPI(MPI_Type_free(&t));
        t = n;
    }
    LT_CHECK_MPI(MPI_Type_commit(&t));
    LT_CHECK_MPI(MPI_Type_size(t, &size));
    LT_CHECK_MPI(MPI_Type_get_extent(t, &lb, &ext));
    src = calloc(1, (size_t)ext);
    out = malloc((size_t)size + 4);
    before = malloc((size_t)size + 4);
    if (!LT_CHECK(src && out && before))
        return;
    memset(out, 0x33, (size_t)size + 4);
    memcpy(before, out, (size_t)size + 4);
    lt_set_alloc(no_malloc, free);
    rc = MPI_Pack(src, 1, t, out, size + 4, &pos, MPI_COMM_WORLD);
    lt_set_alloc(NULL, NULL);
    LT_CHECK_INT(class_of(rc), ==, MPI_ERR_NO_MEM);
    LT_CHECK_INT(pos, ==, 4);
    LT_CHECK_BYTES(out, before, (long)size + 4, "MPI_Pack that ran out of memory");
    LT_CHECK_MPI(MPI_Type_free(&t));
    free(src);
    free(out);
    free(before);
}

/* TYPESHIM_DISABLE=1: MPICH answers MPI calls, typeshim's own functions
 * still run, and their errors must reach MPICH's handler as a class MPICH
 * can decode (MPICH used to be handed a typeshim code, and aborted with
 * "Invalid datatype" in MPI_Comm_call_errhandler, the message lost).
 * "disabled-return": MPI_ERRORS_RETURN, the class comes back;
 * "disabled-fatal": the default handler, typeshim's message, then
 * MPICH's abort. */
static int disabled(int fatal, int rank)
{
    int (*dump)(MPI_Datatype, FILE *);
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_type_dump");
    MPI_Datatype v;
    int rc, cls = -1;

    lt_rank = rank;
    LT_CHECK_INT(lt_ts_mode(), ==, 2);
    if (!LT_CHECK(sym != NULL))
        return lt_finish("lt_check", rank);
    memcpy(&dump, &sym, sizeof dump);
    LT_CHECK_MPI(MPI_Type_vector(2, 1, 2, MPI_INT, &v)); /* MPICH's own */
    LT_CHECK_MPI(
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, fatal ? MPI_ERRORS_ARE_FATAL : MPI_ERRORS_RETURN));
    rc = dump(v, stdout); /* typeshim does not know MPICH's handle */
    LT_CHECK_INT(MPI_Error_class(rc, &cls), ==, MPI_SUCCESS);
    LT_CHECK_INT(cls, ==, MPI_ERR_TYPE);
    LT_CHECK_MPI(MPI_Type_free(&v));
    MPI_Finalize();
    return lt_finish("lt_check", rank);
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "none") == 0) {
        MPI_Finalize();
        return 0;
    }
    if (argc > 1 && strncmp(argv[1], "disabled-", 9) == 0)
        return disabled(strcmp(argv[1], "disabled-fatal") == 0, rank);
    if (argc > 1 && strcmp(argv[1], "abort") == 0) {
        /* a check, then MPI_Abort: the summary must still be written */
        int size = 0;
        MPI_Type_size(MPI_DOUBLE, &size);
        MPI_Abort(MPI_COMM_WORLD, size == 8 ? 5 : 6);
        return 1;
    }
    lt_begin("lt_check");
    LT_REQUIRE_TYPESHIM();
    /* the program's handler fatal, as by default: MPICH's refusal of the
     * check's replay must not reach it */
    LT_CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));
    bottom_pack();
    bottom_unpack();
    LT_CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    too_small();
    set_elements();
    pack_size();
    twin();
    nomem();
    lt_check_no_leak();
    MPI_Finalize();
    return lt_finish("lt_check", rank);
}
