/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Files of MPI-IO on one process (MPI-4.1 chapter 14): the table,
 * MPI_File_open, MPI_File_close, MPI_File_delete, MPI_File_get_group,
 * MPI_File_get_amode and, in MPICH's ABI, MPI_File_c2f/f2c (Open MPI's
 * are in tss_ompi_f2c.c).  Sizes, hints and atomicity are in
 * tss_file_manage.c, views in tss_file_view.c, data access in
 * tss_file_access.c over tss_file_io.c (tss_file_priv.h declares what
 * they share).
 *
 * A file is a POSIX file descriptor.  Handles (object/tso_abi.h) are
 * words of their own kind (0xb4000000, a 10-bit generation, the slot) in
 * a pointer-sized handle, since both ABIs make MPI_File a pointer: a
 * closed file's handle is refused for a million files opened after it.
 * The group of a file is the group of its communicator, which on one
 * process is the process.
 */
#include "typeshim_config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_file_priv.h"
#include "tss_info_priv.h"

pthread_mutex_t tss_file_mutex = PTHREAD_MUTEX_INITIALIZER;
static tso_table files = TSO_TABLE(TSO_FILE, &tss_tso_alloc); /* tss_file_mutex */
/* MPI_FILE_NULL's handler (under tss_lock): errors of MPI_File_open and
 * of calls given no file go there; MPI_ERRORS_RETURN by default (MPI-4.1
 * section 14.7). */
static MPI_Errhandler null_eh = MPI_ERRORS_RETURN;

/* tss_file_mutex held.  The record of an open file, or NULL.  The handle
 * must be the word itself: in MPICH's ABI a pointer whose low half
 * happens to be a live word is no file. */
static tss_file_rec *lookup(MPI_File fh)
{
    uint32_t idx, w = TSO_WORD(fh);
    tss_file_rec *f;

    if (!w || TSO_HANDLE(MPI_File, w) != fh || tso_find(&files, w, &idx) != TSO_LIVE)
        return NULL;
    f = *tso_obj(&files, idx);
    return f;
}

static tss_file_rec *find(MPI_File fh)
{
    tss_file_rec *f;

    pthread_mutex_lock(&tss_file_mutex);
    f = lookup(fh);
    pthread_mutex_unlock(&tss_file_mutex);
    return f;
}

int tss_file_check(const char *fn, MPI_File fh, tss_file_rec **f)
{
    const char *why;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&tss_file_mutex);
    *f = lookup(fh);
    why = *f                    ? NULL
          : fh == MPI_FILE_NULL ? "MPI_FILE_NULL"
          : TSO_WORD(fh)        ? tso_why(&files, TSO_WORD(fh))
                                : "never opened";
    pthread_mutex_unlock(&tss_file_mutex);
    if (!*f)
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_FILE,
                              "%s(fh=" TSS_HFMT "): Invalid file handle (%s)", fn, TSS_HARG(fh),
                              why);
    return MPI_SUCCESS;
}

MPI_Errhandler *tss_file_eh(MPI_File fh)
{
    tss_file_rec *f = fh == MPI_FILE_NULL ? NULL : find(fh);

    return f ? &f->eh : &null_eh;
}

void tss_file_label(MPI_File fh, char *buf, size_t len)
{
    tss_file_rec *f = fh == MPI_FILE_NULL ? NULL : find(fh);

    if (f)
        snprintf(buf, len, "file %s", f->path);
    else
        snprintf(buf, len, "MPI_FILE_NULL");
}

/* ----------------------------------------------------------------- open */

/* The name without a ROMIO file-system prefix ("ufs:data"), which
 * programs written for MPICH may give. */
static const char *strip_prefix(const char *name)
{
    static const char *const fs[] = {"ufs:", "nfs:",  "pvfs2:",  "lustre:", "gpfs:",   "panfs:",
                                     "xfs:", "daos:", "testfs:", "ime:",    "quobyte:"};

    for (size_t i = 0; i < sizeof fs / sizeof *fs; i++)
        if (!strncmp(name, fs[i], strlen(fs[i])))
            return name + strlen(fs[i]);
    return name;
}

