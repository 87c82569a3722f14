/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outside_standalone.c - a standalone program built against an installed
 * typeshim, as a user builds one (test/check-install.sh):
 *
 *     cc outside_standalone.c $(pkg-config --cflags --libs typeshim-serial)
 *
 * Usage: outside_standalone DIR   every libtypeshim* mapped comes from DIR
 *        outside_standalone -     no libtypeshim* is mapped (static link)
 *
 * It uses a derived type end to end (vector and struct, bounds, MPI_Pack /
 * MPI_Unpack, MPI_Sendrecv to itself), checks every answer (no assert()),
 * reads /proc/self/maps to check that MPICH was not loaded, prints what it
 * verified and ends with "outside_standalone: ok (N checks)" and exit 0,
 * or "outside_standalone: FAILED (F of N checks)" and exit 1.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <mpi.h>
#include <typeshim.h>

static int nchecks, nfailed;

/* CHECK(cond, what): count, and print what failed */
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        nchecks++;                                                                                 \
        if (!(cond)) {                                                                             \
            nfailed++;                                                                             \
            printf("outside_standalone: line %d: FAIL: ", __LINE__);                               \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_MPI(call) CHECK((call) == MPI_SUCCESS, "%s", #call)

struct particle {
    int id;
    double x;
    char tag[3];
};

/* The shared objects mapped into this process: none from MPICH, and every
 * libtypeshim* from dir (dir "-": none at all). */
static void check_maps(const char *dir)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4096];
    int nts = 0;

    if (f == NULL) {
        printf("maps: /proc/self/maps not readable, not checked\n");
        return;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        const char *path = strchr(line, '/');

        if (path == NULL)
            continue;
        line[strcspn(line, "\n")] = '\0';
        CHECK(strstr(path, "libmpi") == NULL, "MPICH is loaded: %s", path);
        if (strstr(path, "/libtypeshim") != NULL) {
            nts++;
            CHECK(strcmp(dir, "-") != 0 && strncmp(path, dir, strlen(dir)) == 0 &&
                      path[strlen(dir)] == '/',
                  "%s is mapped (expected %s)", path,
                  strcmp(dir, "-") == 0 ? "no libtypeshim: static link" : dir);
        }
    }
    fclose(f);
    CHECK(strcmp(dir, "-") == 0 || nts > 0, "no libtypeshim mapped from %s", dir);
    printf("maps: no libmpich, %d mappings of libtypeshim\n", nts);
}

