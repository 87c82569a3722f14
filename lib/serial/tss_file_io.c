/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Moving data between memory and a file through its view.
 *
 * An access of (buf, count, datatype) at view offset o moves the packed
 * stream of the buffer to or from bytes [o x etype size, + its size) of
 * the view's stream.  The memory side goes through libtypeshim's typed
 * copy (typeshim_pack_segment/unpack_segment) into a staging buffer of at
 * most 4 MiB a round, or is used in place when the buffer's data is one
 * contiguous block; the file side is the view's blocks for that stream
 * range (typeshim_type_iov), touching ones joined, each moved with one
 * pread/pwrite or, when they are many and small and hold a quarter of
 * the range they span or more, with one request for the range (a write
 * reads it first: data sieving).  A byte view is one block: one request
 * a round.
 *
 * A read stops at the end of the file: the bytes before it are delivered
 * and counted in the status (MPI-4.1 section 14.4.1).  A write past the
 * end extends the file.  Representations other than native convert the
 * whole access in a buffer of its size, with no lock held (a registered
 * representation's functions run): before a write, after a read
 * (external32 through MPI_Pack_external, a registered one through its
 * functions).
 */
#include "typeshim_config.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_file_priv.h"

/* Staging for a non-contiguous buffer, a round at a time. */
#define STAGE ((MPI_Count)4 << 20)
/* Blocks asked of typeshim_type_iov at a time. */
#define NBLK 1024

void tss_file_status(MPI_Status *status, MPI_Count bytes)
{
    if (status == MPI_STATUS_IGNORE || !status)
        return;
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    PMPI_Status_set_cancelled(status, 0);
    PMPI_Status_set_elements_x(status, MPI_BYTE, bytes);
}

/* len bytes between mem and the file at off: the bytes moved (fewer
 * only when a read met the end of the file), or -1 with e filled. */
static MPI_Count posix_io(const char *fn, tss_file_rec *f, int dir, char *mem, MPI_Count len,
                          MPI_Offset off, tss_error *e)
{
    MPI_Count done = 0;

    while (done < len) {
        size_t n = (size_t)(len - done < (MPI_Count)1 << 30 ? len - done : (MPI_Count)1 << 30);
        ssize_t r = dir == TSS_READ ? pread(f->fd, mem + done, n, off + done)
                                    : pwrite(f->fd, mem + done, n, off + done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            tss_fail(e, tss_file_errno_class(errno), "%s: %s at offset %lld of \"%s\": %s", fn,
                     dir == TSS_READ ? "reading" : "writing", (long long)(off + done), f->path,
                     strerror(errno));
            return -1;
        }
        if (r == 0) /* the end of the file (a write of n > 0 never returns 0) */
            break;
        done += r;
    }
    return done;
}

/* Sieving (one request for many small blocks): the file range a batch
 * of blocks covers, at most this long, moved whole when its blocks hold a
 * quarter of it or more and average under SIEVE_BLOCK bytes. */
#define SIEVE       ((MPI_Count)4 << 20)
#define SIEVE_BLOCK ((MPI_Count)64 << 10)

/* Blocks at file offsets base + d[i], l[i] bytes each, n of them. */
typedef struct batch {
    MPI_Offset base;
    const MPI_Aint *d;
    const MPI_Count *l;
    int n;
    MPI_Offset lo, hi; /* the range they cover */
    MPI_Count data;    /* their bytes */
} batch;

/* Whether the batch is worth one request: a write sieves by reading the
 * range first, which a write-only file cannot, and which could undo
 * another process's write between the two in atomic mode. */
static int sieves(const tss_file_rec *f, int dir, const batch *b)
{
    int access = f->amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR);

    if (b->n < 2 || b->hi - b->lo > SIEVE || b->data * 4 < b->hi - b->lo ||
        b->data / b->n >= SIEVE_BLOCK)
        return 0;
    return dir == TSS_READ || (access == MPI_MODE_RDWR && !f->atomic);
}

