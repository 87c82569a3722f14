/* SPDX-License-Identifier: BSD-3-Clause */
/* A decoder: print how any datatype was built, from MPI alone.
 * MPI_Type_get_envelope_c says which constructor made a type (its
 * combiner) and how many arguments it kept; MPI_Type_get_contents_c returns
 * them, the child types included, so the whole construction tree can be
 * walked down to the named types.  The _c forms decode every type, those
 * built by the large-count constructors too.  Child handles that
 * get_contents returns for derived types are new references: freed here.
 * The same tree() works in any MPI program; main() shows it on seven
 * types. */
#include <stdio.h>
#include <stdlib.h>

#include "ex_common.h"

static const char *combiner_name(int c)
{
    static const char *const names[] = {
        [MPI_COMBINER_NAMED] = "named",
        [MPI_COMBINER_DUP] = "dup",
        [MPI_COMBINER_CONTIGUOUS] = "contiguous",
        [MPI_COMBINER_VECTOR] = "vector",
        [MPI_COMBINER_HVECTOR_INTEGER] = "hvector (MPI-1)",
        [MPI_COMBINER_HVECTOR] = "hvector",
        [MPI_COMBINER_INDEXED] = "indexed",
        [MPI_COMBINER_HINDEXED_INTEGER] = "hindexed (MPI-1)",
        [MPI_COMBINER_HINDEXED] = "hindexed",
        [MPI_COMBINER_INDEXED_BLOCK] = "indexed_block",
        [MPI_COMBINER_STRUCT_INTEGER] = "struct (MPI-1)",
        [MPI_COMBINER_STRUCT] = "struct",
        [MPI_COMBINER_SUBARRAY] = "subarray",
        [MPI_COMBINER_DARRAY] = "darray",
        [MPI_COMBINER_F90_REAL] = "f90_real",
        [MPI_COMBINER_F90_COMPLEX] = "f90_complex",
        [MPI_COMBINER_F90_INTEGER] = "f90_integer",
        [MPI_COMBINER_RESIZED] = "resized",
        [MPI_COMBINER_HINDEXED_BLOCK] = "hindexed_block",
    };

    if (c < 0 || c >= (int)(sizeof names / sizeof names[0]) || !names[c])
        return "unknown combiner";
    return names[c];
}

static void ints(const char *label, const int *v, int n)
{
    printf(" %s {", label);
    for (int i = 0; i < n; i++)
        printf(i ? ",%d" : "%d", v[i]);
    printf("}");
}

static void aints(const char *label, const MPI_Aint *v, int n)
{
    printf(" %s {", label);
    for (int i = 0; i < n; i++)
        printf(i ? ",%ld" : "%ld", (long)v[i]);
    printf("}");
}

static void counts(const char *label, const MPI_Count *v, int n)
{
    printf(" %s {", label);
    for (int i = 0; i < n; i++)
        printf(i ? ",%lld" : "%lld", (long long)v[i]);
    printf("}");
}

/* The constructor's arguments, labelled as its C binding names them.
 * i, a: the integers and addresses get_contents_c returned; types built by
 * the large-count constructors keep theirs as large counts, printed raw. */
