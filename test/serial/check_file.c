/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI-IO on the single-process runtime: files written through views
 * (subarray, darray, struct/resized filetypes, strided memory types) and
 * checked byte for byte with POSIX reads against offsets computed by
 * hand, read back through the same views; external32 and a registered
 * representation; both file pointers, seeks, nonblocking and split
 * collective accesses; and the errors MPI-4.1 chapter 14 names.
 */
#include "serialtest.h"

#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>

static char dir[64], path[128];

static void file_setup(void)
{
    init_fixture();
    strcpy(dir, "/tmp/check_file.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/data", dir);
}

static void file_teardown(void)
{
    unlink(path);
    rmdir(dir);
    finalize_fixture();
}

/* The file's bytes as POSIX reads them; returns the size. */
static long raw(unsigned char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY);
    long n;

    ck_assert_int_ge(fd, 0);
    n = (long)read(fd, buf, cap);
    close(fd);
    return n;
}

static int raw_int(const unsigned char *b, long off)
{
    int v;
    memcpy(&v, b + off, sizeof v);
    return v;
}

static MPI_File open_rw(void)
{
    MPI_File fh = MPI_FILE_NULL;

    ck_assert_int_eq(
        MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh),
        MPI_SUCCESS);
    return fh;
}

START_TEST(test_bytes_at_offsets)
{
    int a[10], b[10] = {0};
    unsigned char r[128];
    MPI_Offset size = 0;
    MPI_Status st;
    MPI_File fh = open_rw();
    int count = -1;

    for (int i = 0; i < 10; i++)
        a[i] = 100 + i;
    ck_assert_int_eq(MPI_File_write_at(fh, 4, a, 10, MPI_INT, &st), MPI_SUCCESS);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 10);
    ck_assert_int_eq(MPI_File_get_size(fh, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 44);
    ck_assert_int_eq(MPI_File_close(&fh), MPI_SUCCESS);
    ck_assert_ptr_eq(fh, MPI_FILE_NULL);
    ck_assert_int_eq(raw(r, sizeof r), 44);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(r[i], 0); /* the hole before offset 4 */
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(raw_int(r, 4 + 4 * i), 100 + i);
    ck_assert_int_eq(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh),
                     MPI_SUCCESS);
    /* a read past the end gets what there is: 40 bytes of 48 */
    ck_assert_int_eq(MPI_File_read_at(fh, 4, b, 10, MPI_INT, &st), MPI_SUCCESS);
    MPI_Get_count(&st, MPI_BYTE, &count);
    ck_assert_int_eq(count, 40);
    ck_assert_int_eq(memcmp(a, b, sizeof a), 0);
    ck_assert_int_eq(MPI_File_read_at(fh, 40, b, 3, MPI_INT, &st), MPI_SUCCESS);
    MPI_Get_count(&st, MPI_BYTE, &count);
    ck_assert_int_eq(count, 4);
    ck_assert_int_eq(b[0], 109);
    MPI_File_close(&fh);
}
END_TEST

/* A 4 x 6 int array in the file at displacement 8; the view is its
 * 2 x 3 block at rows 1-2, columns 2-4. */
START_TEST(test_subarray_view)
{
    int sizes[2] = {4, 6}, sub[2] = {2, 3}, starts[2] = {1, 2}, v[12], back[12] = {0};
    unsigned char r[512];
    MPI_Datatype ft;
    MPI_Offset off;
    MPI_Status st;
    MPI_File fh = open_rw();

    for (int i = 0; i < 12; i++)
        v[i] = i + 1;
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &ft);
    MPI_Type_commit(&ft);
    ck_assert_int_eq(MPI_File_set_view(fh, 8, MPI_INT, ft, "native", MPI_INFO_NULL), MPI_SUCCESS);
    MPI_Type_free(&ft); /* the view keeps it */
    ck_assert_int_eq(MPI_File_get_byte_offset(fh, 0, &off), MPI_SUCCESS);
    ck_assert_int_eq(off, 8 + (1 * 6 + 2) * 4);
    ck_assert_int_eq(MPI_File_get_byte_offset(fh, 3, &off), MPI_SUCCESS);
    ck_assert_int_eq(off, 8 + (2 * 6 + 2) * 4);
    ck_assert_int_eq(MPI_File_get_byte_offset(fh, 7, &off), MPI_SUCCESS); /* second copy */
    ck_assert_int_eq(off, 8 + 96 + (1 * 6 + 3) * 4);
    /* 12 ints: two copies of the view, the second 96 bytes further */
    ck_assert_int_eq(MPI_File_write_all(fh, v, 12, MPI_INT, &st), MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_get_position(fh, &off), MPI_SUCCESS);
    ck_assert_int_eq(off, 12);
    MPI_File_close(&fh);
    ck_assert_int_eq(raw(r, sizeof r), 8 + 96 + (2 * 6 + 5) * 4);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 3; j++)
                ck_assert_int_eq(raw_int(r, 8 + 96 * c + ((1 + i) * 6 + 2 + j) * 4),
                                 6 * c + 3 * i + j + 1);
    ck_assert_int_eq(raw_int(r, 8 + (1 * 6 + 1) * 4), 0); /* outside the block */
    fh = open_rw();
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, 8, MPI_INT, ft, "native", MPI_INFO_NULL);
    ck_assert_int_eq(MPI_File_read_all(fh, back, 12, MPI_INT, &st), MPI_SUCCESS);
    ck_assert_int_eq(memcmp(v, back, sizeof v), 0);
    MPI_Type_free(&ft);
    MPI_File_close(&fh);
}
END_TEST