/* The batch through one read of its range into *sb (grown as needed,
 * the caller frees it) and, for a write, one write back: the bytes of
 * data moved (fewer at the end of the file), or -1 with e filled. */
static MPI_Count sieve_io(const char *fn, tss_file_rec *f, int dir, const batch *b, char *mem,
                          char **sb, MPI_Count *cap, tss_error *e)
{
    MPI_Count span = b->hi - b->lo, got, done = 0;

    if (*cap < span) {
        char *grown = tss_malloc((size_t)span);
        if (!grown) {
            tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for a %lld-byte sieve", fn,
                     (long long)span);
            return -1;
        }
        tss_free(*sb);
        *sb = grown;
        *cap = span;
    }
    if ((got = posix_io(fn, f, TSS_READ, *sb, span, b->lo, e)) < 0)
        return -1;
    if (dir == TSS_WRITE && got < span) /* past the end: a hole reads zeros */
        memset(*sb + got, 0, (size_t)(span - got));
    for (int i = 0; i < b->n; i++) {
        MPI_Count off = b->base + b->d[i] - b->lo, take = b->l[i];
        if (dir == TSS_READ) {
            take = off >= got ? 0 : take < got - off ? take : got - off;
            memcpy(mem + done, *sb + off, (size_t)take);
        } else {
            memcpy(*sb + off, mem + done, (size_t)take);
        }
        done += take;
        if (take < b->l[i])
            return done;
    }
    if (dir == TSS_WRITE && posix_io(fn, f, TSS_WRITE, *sb, span, b->lo, e) < 0)
        return -1;
    return done;
}

/* Bytes [s, s + len) of the view's stream to or from mem: the bytes
 * moved, or -1 with e filled. */
static MPI_Count view_io(const char *fn, tss_file_rec *f, int dir, MPI_Offset s, MPI_Count len,
                         char *mem, tss_error *e)
{
    const tss_view *v = &f->view;
    MPI_Offset k0 = s / v->fsize, base, off;
    MPI_Count within = s - k0 * v->fsize, at = within, end = within + len, tiles, done = 0, got;
    MPI_Count cap = 0;
    MPI_Aint d[NBLK];
    MPI_Count l[NBLK];
    char *sb = NULL;
    int n, rc = MPI_SUCCESS;

    if (v->flat) {
        if (tss_view_offset(fn, v, s, &off, e) != MPI_SUCCESS)
            return -1;
        return posix_io(fn, f, dir, mem, len, off, e);
    }
    if (__builtin_mul_overflow(k0, (MPI_Offset)v->fext, &base) ||
        __builtin_add_overflow(base, v->disp, &base)) {
        tss_fail(e, MPI_ERR_ARG, "%s: the data lies past the largest file offset", fn);
        return -1;
    }
    tiles = (end + v->fsize - 1) / v->fsize;
    while (at < end) {
        batch b = {base, d, l, 0, 0, 0, 0};
        tss_quiet_begin();
        rc = typeshim_type_iov(tiles, v->filetype, at, end, d, l, NBLK, &n, &at);
        tss_quiet_end();
        if (rc != MPI_SUCCESS) {
            tss_fail(e, rc, "%s: out of memory walking the filetype", fn);
            goto fail;
        }
        b.n = n;
        for (int i = 0; i < n; i++) { /* every offset checked once */
            if (__builtin_add_overflow(base, (MPI_Offset)d[i], &off) ||
                __builtin_add_overflow(off, (MPI_Offset)l[i], &(MPI_Offset){0})) {
                tss_fail(e, MPI_ERR_ARG, "%s: the data lies past the largest file offset", fn);
                goto fail;
            }
            b.lo = i == 0 || off < b.lo ? off : b.lo;
            b.hi = off + l[i] > b.hi ? off + l[i] : b.hi;
            b.data += l[i];
        }
        if (sieves(f, dir, &b)) {
            if ((got = sieve_io(fn, f, dir, &b, mem + done, &sb, &cap, e)) < 0)
                goto fail;
            done += got;
            if (got < b.data)
                break;
            continue;
        }
        for (int i = 0; i < n; i++) {
            if ((got = posix_io(fn, f, dir, mem + done, l[i], base + d[i], e)) < 0)
                goto fail;
            done += got;
            if (got < l[i])
                goto out;
        }
    }
out:
    tss_free(sb);
    return done;
fail:
    tss_free(sb);
    return -1;
}

