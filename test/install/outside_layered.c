/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outside_layered.c - an ordinary MPICH program (MPICH's mpi.h only, no
 * typeshim.h), built and run against an installed typeshim by
 * test/check-install.sh, either linked ahead of MPICH
 *
 *     cc outside_layered.c $(pkg-config --cflags --libs typeshim) $(pkg-config --libs mpich)
 *
 * or linked with MPICH alone and run by typeshim-run (LD_PRELOAD).
 *
 * Usage: mpiexec -n 2 outside_layered DIR   (libtypeshim must come from DIR)
 *
 * Each rank proves that the installed typeshim answered: typeshim_mode,
 * looked up with dlsym, says layered; libtypeshim is mapped from DIR and
 * libmpich too; the marker type struct{MPI_LB@4, MPI_LB@-2, MPI_INT@0}
 * has typeshim's extent 8 (MPICH's is 6).  Rank 0 then sends a vector and
 * two of the marker type to rank 1, which checks what arrives: with
 * typeshim's extent the second marker element starts 8 bytes on.  Each
 * rank prints "outside_layered rank R: ok (N checks)" and exits 0, or
 * "outside_layered rank R: FAILED (F of N checks)" and exits 1.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEFAULT */
#endif
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <mpi.h>

#define MODE_LAYERED 1 /* TYPESHIM_MODE_LAYERED of typeshim.h */

static int rank = -1, nchecks, nfailed;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        nchecks++;                                                                                 \
        if (!(cond)) {                                                                             \
            nfailed++;                                                                             \
            printf("outside_layered rank %d: line %d: FAIL: ", rank, __LINE__);                    \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_MPI(call) CHECK((call) == MPI_SUCCESS, "%s", #call)

/* typeshim_mode(), or -1 when no typeshim is loaded */
static int ts_mode(void)
{
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_mode");
    int (*fn)(void);

    if (sym == NULL)
        return -1;
    memcpy(&fn, &sym, sizeof fn);
    return fn();
}

/* libtypeshim mapped from dir only, and libmpich mapped */
static void check_maps(const char *dir)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4096];
    int nts = 0, nmpich = 0;

    if (f == NULL)
        return;
    while (fgets(line, sizeof line, f) != NULL) {
        const char *path = strchr(line, '/');

        if (path == NULL)
            continue;
        line[strcspn(line, "\n")] = '\0';
        if (strstr(path, "/libmpich") != NULL)
            nmpich++;
        if (strstr(path, "/libtypeshim") != NULL) {
            nts++;
            CHECK(strncmp(path, dir, strlen(dir)) == 0 && path[strlen(dir)] == '/',
                  "%s is mapped, not the one of %s", path, dir);
        }
    }
    fclose(f);
    CHECK(nts > 0 && nmpich > 0, "%d mappings of libtypeshim, %d of libmpich", nts, nmpich);
}

int main(int argc, char **argv)
{
    int size = -1, tsize = -1, mode;
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {4, -2, 0}, lb = -1, extent = -1;
    MPI_Datatype types[3] = {MPI_LB, MPI_LB, MPI_INT};
    MPI_Datatype marker = MPI_DATATYPE_NULL, vec = MPI_DATATYPE_NULL;
    double d[12], got[4];
    int m[4] = {11, 22, 33, 44}, mgot[2] = {-1, -1};

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(argc == 2, "usage: outside_layered DIR");
    CHECK(size == 2, "%d processes, expected 2", size);

    mode = ts_mode();
    CHECK(mode == MODE_LAYERED, "typeshim_mode() %d (-1: no typeshim loaded), expected %d", mode,
          MODE_LAYERED);
    if (argc == 2)
        check_maps(argv[1]);

    CHECK_MPI(MPI_Type_create_struct(3, bl, disp, types, &marker));
    CHECK_MPI(MPI_Type_commit(&marker));
    CHECK_MPI(MPI_Type_get_extent(marker, &lb, &extent));
    CHECK_MPI(MPI_Type_size(marker, &tsize));
    CHECK(lb == -2 && extent == 8 && tsize == 4,
          "struct{LB@4, LB@-2, INT@0}: lb %ld extent %ld size %d, typeshim's are -2 8 4 "
          "(MPICH's -2 6 4)",
          (long)lb, (long)extent, tsize);

    CHECK_MPI(MPI_Type_vector(4, 1, 3, MPI_DOUBLE, &vec));
    CHECK_MPI(MPI_Type_commit(&vec));
    if (size == 2 && rank == 0) {
        for (int i = 0; i < 12; i++)
            d[i] = 0.5 * i;
        CHECK_MPI(MPI_Send(d, 1, vec, 1, 1, MPI_COMM_WORLD));
        CHECK_MPI(MPI_Send(m, 2, marker, 1, 2, MPI_COMM_WORLD));
    } else if (size == 2 && rank == 1) {
        MPI_Status st;
        int n = -1;

        memset(got, 0, sizeof got);
        CHECK_MPI(MPI_Recv(got, 4, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st));
        CHECK_MPI(MPI_Get_count(&st, MPI_DOUBLE, &n));
        CHECK(n == 4 && got[0] == 0.0 && got[1] == 1.5 && got[2] == 3.0 && got[3] == 4.5,
              "vector(4, 1, 3, MPI_DOUBLE): %d received: %g %g %g %g (want 0 1.5 3 4.5)", n, got[0],
              got[1], got[2], got[3]);
        CHECK_MPI(MPI_Recv(mgot, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        CHECK(mgot[0] == 11 && mgot[1] == 33,
              "2 x marker type: received %d %d (want 11 33: extent 8)", mgot[0], mgot[1]);
        printf("outside_layered rank 1: received %g %g %g %g and %d %d\n", got[0], got[1], got[2],
               got[3], mgot[0], mgot[1]);
    }
    CHECK_MPI(MPI_Type_free(&vec));
    CHECK_MPI(MPI_Type_free(&marker));
    MPI_Finalize();

    if (nfailed) {
        printf("outside_layered rank %d: FAILED (%d of %d checks)\n", rank, nfailed, nchecks);
        return 1;
    }
    printf("outside_layered rank %d: ok (%d checks)\n", rank, nchecks);
    return 0;
}
