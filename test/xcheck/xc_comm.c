/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_comm: communicators and groups of one process compared with MPICH
 * run as a singleton: dup, split, split_type, create, compare, names,
 * test_inter, free; messages on a duplicate never meet the parent's; the
 * error handler is inherited; groups (size, rank, compare, incl, excl,
 * set operations, translate_ranks). */
#include "xc_common.h"

int main(int argc, char **argv)
{
    MPI_Comm dup, split, none, created, typed;
    MPI_Group g, e, u;
    char name[MPI_MAX_OBJECT_NAME];
    int rc, res = -7, len = -7, size = -7, rank = -7, flag = -7, a = 5, b = 0, r2[2];
    MPI_Request r;

    xc_init(&argc, &argv);
    rc = MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    xc_kv("dup", "%s", xc_rc(rc));
    rc = MPI_Comm_compare(MPI_COMM_WORLD, dup, &res);
    xc_kv("compare.world_dup", "%s %d", xc_rc(rc), res);
    rc = MPI_Comm_compare(dup, dup, &res);
    xc_kv("compare.same", "%s %d", xc_rc(rc), res);
    rc = MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_SELF, &res);
    xc_kv("compare.world_self", "%s %d", xc_rc(rc), res);
    rc = MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    xc_kv("name.world", "%s %s %d", xc_rc(rc), name, len);
    rc = MPI_Comm_get_name(dup, name, &len);
    xc_kv("name.dup", "%s '%s' %d", xc_rc(rc), name, len);
    MPI_Comm_set_name(dup, "my dup");
    rc = MPI_Comm_get_name(dup, name, &len);
    xc_kv("name.set", "%s '%s' %d", xc_rc(rc), name, len);
    MPI_Comm_size(dup, &size);
    MPI_Comm_rank(dup, &rank);
    xc_kv("dup.size_rank", "%d %d", size, rank);
    rc = MPI_Comm_test_inter(dup, &flag);
    xc_kv("test_inter", "%s %d", xc_rc(rc), flag);
    /* a message on the duplicate is not one of the parent's */
    MPI_Isend(&a, 1, MPI_INT, 0, 3, dup, &r);
    rc = MPI_Iprobe(0, 3, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    xc_kv("context.world_sees", "%s %d", xc_rc(rc), flag);
    rc = MPI_Recv(&b, 1, MPI_INT, 0, 3, dup, MPI_STATUS_IGNORE);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    xc_kv("context.dup_gets", "%s %d", xc_rc(rc), b);
    /* the handler is inherited: MPI_ERRORS_RETURN from xc_init */
    rc = MPI_Send(&a, 1, MPI_INT, 3, 0, dup);
    xc_kv("errhandler.inherited", "%s", xc_rc(rc));
    rc = MPI_Comm_split(MPI_COMM_WORLD, 7, 0, &split);
    MPI_Comm_size(split, &size);
    xc_kv("split", "%s size=%d", xc_rc(rc), size);
    rc = MPI_Comm_split(MPI_COMM_WORLD, MPI_UNDEFINED, 0, &none);
    xc_kv("split.undefined", "%s null=%d", xc_rc(rc), none == MPI_COMM_NULL);
    rc = MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &typed);
    MPI_Comm_size(typed, &size);
    xc_kv("split_type.shared", "%s size=%d", xc_rc(rc), size);
    rc = MPI_Comm_group(MPI_COMM_WORLD, &g);
    MPI_Group_size(g, &size);
    MPI_Group_rank(g, &rank);
    xc_kv("group", "%s size=%d rank=%d", xc_rc(rc), size, rank);
    rc = MPI_Comm_create(MPI_COMM_WORLD, g, &created);
    MPI_Comm_size(created, &size);
    xc_kv("create", "%s size=%d", xc_rc(rc), size);
    rc = MPI_Comm_create(MPI_COMM_WORLD, MPI_GROUP_EMPTY, &none);
    xc_kv("create.empty", "%s null=%d", xc_rc(rc), none == MPI_COMM_NULL);
    MPI_Group_size(MPI_GROUP_EMPTY, &size);
    MPI_Group_rank(MPI_GROUP_EMPTY, &rank);
    xc_kv("group.empty", "size=%d undefined=%d", size, rank == MPI_UNDEFINED);
    rc = MPI_Group_excl(g, 1, (int[]){0}, &e);
    MPI_Group_size(e, &size);
    xc_kv("group.excl", "%s size=%d", xc_rc(rc), size);
    rc = MPI_Group_incl(g, 1, (int[]){0}, &u);
    MPI_Group_compare(g, u, &res);
    xc_kv("group.incl", "%s compare=%d", xc_rc(rc), res);
    MPI_Group_free(&u);
    rc = MPI_Group_union(e, g, &u);
    MPI_Group_size(u, &size);
    xc_kv("group.union", "%s size=%d", xc_rc(rc), size);
    MPI_Group_free(&u);
    rc = MPI_Group_intersection(e, g, &u);
    MPI_Group_size(u, &size);
    xc_kv("group.intersection", "%s size=%d", xc_rc(rc), size);
    MPI_Group_free(&u);
    rc = MPI_Group_difference(g, e, &u);
    MPI_Group_size(u, &size);
    xc_kv("group.difference", "%s size=%d", xc_rc(rc), size);
    MPI_Group_free(&u);
    rc = MPI_Group_translate_ranks(g, 2, (int[]){0, MPI_PROC_NULL}, e, r2);
    xc_kv("group.translate", "%s %d %s", xc_rc(rc), r2[0] == MPI_UNDEFINED, xc_rank(r2[1]));
    rc = MPI_Group_free(&e);
    xc_kv("group.free", "%s null=%d", xc_rc(rc), e == MPI_GROUP_NULL);
    MPI_Group_free(&g);
    rc = MPI_Comm_free(&dup);
    xc_kv("free", "%s null=%d", xc_rc(rc), dup == MPI_COMM_NULL);
    MPI_Comm_free(&split);
    MPI_Comm_free(&typed);
    MPI_Comm_free(&created);
    rc = MPI_Comm_free(&(MPI_Comm){MPI_COMM_WORLD});
    xc_kv("free.world", "%s", xc_rc(rc));
    return xc_finalize();
}
