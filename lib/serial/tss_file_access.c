/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The data-access calls of MPI-IO (MPI-4.1 section 14.4) and the file
 * pointers: explicit offsets (_at), the individual file pointer, the
 * shared file pointer (_shared, _ordered), each blocking, collective
 * (_all), nonblocking (MPI_File_i...) and split collective (_begin,
 * _end), with their large-count (_c) forms; MPI_File_seek(_shared),
 * MPI_File_get_position(_shared).
 *
 * On one process a collective access is the process's own access, the
 * shared file pointer is a second pointer (ordered accesses follow it
 * like shared ones), and a nonblocking or split access does its work
 * when it starts: its request, or the _end call, only hands over the
 * status.  The pointers count etypes of the current view; an access
 * advances them by the whole etypes it moved.  A file opened
 * MPI_MODE_SEQUENTIAL allows the shared pointer only (MPI-4.1 section
 * 14.2.1).
 */
#include "typeshim_config.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_file_priv.h"

enum where { AT, IND, SHARED };

/* An access as its call gave it. */
typedef struct acc {
    const char *fn;
    int dir;   /* TSS_READ, TSS_WRITE */
    int where; /* enum where */
    int coll;  /* a collective call (_all, _ordered, split) */
    MPI_Offset offset;
    const void *buf;
    MPI_Count count;
    MPI_Datatype type;
    MPI_Status *status;   /* FORM_STATUS's */
    MPI_Request *request; /* FORM_REQUEST's */
    int form;
} acc;

/* Blocking, nonblocking, split collective _begin. */
enum { FORM_STATUS, FORM_REQUEST, FORM_BEGIN };

/* NULL is no place for a status but where it is MPI_STATUS_IGNORE (Open
 * MPI's ABI). */
static int bad_status(const MPI_Status *status)
{
    return !status && (const void *)MPI_STATUS_IGNORE != NULL;
}

/* f->mu held.  The checks of a's mode and split-collective state. */
static int access_allowed(const acc *a, const tss_file_rec *f, tss_error *e)
{
    if (a->where != SHARED && (f->amode & MPI_MODE_SEQUENTIAL))
        return tss_fail(e, MPI_ERR_UNSUPPORTED_OPERATION,
                        "%s: \"%s\" was opened MPI_MODE_SEQUENTIAL, which allows the shared file "
                        "pointer only",
                        a->fn, f->path);
    if (a->coll && f->split)
        return tss_fail(e, MPI_ERR_OTHER,
                        "%s: %s is still to be ended: no other collective access may start on "
                        "the file (MPI-4.1 section 14.4.5)",
                        a->fn, f->split);
    return MPI_SUCCESS;
}

/* f->mu held.  The access itself, bytes as they are: (buf, count,
 * type) to or from the position, which advances; *bytes gets what
 * moved. */
static int locked_access(const acc *a, tss_file_rec *f, const void *buf, MPI_Count count,
                         MPI_Datatype type, MPI_Count *bytes, tss_error *e)
{
    MPI_Offset *ptr = a->where == AT ? NULL : a->where == IND ? &f->ind : &f->shared;
    MPI_Offset at = ptr ? *ptr : a->offset;
    int rc;

    if ((rc = access_allowed(a, f, e)) != MPI_SUCCESS ||
        (rc = tss_file_xfer(a->fn, f, a->dir, at, buf, count, type, bytes, e)) != MPI_SUCCESS)
        return rc;
    if (ptr)
        *ptr = at + *bytes / f->view.esize;
    if (a->form == FORM_BEGIN) { /* its status follows, once known */
        f->split = a->fn;
        f->split_buf = a->buf;
    }
    return MPI_SUCCESS;
}