/* The n bytes of (buf, count, type) to or from stream byte s: *moved
 * gets the bytes moved. */
static int move(const char *fn, tss_file_rec *f, int dir, MPI_Offset s, const void *buf,
                MPI_Count count, MPI_Datatype type, MPI_Count n, MPI_Count *moved, tss_error *e)
{
    MPI_Aint md = 0;
    MPI_Count ml, mnext = 0, done = 0, len, got;
    char *stage = NULL, *mem;
    int mn, rc = MPI_SUCCESS;

    /* one block: the buffer is used in place */
    tss_quiet_begin();
    rc = typeshim_type_iov(count, type, 0, n, &md, &ml, 1, &mn, &mnext);
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        return tss_fail(e, rc, "%s: out of memory walking the datatype", fn);
    if (mnext != n && !(stage = tss_malloc((size_t)(n < STAGE ? n : STAGE))))
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for %lld bytes of staging", fn,
                        (long long)(n < STAGE ? n : STAGE));
    while (done < n) {
        len = stage ? (n - done < STAGE ? n - done : STAGE) : n - done;
        mem = stage ? stage : (char *)((uintptr_t)buf + (uintptr_t)md) + done;
        tss_quiet_begin();
        if (stage && dir == TSS_WRITE)
            rc = typeshim_pack_segment(buf, count, type, done, done + len, stage);
        tss_quiet_end();
        if (rc != MPI_SUCCESS) {
            rc = tss_fail(e, rc, "%s: packing the buffer failed", fn);
            break;
        }
        if ((got = view_io(fn, f, dir, s + done, len, mem, e)) < 0) {
            rc = e->cls;
            break;
        }
        tss_quiet_begin();
        if (stage && dir == TSS_READ && got > 0)
            rc = typeshim_unpack_segment(stage, done, done + got, (void *)(uintptr_t)buf, count,
                                         type);
        tss_quiet_end();
        if (rc != MPI_SUCCESS) {
            rc = tss_fail(e, rc, "%s: unpacking into the buffer failed", fn);
            break;
        }
        done += got;
        if (got < len)
            break;
    }
    tss_free(stage);
    *moved = done;
    return rc;
}

/* A representation's conversion function, either form. */
typedef int conv_int(void *, MPI_Datatype, int, void *, MPI_Offset, void *);
typedef int conv_c(void *, MPI_Datatype, MPI_Count, void *, MPI_Offset, void *);

static int convert(const tss_datarep *r, int dir, void *user, MPI_Datatype type, MPI_Count count,
                   void *file)
{
    void (*fn)(void) = dir == TSS_READ ? r->read_fn : r->write_fn;

    if (r->large)
        return ((conv_c *)fn)(user, type, count, file, 0, r->state);
    return ((conv_int *)fn)(user, type, (int)count, file, 0, r->state);
}

static int too_many(const char *fn, const tss_repr *r, MPI_Count count, tss_error *e)
{
    if (r->kind == TSS_REP_USER && !r->user.large && count > INT_MAX)
        return tss_fail(e, MPI_ERR_COUNT,
                        "%s(count=%lld): representation \"%s\" converts int counts (registered "
                        "by MPI_Register_datarep, not _c)",
                        fn, (long long)count, r->name);
    return MPI_SUCCESS;
}

