/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_session: the Sessions model on one process (MPI-4.1 section 11.3):
 * process sets, their info and groups, communicators made from them and
 * the messages and collectives they carry, the session's hints and error
 * handler, and the World model started and ended while a session is open.
 * Valid calls only: MPICH 4.0.2 raises every error of these calls on the
 * fatal initial handler whatever the session's handler, and fails (an
 * assertion, a crash) where typeshim answers, so those cases are in
 * check_session.  No session is opened after one was finalized, nor
 * MPI_Init called after the last, and the session's handler is made once
 * a session is open: MPICH 4.0.2 crashes, or refuses, otherwise. */
#include "xc_common.h"

static int handler_calls, handler_code;

static void on_session(MPI_Session *s, int *code, ...)
{
    (void)s;
    handler_calls++;
    handler_code = *code;
}

static void show_info(const char *key, MPI_Info info)
{
    char line[XC_KEYLEN] = "", k[MPI_MAX_INFO_KEY + 1], v[64];
    int n = -1, flag;

    MPI_Info_get_nkeys(info, &n);
    for (int i = 0; i < n; i++) {
        MPI_Info_get_nthkey(info, i, k);
        MPI_Info_get(info, k, sizeof v - 1, v, &flag);
        snprintf(line + strlen(line), sizeof line - strlen(line), " %s=%s", k, v);
    }
    xc_kv(key, "nkeys=%d%s", n, line);
}

static void show_psets(MPI_Session s)
{
    char name[MPI_MAX_PSET_NAME_LEN], key[64];
    int n = -1, rc;

    rc = MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n);
    xc_kv("psets.num", "%s n=%d", xc_rc(rc), n);
    for (int i = 0; i < n && i < 8; i++) {
        MPI_Info info = MPI_INFO_NULL;
        int len = 0;

        rc = MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, NULL);
        snprintf(key, sizeof key, "pset.%d.len", i);
        xc_kv(key, "%s len=%d", xc_rc(rc), len);
        len = (int)sizeof name;
        rc = MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name);
        snprintf(key, sizeof key, "pset.%d.name", i);
        xc_kv(key, "%s %s", xc_rc(rc), name);
        snprintf(key, sizeof key, "pset.%d.len_after", i);
        xc_kv(key, "%d", len);
        len = 4;
        rc = MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name);
        snprintf(key, sizeof key, "pset.%d.cut", i);
        xc_kv(key, "%s %s len=%d", xc_rc(rc), name, len);
        rc = MPI_Session_get_pset_info(s, name[0] ? (i ? "mpi://SELF" : "mpi://WORLD") : "", &info);
        snprintf(key, sizeof key, "pset.%d.info", i);
        if (rc == MPI_SUCCESS) {
            show_info(key, info);
            MPI_Info_free(&info);
        } else
            xc_kv(key, "%s", xc_rc(rc));
    }
}

/* A communicator of the set: its shape, a strided message to self and a
 * reduction. */
static void show_comm(const char *p, MPI_Session s, const char *pset)
{
    int m[16], got[4] = {0}, rank = -1, size = -1, cmp = -1, sum = -1, one = 7, rc;
    MPI_Group g = MPI_GROUP_NULL, cg = MPI_GROUP_NULL;
    MPI_Comm c = MPI_COMM_NULL;
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    MPI_Datatype col;
    char key[64];

    rc = MPI_Group_from_session_pset(s, pset, &g);
    MPI_Group_size(g, &size);
    MPI_Group_rank(g, &rank);
    snprintf(key, sizeof key, "%s.group", p);
    xc_kv(key, "%s size=%d rank=%d", xc_rc(rc), size, rank);
    rc = MPI_Comm_create_from_group(g, "org.typeshim.xc", MPI_INFO_NULL, MPI_ERRORS_RETURN, &c);
    MPI_Comm_size(c, &size);
    MPI_Comm_rank(c, &rank);
    MPI_Comm_group(c, &cg);
    MPI_Group_compare(g, cg, &cmp);
    MPI_Comm_get_errhandler(c, &eh);
    snprintf(key, sizeof key, "%s.comm", p);
    xc_kv(key, "%s size=%d rank=%d group_ident=%d eh_return=%d", xc_rc(rc), size, rank,
          cmp == MPI_IDENT, eh == MPI_ERRORS_RETURN);
    for (int i = 0; i < 16; i++)
        m[i] = 10 * i;
    MPI_Type_vector(4, 1, 4, MPI_INT, &col);
    MPI_Type_commit(&col);
    rc = MPI_Sendrecv(m + 2, 1, col, 0, 3, got, 4, MPI_INT, 0, 3, c, MPI_STATUS_IGNORE);
    snprintf(key, sizeof key, "%s.sendrecv", p);
    xc_kv(key, "%s %d %d %d %d", xc_rc(rc), got[0], got[1], got[2], got[3]);
    rc = MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c);
    snprintf(key, sizeof key, "%s.allreduce", p);
    xc_kv(key, "%s %d", xc_rc(rc), sum);
    MPI_Type_free(&col);
    MPI_Group_free(&cg);
    MPI_Group_free(&g);
    rc = MPI_Comm_free(&c);
    snprintf(key, sizeof key, "%s.free", p);
    xc_kv(key, "%s null=%d", xc_rc(rc), c == MPI_COMM_NULL);
}