static int file_access(MPI_File fh, acc a)
{
    tss_file_rec *f;
    MPI_Count bytes = 0, n = 0;
    MPI_Status st;
    tss_repr r;
    tss_error e;
    char *conv = NULL;
    int rc = tss_file_check(a.fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((a.form == FORM_STATUS && bad_status(a.status)) || (a.form == FORM_REQUEST && !a.request))
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", a.fn,
                              a.form == FORM_STATUS ? "status" : "request");
    /* a representation that converts does it with no lock held (its
     * functions are the program's): the file bytes of a write first, the
     * memory of a read after */
    tss_file_rep(f, &r);
    if (r.kind != TSS_REP_NATIVE &&
        (rc = tss_type_check(a.fn, "datatype", a.buf, a.count, a.type,
                             a.dir == TSS_READ ? TSS_SIDE_RECV : TSS_SIDE_SEND, &n, &e)) ==
            MPI_SUCCESS &&
        n > 0 && (rc = tss_rep_same_size(a.fn, &r, "datatype", a.type, &e)) == MPI_SUCCESS)
        rc =
            a.dir == TSS_WRITE
                ? tss_rep_encode(a.fn, &r, a.buf, a.count, a.type, n, &conv, &e)
                : ((conv = tss_malloc((size_t)n))
                       ? MPI_SUCCESS
                       : tss_fail(&e, MPI_ERR_NO_MEM, "%s: out of memory for %lld bytes to convert",
                                  a.fn, (long long)n));
    if (rc != MPI_SUCCESS)
        return tss_raise_file(fh, rc, "%s", e.text);
    pthread_mutex_lock(&f->mu);
    rc = conv ? locked_access(&a, f, conv, n, MPI_BYTE, &bytes, &e)
              : locked_access(&a, f, a.buf, a.count, a.type, &bytes, &e);
    pthread_mutex_unlock(&f->mu);
    if (rc == MPI_SUCCESS && conv && a.dir == TSS_READ)
        rc = tss_rep_decode(a.fn, &r, conv, &bytes, (void *)(uintptr_t)a.buf, a.count, a.type, n,
                            &e);
    tss_free(conv);
    if (rc != MPI_SUCCESS)
        return tss_raise_file(fh, rc, "%s", e.text);
    tss_file_status(&st, bytes);
    if (a.form == FORM_BEGIN) {
        pthread_mutex_lock(&f->mu);
        f->split_status = st;
        pthread_mutex_unlock(&f->mu);
    }
    if (a.form == FORM_STATUS)
        tss_file_status(a.status, bytes);
    if (a.form == FORM_REQUEST && tss_req_done_with(MPI_COMM_SELF, &st, a.request) != MPI_SUCCESS)
        return tss_raise_file(fh, MPI_ERR_NO_MEM, "%s: out of memory for a request", a.fn);
    return MPI_SUCCESS;
}

