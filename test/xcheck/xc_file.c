/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_file: MPI-IO on one process (MPI-4.1 chapter 14): the bytes files
 * hold after writes through views (their size and FNV hash), what reads
 * through the same views give back, byte offsets and positions of the
 * file pointers, statuses, representations, and the error classes of the
 * mistakes chapter 14 names.  Files live in a directory of their own
 * under /tmp, removed at the end. */
#include "xc_common.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64], path[128];

/* The file's size and hash as POSIX reads them. */
static void show_file(const char *key)
{
    static unsigned char buf[1 << 16];
    int fd = open(path, O_RDONLY);
    long long n = fd < 0 ? -1 : (long long)read(fd, buf, sizeof buf);

    if (fd >= 0)
        close(fd);
    xc_kv(key, "size=%lld hash=%016llx", n, n > 0 ? xc_hash(buf, n) : 0ULL);
}

static MPI_File fresh(void)
{
    MPI_File fh = MPI_FILE_NULL;

    unlink(path);
    MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    return fh;
}

static int count_of(const MPI_Status *st, MPI_Datatype t)
{
    int n = -1;

    MPI_Get_count(st, t, &n);
    return n;
}

static void through_view_on(const char *key, MPI_Offset disp, MPI_Datatype ft, int nints);

static void pattern(int *a, int n, int seed)
{
    for (int i = 0; i < n; i++)
        a[i] = seed * 1000 + i;
}

/* Writes nints through the view into a file of 4096 bytes of 0x5a,
 * reads them back, and prints the file, the read's agreement, byte offsets
 * and positions; then the size of a fresh file the same write makes (the
 * bytes it leaves in the view's holes past the end differ: ROMIO's
 * collective buffering fills them with 0xff). */