static void arguments(int comb, const int *i, const MPI_Aint *a, const MPI_Count *c, MPI_Count ni,
                      MPI_Count na, MPI_Count nc)
{
    int n = ni ? i[0] : 0;

    if (nc > 0) {
        printf(" (large-count constructor)");
        counts("large counts", c, (int)nc);
        if (ni)
            ints("integers", i, (int)ni);
        if (na)
            aints("addresses", a, (int)na);
        return;
    }
    switch (comb) {
    case MPI_COMBINER_CONTIGUOUS:
        printf(" count %d", i[0]);
        break;
    case MPI_COMBINER_VECTOR:
        printf(" count %d, blocklength %d, stride %d elements", i[0], i[1], i[2]);
        break;
    case MPI_COMBINER_HVECTOR:
    case MPI_COMBINER_HVECTOR_INTEGER:
        printf(" count %d, blocklength %d, stride %ld bytes", i[0], i[1], (long)a[0]);
        break;
    case MPI_COMBINER_INDEXED:
        ints("blocklengths", i + 1, n);
        ints("displacements (elements)", i + 1 + n, n);
        break;
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_HINDEXED_INTEGER:
        ints("blocklengths", i + 1, n);
        aints("displacements (bytes)", a, n);
        break;
    case MPI_COMBINER_INDEXED_BLOCK:
        printf(" blocklength %d,", i[1]);
        ints("displacements (elements)", i + 2, n);
        break;
    case MPI_COMBINER_HINDEXED_BLOCK:
        printf(" blocklength %d,", i[1]);
        aints("displacements (bytes)", a, n);
        break;
    case MPI_COMBINER_STRUCT:
    case MPI_COMBINER_STRUCT_INTEGER:
        printf(" %d blocks", n);
        break;
    case MPI_COMBINER_SUBARRAY:
        ints("sizes", i + 1, n);
        ints("subsizes", i + 1 + n, n);
        ints("starts", i + 1 + 2 * n, n);
        printf(" order %s", i[1 + 3 * n] == MPI_ORDER_C ? "C" : "Fortran");
        break;
    case MPI_COMBINER_DARRAY:
        n = i[2];
        printf(" process %d of %d,", i[1], i[0]);
        ints("gsizes", i + 3, n);
        printf(" distribs {");
        for (int k = 0; k < n; k++) {
            int dist = i[3 + n + k], darg = i[3 + 2 * n + k];

            printf(k ? ",%s" : "%s", dist == MPI_DISTRIBUTE_BLOCK    ? "BLOCK"
                                     : dist == MPI_DISTRIBUTE_CYCLIC ? "CYCLIC"
                                                                     : "NONE");
            if (darg != MPI_DISTRIBUTE_DFLT_DARG)
                printf("(%d)", darg);
        }
        printf("}");
        ints("psizes", i + 3 + 3 * n, n);
        printf(" order %s", i[3 + 4 * n] == MPI_ORDER_C ? "C" : "Fortran");
        break;
    case MPI_COMBINER_F90_REAL:
    case MPI_COMBINER_F90_COMPLEX:
        printf(" precision %d, range ", i[0]);
        if (i[1] == MPI_UNDEFINED)
            printf("MPI_UNDEFINED");
        else
            printf("%d", i[1]);
        break;
    case MPI_COMBINER_F90_INTEGER:
        printf(" range %d", i[0]);
        break;
    case MPI_COMBINER_RESIZED:
        printf(" lb %ld, extent %ld", (long)a[0], (long)a[1]);
        break;
    default: /* MPI_COMBINER_DUP: nothing but the child */
        break;
    }
}

/* Prints t's construction tree at depth `depth`, after `label`. */
static void tree(MPI_Datatype t, int depth, const char *label)
{
    MPI_Count ni, na, nc, nd;
    int comb, len;
    char name[MPI_MAX_OBJECT_NAME];

    MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb);
    MPI_Type_get_name(t, name, &len);
    printf("%*s%s%s", 4 + 2 * depth, "", label,
           comb == MPI_COMBINER_NAMED ? "" : combiner_name(comb));
    if (comb == MPI_COMBINER_NAMED) {
        printf("%s\n", len ? name : "(unnamed predefined type)");
        return;
    }
    if (len)
        printf(" \"%s\"", name);

    int *i = malloc(sizeof(int) * (size_t)(ni + 1));
    MPI_Aint *a = malloc(sizeof(MPI_Aint) * (size_t)(na + 1));
    MPI_Count *c = malloc(sizeof(MPI_Count) * (size_t)(nc + 1));
    MPI_Datatype *kids = malloc(sizeof(MPI_Datatype) * (size_t)(nd + 1));

    if (!i || !a || !c || !kids) {
        printf(": out of memory\n");
        ex_wrong = 1;
        goto done;
    }
    MPI_Type_get_contents_c(t, ni, na, nc, nd, i, a, c, kids);
    arguments(comb, i, a, c, ni, na, nc);
    printf("\n");
    for (MPI_Count k = 0; k < nd; k++) {
        char what[64] = "of ";
        MPI_Count kni, kna, knc, knd;
        int kcomb;

        /* A struct's children are its blocks: say where each one goes. */
        if ((comb == MPI_COMBINER_STRUCT || comb == MPI_COMBINER_STRUCT_INTEGER) && nc == 0)
            snprintf(what, sizeof what, "block %lld: %d x at %ld: ", (long long)k, i[1 + k],
                     (long)a[k]);
        tree(kids[k], depth + 1, what);
        MPI_Type_get_envelope_c(kids[k], &kni, &kna, &knc, &knd, &kcomb);
        if (kcomb != MPI_COMBINER_NAMED)
            MPI_Type_free(&kids[k]);
    }
