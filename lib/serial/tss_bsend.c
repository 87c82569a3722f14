/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The buffer of buffered sends (MPI-4.1 section 3.6): MPI_Buffer_attach,
 * MPI_Buffer_detach and the room a buffered send needs.
 *
 * A buffered message needs its packed size plus MPI_BSEND_OVERHEAD bytes
 * of the attached buffer.  On one process the message reaches the queue
 * of the receiving side (this process) at once, which is when MPI lets
 * its room be used again: so each buffered send only has to fit in the
 * buffer by itself, and MPI_Buffer_detach never waits.
 */
#include "typeshim_config.h"

#include <limits.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

static void *attached; /* under tss_p2p_lock */
static MPI_Count attached_size;

int tss_bsend_fits(MPI_Count nbytes, const char *fn, tss_error *e)
{
    if (!attached)
        return tss_fail(e, MPI_ERR_BUFFER,
                        "%s: no buffer is attached for buffered sends (MPI_Buffer_attach)", fn);
    if (nbytes > attached_size - MPI_BSEND_OVERHEAD)
        return tss_fail(e, MPI_ERR_BUFFER,
                        "%s: the message needs %lld bytes + MPI_BSEND_OVERHEAD (%d) of the "
                        "attached buffer, which holds %lld",
                        fn, (long long)nbytes, MPI_BSEND_OVERHEAD, (long long)attached_size);
    return MPI_SUCCESS;
}

void tss_bsend_finalize(void)
{
    attached = NULL;
    attached_size = 0;
}

static int attach(const char *fn, void *buffer, MPI_Count size)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (size < 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(size=%lld): Negative size", fn,
                         (long long)size);
    if (!buffer && size > 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_BUFFER, "%s(buffer=NULL): Invalid buffer", fn);
    tss_p2p_lock();
    if (attached) {
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_BUFFER,
                         "%s: a buffer is already attached (MPI_Buffer_detach it first)", fn);
    }
    /* a zero-size buffer is attached too: it fits nothing */
    attached = buffer ? buffer : (void *)&attached;
    attached_size = size;
    tss_p2p_unlock();
    return MPI_SUCCESS;
}

/* *addr gets the buffer (NULL when none was attached), *size its size. */
static int detach(const char *fn, void *addr, MPI_Count *size)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!addr || !size)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         addr ? "size" : "buffer_addr");
    tss_p2p_lock();
    *(void **)addr = attached == (void *)&attached ? NULL : attached;
    *size = attached_size;
    attached = NULL;
    attached_size = 0;
    tss_p2p_unlock();
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Buffer_attach, PMPI_Buffer_attach)
int PMPI_Buffer_attach(void *buffer, int size)
{
    return attach("MPI_Buffer_attach", buffer, size);
}

TSS_WEAK_ALIAS(MPI_Buffer_attach_c, PMPI_Buffer_attach_c)
int PMPI_Buffer_attach_c(void *buffer, MPI_Count size)
{
    return attach("MPI_Buffer_attach_c", buffer, size);
}

TSS_WEAK_ALIAS(MPI_Buffer_detach, PMPI_Buffer_detach)
int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
    MPI_Count n = 0;
    int rc;

    if (!size)
        return detach("MPI_Buffer_detach", buffer_addr, NULL);
    rc = detach("MPI_Buffer_detach", buffer_addr, &n);
    if (rc == MPI_SUCCESS)
        *size = n > INT_MAX ? INT_MAX : (int)n; /* only _c attaches more */
    return rc;
}

TSS_WEAK_ALIAS(MPI_Buffer_detach_c, PMPI_Buffer_detach_c)
int PMPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size)
{
    return detach("MPI_Buffer_detach_c", buffer_addr, size);
}
