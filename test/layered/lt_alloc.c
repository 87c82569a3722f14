/* SPDX-License-Identifier: BSD-3-Clause */
/* lt_alloc: layered mode out of memory.  A sequence of calls that builds
 * nested types (a vector, a struct of 20 members, one with an MPI_LB
 * marker whose shadow drops it, a resized one), commits them, dups one,
 * decodes one and frees everything, runs with typeshim's allocation
 * N = 1, 2, ... failing, until no allocation fails.  The call that meets
 * the failure must return MPI_ERR_NO_MEM (through MPICH's error codes)
 * saying "out of memory", write no output handle, and once what was built
 * is freed: typeshim_live_types(), the shadows typeshim holds in MPICH
 * (typeshim_layer_stats) and typeshim's live blocks are back where they
 * were.  Run by lt_alloc.sh, linked with -ltypeshim ahead of -lmpich, with
 * and without TYPESHIM_CHECK (check twins are shadows too). */
#include "../api/counting_alloc.h"
#include "lt_common.h"

#define SENTINEL ((MPI_Datatype)0x5a5a5a5a)
#define NTYPES   8

static long (*live_types)(void);

/* What the sequence made so far, freed after each run. */
typedef struct made {
    MPI_Datatype t[NTYPES];
    int n;
} made;

static int keep(made *m, int rc, MPI_Datatype t, const char *call, long n)
{
    if (rc == MPI_SUCCESS) {
        m->t[m->n++] = t;
        return 0;
    }
    if (!LT_CHECK(t == SENTINEL))
        fprintf(stderr, "lt_alloc: %s (allocation %ld failed) wrote its output\n", call, n);
    return rc;
}

/* A constructor call writing t; its handle kept, or its error returned. */
#define MAKE(call)                                                                                 \
    do {                                                                                           \
        t = SENTINEL;                                                                              \
        rc = (call);                                                                               \
        if ((rc = keep(m, rc, t, #call, n)))                                                       \
            return rc;                                                                             \
    } while (0)

/* The sequence; returns its first error, or MPI_SUCCESS. */
static int sequence(made *m, long n)
{
    MPI_Datatype t = SENTINEL, kids[20], got[20];
    MPI_Aint disp[20];
    int bl[20], rc, ints[24];
    MPI_Aint addrs[20];

    MAKE(MPI_Type_vector(3, 2, 5, MPI_INT, &t));
    for (int i = 0; i < 20; i++) {
        bl[i] = 1 + i % 2;
        disp[i] = 64 * i;
        kids[i] = i % 3 == 0 ? MPI_INT : i % 3 == 1 ? m->t[0] : MPI_DOUBLE;
    }
    MAKE(MPI_Type_create_struct(20, bl, disp, kids, &t));
    kids[0] = MPI_LB, kids[1] = m->t[1], kids[2] = MPI_UB;
    disp[0] = -16, disp[1] = 0, disp[2] = 4096;
    MAKE(MPI_Type_create_struct(3, bl, disp, kids, &t));
    MAKE(MPI_Type_create_resized(m->t[2], -8, 5000, &t));
    if ((rc = MPI_Type_commit(&m->t[3])))
        return rc;
    if ((rc = MPI_Type_commit(&m->t[1])))
        return rc;
    MAKE(MPI_Type_dup(m->t[3], &t));
    for (int i = 0; i < 20; i++)
        got[i] = SENTINEL;
    if ((rc = MPI_Type_get_contents(m->t[1], 21, 20, 20, ints, addrs, got))) {
        for (int i = 0; i < 20; i++)
            LT_CHECK(got[i] == SENTINEL);
        return rc;
    }
    for (int i = 0; i < 20; i++)
        lt_free_returned(&got[i]);
    /* the program's frees, in an order that leaves children to parents */
    while (m->n > 0)
        if ((rc = MPI_Type_free(&m->t[--m->n])))
            return rc;
    return MPI_SUCCESS;
}

static void release(made *m)
{
    while (m->n > 0)
        LT_CHECK_MPI(MPI_Type_free(&m->t[--m->n]));
}

int main(int argc, char **argv)
{
    typeshim_layer_stats st;
    const char *chk = getenv("TYPESHIM_CHECK");
    int checking = chk && *chk && *chk != '0';
    long n, points = 0, done_without = 0;
    void *sym;
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    lt_prog = "lt_alloc";
    lt_rank = rank;
    LT_REQUIRE_TYPESHIM();
    sym = dlsym(RTLD_DEFAULT, "typeshim_live_types");
    if (!LT_CHECK(sym != NULL))
        return lt_finish("lt_alloc", rank);
    memcpy(&live_types, &sym, sizeof live_types);
    LT_CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    lt_set_alloc(counting_malloc, counting_free);
    {
        made warm = {.n = 0}; /* the process-wide tables, outside the count */
        LT_CHECK_MPI(sequence(&warm, 0));
        release(&warm);
    }
    for (n = 1; n < 100000; n++) {
        made m = {.n = 0};
        long types0 = live_types(), shadows0 = lt_shadows_now(), blocks0 = nlive, calls;
        char msg[MPI_MAX_ERROR_STRING];
        int rc, cls = -1;

        ncalls = 0;
        fail_at = n;
        rc = sequence(&m, n);
        fail_at = 0;
        calls = ncalls;
        release(&m);
        if (calls < n) {
            LT_CHECK_MPI(rc);
            break;
        }
        points++;
        /* the cross-check's comparisons do without memory: the program's
         * calls then succeed */
        if (rc == MPI_SUCCESS && checking) {
            done_without++;
            LT_CHECK_INT(live_types(), ==, types0);
            LT_CHECK_INT(nlive, ==, blocks0);
            continue;
        }
        MPI_Error_class(rc, &cls);
        if (!LT_CHECK_INT(cls, ==, MPI_ERR_NO_MEM) ||
            !LT_CHECK(strstr(lt_errstr(rc, msg, sizeof msg), "out of memory") != NULL))
            fprintf(stderr, "lt_alloc: allocation %ld failed: %s\n", n,
                    lt_errstr(rc, msg, sizeof msg));
        if (!LT_CHECK_INT(live_types(), ==, types0) ||
            !LT_CHECK_INT(lt_shadows_now(), ==, shadows0) || !LT_CHECK_INT(nlive, ==, blocks0))
            fprintf(stderr, "lt_alloc: allocation %ld failed: something was left\n", n);
    }
    lt_set_alloc(NULL, NULL);
    LT_CHECK(points > 10);
    printf("lt_alloc rank %d: %ld allocation points failed (%ld done without)\n", rank, points,
           done_without);
    LT_CHECK(checking || done_without == 0);
    lt_stats(&st);
    lt_check_no_leak();
    MPI_Finalize();
    return lt_finish("lt_alloc", rank);
}
