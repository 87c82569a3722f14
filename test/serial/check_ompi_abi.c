/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_ompi_abi: the standalone runtime for Open MPI's ABI
 * (libtypeshim-serial-ompi + libtypeshim-ompi, no libmpi), compiled with
 * Open MPI's own mpi.h: what that ABI has and MPICH's has not.  The
 * predefined handles are distinct addresses the runtime defines; the
 * handle conversions are functions, predefined handles converting to
 * Open MPI's mpif.h values; MPI_STATUS_IGNORE is NULL; the attribute
 * callbacks MPI_TYPE_DUP_FN and friends are functions; a message to
 * itself moves through a derived type.  Prints each failure and
 * "check_ompi_abi: N checks, F failed"; exit 0 when none failed.
 */
#include <stdio.h>
#include <string.h>

#include <mpi.h>

static int nchecks, nfailed;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        nchecks++;                                                                                 \
        if (!(cond)) {                                                                             \
            nfailed++;                                                                             \
            printf("check_ompi_abi: %s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                \
        }                                                                                          \
    } while (0)

static void predefined(void)
{
    int size = -1, rank = -1, flag = 0;
    char name[MPI_MAX_OBJECT_NAME];
    int len;

    CHECK(MPI_COMM_WORLD != MPI_COMM_SELF && MPI_COMM_WORLD != MPI_COMM_NULL);
    CHECK((void *)MPI_INT != (void *)MPI_FLOAT && MPI_INT != MPI_DATATYPE_NULL);
    CHECK(MPI_Comm_size(MPI_COMM_WORLD, &size) == MPI_SUCCESS && size == 1);
    CHECK(MPI_Comm_rank(MPI_COMM_SELF, &rank) == MPI_SUCCESS && rank == 0);
    CHECK(MPI_Comm_get_name(MPI_COMM_WORLD, name, &len) == MPI_SUCCESS &&
          strcmp(name, "MPI_COMM_WORLD") == 0);
    CHECK(MPI_Type_size(MPI_DOUBLE, &size) == MPI_SUCCESS && size == 8);
    CHECK(MPI_Type_get_name(MPI_LONG_LONG, name, &len) == MPI_SUCCESS &&
          strcmp(name, "MPI_LONG_LONG_INT") == 0);
    CHECK(MPI_Initialized(&flag) == MPI_SUCCESS && flag);
}

static void conversions(void)
{
    MPI_Datatype v = MPI_DATATYPE_NULL;
    MPI_Comm dup = MPI_COMM_NULL;
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Fint f;
    int x = 0;

    /* predefined handles: Open MPI's mpif.h values */
    CHECK(MPI_Comm_c2f(MPI_COMM_WORLD) == 0 && MPI_Comm_c2f(MPI_COMM_SELF) == 1 &&
          MPI_Comm_c2f(MPI_COMM_NULL) == 2);
    CHECK(MPI_Comm_f2c(0) == MPI_COMM_WORLD && MPI_Comm_f2c(1) == MPI_COMM_SELF);
    CHECK(MPI_Type_c2f(MPI_INT) == 39 && MPI_Type_f2c(39) == MPI_INT);
    CHECK(MPI_Type_c2f(MPI_DOUBLE) == 46 && MPI_Type_f2c(46) == MPI_DOUBLE);
    CHECK(MPI_Type_c2f(MPI_DATATYPE_NULL) == 0 && MPI_Type_f2c(0) == MPI_DATATYPE_NULL);
    CHECK(MPI_Op_c2f(MPI_SUM) == 3 && MPI_Op_f2c(3) == MPI_SUM);
    CHECK(MPI_Errhandler_c2f(MPI_ERRORS_RETURN) == 2 && MPI_Errhandler_f2c(2) == MPI_ERRORS_RETURN);
    CHECK(MPI_Group_f2c(1) == MPI_GROUP_EMPTY && MPI_Info_f2c(1) == MPI_INFO_ENV);
    CHECK(MPI_Request_c2f(MPI_REQUEST_NULL) == 0 && MPI_Message_f2c(1) == MPI_MESSAGE_NO_PROC);
    CHECK(MPI_Win_f2c(0) == MPI_WIN_NULL && MPI_File_f2c(0) == MPI_FILE_NULL);
    /* handles typeshim made: a value no predefined handle has, and back */
    CHECK(MPI_Type_vector(2, 1, 3, MPI_INT, &v) == MPI_SUCCESS);
    f = MPI_Type_c2f(v);
    CHECK(f < 0 && MPI_Type_f2c(f) == v);
    CHECK(MPI_Comm_dup(MPI_COMM_WORLD, &dup) == MPI_SUCCESS);
    f = MPI_Comm_c2f(dup);
    CHECK(f != 0 && f != 1 && f != 2 && MPI_Comm_f2c(f) == dup);
    /* a value of another kind, or of none, is the kind's null handle */
    CHECK(MPI_Comm_f2c(MPI_Type_c2f(v)) == MPI_COMM_NULL);
    CHECK(MPI_Type_f2c(12345) == MPI_DATATYPE_NULL && MPI_Comm_f2c(-7) == MPI_COMM_NULL);
    CHECK(MPI_Irecv(&x, 1, MPI_INT, 0, 5, dup, &req) == MPI_SUCCESS);
    CHECK(MPI_Request_f2c(MPI_Request_c2f(req)) == req);
    CHECK(MPI_Cancel(&req) == MPI_SUCCESS && MPI_Wait(&req, MPI_STATUS_IGNORE) == MPI_SUCCESS);
    CHECK(MPI_Comm_free(&dup) == MPI_SUCCESS);
    CHECK(MPI_Type_free(&v) == MPI_SUCCESS);
}

static void statuses(void)
{
    int sb[6] = {1, 2, 3, 4, 5, 6}, rb[3] = {0, 0, 0}, count = -1, rc, cls;
    MPI_Datatype every_other = MPI_DATATYPE_NULL;
    MPI_Status st, back;
    MPI_Fint fst[sizeof(MPI_Status) / sizeof(MPI_Fint)];

    CHECK(MPI_Type_vector(3, 1, 2, MPI_INT, &every_other) == MPI_SUCCESS);
    CHECK(MPI_Type_commit(&every_other) == MPI_SUCCESS);
    /* NULL is MPI_STATUS_IGNORE in this ABI: accepted */
    CHECK(MPI_Sendrecv(sb, 1, every_other, 0, 3, rb, 3, MPI_INT, 0, 3, MPI_COMM_WORLD, NULL) ==
          MPI_SUCCESS);
    CHECK(rb[0] == 1 && rb[1] == 3 && rb[2] == 5);
    CHECK(MPI_Sendrecv(sb, 2, MPI_INT, 0, 4, rb, 3, MPI_INT, 0, 4, MPI_COMM_WORLD, &st) ==
          MPI_SUCCESS);
    CHECK(st.MPI_SOURCE == 0 && st.MPI_TAG == 4);
    CHECK(MPI_Get_count(&st, MPI_INT, &count) == MPI_SUCCESS && count == 2);
    /* a Fortran status is the C one as integers, count included */
    CHECK(MPI_Status_c2f(&st, fst) == MPI_SUCCESS && fst[0] == 0 && fst[1] == 4);
    memset(&back, 0, sizeof back);
    CHECK(MPI_Status_f2c(fst, &back) == MPI_SUCCESS);
    CHECK(MPI_Get_count(&back, MPI_INT, &count) == MPI_SUCCESS && count == 2);
    rc = MPI_Status_f2c(MPI_F_STATUS_IGNORE, &back);
    MPI_Error_class(rc, &cls);
    CHECK(rc != MPI_SUCCESS && cls == MPI_ERR_ARG);
    rc = MPI_Status_c2f(MPI_STATUS_IGNORE, fst);
    MPI_Error_class(rc, &cls);
    CHECK(rc != MPI_SUCCESS && cls == MPI_ERR_ARG);
    CHECK(MPI_Type_free(&every_other) == MPI_SUCCESS);
}

static void callbacks(void)
{
    MPI_Datatype t = MPI_DATATYPE_NULL, copy = MPI_DATATYPE_NULL;
    MPI_Comm c = MPI_COMM_NULL;
    int kdup, knull, ckey, flag = -1, value = 42;
    void *got = NULL;

    /* MPI_TYPE_DUP_FN copies the value to the new type, NULL_COPY not */
    CHECK(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, &kdup, NULL) ==
          MPI_SUCCESS);
    CHECK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &knull, NULL) ==
          MPI_SUCCESS);
    CHECK(MPI_Type_contiguous(2, MPI_INT, &t) == MPI_SUCCESS);
    CHECK(MPI_Type_set_attr(t, kdup, &value) == MPI_SUCCESS);
    CHECK(MPI_Type_set_attr(t, knull, &value) == MPI_SUCCESS);
    CHECK(MPI_Type_dup(t, &copy) == MPI_SUCCESS);
    CHECK(MPI_Type_get_attr(copy, kdup, &got, &flag) == MPI_SUCCESS && flag && got == &value);
    CHECK(MPI_Type_get_attr(copy, knull, &got, &flag) == MPI_SUCCESS && !flag);
    CHECK(MPI_Type_free(&copy) == MPI_SUCCESS && MPI_Type_free(&t) == MPI_SUCCESS);
    CHECK(MPI_Type_free_keyval(&kdup) == MPI_SUCCESS &&
          MPI_Type_free_keyval(&knull) == MPI_SUCCESS);
    /* and the communicator ones on MPI_Comm_dup */
    CHECK(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &ckey, NULL) ==
          MPI_SUCCESS);
    CHECK(MPI_Comm_set_attr(MPI_COMM_SELF, ckey, &value) == MPI_SUCCESS);
    CHECK(MPI_Comm_dup(MPI_COMM_SELF, &c) == MPI_SUCCESS);
    CHECK(MPI_Comm_get_attr(c, ckey, &got, &flag) == MPI_SUCCESS && flag && got == &value);
    CHECK(MPI_Comm_free(&c) == MPI_SUCCESS);
    CHECK(MPI_Comm_delete_attr(MPI_COMM_SELF, ckey) == MPI_SUCCESS);
    CHECK(MPI_Comm_free_keyval(&ckey) == MPI_SUCCESS);
}

static void errors(void)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0, rc, cls, n = 0;
    MPI_Comm bad = MPI_Comm_f2c(-7);

    rc = MPI_Comm_size(bad, &n);
    MPI_Error_class(rc, &cls);
    CHECK(rc != MPI_SUCCESS && cls == MPI_ERR_COMM);
    rc = MPI_Type_size(MPI_DATATYPE_NULL, &n);
    MPI_Error_class(rc, &cls);
    CHECK(rc != MPI_SUCCESS && cls == MPI_ERR_TYPE);
    CHECK(MPI_Error_string(rc, msg, &len) == MPI_SUCCESS && len > 0 &&
          strstr(msg, "MPI_Type_size") != NULL);
    CHECK(MPI_Get_library_version(msg, &len) == MPI_SUCCESS && strstr(msg, "Open MPI") != NULL);
}

int main(int argc, char **argv)
{
    if (MPI_Init(&argc, &argv) != MPI_SUCCESS)
        return 1;
    /* the errors checked below return */
    CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN) == MPI_SUCCESS);
    predefined();
    conversions();
    statuses();
    callbacks();
    errors();
    MPI_Finalize();
    printf("check_ompi_abi: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed ? 1 : 0;
}
