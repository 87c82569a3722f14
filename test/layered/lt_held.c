/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lt_held.c - typeshim never keeps MPICH in a state the program alone
 * would not reach (run by lt_run.sh on 2 ranks: plain MPICH, preloaded,
 * preloaded under TYPESHIM_CHECK).
 *
 * Layered, typeshim holds freed shadows back from MPICH for a while, so
 * that a stale handle stays invalid.  MPICH 4.0.2 breaks once a
 * datatype's handle index passes 0x300: MPI_Pack of a contiguous-layout
 * vector returns a short position and wrong bytes, and MPI_Get_accumulate
 * with a derived target type aborts.  Its free lists are LIFO, so the
 * highest index it hands out is the most types ever alive at once: the
 * indices a program sees are the measure of what typeshim holds beside
 * the program's own types.
 */
#include "lt_common.h"

/* Held shadows: at most this many beyond the program's own (typeshim(7),
 * LIMITS). */
#define MARGIN 65
/* Where MPICH 4.0.2 starts to fail. */
#define MPICH_BAD_INDEX 0x300

static int rank, nranks;

/* A linear index of an MPICH datatype handle: direct handles (0x8c...)
 * first, then indirect ones (0xcc...: a block of 1024 at bit 12 and an
 * index); -1 for a predefined one. */
static long index_of(MPI_Datatype t)
{
    unsigned long u = (unsigned long)(unsigned)t;

    switch (u >> 30) {
    case 2:
        return (long)(u & 0x3ffffff);
    case 3:
        return 64 + (long)((u >> 12) & 0x3fff) * 1024 + (long)(u & 0xfff);
    default:
        return -1;
    }
}

/* rounds x (vector(2,2,2,MPI_INT): create, commit, pack, free), holding
 * `hold` other types meanwhile; the highest handle index seen. */
static long pack_rounds(int rounds, int hold)
{
    MPI_Datatype *held = calloc((size_t)hold + 1, sizeof(*held)), v;
    int in[4] = {11, 22, 33, 44}, out[8], pos, bad = 0;
    long top = -1;

    for (int i = 0; i < hold; i++)
        LT_CHECK_MPI(MPI_Type_contiguous(3, MPI_SHORT, &held[i]));
    for (int r = 0; r < rounds; r++) {
        if (!LT_CHECK_MPI(MPI_Type_vector(2, 2, 2, MPI_INT, &v)))
            break;
        if (index_of(v) > top)
            top = index_of(v);
        LT_CHECK_MPI(MPI_Type_commit(&v));
        memset(out, 0, sizeof(out));
        pos = 0;
        LT_CHECK_MPI(MPI_Pack(in, 1, v, out, (int)sizeof(out), &pos, MPI_COMM_WORLD));
        if (pos != 16 || out[0] != 11 || out[1] != 22 || out[2] != 33 || out[3] != 44)
            bad++;
        LT_CHECK_MPI(MPI_Type_free(&v));
    }
    LT_CHECK_INT(bad, ==, 0);
    for (int i = 0; i < hold; i++) {
        if (index_of(held[i]) > top)
            top = index_of(held[i]);
        LT_CHECK_MPI(MPI_Type_free(&held[i]));
    }
    free(held);
    return top;
}

/* A program that holds few types never sees a handle index past what it
 * holds plus the margin; one that holds many, none past MPICH's limit. */
static void case_pack_rounds(void)
{
    long top;

    top = pack_rounds(1000, 0);
    LT_CHECK_INT(top, <, 2 * MARGIN);
    top = pack_rounds(1000, 300);
    LT_CHECK_INT(top, <, 300 + 2 * MARGIN);
    /* 700 held: typeshim must hold (almost) nothing back now */
    top = pack_rounds(300, 700);
    LT_CHECK_INT(top, <, MPICH_BAD_INDEX);
}

/* indexed_block(1, 1, {8}) of hindexed_block(1, 1, {8 bytes}) of
 * hindexed_block(1, 1, {8 bytes}) of MPI_INT: one int, at byte 48. */