int main(void)
{
    MPI_Session s = MPI_SESSION_NULL, t = MPI_SESSION_NULL;
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL, got = MPI_ERRHANDLER_NULL;
    MPI_Info info, used = MPI_INFO_NULL;
    int flag = -1, rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", "MPI_THREAD_MULTIPLE");
    rc = MPI_Session_init(info, MPI_ERRORS_RETURN, &s);
    MPI_Info_free(&info);
    xc_kv("init", "%s null=%d", xc_rc(rc), s == MPI_SESSION_NULL);
    rc = MPI_Session_get_errhandler(s, &got);
    xc_kv("get_errhandler.init", "%s return=%d", xc_rc(rc), got == MPI_ERRORS_RETURN);
    /* made once a session is open: MPICH 4.0.2 refuses it before */
    rc = MPI_Session_create_errhandler(on_session, &eh);
    xc_kv("create_errhandler", "%s", xc_rc(rc));
    rc = MPI_Session_set_errhandler(s, eh);
    xc_kv("set_errhandler", "%s", xc_rc(rc));
    MPI_Initialized(&flag);
    xc_kv("initialized", "%d", flag);
    MPI_Finalized(&flag);
    xc_kv("finalized", "%d", flag);
    rc = MPI_Session_get_info(s, &used);
    if (rc == MPI_SUCCESS) {
        show_info("info_used", used);
        MPI_Info_free(&used);
    }
    rc = MPI_Session_get_errhandler(s, &got);
    xc_kv("get_errhandler", "%s same=%d", xc_rc(rc), got == eh);
    if (got != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&got);
    rc = MPI_Session_call_errhandler(s, MPI_ERR_OTHER);
    xc_kv("call_errhandler", "%s calls=%d code=%d", xc_rc(rc), handler_calls, handler_code);
    show_psets(s);
    show_comm("world", s, "mpi://WORLD");
    show_comm("self", s, "mpi://SELF");

    /* a second session beside the first */
    rc = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &t);
    xc_kv("init.second", "%s distinct=%d", xc_rc(rc), t != s);
    show_comm("second", t, "mpi://WORLD");
    rc = MPI_Session_finalize(&t);
    xc_kv("finalize.second", "%s null=%d", xc_rc(rc), t == MPI_SESSION_NULL);

    /* the World model, started and ended while the session is open */
    rc = MPI_Init(NULL, NULL);
    MPI_Initialized(&flag);
    xc_kv("world.init", "%s initialized=%d", xc_rc(rc), flag);
    rc = MPI_Finalize();
    MPI_Finalized(&flag);
    xc_kv("world.finalize", "%s finalized=%d", xc_rc(rc), flag);
    show_comm("after_world", s, "mpi://SELF");

    rc = MPI_Errhandler_free(&eh);
    xc_kv("errhandler_free", "%s", xc_rc(rc));
    rc = MPI_Session_finalize(&s);
    xc_kv("finalize", "%s null=%d", xc_rc(rc), s == MPI_SESSION_NULL);
    return 0;
}