static void through_view(const char *key, MPI_Offset disp, MPI_Datatype ft, int nints)
{
    static unsigned char fill[4096];
    MPI_File fh2 = fresh();
    MPI_Offset size = -1;
    char k2[128];

    memset(fill, 0x5a, sizeof fill);
    MPI_File_set_view(fh2, disp, MPI_INT, ft, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh2, fill, nints, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_get_size(fh2, &size);
    xc_kv(xc_key(k2, key, ".fresh_size"), "%lld", (long long)size);
    MPI_File_close(&fh2);
    fh2 = fresh();
    MPI_File_write_at(fh2, 0, fill, sizeof fill, MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh2);
    through_view_on(key, disp, ft, nints);
}

static void through_view_on(const char *key, MPI_Offset disp, MPI_Datatype ft, int nints)
{
    int *a = malloc(sizeof(int) * (size_t)nints), *b = calloc((size_t)nints, sizeof(int));
    MPI_File fh = MPI_FILE_NULL;
    MPI_Offset off[4] = {-1, -1, -1, -1}, pos = -1;
    MPI_Status st;
    char k[128];
    int rc;

    MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    pattern(a, nints, 7);
    rc = MPI_File_set_view(fh, disp, MPI_INT, ft, "native", MPI_INFO_NULL);
    xc_rc_kv(key, ".set_view", rc);
    rc = MPI_File_write_all(fh, a, nints, MPI_INT, &st);
    MPI_File_get_position(fh, &pos);
    xc_kv(xc_key(k, key, ".write_all"), "%s count=%d pos=%lld", xc_rc(rc), count_of(&st, MPI_INT),
          (long long)pos);
    for (int i = 0; i < 4; i++)
        MPI_File_get_byte_offset(fh, (MPI_Offset)i * nints / 4, &off[i]);
    xc_kv(xc_key(k, key, ".byte_offsets"), "%lld %lld %lld %lld", (long long)off[0],
          (long long)off[1], (long long)off[2], (long long)off[3]);
    rc = MPI_File_read_at_all(fh, 0, b, nints, MPI_INT, &st);
    xc_kv(xc_key(k, key, ".read_back"), "%s count=%d same=%d", xc_rc(rc), count_of(&st, MPI_INT),
          !memcmp(a, b, sizeof(int) * (size_t)nints));
    MPI_File_seek(fh, 0, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    xc_kv(xc_key(k, key, ".seek_end"), "%lld", (long long)pos);
    MPI_File_close(&fh);
    show_file(xc_key(k, key, ".file"));
    free(a);
    free(b);
}

static void views(void)
{
    int sizes[3] = {4, 6, 5}, sub[3] = {2, 3, 2}, starts[3] = {1, 2, 3};
    int gs[2] = {6, 8}, ds[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK};
    int da[2] = {2, MPI_DISTRIBUTE_DFLT_DARG}, ps[2] = {2, 2};
    int bl[3] = {2, 1, 3};
    MPI_Aint hd[3] = {4, 20, 40};
    MPI_Datatype t, u;

    MPI_Type_create_subarray(3, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t);
    MPI_Type_commit(&t);
    through_view("view.subarray_c", 16, t, 24);
    MPI_Type_free(&t);
    MPI_Type_create_subarray(3, sizes, sub, starts, MPI_ORDER_FORTRAN, MPI_INT, &t);
    MPI_Type_commit(&t);
    through_view("view.subarray_f", 0, t, 12);
    MPI_Type_free(&t);
    for (int r = 0; r < 4; r++) {
        char k[64];
        MPI_Type_create_darray(4, r, 2, gs, ds, da, ps, MPI_ORDER_C, MPI_INT, &t);
        MPI_Type_commit(&t);
        snprintf(k, sizeof k, "view.darray_r%d", r);
        through_view(k, 8, t, 24);
        MPI_Type_free(&t);
    }
    MPI_Type_vector(3, 2, 5, MPI_INT, &t);
    MPI_Type_create_resized(t, 0, 64, &u);
    MPI_Type_commit(&u);
    through_view("view.vector_resized", 4, u, 18);
    MPI_Type_free(&t);
    MPI_Type_free(&u);
    MPI_Type_create_hindexed(3, bl, hd, MPI_INT, &t);
    MPI_Type_commit(&t);
    through_view("view.hindexed", 0, t, 30);
    MPI_Type_free(&t);
    through_view("view.int", 3, MPI_INT, 10);
}

/* Strided memory and a struct memory type into a byte view; the
 * individual and shared pointers. */
static void memory_types(void)
{
    /* two copies of vector(4, 1, 3) span 20 ints */
    int a[20], b[20];
    struct {
        int i;
        double d;
    } s[3] = {{1, 0.5}, {2, 1.5}, {3, 2.5}}, s2[3];
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 8};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, vec, tmp, st;
    MPI_Offset pos = -1, spos = -1;
    MPI_Status status;
    MPI_File fh = fresh();
    int rc;

    pattern(a, 20, 3);
    MPI_Type_vector(4, 1, 3, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    rc = MPI_File_write(fh, a, 2, vec, &status);
    xc_kv("mem.vector.write", "%s count=%d", xc_rc(rc), count_of(&status, vec));
    MPI_Type_create_struct(2, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof s[0], &st);
    MPI_Type_commit(&st);
    rc = MPI_File_write_shared(fh, s, 3, st, &status);
    MPI_File_get_position(fh, &pos);
    MPI_File_get_position_shared(fh, &spos);
    xc_kv("mem.struct.write_shared", "%s count=%d pos=%lld shared=%lld", xc_rc(rc),
          count_of(&status, st), (long long)pos, (long long)spos);
    memset(s2, 0, sizeof s2);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    rc = MPI_File_read_ordered(fh, s2, 3, st, &status);
    xc_kv("mem.struct.read_ordered", "%s %d %g %d %g", xc_rc(rc), s2[0].i, s2[0].d, s2[2].i,
          s2[2].d);
    memset(b, 0, sizeof b);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    rc = MPI_File_read(fh, b, 2, vec, &status);
    xc_kv("mem.vector.read", "%s count=%d b0=%d b3=%d b1=%d", xc_rc(rc), count_of(&status, vec),
          b[0], b[3], b[1]);
    MPI_File_close(&fh);
    show_file("mem.file");
    MPI_Type_free(&vec);
    MPI_Type_free(&tmp);
    MPI_Type_free(&st);
}

static void representations(void)
{
    int v[3] = {1, 0x01020304, -2}, back[3] = {0};
    double d[2] = {1.0, -0.5};
    short sh[2] = {0x102, -3};
    MPI_Aint ext;
    MPI_File fh = fresh();
    int rc;

    rc = MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "external32", MPI_INFO_NULL);
    xc_rc_kv("rep.external32", ".set_view", rc);
    MPI_File_write(fh, v, 3, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_write(fh, d, 2, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_write(fh, sh, 2, MPI_SHORT, MPI_STATUS_IGNORE);
    rc = MPI_File_read_at(fh, 0, back, 3, MPI_INT, MPI_STATUS_IGNORE);
    xc_kv("rep.external32.read", "%s %d %d %d", xc_rc(rc), back[0], back[1], back[2]);
    MPI_File_get_type_extent(fh, MPI_DOUBLE, &ext);
    xc_kv("rep.external32.extent_double", "%lld", (long long)ext);
    MPI_File_close(&fh);
    show_file("rep.external32.file");
    fh = fresh();
    rc = MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "nosuchrep", MPI_INFO_NULL);
    xc_rc_kv("rep.unknown", "", rc);
    rc = MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "internal", MPI_INFO_NULL);
    xc_rc_kv("rep.internal", "", rc);
    MPI_File_close(&fh);
}

static void accesses(void)
{
    int v[6] = {5, 6, 7, 8, 9, 10}, b[8] = {0};
    MPI_Request rq;
    MPI_Status st;
    MPI_Offset size = -1;
    MPI_File fh = fresh();
    int rc, flag = -1, amode = -1;

    rc = MPI_File_iwrite_at(fh, 2, v, 6, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    xc_kv("acc.iwrite_at", "%s count=%d", xc_rc(rc), count_of(&st, MPI_INT));
    rc = MPI_File_read_at(fh, 10, b, 8, MPI_INT, &st);
    xc_kv("acc.read_past_end", "%s bytes=%d b0=%d", xc_rc(rc), count_of(&st, MPI_BYTE), b[0]);
    rc = MPI_File_write_at_all_begin(fh, 100, v, 2, MPI_INT);
    xc_rc_kv("acc.split", ".begin", rc);
    rc = MPI_File_write_at_all_end(fh, v, &st);
    xc_kv("acc.split.end", "%s count=%d", xc_rc(rc), count_of(&st, MPI_INT));
    MPI_File_get_size(fh, &size);
    xc_kv("acc.size", "%lld", (long long)size);
    rc = MPI_File_set_size(fh, 50);
    MPI_File_get_size(fh, &size);
    xc_kv("acc.set_size", "%s %lld", xc_rc(rc), (long long)size);
    rc = MPI_File_preallocate(fh, 20);
    MPI_File_get_size(fh, &size);
    xc_kv("acc.preallocate_smaller", "%s %lld", xc_rc(rc), (long long)size);
    MPI_File_get_atomicity(fh, &flag);
    MPI_File_get_amode(fh, &amode);
    xc_kv("acc.defaults", "atomicity=%d amode_rdwr=%d", flag,
          amode == (MPI_MODE_CREATE | MPI_MODE_RDWR));
    xc_rc_kv("acc.sync", "", MPI_File_sync(fh));
    MPI_File_close(&fh);
    show_file("acc.file");
}

static void errors(void)
{
    MPI_File fh = MPI_FILE_NULL, g = MPI_FILE_NULL;
    MPI_Datatype bad;
    int x = 1, bl[2] = {1, 1};
    MPI_Aint hd[2] = {8, 0};

    unlink(path);
    xc_rc_kv("err.open_missing", "",
             MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
    xc_rc_kv(
        "err.amode_rdonly_create", "",
        MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh));
    xc_rc_kv("err.amode_two", "",
             MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDWR | MPI_MODE_WRONLY | MPI_MODE_CREATE,
                           MPI_INFO_NULL, &fh));
    fh = fresh();
    xc_rc_kv("err.excl_exists", "",
             MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR,
                           MPI_INFO_NULL, &g));
    MPI_Type_create_hindexed(2, bl, hd, MPI_INT, &bad);
    MPI_Type_commit(&bad);
    xc_rc_kv("err.view_decreasing", "",
             MPI_File_set_view(fh, 0, MPI_INT, bad, "native", MPI_INFO_NULL));
    xc_rc_kv("err.view_not_etypes", "",
             MPI_File_set_view(fh, 0, MPI_DOUBLE, MPI_INT, "native", MPI_INFO_NULL));
    xc_rc_kv("err.negative_offset", "",
             MPI_File_write_at(fh, -4, &x, 1, MPI_INT, MPI_STATUS_IGNORE));
    xc_rc_kv("err.negative_count", "", MPI_File_write(fh, &x, -1, MPI_INT, MPI_STATUS_IGNORE));
    xc_rc_kv("err.seek_whence", "", MPI_File_seek(fh, 0, 999));
    xc_rc_kv("err.seek_negative", "", MPI_File_seek(fh, -1, MPI_SEEK_SET));
    MPI_File_write(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&bad);
    MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    xc_rc_kv("err.write_rdonly", "", MPI_File_write(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE));
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    xc_rc_kv("err.read_wronly", "", MPI_File_read(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE));
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_WRONLY | MPI_MODE_SEQUENTIAL, MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    xc_rc_kv("err.sequential_write_at", "",
             MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE));
    xc_rc_kv("err.sequential_write_shared", "",
             MPI_File_write_shared(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE));
    MPI_File_close(&fh);
    xc_rc_kv("err.delete", "", MPI_File_delete(path, MPI_INFO_NULL));
    xc_rc_kv("err.delete_missing", "", MPI_File_delete(path, MPI_INFO_NULL));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    snprintf(dir, sizeof dir, "/tmp/xc_file.%ld", (long)getpid());
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/f", dir);
    views();
    memory_types();
    representations();
    accesses();
    errors();
    unlink(path);
    rmdir(dir);
    MPI_Finalize();
    return 0;
}