static int nested(MPI_Datatype *t)
{
    MPI_Datatype a = MPI_DATATYPE_NULL, b = MPI_DATATYPE_NULL;
    MPI_Aint d = 8;
    int di = 8, ok;

    ok = LT_CHECK_MPI(MPI_Type_create_hindexed_block(1, 1, &d, MPI_INT, &a)) &&
         LT_CHECK_MPI(MPI_Type_create_hindexed_block(1, 1, &d, a, &b)) &&
         LT_CHECK_MPI(MPI_Type_create_indexed_block(1, 1, &di, b, t));
    if (a != MPI_DATATYPE_NULL)
        MPI_Type_free(&a);
    if (b != MPI_DATATYPE_NULL)
        MPI_Type_free(&b);
    return ok;
}

/* 300 nested types built and freed, then MPI_Get_accumulate with one as
 * the target type: with the shadows of the 900 freed types held in MPICH
 * it aborted inside MPICH. */
static void case_get_accumulate(void)
{
    int buf[64], res[4] = {0}, add = 5, target = (rank + 1) % nranks;
    MPI_Datatype t;
    MPI_Win win;

    for (int r = 0; r < 300; r++) {
        if (!nested(&t))
            return;
        LT_CHECK_MPI(MPI_Type_commit(&t));
        LT_CHECK_MPI(MPI_Type_free(&t));
    }
    if (!nested(&t))
        return;
    LT_CHECK_MPI(MPI_Type_commit(&t));
    for (int i = 0; i < 64; i++)
        buf[i] = 100 * rank + i;
    LT_CHECK_MPI(
        MPI_Win_create(buf, sizeof(buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win));
    LT_CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    LT_CHECK_MPI(MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win));
    LT_CHECK_MPI(
        MPI_Get_accumulate(&add, 1, MPI_INT, res, 1, MPI_INT, target, 0, 1, t, MPI_SUM, win));
    LT_CHECK_MPI(MPI_Win_unlock(target, win));
    LT_CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    LT_CHECK_INT(res[0], ==, 100 * target + 12);
    /* the rank before this one added to its int at byte 48 */
    LT_CHECK_INT(buf[12], ==, 100 * rank + 12 + add);
    LT_CHECK_INT(buf[11], ==, 100 * rank + 11);
    LT_CHECK_INT(buf[13], ==, 100 * rank + 13);
    LT_CHECK_MPI(MPI_Win_free(&win));
    LT_CHECK_MPI(MPI_Type_free(&t));
}

/* A runtime's hold (typeshim_type_hold) is a handle of typeshim's own,
 * which must never reach MPICH: layered, a derived type is refused
 * (MPI_ERR_OTHER, nothing written), a predefined one is its own hold. */
static void case_runtime_hold(void)
{
    int (*hold)(MPI_Datatype, MPI_Datatype *);
    int (*unhold)(MPI_Datatype);
    MPI_Datatype t, h = MPI_DATATYPE_NULL;
    int cls = -1;

    *(void **)&hold = dlsym(RTLD_DEFAULT, "typeshim_type_hold");
    *(void **)&unhold = dlsym(RTLD_DEFAULT, "typeshim_type_unhold");
    if (lt_ts_mode() != 1 || !LT_CHECK(hold && unhold))
        return;
    LT_CHECK_MPI(MPI_Type_vector(2, 1, 2, MPI_INT, &t));
    LT_CHECK_MPI(MPI_Type_commit(&t));
    MPI_Error_class(hold(t, &h), &cls);
    LT_CHECK_INT(cls, ==, MPI_ERR_OTHER);
    LT_CHECK_INT((long)h, ==, (long)MPI_DATATYPE_NULL);
    LT_CHECK_MPI(hold(MPI_INT, &h));
    LT_CHECK_INT((long)h, ==, (long)MPI_INT);
    LT_CHECK_MPI(unhold(h));
    LT_CHECK_MPI(MPI_Type_free(&t));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    lt_begin("lt_held");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    case_pack_rounds();
    case_get_accumulate();
    case_runtime_hold();
    lt_check_no_leak();
    MPI_Finalize();
    return lt_finish("lt_held", rank);
}
