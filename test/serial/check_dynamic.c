/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Process creation and connection on the single-process runtime (MPI-4.1
 * sections 11.8 to 11.10): spawns refused with MPI_ERR_SPAWN and every
 * error code set; ports and the process's own name service working;
 * accept, connect and join refused once their arguments are checked;
 * each error with its class.
 */
#include "serialtest.h"

static int msg_has(int code, const char *text)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    MPI_Error_string(code, msg, &len);
    return strstr(msg, text) != NULL;
}

static void setup(void)
{
    init_fixture();
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
}

START_TEST(test_spawn)
{
    char *cmds[2] = {"a.out", "b.out"};
    int maxprocs[2] = {2, 3}, codes[5] = {0}, rc;
    MPI_Info infos[2] = {MPI_INFO_NULL, MPI_INFO_NULL};
    MPI_Comm ic = MPI_COMM_WORLD;

    rc = MPI_Comm_spawn("a.out", NULL, 3, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic, codes);
    ck_assert_int_eq(class_of(rc), MPI_ERR_SPAWN);
    ck_assert(msg_has(rc, "no process manager"));
    ck_assert_int_eq(ic, MPI_COMM_NULL);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(codes[i], MPI_ERR_SPAWN);
    ck_assert_int_eq(codes[3], 0); /* one per process asked for, no more */
    ck_assert_int_eq(class_of(MPI_Comm_spawn("a.out", NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD,
                                             &ic, MPI_ERRCODES_IGNORE)),
                     MPI_ERR_SPAWN);
    ck_assert_int_eq(class_of(MPI_Comm_spawn("a.out", NULL, 1, MPI_INFO_NULL, 1, MPI_COMM_WORLD,
                                             &ic, MPI_ERRCODES_IGNORE)),
                     MPI_ERR_ROOT);
    ck_assert_int_eq(class_of(MPI_Comm_spawn("a.out", NULL, 0, MPI_INFO_NULL, 0, MPI_COMM_WORLD,
                                             &ic, MPI_ERRCODES_IGNORE)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_spawn(NULL, NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &ic,
                                             MPI_ERRCODES_IGNORE)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_spawn("a.out", NULL, 1, MPI_INFO_NULL, 0, BOGUS_COMM, &ic,
                                             MPI_ERRCODES_IGNORE)),
                     MPI_ERR_COMM);

    memset(codes, 0, sizeof codes);
    rc = MPI_Comm_spawn_multiple(2, cmds, NULL, maxprocs, infos, 0, MPI_COMM_WORLD, &ic, codes);
    ck_assert_int_eq(class_of(rc), MPI_ERR_SPAWN);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(codes[i], MPI_ERR_SPAWN);
    maxprocs[1] = 0;
    ck_assert_int_eq(class_of(MPI_Comm_spawn_multiple(2, cmds, NULL, maxprocs, infos, 0,
                                                      MPI_COMM_WORLD, &ic, codes)),
                     MPI_ERR_ARG);
}
END_TEST

START_TEST(test_ports_and_names)
{
    char port[MPI_MAX_PORT_NAME], other[MPI_MAX_PORT_NAME], found[MPI_MAX_PORT_NAME] = "";
    MPI_Comm nc = MPI_COMM_WORLD;
    int rc;

    ck_assert_int_eq(MPI_Open_port(MPI_INFO_NULL, port), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Open_port(MPI_INFO_NULL, other), MPI_SUCCESS);
    ck_assert_str_ne(port, other);
    ck_assert_int_eq(strncmp(port, "typeshim-port:", 14), 0);

    ck_assert_int_eq(MPI_Publish_name("ocean", MPI_INFO_NULL, port), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Publish_name("ocean", MPI_INFO_NULL, other)), MPI_ERR_SERVICE);
    ck_assert_int_eq(MPI_Lookup_name("ocean", MPI_INFO_NULL, found), MPI_SUCCESS);
    ck_assert_str_eq(found, port);
    ck_assert_int_eq(class_of(MPI_Lookup_name("land", MPI_INFO_NULL, found)), MPI_ERR_NAME);
    ck_assert_int_eq(class_of(MPI_Unpublish_name("ocean", MPI_INFO_NULL, other)), MPI_ERR_SERVICE);
    ck_assert_int_eq(MPI_Unpublish_name("ocean", MPI_INFO_NULL, port), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Lookup_name("ocean", MPI_INFO_NULL, found)), MPI_ERR_NAME);

    /* an open port, and still nothing to connect with */
    rc = MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &nc);
    ck_assert_int_eq(class_of(rc), MPI_ERR_UNSUPPORTED_OPERATION);
    ck_assert(msg_has(rc, "no other process"));
    ck_assert_int_eq(nc, MPI_COMM_NULL);
    ck_assert_int_eq(class_of(MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &nc)),
                     MPI_ERR_UNSUPPORTED_OPERATION);
    ck_assert_int_eq(class_of(MPI_Comm_connect("nowhere", MPI_INFO_NULL, 0, MPI_COMM_WORLD, &nc)),
                     MPI_ERR_PORT);
    ck_assert_int_eq(class_of(MPI_Comm_accept(port, MPI_INFO_NULL, 2, MPI_COMM_WORLD, &nc)),
                     MPI_ERR_ROOT);
    ck_assert_int_eq(class_of(MPI_Comm_join(3, &nc)), MPI_ERR_UNSUPPORTED_OPERATION);
    ck_assert_int_eq(class_of(MPI_Comm_join(3, NULL)), MPI_ERR_ARG);

    ck_assert_int_eq(MPI_Close_port(port), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Close_port(port)), MPI_ERR_PORT);
    ck_assert_int_eq(class_of(MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &nc)),
                     MPI_ERR_PORT);
    ck_assert_int_eq(class_of(MPI_Open_port(MPI_INFO_NULL, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Publish_name(NULL, MPI_INFO_NULL, other)), MPI_ERR_ARG);
    /* other stays open: MPI_Finalize closes it */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dynamic");
    TCase *tc = tcase_create("dynamic");

    tcase_add_checked_fixture(tc, setup, finalize_fixture);
    tcase_add_test(tc, test_spawn);
    tcase_add_test(tc, test_ports_and_names);
    suite_add_tcase(s, tc);
    return st_run(s);
}