/* Rank 2's part of a 4 x 6 array on a 2 x 2 grid, rows cyclic, columns
 * in blocks: rows 1 and 3, columns 0-2. */
START_TEST(test_darray_view)
{
    int gs[2] = {4, 6}, ds[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK};
    int da[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, ps[2] = {2, 2};
    double v[6] = {1.5, 2.5, 3.5, 4.5, 5.5, 6.5}, back[6] = {0};
    unsigned char r[512];
    MPI_Datatype ft;
    MPI_File fh = open_rw();

    MPI_Type_create_darray(4, 2, 2, gs, ds, da, ps, MPI_ORDER_C, MPI_DOUBLE, &ft);
    MPI_Type_commit(&ft);
    ck_assert_int_eq(MPI_File_set_view(fh, 0, MPI_DOUBLE, ft, "native", MPI_INFO_NULL),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_write_all(fh, v, 6, MPI_DOUBLE, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_read_at_all(fh, 0, back, 6, MPI_DOUBLE, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(memcmp(v, back, sizeof v), 0);
    MPI_File_close(&fh);
    MPI_Type_free(&ft);
    ck_assert_int_eq(raw(r, sizeof r), (3 * 6 + 3) * 8);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) {
            double d;
            memcpy(&d, r + ((1 + 2 * i) * 6 + j) * 8, 8);
            ck_assert(d == v[3 * i + j]);
        }
}
END_TEST

/* Strided memory (every third int) into a filetype of 2 ints per 16
 * bytes, and a struct memory type of int + double into a byte view. */
START_TEST(test_struct_and_strided)
{
    int a[12], back[12];
    unsigned char r[256];
    MPI_Datatype mem, pair, ft, st;
    MPI_File fh = open_rw();
    struct {
        int i;
        double d;
    } s[2] = {{7, 0.25}, {8, 0.5}}, s2[2];
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, 8};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, tmp;

    for (int i = 0; i < 12; i++)
        a[i] = 10 * i, back[i] = -1;
    MPI_Type_vector(4, 1, 3, MPI_INT, &mem);
    MPI_Type_commit(&mem);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_create_resized(pair, 0, 16, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    ck_assert_int_eq(MPI_File_write(fh, a, 1, mem, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(raw(r, sizeof r), 24);
    ck_assert_int_eq(raw_int(r, 0), 0);
    ck_assert_int_eq(raw_int(r, 4), 30);
    ck_assert_int_eq(raw_int(r, 16), 60);
    ck_assert_int_eq(raw_int(r, 20), 90);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    ck_assert_int_eq(MPI_File_read(fh, back, 1, mem, MPI_STATUS_IGNORE), MPI_SUCCESS);
    for (int i = 0; i < 12; i++)
        ck_assert_int_eq(back[i], i % 3 ? -1 : 10 * i);

    MPI_Type_create_struct(2, bl, disp, types, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof s[0], &st);
    MPI_Type_commit(&st);
    MPI_File_set_view(fh, 100, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    ck_assert_int_eq(MPI_File_write_at(fh, 0, s, 2, st, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(raw(r, sizeof r), 124); /* 2 x (4 + 8) packed bytes */
    ck_assert_int_eq(raw_int(r, 100), 7);
    ck_assert_int_eq(raw_int(r, 112), 8);
    memset(s2, 0, sizeof s2);
    MPI_File_read_at(fh, 0, s2, 2, st, MPI_STATUS_IGNORE);
    ck_assert(s2[0].i == 7 && s2[0].d == 0.25 && s2[1].i == 8 && s2[1].d == 0.5);
    MPI_Type_free(&mem);
    MPI_Type_free(&pair);
    MPI_Type_free(&ft);
    MPI_Type_free(&tmp);
    MPI_Type_free(&st);
    MPI_File_close(&fh);
}
END_TEST

/* More than the 4 MiB a round stages, through a strided view. */
START_TEST(test_large_strided)
{
    const int n = 3 << 20; /* ints: 12 MiB of data */
    int *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    MPI_Datatype ft, mem;
    MPI_Status st;
    MPI_File fh = open_rw();
    int count = 0, fd, v;

    ck_assert(a && b);
    for (int i = 0; i < n; i++)
        a[i] = i * 7 + 1;
    MPI_Type_vector(1, 1, 2, MPI_INT, &mem);     /* one int, extent 4 */
    MPI_Type_create_resized(MPI_INT, 0, 8, &ft); /* one int every 8 bytes */
    MPI_Type_commit(&ft);
    MPI_Type_commit(&mem);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    ck_assert_int_eq(MPI_File_write_all(fh, a, n, MPI_INT, &st), MPI_SUCCESS);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, n);
    ck_assert_int_eq(MPI_File_read_at_all(fh, 0, b, n, MPI_INT, &st), MPI_SUCCESS);
    ck_assert_int_eq(memcmp(a, b, (size_t)n * sizeof *a), 0);
    fd = open(path, O_RDONLY);
    ck_assert_int_eq(pread(fd, &v, 4, (off_t)8 * (n - 1)), 4);
    ck_assert_int_eq(v, (n - 1) * 7 + 1);
    close(fd);
    MPI_Type_free(&ft);
    MPI_Type_free(&mem);
    MPI_File_close(&fh);
    free(a);
    free(b);
}
END_TEST

/* Small blocks filling half the range they span: read and written with
 * one request a batch (data sieving), holes kept, the end of the file
 * met halfway; a write-only file takes a request a block. */
START_TEST(test_sieve_edges)
{
    int v[4] = {11, 22, 33, 44}, b[4] = {0}, count = -1;
    unsigned char r[64];
    MPI_Datatype ft;
    MPI_Status st;
    MPI_File fh = open_rw();

    MPI_Type_create_resized(MPI_INT, 0, 8, &ft);
    MPI_Type_commit(&ft);
    ck_assert_int_eq(MPI_File_write_at(fh, 40, v, 1, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    ck_assert_int_eq(MPI_File_write(fh, v, 3, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(raw(r, sizeof r), 44);
    ck_assert(raw_int(r, 0) == 11 && raw_int(r, 8) == 22 && raw_int(r, 16) == 33);
    ck_assert(raw_int(r, 4) == 0 && raw_int(r, 12) == 0 && raw_int(r, 20) == 0);
    ck_assert_int_eq(raw_int(r, 40), 11); /* outside the range written: kept */
    MPI_File_set_size(fh, 20);
    ck_assert_int_eq(MPI_File_read_at(fh, 0, b, 4, MPI_INT, &st), MPI_SUCCESS);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 3);
    ck_assert(b[0] == 11 && b[1] == 22 && b[2] == 33 && b[3] == 0);
    MPI_File_close(&fh);
    ck_assert_int_eq(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_WRONLY, MPI_INFO_NULL, &fh),
                     MPI_SUCCESS);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    ck_assert_int_eq(MPI_File_write_at(fh, 1, v + 2, 2, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    MPI_File_close(&fh);
    ck_assert_int_eq(raw(r, sizeof r), 20);
    ck_assert(raw_int(r, 0) == 11 && raw_int(r, 8) == 33 && raw_int(r, 16) == 44);
    ck_assert(raw_int(r, 4) == 0 && raw_int(r, 12) == 0);
    MPI_Type_free(&ft);
}
END_TEST

START_TEST(test_external32)
{
    int v[3] = {1, 0x01020304, -2}, back[3];
    double d = 1.0;
    long l[1] = {5};
    unsigned char r[64];
    static const unsigned char want[20] = {0,    0,    0,    1,    1, 2, 3, 4, 0xff, 0xff,
                                           0xff, 0xfe, 0x3f, 0xf0, 0, 0, 0, 0, 0,    0};
    MPI_Aint ext = 0;
    MPI_File fh = open_rw();
    char rep[MPI_MAX_DATAREP_STRING];
    MPI_Offset disp;
    MPI_Datatype et, ft;

    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    ck_assert_int_eq(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "external32", MPI_INFO_NULL),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_write(fh, v, 3, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_write(fh, &d, 1, MPI_DOUBLE, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(raw(r, sizeof r), 20);
    ck_assert_int_eq(memcmp(r, want, 20), 0);
    ck_assert_int_eq(MPI_File_read_at(fh, 0, back, 3, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(memcmp(v, back, sizeof v), 0);
    /* C long is 8 bytes here, 4 in external32: refused, not mangled */
    ck_assert_int_eq(class_of(MPI_File_write(fh, l, 1, MPI_LONG, MPI_STATUS_IGNORE)),
                     MPI_ERR_UNSUPPORTED_DATAREP);
    ck_assert_int_eq(MPI_File_get_type_extent(fh, MPI_LONG, &ext), MPI_SUCCESS);
    ck_assert_int_eq(ext, 4);
    ck_assert_int_eq(MPI_File_get_type_extent(fh, MPI_INT, &ext), MPI_SUCCESS);
    ck_assert_int_eq(ext, 4);
    ck_assert_int_eq(MPI_File_get_view(fh, &disp, &et, &ft, rep), MPI_SUCCESS);
    ck_assert_str_eq(rep, "external32");
    ck_assert(et == MPI_BYTE && ft == MPI_BYTE && disp == 0);
    MPI_File_close(&fh);
}
END_TEST

/* A representation that stores each int plus 1000. */
static int calls_w, calls_r;
static int to_file(void *user, MPI_Datatype t, int count, void *file, MPI_Offset pos, void *st)
{
    int *u = user, *f = file;

    ck_assert(t == MPI_INT && pos == 0 && st == &calls_w);
    for (int i = 0; i < count; i++)
        f[i] = u[i] + 1000;
    calls_w++;
    return MPI_SUCCESS;
}
static int from_file(void *user, MPI_Datatype t, int count, void *file, MPI_Offset pos, void *st)
{
    int *u = user, *f = file;

    (void)t, (void)pos, (void)st;
    for (int i = 0; i < count; i++)
        u[i] = f[i] - 1000;
    calls_r++;
    return MPI_SUCCESS;
}
/* Calls MPI on the file being accessed: no lock of that file is held
 * while a representation's function runs. */
static MPI_File extent_fh = MPI_FILE_NULL;
static int extent_calls;
static int extent4(MPI_Datatype t, MPI_Aint *ext, void *st)
{
    int flag;

    (void)t, (void)st;
    if (extent_fh != MPI_FILE_NULL)
        ck_assert_int_eq(MPI_File_get_atomicity(extent_fh, &flag), MPI_SUCCESS);
    extent_calls++;
    *ext = 4;
    return MPI_SUCCESS;
}
/* Stores ints in 8 bytes: a size the file layout cannot follow. */
static int extent8(MPI_Datatype t, MPI_Aint *ext, void *st)
{
    (void)t, (void)st;
    *ext = 8;
    return MPI_SUCCESS;
}

START_TEST(test_user_datarep)
{
    int v[3] = {1, 2, 3}, back[3] = {0};
    unsigned char r[64];
    MPI_File fh = open_rw();

    ck_assert_int_eq(MPI_Register_datarep("plus1000", from_file, to_file, extent4, &calls_w),
                     MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Register_datarep("plus1000", from_file, to_file, extent4, NULL)),
                     MPI_ERR_DUP_DATAREP);
    ck_assert_int_eq(class_of(MPI_Register_datarep("native", from_file, to_file, extent4, NULL)),
                     MPI_ERR_DUP_DATAREP);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    ck_assert_int_eq(class_of(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "nosuch", MPI_INFO_NULL)),
                     MPI_ERR_UNSUPPORTED_DATAREP);
    extent_fh = fh;
    ck_assert_int_eq(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "plus1000", MPI_INFO_NULL),
                     MPI_SUCCESS);
    ck_assert_int_gt(extent_calls, 0);
    ck_assert_int_eq(MPI_File_write(fh, v, 3, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(calls_w, 1);
    ck_assert_int_eq(raw(r, sizeof r), 12);
    ck_assert_int_eq(raw_int(r, 0), 1001);
    ck_assert_int_eq(raw_int(r, 8), 1003);
    ck_assert_int_eq(MPI_File_read_at(fh, 0, back, 3, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(calls_r, 1);
    ck_assert_int_eq(memcmp(v, back, sizeof v), 0);
    extent_fh = MPI_FILE_NULL;
    /* 8 bytes an int in the file: refused, not written past a buffer */
    ck_assert_int_eq(MPI_Register_datarep("wide", from_file, to_file, extent8, NULL), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "wide", MPI_INFO_NULL)),
                     MPI_ERR_UNSUPPORTED_DATAREP);
    ck_assert_int_eq(class_of(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "wide", MPI_INFO_NULL)),
                     MPI_ERR_UNSUPPORTED_DATAREP);
    MPI_File_close(&fh);
}
END_TEST

START_TEST(test_pointers)
{
    int v[8] = {1, 2, 3, 4, 5, 6, 7, 8}, b[8] = {0};
    MPI_Offset pos = -1;
    MPI_File fh = open_rw();
    MPI_Datatype ft;

    ck_assert_int_eq(MPI_File_write(fh, v, 2, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_write(fh, v + 2, 2, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    MPI_File_get_position(fh, &pos);
    ck_assert_int_eq(pos, 16); /* bytes: the default view's etype */
    /* the shared pointer is another: it is still at 0 */
    MPI_File_get_position_shared(fh, &pos);
    ck_assert_int_eq(pos, 0);
    ck_assert_int_eq(MPI_File_write_shared(fh, v + 4, 1, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_File_read_ordered(fh, b, 1, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 2);
    MPI_File_get_position_shared(fh, &pos);
    ck_assert_int_eq(pos, 8);
    ck_assert_int_eq(MPI_File_seek_shared(fh, -4, MPI_SEEK_END), MPI_SUCCESS);
    MPI_File_read_shared(fh, b, 1, MPI_INT, MPI_STATUS_IGNORE);
    ck_assert_int_eq(b[0], 4);
    /* a view of every other int: etypes count its ints */
    MPI_Type_create_resized(MPI_INT, 0, 8, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    MPI_File_get_position(fh, &pos);
    ck_assert_int_eq(pos, 0); /* a new view resets both pointers */
    ck_assert_int_eq(MPI_File_seek(fh, 0, MPI_SEEK_END), MPI_SUCCESS);
    MPI_File_get_position(fh, &pos);
    ck_assert_int_eq(pos, 2); /* 16 bytes: ints at 0 and 8 */
    ck_assert_int_eq(MPI_File_seek(fh, -1, MPI_SEEK_CUR), MPI_SUCCESS);
    MPI_File_read(fh, b, 1, MPI_INT, MPI_STATUS_IGNORE);
    ck_assert_int_eq(b[0], 3);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    ck_assert_int_eq(class_of(MPI_File_seek(fh, -5, MPI_SEEK_SET)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_File_seek(fh, 0, 12345)), MPI_ERR_ARG);
    MPI_Type_free(&ft);
    {
        /* data past the extent: bytes 8-9 and 12-13 of each 8-byte copy;
         * of a 16-byte file only copy 0's 4 bytes lie in the view */
        int bl2[2] = {2, 2};
        MPI_Aint d2[2] = {8, 12};
        MPI_Datatype h, r8;
        MPI_Type_create_hindexed(2, bl2, d2, MPI_BYTE, &h);
        MPI_Type_create_resized(h, 0, 8, &r8);
        MPI_Type_commit(&r8);
        ck_assert_int_eq(MPI_File_set_view(fh, 0, MPI_BYTE, r8, "native", MPI_INFO_NULL),
                         MPI_SUCCESS);
        MPI_File_seek(fh, 0, MPI_SEEK_END);
        MPI_File_get_position(fh, &pos);
        ck_assert_int_eq(pos, 4);
        MPI_Type_free(&h);
        MPI_Type_free(&r8);
    }
    MPI_File_close(&fh);
    {
        /* a read-only view of 2^30-byte copies 1 byte apart over a 2^40-byte
         * (sparse) file: its end counts more bytes than an offset holds */
        MPI_Datatype big, tiny;
        fh = open_rw();
        MPI_File_set_size(fh, (MPI_Offset)1 << 40);
        MPI_File_close(&fh);
        MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
        MPI_Type_contiguous(1 << 30, MPI_BYTE, &big);
        MPI_Type_create_resized(big, 0, 1, &tiny);
        MPI_Type_commit(&tiny);
        ck_assert_int_eq(MPI_File_set_view(fh, 0, MPI_BYTE, tiny, "native", MPI_INFO_NULL),
                         MPI_SUCCESS);
        ck_assert_int_eq(class_of(MPI_File_seek(fh, 0, MPI_SEEK_END)), MPI_ERR_ARG);
        MPI_Type_free(&big);
        MPI_Type_free(&tiny);
        MPI_File_close(&fh);
    }
    {
        /* MPI_DISPLACEMENT_CURRENT from a shared pointer past any offset */
        fh = MPI_FILE_NULL;
        MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_WRONLY | MPI_MODE_SEQUENTIAL, MPI_INFO_NULL,
                      &fh);
        MPI_File_set_view(fh, 0, MPI_DOUBLE, MPI_DOUBLE, "native", MPI_INFO_NULL);
        ck_assert_int_eq(MPI_File_seek_shared(fh, ((MPI_Offset)1 << 61) + 1, MPI_SEEK_SET),
                         MPI_SUCCESS);
        ck_assert_int_eq(class_of(MPI_File_set_view(fh, MPI_DISPLACEMENT_CURRENT, MPI_DOUBLE,
                                                    MPI_DOUBLE, "native", MPI_INFO_NULL)),
                         MPI_ERR_ARG);
        MPI_File_close(&fh);
    }
}
END_TEST

START_TEST(test_nonblocking_and_split)
{
    int v[4] = {9, 8, 7, 6}, b[4] = {0}, count = 0, rc, len;
    char msg[MPI_MAX_ERROR_STRING];
    MPI_Request rq;
    MPI_Status st;
    MPI_File fh = open_rw();

    ck_assert_int_eq(MPI_File_iwrite_at(fh, 0, v, 4, MPI_INT, &rq), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&rq, &st), MPI_SUCCESS);
    ck_assert(rq == MPI_REQUEST_NULL);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 4);
    ck_assert_int_eq(MPI_File_iread(fh, b, 4, MPI_INT, &rq), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&rq, &st), MPI_SUCCESS);
    ck_assert_int_eq(memcmp(v, b, sizeof v), 0);
    memset(b, 0, sizeof b);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    ck_assert_int_eq(MPI_File_read_at_all_begin(fh, 4, b, 2, MPI_INT), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_File_read_all_begin(fh, b, 1, MPI_INT)), MPI_ERR_OTHER);
    ck_assert_int_eq(class_of(MPI_File_read_all_end(fh, b, &st)), MPI_ERR_OTHER);
    ck_assert_int_eq(MPI_File_read_at_all_end(fh, b, &st), MPI_SUCCESS);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 2);
    ck_assert_int_eq(b[0], 8);
    ck_assert_int_eq(b[1], 7);
    rc = MPI_File_read_at_all_end(fh, b, &st);
    ck_assert_int_eq(class_of(rc), MPI_ERR_OTHER);
    MPI_Error_string(rc, msg, &len);
    ck_assert_str_eq(msg, "MPI_File_read_at_all_end: no MPI_File_read_at_all_begin is to be "
                          "ended on the file");
    MPI_File_close(&fh);
}
END_TEST

static int file_handler_calls;
static MPI_File file_handler_fh;
static void file_handler(MPI_File *fh, int *code, ...)
{
    file_handler_calls++;
    file_handler_fh = *fh;
    (void)code;
}

START_TEST(test_errors)
{
    int x = 1, amode = 0;
    MPI_File fh = MPI_FILE_NULL, old;
    MPI_Errhandler eh, got;
    MPI_Datatype bad;
    MPI_Aint disps[2] = {8, 0};
    int bl[2] = {1, 1};
    char msg[MPI_MAX_ERROR_STRING];
    int len, rc;

    /* MPI_FILE_NULL's handler returns: errors of open come back */
    rc = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    ck_assert_int_eq(class_of(rc), MPI_ERR_NO_SUCH_FILE);
    MPI_Error_string(rc, msg, &len);
    ck_assert_msg(strstr(msg, "MPI_File_open") && strstr(msg, path), "%s", msg);
    ck_assert_int_eq(class_of(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY | MPI_MODE_CREATE,
                                            MPI_INFO_NULL, &fh)),
                     MPI_ERR_AMODE);
    ck_assert_int_eq(
        class_of(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR | MPI_MODE_SEQUENTIAL,
                               MPI_INFO_NULL, &fh)),
        MPI_ERR_AMODE);
    ck_assert_int_eq(class_of(MPI_File_open(BOGUS_COMM, path, MPI_MODE_RDWR, MPI_INFO_NULL, &fh)),
                     MPI_ERR_COMM);
    ck_assert_int_eq(
        class_of(MPI_File_open(MPI_COMM_WORLD, dir, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh)),
        MPI_ERR_BAD_FILE);
    ck_assert_ptr_eq(fh, MPI_FILE_NULL);
    fh = open_rw();
    ck_assert_int_eq(class_of(MPI_File_open(MPI_COMM_WORLD, path,
                                            MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY,
                                            MPI_INFO_NULL, &old)),
                     MPI_ERR_FILE_EXISTS);
    MPI_File_get_amode(fh, &amode);
    ck_assert_int_eq(amode, MPI_MODE_CREATE | MPI_MODE_RDWR);
    /* a file's handler is MPI_FILE_NULL's as it was at open: returns */
    ck_assert_int_eq(class_of(MPI_File_write_at(fh, -1, &x, 1, MPI_INT, MPI_STATUS_IGNORE)),
                     MPI_ERR_ARG);
    MPI_File_create_errhandler(file_handler, &eh);
    MPI_File_set_errhandler(fh, eh);
    MPI_File_get_errhandler(fh, &got);
    ck_assert(got == eh);
    MPI_Errhandler_free(&got);
    MPI_Type_create_hindexed(2, bl, disps, MPI_INT, &bad);
    MPI_Type_commit(&bad);
    ck_assert_int_eq(class_of(MPI_File_set_view(fh, 0, MPI_INT, bad, "native", MPI_INFO_NULL)),
                     MPI_ERR_ARG); /* displacements decrease */
    ck_assert_int_eq(file_handler_calls, 1);
    ck_assert_ptr_eq(file_handler_fh, fh);
    ck_assert_int_eq(
        class_of(MPI_File_set_view(fh, 0, MPI_DOUBLE, MPI_INT, "native", MPI_INFO_NULL)),
        MPI_ERR_ARG); /* not made of etypes */
    ck_assert_int_eq(class_of(MPI_File_read(fh, &x, -1, MPI_INT, MPI_STATUS_IGNORE)),
                     MPI_ERR_COUNT);
    ck_assert_int_eq(file_handler_calls, 3);
    MPI_Type_free(&bad);
    old = fh;
    ck_assert_int_eq(MPI_File_close(&fh), MPI_SUCCESS);
    /* a closed file's handle names nothing: MPI_FILE_NULL's handler */
    ck_assert_int_eq(class_of(MPI_File_write(old, &x, 1, MPI_INT, MPI_STATUS_IGNORE)),
                     MPI_ERR_FILE);
    ck_assert_int_eq(file_handler_calls, 3);
    MPI_File_set_errhandler(MPI_FILE_NULL, eh);
    MPI_Errhandler_free(&eh);
    ck_assert_int_eq(class_of(MPI_File_get_size(old, &(MPI_Offset){0})), MPI_ERR_FILE);
    ck_assert_int_eq(file_handler_calls, 4);
    ck_assert_ptr_eq(file_handler_fh, MPI_FILE_NULL);
    /* read-only and write-only files */
    ck_assert_int_eq(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh),
                     MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_File_write(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE)),
                     MPI_ERR_READ_ONLY);
    ck_assert_int_eq(class_of(MPI_File_set_size(fh, 0)), MPI_ERR_READ_ONLY);
    MPI_File_close(&fh);
    ck_assert_int_eq(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_SEQUENTIAL,
                                   MPI_INFO_NULL, &fh),
                     MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_File_read_shared(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE)),
                     MPI_ERR_ACCESS);
    ck_assert_int_eq(class_of(MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE)),
                     MPI_ERR_UNSUPPORTED_OPERATION);
    ck_assert_int_eq(MPI_File_write_shared(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    MPI_File_close(&fh);
}
END_TEST

START_TEST(test_manage)
{
    MPI_File fh = open_rw(), back;
    MPI_Offset size = -1;
    MPI_Info info;
    MPI_Group g;
    char val[256];
    int flag = -1, n = 0, gsize = 0;

    ck_assert_int_eq(MPI_File_set_size(fh, 1000), MPI_SUCCESS);
    MPI_File_get_size(fh, &size);
    ck_assert_int_eq(size, 1000);
    ck_assert_int_eq(MPI_File_preallocate(fh, 500), MPI_SUCCESS); /* never shrinks */
    MPI_File_get_size(fh, &size);
    ck_assert_int_eq(size, 1000);
    ck_assert_int_eq(MPI_File_preallocate(fh, 4096), MPI_SUCCESS);
    MPI_File_get_size(fh, &size);
    ck_assert_int_eq(size, 4096);
    ck_assert_int_eq(MPI_File_sync(fh), MPI_SUCCESS);
    MPI_File_get_atomicity(fh, &flag);
    ck_assert_int_eq(flag, 0);
    MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &flag);
    ck_assert_int_eq(flag, 1);
    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_buffer_size", "1048576");
    ck_assert_int_eq(MPI_File_set_info(fh, info), MPI_SUCCESS);
    MPI_Info_free(&info);
    ck_assert_int_eq(MPI_File_get_info(fh, &info), MPI_SUCCESS);
    MPI_Info_get_nkeys(info, &n);
    ck_assert_int_eq(n, 2);
    MPI_Info_get(info, "filename", sizeof val - 1, val, &flag);
    ck_assert(flag);
    ck_assert_str_eq(val, path);
    MPI_Info_get(info, "cb_buffer_size", sizeof val - 1, val, &flag);
    ck_assert_str_eq(val, "1048576");
    MPI_Info_free(&info);
    MPI_File_get_group(fh, &g);
    MPI_Group_size(g, &gsize);
    ck_assert_int_eq(gsize, 1);
    MPI_Group_free(&g);
    back = MPI_File_f2c(MPI_File_c2f(fh));
    ck_assert_ptr_eq(back, fh);
    ck_assert_ptr_eq(MPI_File_f2c(MPI_File_c2f(MPI_FILE_NULL)), MPI_FILE_NULL);
    MPI_File_close(&fh);
    ck_assert_ptr_eq(MPI_File_f2c(12345), MPI_FILE_NULL);
    ck_assert_int_eq(MPI_File_delete(path, MPI_INFO_NULL), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_File_delete(path, MPI_INFO_NULL)), MPI_ERR_NO_SUCH_FILE);
    ck_assert_int_eq(MPI_File_open(MPI_COMM_WORLD, path,
                                   MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE,
                                   MPI_INFO_NULL, &fh),
                     MPI_SUCCESS);
    MPI_File_close(&fh);
    ck_assert_int_ne(access(path, F_OK), 0);
}
END_TEST

/* A derived view type comes back as the program's type (decoded as it
 * was made), a handle the program frees, though it freed its own; the
 * file left open at MPI_Finalize is closed there. */
static int deletes;
static int delete_calls_mpi(MPI_Datatype t, int key, void *val, void *extra)
{
    int rank = -1;

    (void)t, (void)key, (void)val, (void)extra;
    ck_assert_int_eq(MPI_Comm_rank(MPI_COMM_WORLD, &rank), MPI_SUCCESS);
    deletes++;
    return MPI_SUCCESS;
}

START_TEST(test_get_view_and_finalize)
{
    int key;
    MPI_Datatype ft, et, got;
    MPI_Offset disp;
    char rep[MPI_MAX_DATAREP_STRING];
    int combiner, ni, na, nd;
    MPI_File fh = open_rw();

    MPI_Type_vector(2, 1, 3, MPI_INT, &ft);
    MPI_Type_commit(&ft);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, delete_calls_mpi, &key, NULL);
    MPI_Type_set_attr(ft, key, NULL);
    MPI_File_set_view(fh, 12, MPI_INT, ft, "internal", MPI_INFO_NULL);
    MPI_Type_free(&ft);
    ck_assert_int_eq(deletes, 0); /* the view keeps the type */
    ck_assert_int_eq(MPI_File_get_view(fh, &disp, &et, &got, rep), MPI_SUCCESS);
    ck_assert_int_eq(disp, 12);
    ck_assert(et == MPI_INT);
    ck_assert_str_eq(rep, "internal");
    MPI_Type_get_envelope(got, &ni, &na, &nd, &combiner);
    ck_assert_int_eq(combiner, MPI_COMBINER_VECTOR); /* the program's type, given back */
    MPI_Type_free(&got);
    /* the file left open is closed there: its type goes, and the
     * callback that calls MPI runs while MPI still works */
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
}
END_TEST

static Suite *file_suite(void)
{
    Suite *s = suite_create("file");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, file_setup, file_teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_bytes_at_offsets);
    tcase_add_test(tc, test_subarray_view);
    tcase_add_test(tc, test_darray_view);
    tcase_add_test(tc, test_struct_and_strided);
    tcase_add_test(tc, test_large_strided);
    tcase_add_test(tc, test_sieve_edges);
    tcase_add_test(tc, test_external32);
    tcase_add_test(tc, test_user_datarep);
    tcase_add_test(tc, test_pointers);
    tcase_add_test(tc, test_nonblocking_and_split);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_manage);
    tcase_add_test(tc, test_get_view_and_finalize);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(file_suite());
}
