/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * File manipulation (MPI-4.1 section 14.2): MPI_File_set_size,
 * MPI_File_preallocate, MPI_File_get_size, MPI_File_sync, MPI_File_set_info,
 * MPI_File_get_info, MPI_File_set_atomicity, MPI_File_get_atomicity.
 *
 * One process makes every access at once and alone, so each is atomic
 * and visible to the next (MPI-4.1 section 14.6.1) in either mode: the
 * atomicity flag is kept and reported, and changes nothing.  MPI_File_sync
 * is fsync(2).  Hints are kept as given; MPI_File_get_info reports
 * "filename" (MPI-4.1 section 14.2.8) and then the program's hints.
 */
#include "typeshim_config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_file_priv.h"

/* The checks of a call that changes the file's size. */
static int resizable(const char *fn, const tss_file_rec *f, MPI_Offset size, tss_error *e)
{
    if (size < 0)
        return tss_fail(e, MPI_ERR_ARG, "%s(size=%lld): a size cannot be negative", fn,
                        (long long)size);
    if ((f->amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR)) == MPI_MODE_RDONLY)
        return tss_fail(e, MPI_ERR_READ_ONLY, "%s: \"%s\" was opened MPI_MODE_RDONLY", fn, f->path);
    if (f->amode & MPI_MODE_SEQUENTIAL)
        return tss_fail(e, MPI_ERR_UNSUPPORTED_OPERATION,
                        "%s: \"%s\" was opened MPI_MODE_SEQUENTIAL (MPI-4.1 section 14.2.6)", fn,
                        f->path);
    return MPI_SUCCESS;
}

static int posix_fail(const char *fn, const tss_file_rec *f, const char *what, int err,
                      tss_error *e)
{
    return tss_fail(e, tss_file_errno_class(err), "%s: %s \"%s\": %s", fn, what, f->path,
                    strerror(err));
}

TSS_WEAK_ALIAS(MPI_File_set_size, PMPI_File_set_size)
int PMPI_File_set_size(MPI_File fh, MPI_Offset size)
{
    const char *fn = "MPI_File_set_size";
    tss_file_rec *f;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&f->mu);
    if ((rc = resizable(fn, f, size, &e)) == MPI_SUCCESS && ftruncate(f->fd, size) != 0)
        rc = posix_fail(fn, f, "truncating", errno, &e);
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_File_preallocate, PMPI_File_preallocate)
int PMPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
    const char *fn = "MPI_File_preallocate";
    tss_file_rec *f;
    struct stat st;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f), err;

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&f->mu);
    /* storage for the first size bytes; a larger file stays as it is */
    if ((rc = resizable(fn, f, size, &e)) == MPI_SUCCESS) {
        if (fstat(f->fd, &st) != 0)
            rc = posix_fail(fn, f, "examining", errno, &e);
        else if (size > st.st_size && (err = posix_fallocate(f->fd, 0, size)) != 0)
            rc = posix_fail(fn, f, "allocating", err, &e);
    }
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_File_get_size, PMPI_File_get_size)
int PMPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
    const char *fn = "MPI_File_get_size";
    tss_file_rec *f;
    struct stat st;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!size)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(size=NULL): Invalid argument", fn);
    if (fstat(f->fd, &st) != 0)
        return tss_raise_file(fh, posix_fail(fn, f, "examining", errno, &e), "%s", e.text);
    *size = st.st_size;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_sync, PMPI_File_sync)
int PMPI_File_sync(MPI_File fh)
{
    const char *fn = "MPI_File_sync";
    tss_file_rec *f;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&f->mu);
    /* a file opened read-only has nothing to write back; fsync(2) may
     * refuse its descriptor on some systems */
    if (f->split)
        rc = tss_fail(&e, MPI_ERR_OTHER, "%s: %s is still to be ended (MPI-4.1 section 14.4.5)", fn,
                      f->split);
    else if (fsync(f->fd) != 0 && errno != EINVAL && errno != EBADF)
        rc = posix_fail(fn, f, "syncing", errno, &e);
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_File_set_info, PMPI_File_set_info)
int PMPI_File_set_info(MPI_File fh, MPI_Info info)
{
    const char *fn = "MPI_File_set_info";
    tss_file_rec *f;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = tss_hints_join(&f->hints, info)) != MPI_SUCCESS)
        return tss_raise_file(fh, rc, "%s(info): %s", fn,
                              rc == MPI_ERR_INFO ? "Invalid info object" : "out of memory");
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_get_info, PMPI_File_get_info)
int PMPI_File_get_info(MPI_File fh, MPI_Info *info_used)
{
    const char *fn = "MPI_File_get_info";
    tss_file_rec *f;
    MPI_Info h;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!info_used)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(info_used=NULL): Invalid argument", fn);
    {
        const char *keys[1][2] = {{"filename", f->path}};
        h = tss_hints_report((const char *const(*)[2])keys, 1, &f->hints);
    }
    if (h == MPI_INFO_NULL)
        return tss_raise_file(fh, MPI_ERR_NO_MEM, "%s: out of memory for an info object", fn);
    *info_used = h;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_set_atomicity, PMPI_File_set_atomicity)
int PMPI_File_set_atomicity(MPI_File fh, int flag)
{
    tss_file_rec *f;
    int rc = tss_file_check("MPI_File_set_atomicity", fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&f->mu);
    f->atomic = flag != 0;
    pthread_mutex_unlock(&f->mu);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_get_atomicity, PMPI_File_get_atomicity)
int PMPI_File_get_atomicity(MPI_File fh, int *flag)
{
    const char *fn = "MPI_File_get_atomicity";
    tss_file_rec *f;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!flag)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(flag=NULL): Invalid argument", fn);
    pthread_mutex_lock(&f->mu);
    *flag = f->atomic;
    pthread_mutex_unlock(&f->mu);
    return MPI_SUCCESS;
}