/* The _end call of a split collective begun by `begun` (its name). */
static int split_end(const char *fn, const char *begun, MPI_File fh, const void *buf,
                     MPI_Status *status)
{
    tss_file_rec *f;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (bad_status(status))
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(status=NULL): Invalid argument", fn);
    pthread_mutex_lock(&f->mu);
    /* the int and _c forms of a begin end alike */
    if (!f->split || strncmp(f->split, begun, strlen(begun)) ||
        (f->split[strlen(begun)] != '\0' && strcmp(f->split + strlen(begun), "_c")))
        rc = tss_fail(&e, MPI_ERR_OTHER, "%s: no %s is to be ended on the file%s%s%s", fn, begun,
                      f->split ? " (active: " : "", f->split ? f->split : "", f->split ? ")" : "");
    else if (buf != f->split_buf)
        rc = tss_fail(&e, MPI_ERR_BUFFER,
                      "%s(buf): not the buffer the split collective began with (MPI-4.1 "
                      "section 14.4.5)",
                      fn);
    else {
        if (status != MPI_STATUS_IGNORE && status)
            *status = f->split_status;
        f->split = NULL;
    }
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

/* ----------------------------------------------------------- the calls */

#define ENTRY(Name, Params, ...)                                                                   \
    TSS_WEAK_ALIAS(MPI_File_##Name, PMPI_File_##Name)                                              \
    int PMPI_File_##Name Params                                                                    \
    {                                                                                              \
        return file_access(fh, (acc){"MPI_File_" #Name, __VA_ARGS__});                             \
    }

/* Explicit offsets: status, request, split begin; int and _c forms. */
#define AT_STATUS(Name, Buft, Dir, Coll)                                                           \
    ENTRY(Name,                                                                                    \
          (MPI_File fh, MPI_Offset offset, Buft buf, int count, MPI_Datatype datatype,             \
           MPI_Status *status),                                                                    \
          Dir, AT, Coll, offset, buf, count, datatype, status, NULL, FORM_STATUS)                  \
    ENTRY(Name##_c,                                                                                \
          (MPI_File fh, MPI_Offset offset, Buft buf, MPI_Count count, MPI_Datatype datatype,       \
           MPI_Status * status),                                                                   \
          Dir, AT, Coll, offset, buf, count, datatype, status, NULL, FORM_STATUS)
#define AT_REQUEST(Name, Buft, Dir, Coll)                                                          \
    ENTRY(Name,                                                                                    \
          (MPI_File fh, MPI_Offset offset, Buft buf, int count, MPI_Datatype datatype,             \
           MPI_Request *request),                                                                  \
          Dir, AT, Coll, offset, buf, count, datatype, NULL, request, FORM_REQUEST)                \
    ENTRY(Name##_c,                                                                                \
          (MPI_File fh, MPI_Offset offset, Buft buf, MPI_Count count, MPI_Datatype datatype,       \
           MPI_Request * request),                                                                 \
          Dir, AT, Coll, offset, buf, count, datatype, NULL, request, FORM_REQUEST)
#define AT_BEGIN(Name, Buft, Dir)                                                                  \
    ENTRY(Name, (MPI_File fh, MPI_Offset offset, Buft buf, int count, MPI_Datatype datatype), Dir, \
          AT, 1, offset, buf, count, datatype, NULL, NULL, FORM_BEGIN)                             \
    ENTRY(Name##_c,                                                                                \
          (MPI_File fh, MPI_Offset offset, Buft buf, MPI_Count count, MPI_Datatype datatype), Dir, \
          AT, 1, offset, buf, count, datatype, NULL, NULL, FORM_BEGIN)
/* A file pointer (IND or SHARED): the same three. */
#define PTR_STATUS(Name, Buft, Dir, Where, Coll)                                                   \
    ENTRY(Name, (MPI_File fh, Buft buf, int count, MPI_Datatype datatype, MPI_Status *status),     \
          Dir, Where, Coll, 0, buf, count, datatype, status, NULL, FORM_STATUS)                    \
    ENTRY(Name##_c,                                                                                \
          (MPI_File fh, Buft buf, MPI_Count count, MPI_Datatype datatype, MPI_Status * status),    \
          Dir, Where, Coll, 0, buf, count, datatype, status, NULL, FORM_STATUS)
#define PTR_REQUEST(Name, Buft, Dir, Where, Coll)                                                  \
    ENTRY(Name, (MPI_File fh, Buft buf, int count, MPI_Datatype datatype, MPI_Request *request),   \
          Dir, Where, Coll, 0, buf, count, datatype, NULL, request, FORM_REQUEST)                  \
    ENTRY(Name##_c,                                                                                \
          (MPI_File fh, Buft buf, MPI_Count count, MPI_Datatype datatype, MPI_Request * request),  \
          Dir, Where, Coll, 0, buf, count, datatype, NULL, request, FORM_REQUEST)
#define PTR_BEGIN(Name, Buft, Dir, Where)                                                          \
    ENTRY(Name, (MPI_File fh, Buft buf, int count, MPI_Datatype datatype), Dir, Where, 1, 0, buf,  \
          count, datatype, NULL, NULL, FORM_BEGIN)                                                 \
    ENTRY(Name##_c, (MPI_File fh, Buft buf, MPI_Count count, MPI_Datatype datatype), Dir, Where,   \
          1, 0, buf, count, datatype, NULL, NULL, FORM_BEGIN)
#define END(Name, Buft, Begun)                                                                     \
    TSS_WEAK_ALIAS(MPI_File_##Name, PMPI_File_##Name)                                              \
    int PMPI_File_##Name(MPI_File fh, Buft buf, MPI_Status *status)                                \
    {                                                                                              \
        return split_end("MPI_File_" #Name, Begun, fh, buf, status);                               \
    }

AT_STATUS(read_at, void *, TSS_READ, 0)
AT_STATUS(read_at_all, void *, TSS_READ, 1)
AT_STATUS(write_at, const void *, TSS_WRITE, 0)
AT_STATUS(write_at_all, const void *, TSS_WRITE, 1)
AT_REQUEST(iread_at, void *, TSS_READ, 0)
AT_REQUEST(iread_at_all, void *, TSS_READ, 1)
AT_REQUEST(iwrite_at, const void *, TSS_WRITE, 0)
AT_REQUEST(iwrite_at_all, const void *, TSS_WRITE, 1)
AT_BEGIN(read_at_all_begin, void *, TSS_READ)
AT_BEGIN(write_at_all_begin, const void *, TSS_WRITE)
END(read_at_all_end, void *, "MPI_File_read_at_all_begin")
END(write_at_all_end, const void *, "MPI_File_write_at_all_begin")

PTR_STATUS(read, void *, TSS_READ, IND, 0)
PTR_STATUS(read_all, void *, TSS_READ, IND, 1)
PTR_STATUS(write, const void *, TSS_WRITE, IND, 0)
PTR_STATUS(write_all, const void *, TSS_WRITE, IND, 1)
PTR_REQUEST(iread, void *, TSS_READ, IND, 0)
PTR_REQUEST(iread_all, void *, TSS_READ, IND, 1)
PTR_REQUEST(iwrite, const void *, TSS_WRITE, IND, 0)
PTR_REQUEST(iwrite_all, const void *, TSS_WRITE, IND, 1)
PTR_BEGIN(read_all_begin, void *, TSS_READ, IND)
PTR_BEGIN(write_all_begin, const void *, TSS_WRITE, IND)
END(read_all_end, void *, "MPI_File_read_all_begin")
END(write_all_end, const void *, "MPI_File_write_all_begin")

PTR_STATUS(read_shared, void *, TSS_READ, SHARED, 0)
PTR_STATUS(write_shared, const void *, TSS_WRITE, SHARED, 0)
PTR_STATUS(read_ordered, void *, TSS_READ, SHARED, 1)
PTR_STATUS(write_ordered, const void *, TSS_WRITE, SHARED, 1)
PTR_REQUEST(iread_shared, void *, TSS_READ, SHARED, 0)
PTR_REQUEST(iwrite_shared, const void *, TSS_WRITE, SHARED, 0)
PTR_BEGIN(read_ordered_begin, void *, TSS_READ, SHARED)
PTR_BEGIN(write_ordered_begin, const void *, TSS_WRITE, SHARED)
END(read_ordered_end, void *, "MPI_File_read_ordered_begin")
END(write_ordered_end, const void *, "MPI_File_write_ordered_begin")

/* ------------------------------------------------------------- pointers */

/* MPI_File_seek(_shared): the pointer of `shared` moved as whence says
 * (MPI_SEEK_END: from the end of the file in the view's etypes). */
static int seek(const char *fn, MPI_File fh, MPI_Offset offset, int whence, int shared)
{
    tss_file_rec *f;
    MPI_Offset base = 0, to;
    struct stat st;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&f->mu);
    if (!shared && (f->amode & MPI_MODE_SEQUENTIAL))
        rc = tss_fail(&e, MPI_ERR_UNSUPPORTED_OPERATION,
                      "%s: \"%s\" was opened MPI_MODE_SEQUENTIAL, which has no individual file "
                      "pointer",
                      fn, f->path);
    else if (whence == MPI_SEEK_CUR)
        base = shared ? f->shared : f->ind;
    else if (whence == MPI_SEEK_END) {
        if (fstat(f->fd, &st) != 0)
            rc = tss_fail(&e, tss_file_errno_class(errno), "%s: %s", fn, strerror(errno));
        else
            rc = tss_view_eof(fn, &f->view, st.st_size, &base, &e);
    } else if (whence != MPI_SEEK_SET)
        rc = tss_fail(&e, MPI_ERR_ARG,
                      "%s(whence=%d): MPI_SEEK_SET, MPI_SEEK_CUR or MPI_SEEK_END is needed", fn,
                      whence);
    if (rc == MPI_SUCCESS && (__builtin_add_overflow(base, offset, &to) || to < 0))
        rc = tss_fail(&e, MPI_ERR_ARG,
                      "%s(offset=%lld): the pointer would be at %s (MPI-4.1 section 14.4.4)", fn,
                      (long long)offset, to < 0 ? "a negative offset" : "no offset");
    if (rc == MPI_SUCCESS)
        *(shared ? &f->shared : &f->ind) = to;
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_File_seek, PMPI_File_seek)
int PMPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
    return seek("MPI_File_seek", fh, offset, whence, 0);
}

TSS_WEAK_ALIAS(MPI_File_seek_shared, PMPI_File_seek_shared)
int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
{
    return seek("MPI_File_seek_shared", fh, offset, whence, 1);
}

static int position(const char *fn, MPI_File fh, MPI_Offset *offset, int shared)
{
    tss_file_rec *f;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!offset)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(offset=NULL): Invalid argument", fn);
    if (!shared && (f->amode & MPI_MODE_SEQUENTIAL))
        return tss_raise_file(fh, MPI_ERR_UNSUPPORTED_OPERATION,
                              "%s: \"%s\" was opened MPI_MODE_SEQUENTIAL, which has no "
                              "individual file pointer",
                              fn, f->path);
    pthread_mutex_lock(&f->mu);
    *offset = shared ? f->shared : f->ind;
    pthread_mutex_unlock(&f->mu);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_get_position, PMPI_File_get_position)
int PMPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
    return position("MPI_File_get_position", fh, offset, 0);
}

TSS_WEAK_ALIAS(MPI_File_get_position_shared, PMPI_File_get_position_shared)
int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset)
{
    return position("MPI_File_get_position_shared", fh, offset, 1);
}