int tss_file_errno_class(int err)
{
    switch (err) {
    case ENOENT:
        return MPI_ERR_NO_SUCH_FILE;
    case EACCES:
    case EPERM:
        return MPI_ERR_ACCESS;
    case EEXIST:
        return MPI_ERR_FILE_EXISTS;
    case ENOSPC:
        return MPI_ERR_NO_SPACE;
    case EDQUOT:
        return MPI_ERR_QUOTA;
    case EROFS:
        return MPI_ERR_READ_ONLY;
    case ENAMETOOLONG:
    case ENOTDIR:
    case EISDIR:
    case ELOOP:
        return MPI_ERR_BAD_FILE;
    case ENOMEM:
        return MPI_ERR_NO_MEM;
    default:
        return MPI_ERR_IO;
    }
}

/* The amode rules of MPI-4.1 section 14.2.1; NULL when amode keeps them. */
static const char *amode_why(int amode)
{
    int access = amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR);
    int known = MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR | MPI_MODE_CREATE |
                MPI_MODE_EXCL | MPI_MODE_DELETE_ON_CLOSE | MPI_MODE_UNIQUE_OPEN | MPI_MODE_APPEND |
                MPI_MODE_SEQUENTIAL;

    if (amode & ~known)
        return "a bit that names no MPI_MODE_ constant";
    if (access != MPI_MODE_RDONLY && access != MPI_MODE_WRONLY && access != MPI_MODE_RDWR)
        return "exactly one of MPI_MODE_RDONLY, MPI_MODE_WRONLY, MPI_MODE_RDWR is needed";
    if (access == MPI_MODE_RDONLY && (amode & (MPI_MODE_CREATE | MPI_MODE_EXCL)))
        return "MPI_MODE_CREATE and MPI_MODE_EXCL cannot go with MPI_MODE_RDONLY";
    if (access == MPI_MODE_RDWR && (amode & MPI_MODE_SEQUENTIAL))
        return "MPI_MODE_SEQUENTIAL cannot go with MPI_MODE_RDWR";
    return NULL;
}

/* The permissions of a created file: the "file_perm" hint (octal, MPI-4.1
 * section 14.2.8), else 0666 less the umask as open(2) applies it. */
static mode_t file_perm(const tss_info *hints)
{
    for (int i = 0; hints && i < hints->n; i++)
        if (!strcmp(hints->e[i].key, "file_perm")) {
            char *end;
            long m = strtol(hints->e[i].val, &end, 8);
            if (*end == '\0' && m >= 0 && m <= 07777)
                return (mode_t)m;
        }
    return 0666;
}

/* Opens path as amode says into f (fields set but fd); MPI_SUCCESS or a
 * class with e filled. */
static int open_fd(const char *fn, tss_file_rec *f, tss_error *e)
{
    int access = f->amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR);
    int flags = (access == MPI_MODE_RDONLY   ? O_RDONLY
                 : access == MPI_MODE_WRONLY ? O_WRONLY
                                             : O_RDWR) |
                O_CLOEXEC;
    struct stat st;

    if (f->amode & MPI_MODE_CREATE)
        flags |= O_CREAT;
    if (f->amode & MPI_MODE_EXCL)
        flags |= O_EXCL;
    do
        f->fd = open(f->path, flags, file_perm(f->hints));
    while (f->fd < 0 && errno == EINTR);
    if (f->fd < 0)
        return tss_fail(e, tss_file_errno_class(errno), "%s(filename=\"%s\"): %s", fn, f->path,
                        strerror(errno));
    if (fstat(f->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(f->fd);
        return tss_fail(e, MPI_ERR_BAD_FILE, "%s(filename=\"%s\"): a directory is no file", fn,
                        f->path);
    }
    if (f->amode & MPI_MODE_APPEND) /* the pointers start at the end (bytes) */
        f->ind = f->shared = fstat(f->fd, &st) == 0 ? st.st_size : 0;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_open, PMPI_File_open)
int PMPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
    const char *fn = "MPI_File_open", *why;
    tss_info *hints = NULL;
    char *path = NULL;
    tss_file_rec *f;
    tss_error e;
    uint32_t idx;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_comm_valid(comm))
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_COMM, "%s(comm=" TSS_HFMT "): %s", fn,
                              TSS_HARG(comm), tss_comm_why(comm));
    if (!filename || !fh)
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                              filename ? "fh" : "filename");
    if ((why = amode_why(amode)))
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_AMODE, "%s(amode=%d): %s", fn, amode, why);
    if ((rc = tss_hints_join(&hints, info)) != MPI_SUCCESS)
        return tss_raise_file(MPI_FILE_NULL, rc, "%s(info): %s", fn,
                              rc == MPI_ERR_INFO ? "Invalid info object" : "out of memory");
    if (!(path = tss_strdup(strip_prefix(filename)))) {
        rc = tss_fail(&e, MPI_ERR_NO_MEM, "%s: out of memory", fn);
        goto fn_fail;
    }
    pthread_mutex_lock(&tss_file_mutex);
    rc = tso_take_rec(&files, sizeof *f, &idx, (void **)&f);
    pthread_mutex_unlock(&tss_file_mutex);
    if (rc != MPI_SUCCESS) {
        tss_fail(&e, rc, "%s: %s", fn,
                 rc == MPI_ERR_NO_MEM ? "out of memory for a file" : "every file handle is live");
        goto fn_fail;
    }
    memset(f, 0, sizeof *f);
    f->amode = amode;
    f->path = path;
    f->hints = hints;
    if ((rc = open_fd(fn, f, &e)) != MPI_SUCCESS) {
        pthread_mutex_lock(&tss_file_mutex);
        tso_put(&files, idx);
        pthread_mutex_unlock(&tss_file_mutex);
        goto fn_fail;
    }
    pthread_mutex_init(&f->mu, NULL);
    tss_view_default(&f->view);
    /* a file's handler is MPI_FILE_NULL's when it is opened (MPI-4.1
     * section 14.7) */
    tss_lock();
    f->eh = null_eh;
    tss_errhandler_ref(f->eh);
    tss_unlock();
    f->handle = TSO_HANDLE(MPI_File, tso_handle(&files, idx));
    *fh = f->handle;
    return MPI_SUCCESS;
fn_fail:
    tss_free(path);
    tss_hints_drop(&hints);
    return tss_raise_file(MPI_FILE_NULL, rc, "%s", e.text);
}

/* ---------------------------------------------------------------- close */

/* Closes f's descriptor (and deletes its file if asked), frees what f
 * owns and returns its slot; the first failure's class with e filled. */
static int release(const char *fn, tss_file_rec *f, tss_error *e)
{
    int rc = MPI_SUCCESS;
    uint32_t idx;

    if (close(f->fd) != 0 && errno != EINTR)
        rc = tss_fail(e, tss_file_errno_class(errno), "%s: %s", fn, strerror(errno));
    if ((f->amode & MPI_MODE_DELETE_ON_CLOSE) && unlink(f->path) != 0 && rc == MPI_SUCCESS)
        rc = tss_fail(e, tss_file_errno_class(errno), "%s: deleting \"%s\": %s", fn, f->path,
                      strerror(errno));
    tss_view_free(&f->view);
    tss_hints_drop(&f->hints);
    tss_free(f->path);
    f->path = NULL;
    pthread_mutex_destroy(&f->mu);
    pthread_mutex_lock(&tss_file_mutex);
    if (tso_find(&files, TSO_WORD(f->handle), &idx) == TSO_LIVE)
        tso_put(&files, idx);
    pthread_mutex_unlock(&tss_file_mutex);
    return rc;
}

TSS_WEAK_ALIAS(MPI_File_close, PMPI_File_close)
int PMPI_File_close(MPI_File *fh)
{
    const char *fn = "MPI_File_close";
    MPI_Errhandler eh;
    tss_file_rec *f;
    tss_error e;
    int rc;

    if ((rc = tss_check_init(fn)) != MPI_SUCCESS)
        return rc;
    if (!fh)
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_ARG, "%s(fh=NULL): Invalid argument", fn);
    if ((rc = tss_file_check(fn, *fh, &f)) != MPI_SUCCESS)
        return rc;
    tss_lock();
    eh = f->eh;
    f->eh = MPI_ERRORS_RETURN;
    tss_unlock();
    /* the file is gone whatever close(2) says: a failure goes to
     * MPI_FILE_NULL's handler */
    rc = release(fn, f, &e);
    *fh = MPI_FILE_NULL;
    tss_lock();
    tss_errhandler_unref(eh);
    tss_unlock();
    return rc == MPI_SUCCESS ? rc : tss_raise_file(MPI_FILE_NULL, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_File_delete, PMPI_File_delete)