int main(int argc, char **argv)
{
    int src[12], packed[6], dst[12], recv[6], size = -1, rank = -1, nprocs = -1, count = -1;
    int want_packed[6] = {0, 1, 4, 5, 8, 9};
    int bl[3] = {1, 1, 3};
    MPI_Aint disp[3] = {offsetof(struct particle, id), offsetof(struct particle, x),
                        offsetof(struct particle, tag)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    MPI_Datatype vec = MPI_DATATYPE_NULL, raw = MPI_DATATYPE_NULL, ptype = MPI_DATATYPE_NULL;
    MPI_Aint lb = -1, extent = -1;
    MPI_Status st;
    struct particle ps[2] = {{7, 1.5, "ab"}, {-3, -2.25, "xy"}}, pr[2];
    char buf[64];
    int pos = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: outside_standalone DIR|-\n");
        return 2;
    }
    CHECK_MPI(MPI_Init(&argc, &argv));
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    CHECK(strcmp(typeshim_version(), TYPESHIM_VERSION) == 0, "typeshim_version() %s, header %s",
          typeshim_version(), TYPESHIM_VERSION);
    CHECK(typeshim_mode() == TYPESHIM_MODE_STANDALONE, "typeshim_mode() %d", typeshim_mode());
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &nprocs));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK(nprocs == 1 && rank == 0, "size %d rank %d", nprocs, rank);
    printf("version: %s, standalone, 1 process\n", typeshim_version());

    /* vector: 3 blocks of 2 ints, stride 4 */
    CHECK_MPI(MPI_Type_vector(3, 2, 4, MPI_INT, &vec));
    CHECK_MPI(MPI_Type_commit(&vec));
    CHECK_MPI(MPI_Type_size(vec, &size));
    CHECK_MPI(MPI_Type_get_extent(vec, &lb, &extent));
    CHECK(size == 24 && lb == 0 && extent == 40, "vector: size %d lb %ld extent %ld", size,
          (long)lb, (long)extent);
    printf("vector(3, 2, 4, MPI_INT): size %d, lb %ld, extent %ld\n", size, (long)lb, (long)extent);

    for (int i = 0; i < 12; i++)
        src[i] = i;
    CHECK_MPI(MPI_Pack(src, 1, vec, packed, (int)sizeof packed, &pos, MPI_COMM_WORLD));
    CHECK(pos == 24 && memcmp(packed, want_packed, sizeof packed) == 0, "pack: position %d", pos);
    memset(dst, -1, sizeof dst);
    pos = 0;
    CHECK_MPI(MPI_Unpack(packed, (int)sizeof packed, &pos, dst, 1, vec, MPI_COMM_WORLD));
    for (int i = 0; i < 12; i++)
        CHECK(dst[i] == (i % 4 < 2 ? i : -1), "unpack: dst[%d] = %d", i, dst[i]);
    printf("pack/unpack: %d %d %d %d %d %d\n", packed[0], packed[1], packed[2], packed[3],
           packed[4], packed[5]);

    /* sendrecv to itself: the vector goes out, contiguous ints come in */
    memset(recv, -1, sizeof recv);
    CHECK_MPI(MPI_Sendrecv(src, 1, vec, 0, 5, recv, 6, MPI_INT, 0, 5, MPI_COMM_WORLD, &st));
    CHECK_MPI(MPI_Get_count(&st, MPI_INT, &count));
    CHECK(count == 6 && st.MPI_SOURCE == 0 && st.MPI_TAG == 5,
          "sendrecv: count %d source %d tag %d", count, st.MPI_SOURCE, st.MPI_TAG);
    CHECK(memcmp(recv, want_packed, sizeof recv) == 0, "sendrecv: %d %d %d %d %d %d", recv[0],
          recv[1], recv[2], recv[3], recv[4], recv[5]);
    printf("sendrecv(vector -> 6 MPI_INT): count %d, %d %d %d %d %d %d\n", count, recv[0], recv[1],
           recv[2], recv[3], recv[4], recv[5]);

    /* struct particle, resized to sizeof: two of them through sendrecv */
    CHECK_MPI(MPI_Type_create_struct(3, bl, disp, types, &raw));
    CHECK_MPI(MPI_Type_create_resized(raw, 0, (MPI_Aint)sizeof(struct particle), &ptype));
    CHECK_MPI(MPI_Type_commit(&ptype));
    CHECK_MPI(MPI_Type_size(ptype, &size));
    CHECK_MPI(MPI_Type_get_extent(ptype, &lb, &extent));
    CHECK(size == 15 && lb == 0 && extent == (MPI_Aint)sizeof(struct particle),
          "struct: size %d lb %ld extent %ld", size, (long)lb, (long)extent);
    memset(pr, 0, sizeof pr);
    CHECK_MPI(MPI_Sendrecv(ps, 2, ptype, 0, 6, pr, 2, ptype, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st));
    for (int i = 0; i < 2; i++)
        CHECK(pr[i].id == ps[i].id && pr[i].x == ps[i].x && memcmp(pr[i].tag, ps[i].tag, 3) == 0,
              "struct sendrecv: element %d", i);
    snprintf(buf, sizeof buf, "%d %g %s, %d %g %s", pr[0].id, pr[0].x, pr[0].tag, pr[1].id, pr[1].x,
             pr[1].tag);
    printf("struct{int, double, char[3]}: size %d, extent %ld; sendrecv: %s\n", size, (long)extent,
           buf);

    CHECK_MPI(MPI_Type_free(&raw));
    CHECK_MPI(MPI_Type_free(&ptype));
    CHECK_MPI(MPI_Type_free(&vec));
    CHECK(typeshim_live_types() == 0, "%ld types alive after freeing all", typeshim_live_types());
    check_maps(argv[1]);
    CHECK_MPI(MPI_Finalize());

    if (nfailed) {
        printf("outside_standalone: FAILED (%d of %d checks)\n", nfailed, nchecks);
        return 1;
    }
    printf("outside_standalone: ok (%d checks)\n", nchecks);
    return 0;
}