done:
    free(i);
    free(a);
    free(c);
    free(kids);
}

static void show(const char *title, MPI_Datatype t)
{
    MPI_Aint lb, extent;
    int size;

    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &extent);
    printf("    %s (size %d, lb %ld, extent %ld):\n", title, size, (long)lb, (long)extent);
    tree(t, 1, "");
}

int main(int argc, char **argv)
{
    MPI_Datatype inner, outer, face, dist, hv, ib, named, big, real;
    int rank, nprocs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    ex_banner(rank, nprocs, "decoding: the construction tree of any type",
              "MPI_Type_get_envelope_c + MPI_Type_get_contents_c, recursively");

    { /* MPI-1.1 §3.12.3's markers, nested */
        int bl[3] = {1, 1, 1};
        MPI_Aint d[3] = {-3, 0, 6}, od[2] = {0, 100};
        MPI_Datatype mt[3] = {MPI_LB, MPI_INT, MPI_UB}, ot[2] = {MPI_INT, MPI_DATATYPE_NULL};

        MPI_Type_create_struct(3, bl, d, mt, &inner);
        ot[1] = inner;
        MPI_Type_create_struct(2, bl, od, ot, &outer);
    }
    { /* the halo example's low x face */
        int sizes[3] = {6, 5, 5}, sub[3] = {1, 3, 3}, start[3] = {1, 1, 1};
        MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &face);
    }
    { /* process 1 of a 2 x 2 grid: rows in blocks, columns cyclic by 2 */
        int gsizes[2] = {8, 8}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
        int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[2] = {2, 2};
        MPI_Type_create_darray(4, 1, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_FLOAT,
                               &dist);
    }
    { /* a named dup of an hvector of indexed blocks */
        int disps[3] = {0, 4, 9};
        MPI_Type_create_indexed_block(3, 2, disps, MPI_FLOAT, &ib);
        MPI_Type_create_hvector(2, 1, 64, ib, &hv);
        MPI_Type_dup(hv, &named);
        MPI_Type_set_name(named, "particles");
    }
    MPI_Type_contiguous_c(5, MPI_INT, &big);
    MPI_Type_create_f90_real(6, MPI_UNDEFINED, &real);

    if (rank == nprocs - 1) {
        show("MPI-1.1 §3.12.3's marker type nested in a struct", outer);
        show("a face of the halo exchange", face);
        show("MPI_Type_create_darray, process 1 of 4", dist);
        show("a named dup", named);
        show("MPI_Type_contiguous_c(5, MPI_INT)", big);
        show("MPI_Type_create_f90_real(6, MPI_UNDEFINED)", real);
    }
    /* real is predefined (an f90 type): not freed. */
    MPI_Type_free(&big);
    MPI_Type_free(&named);
    MPI_Type_free(&hv);
    MPI_Type_free(&ib);
    MPI_Type_free(&dist);
    MPI_Type_free(&face);
    MPI_Type_free(&outer);
    MPI_Type_free(&inner);
    MPI_Finalize();
    return ex_wrong;
}