int tss_rep_encode(const char *fn, const tss_repr *r, const void *buf, MPI_Count count,
                   MPI_Datatype type, MPI_Count n, char **file, tss_error *e)
{
    MPI_Count pos = 0;
    int rc;

    *file = NULL;
    if ((rc = too_many(fn, r, count, e)) != MPI_SUCCESS)
        return rc;
    if (!(*file = tss_malloc((size_t)(n ? n : 1))))
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for %lld bytes to convert", fn,
                        (long long)n);
    tss_quiet_begin();
    if (r->kind == TSS_REP_EXTERNAL32)
        rc = PMPI_Pack_external_c("external32", buf, count, type, *file, n, &pos);
    else if (!r->user.write_fn) /* MPI_CONVERSION_FN_NULL: the bytes as they are */
        rc = typeshim_pack_segment(buf, count, type, 0, n, *file);
    else
        rc = convert(&r->user, TSS_WRITE, (void *)(uintptr_t)buf, type, count, *file);
    tss_quiet_end();
    if (rc != MPI_SUCCESS) {
        tss_free(*file);
        *file = NULL;
        return tss_fail(e, rc, "%s: converting to representation \"%s\" failed", fn, r->name);
    }
    return MPI_SUCCESS;
}

int tss_rep_decode(const char *fn, const tss_repr *r, const char *file, MPI_Count *got, void *buf,
                   MPI_Count count, MPI_Datatype type, MPI_Count n, tss_error *e)
{
    MPI_Count pos = 0, whole = count ? *got / (n / count) : 0;
    int rc;

    /* the whole elements read are converted, and counted */
    *got = count ? whole * (n / count) : 0;
    if (whole == 0)
        return MPI_SUCCESS;
    if ((rc = too_many(fn, r, whole, e)) != MPI_SUCCESS)
        return rc;
    tss_quiet_begin();
    if (r->kind == TSS_REP_EXTERNAL32)
        rc = PMPI_Unpack_external_c("external32", file, *got, &pos, buf, whole, type);
    else if (!r->user.read_fn)
        rc = typeshim_unpack_segment(file, 0, *got, buf, count, type);
    else
        rc = convert(&r->user, TSS_READ, buf, type, whole, (void *)(uintptr_t)file);
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        return tss_fail(e, rc, "%s: converting from representation \"%s\" failed", fn, r->name);
    return MPI_SUCCESS;
}

int tss_file_xfer(const char *fn, tss_file_rec *f, int dir, MPI_Offset offset, const void *buf,
                  MPI_Count count, MPI_Datatype type, MPI_Count *bytes, tss_error *e)
{
    int access = f->amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR), rc;
    MPI_Offset s;
    MPI_Count n;

    *bytes = 0;
    if (dir == TSS_WRITE && access == MPI_MODE_RDONLY)
        return tss_fail(e, MPI_ERR_READ_ONLY, "%s: \"%s\" was opened MPI_MODE_RDONLY", fn, f->path);
    if (dir == TSS_READ && access == MPI_MODE_WRONLY)
        return tss_fail(e, MPI_ERR_ACCESS, "%s: \"%s\" was opened MPI_MODE_WRONLY", fn, f->path);
    if (offset < 0)
        return tss_fail(e, MPI_ERR_ARG, "%s(offset=%lld): an offset cannot be negative", fn,
                        (long long)offset);
    if ((rc = tss_type_check(fn, "datatype", buf, count, type,
                             dir == TSS_READ ? TSS_SIDE_RECV : TSS_SIDE_SEND, &n, e)) !=
        MPI_SUCCESS)
        return rc;
    if (n == 0)
        return MPI_SUCCESS;
    if (n % f->view.esize)
        return tss_fail(e, MPI_ERR_TYPE,
                        "%s(datatype): %lld bytes are no whole number of etypes (of %lld bytes, "
                        "MPI-4.1 section 14.4.1)",
                        fn, (long long)n, (long long)f->view.esize);
    if (__builtin_mul_overflow(offset, (MPI_Offset)f->view.esize, &s) ||
        __builtin_add_overflow(s, (MPI_Offset)n, &(MPI_Offset){0}))
        return tss_fail(e, MPI_ERR_ARG, "%s(offset=%lld): past the largest file offset", fn,
                        (long long)offset);
    return move(fn, f, dir, s, buf, count, type, n, bytes, e);
}
