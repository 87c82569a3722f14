/* SPDX-License-Identifier: BSD-3-Clause */
/* lt_version OUT: a plain MPICH program that writes what
 * MPI_Get_library_version answers before MPI_Init to OUT.before and after
 * it to OUT.after (the bytes up to resultlen), and on stdout whether
 * resultlen is the string's length and the string is terminated within
 * MPI_MAX_LIBRARY_VERSION_STRING.  lt_version.sh compares the files of a
 * run over MPICH alone, preloaded and with TYPESHIM_DISABLE=1.  MPI-4.1
 * section 9.1.1: the function may be called before MPI_Init. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int one(const char *out, const char *when)
{
    char v[MPI_MAX_LIBRARY_VERSION_STRING + 1], path[4096];
    int len = -1, rc;
    size_t n;
    FILE *f;

    memset(v, 'x', sizeof(v));
    rc = MPI_Get_library_version(v, &len);
    n = strnlen(v, MPI_MAX_LIBRARY_VERSION_STRING);
    printf("lt_version %s: rc=%d resultlen=%s terminated=%s\n", when, rc,
           len >= 0 && (size_t)len == n ? "strlen" : "WRONG",
           n < MPI_MAX_LIBRARY_VERSION_STRING ? "yes" : "NO");
    snprintf(path, sizeof(path), "%s.%s", out, when);
    if (rc != MPI_SUCCESS || len < 0 || !(f = fopen(path, "w")))
        return 1;
    fwrite(v, 1, (size_t)len, f);
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    int bad;

    if (argc != 2)
        return 2;
    bad = one(argv[1], "before");
    MPI_Init(&argc, &argv);
    bad |= one(argv[1], "after");
    MPI_Finalize();
    return bad;
}