int PMPI_File_delete(const char *filename, MPI_Info info)
{
    const char *fn = "MPI_File_delete";
    tss_info *hints = NULL;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!filename)
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_ARG, "%s(filename=NULL): Invalid argument",
                              fn);
    /* the hints are checked, and none changes deleting */
    if ((rc = tss_hints_join(&hints, info)) != MPI_SUCCESS)
        return tss_raise_file(MPI_FILE_NULL, rc, "%s(info): %s", fn,
                              rc == MPI_ERR_INFO ? "Invalid info object" : "out of memory");
    tss_hints_drop(&hints);
    filename = strip_prefix(filename);
    if (unlink(filename) != 0)
        return tss_raise_file(MPI_FILE_NULL, tss_file_errno_class(errno), "%s(filename=\"%s\"): %s",
                              fn, filename, strerror(errno));
    return MPI_SUCCESS;
}

/* ---------------------------------------------------------- group, mode */

TSS_WEAK_ALIAS(MPI_File_get_group, PMPI_File_get_group)
int PMPI_File_get_group(MPI_File fh, MPI_Group *group)
{
    const char *fn = "MPI_File_get_group";
    tss_file_rec *f;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!group)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(group=NULL): Invalid argument", fn);
    /* every communicator of one process has the process as its group
     * (made here, not through MPI_COMM_SELF, which sessions alone do not
     * have) */
    if ((rc = tss_group_make(group)) != MPI_SUCCESS)
        return tss_raise_file(fh, rc, "%s: %s", fn, tss_group_lack(rc));
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_get_amode, PMPI_File_get_amode)
int PMPI_File_get_amode(MPI_File fh, int *amode)
{
    const char *fn = "MPI_File_get_amode";
    tss_file_rec *f;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!amode)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(amode=NULL): Invalid argument", fn);
    *amode = f->amode;
    return MPI_SUCCESS;
}

#if !TS_ABI_OMPI
/* MPICH's ABI makes these functions (mpio.h): the handle's word, which
 * converts back while the file is open; anything else converts to
 * MPI_FILE_NULL, as does MPI_FILE_NULL's 0. */
TSS_WEAK_ALIAS(MPI_File_c2f, PMPI_File_c2f)
MPI_Fint PMPI_File_c2f(MPI_File fh)
{
    uint32_t w = TSO_WORD(fh);

    return w && TSO_HANDLE(MPI_File, w) == fh ? (MPI_Fint)w : 0;
}

TSS_WEAK_ALIAS(MPI_File_f2c, PMPI_File_f2c)
MPI_File PMPI_File_f2c(MPI_Fint fh)
{
    uint32_t w = (uint32_t)fh;

    return tso_abi_is(TSO_FILE, w) ? TSO_HANDLE(MPI_File, w) : MPI_FILE_NULL;
}
#endif

/* ------------------------------------------------------------- finalize */

void tss_file_finalize(void)
{
    tss_error e;

    pthread_mutex_lock(&tss_file_mutex);
    for (uint32_t i = 0; i < files.fresh; i++) {
        tss_file_rec *f = *tso_obj(&files, i);
        if (f && tso_find(&files, TSO_WORD(f->handle), &(uint32_t){0}) == TSO_LIVE) {
            pthread_mutex_unlock(&tss_file_mutex);
            (void)release("MPI_Finalize", f, &e);
            tss_lock();
            tss_errhandler_unref(f->eh);
            tss_unlock();
            pthread_mutex_lock(&tss_file_mutex);
        }
        tss_free(f);
    }
    tso_reset(&files);
    tss_datarep_finalize();
    pthread_mutex_unlock(&tss_file_mutex);
    tss_lock();
    tss_errhandler_unref(null_eh);
    null_eh = MPI_ERRORS_RETURN;
    tss_unlock();
}
