/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Process creation and connection on one process (MPI-4.1 sections 11.8
 * to 11.10): MPI_Comm_spawn, MPI_Comm_spawn_multiple, MPI_Open_port,
 * MPI_Close_port, MPI_Comm_accept, MPI_Comm_connect, MPI_Comm_join,
 * MPI_Publish_name, MPI_Unpublish_name, MPI_Lookup_name.
 *
 * There is no process manager: a spawn starts nothing and fails with
 * MPI_ERR_SPAWN (every error code too).  Ports open and close, and the
 * name service is this process's own (a name it published, it finds),
 * but accepting, connecting and joining need a second process and an
 * intercommunicator, which one process has neither of: once their
 * arguments are checked (a port no MPI_Open_port opened is MPI_ERR_PORT)
 * they fail with MPI_ERR_UNSUPPORTED_OPERATION, with a message, rather
 * than wait for ever.  Ports and names are under tss_lock, freed when the
 * runtime ends.
 */
#include "typeshim_config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* An open port (name, no port) or a published name (service, its port). */
typedef struct entry {
    struct entry *next;
    char *key;
    char *port;
} entry;

static entry *ports, *names; /* tss_lock */
static unsigned nports_made; /* tss_lock: names ports apart */

/* tss_lock held.  The entry of list whose key is key (and whose port is
 * port, when port is not NULL), and where its link is. */
static entry **find(entry **list, const char *key, const char *port)
{
    for (; *list; list = &(*list)->next)
        if (!strcmp((*list)->key, key) && (!port || !strcmp((*list)->port, port)))
            return list;
    return NULL;
}

static void drop(entry **link)
{
    entry *e = *link;

    *link = e->next;
    tss_free(e->key);
    tss_free(e->port);
    tss_free(e);
}

/* tss_lock held.  A new entry at the head of *list: 0, or -1 without
 * memory. */
static int add(entry **list, const char *key, const char *port)
{
    entry *e = tss_calloc(1, sizeof *e);

    if (!e || !(e->key = tss_strdup(key)) || (port && !(e->port = tss_strdup(port)))) {
        if (e) {
            tss_free(e->key);
            tss_free(e);
        }
        return -1;
    }
    e->next = *list;
    *list = e;
    return 0;
}

/* Takes the entry of key (and port) out of list, under the lock: 1, or 0
 * when there is none. */
static int take_out(entry **list, const char *key, const char *port)
{
    entry **e;

    tss_lock();
    if ((e = find(list, key, port)))
        drop(e);
    tss_unlock();
    return e != NULL;
}

void tss_dynamic_finalize(void)
{
    while (ports)
        drop(&ports);
    while (names)
        drop(&names);
}

/* The checks every call here starts with: the init window, the string
 * arguments (NULL: MPI_ERR_ARG), the info.  Errors on MPI_COMM_WORLD's
 * handler, as for every call no communicator is given to. */
static int check(const char *fn, MPI_Info info, int nstr, const char *const *str,
                 const char *const *arg)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    for (int i = 0; i < nstr; i++)
        if (!str[i])
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                             arg[i]);
    return tss_info_check(fn, MPI_COMM_WORLD, info);
}

/* ------------------------------------------------------------- spawn */

/* What both spawns check on comm and root, then the refusal. */
static int spawn_fail(const char *fn, MPI_Comm comm, int root, MPI_Comm *intercomm, int nprocs,
                      int *errcodes, const char *what)
{
    if (root != 0)
        return tss_raise(comm, MPI_ERR_ROOT, "%s(root=%d): Invalid root (comm has size 1)", fn,
                         root);
    if (!intercomm)
        return tss_raise(comm, MPI_ERR_ARG, "%s(intercomm=NULL): Invalid argument", fn);
    *intercomm = MPI_COMM_NULL;
    if (errcodes != MPI_ERRCODES_IGNORE)
        for (int i = 0; i < nprocs; i++)
            errcodes[i] = MPI_ERR_SPAWN;
    return tss_raise(comm, MPI_ERR_SPAWN,
                     "%s: cannot start %d process%s of %s: the single-process runtime has no "
                     "process manager",
                     fn, nprocs, nprocs == 1 ? "" : "es", what);
}

TSS_WEAK_ALIAS(MPI_Comm_spawn, PMPI_Comm_spawn)
int PMPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root,
                    MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[])
{
    const char *fn = "MPI_Comm_spawn";
    char what[96];
    int rc = tss_check_comm(fn, comm);

    (void)argv;
    if (rc != MPI_SUCCESS)
        return rc;
    if (!command)
        return tss_raise(comm, MPI_ERR_ARG, "%s(command=NULL): Invalid argument", fn);
    if (maxprocs <= 0)
        return tss_raise(comm, MPI_ERR_ARG, "%s(maxprocs=%d): Invalid argument (1 or more)", fn,
                         maxprocs);
    if ((rc = tss_info_check(fn, comm, info)) != MPI_SUCCESS)
        return rc;
    snprintf(what, sizeof what, "\"%.64s\"", command);
    return spawn_fail(fn, comm, root, intercomm, maxprocs, array_of_errcodes, what);
}

TSS_WEAK_ALIAS(MPI_Comm_spawn_multiple, PMPI_Comm_spawn_multiple)
int PMPI_Comm_spawn_multiple(int count, char *array_of_commands[], char **array_of_argv[],
                             const int array_of_maxprocs[], const MPI_Info array_of_info[],
                             int root, MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[])
{
    const char *fn = "MPI_Comm_spawn_multiple";
    char what[64];
    int rc = tss_check_comm(fn, comm), total = 0;

    (void)array_of_argv;
    if (rc != MPI_SUCCESS)
        return rc;
    if (count <= 0)
        return tss_raise(comm, MPI_ERR_ARG, "%s(count=%d): Invalid argument (1 or more)", fn,
                         count);
    if (!array_of_commands || !array_of_maxprocs || !array_of_info)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         !array_of_commands   ? "array_of_commands"
                         : !array_of_maxprocs ? "array_of_maxprocs"
                                              : "array_of_info");
    for (int i = 0; i < count; i++) {
        if (!array_of_commands[i])
            return tss_raise(comm, MPI_ERR_ARG, "%s(array_of_commands[%d]=NULL): Invalid argument",
                             fn, i);
        if (array_of_maxprocs[i] <= 0 || array_of_maxprocs[i] > 1 << 20)
            return tss_raise(comm, MPI_ERR_ARG,
                             "%s(array_of_maxprocs[%d]=%d): Invalid argument (1 to 2^20)", fn, i,
                             array_of_maxprocs[i]);
        if (!tss_info_valid(array_of_info[i]))
            return tss_raise(comm, MPI_ERR_INFO,
                             "%s(array_of_info[%d]=" TSS_HFMT "): Invalid info (%s)", fn, i,
                             TSS_HARG(array_of_info[i]), tss_info_why(array_of_info[i]));
        total += array_of_maxprocs[i];
    }
    snprintf(what, sizeof what, "%d command%s", count, count == 1 ? "" : "s");
    return spawn_fail(fn, comm, root, intercomm, total, array_of_errcodes, what);
}

/* ------------------------------------------------------------- ports */

TSS_WEAK_ALIAS(MPI_Open_port, PMPI_Open_port)
int PMPI_Open_port(MPI_Info info, char *port_name)
{
    const char *fn = "MPI_Open_port";
    char name[MPI_MAX_PORT_NAME];
    int rc =
        check(fn, info, 1, (const char *const[]){port_name}, (const char *const[]){"port_name"});

    if (rc != MPI_SUCCESS)
        return rc;
    tss_lock();
    snprintf(name, sizeof name, "typeshim-port:%ld:%u", (long)getpid(), ++nports_made);
    rc = add(&ports, name, NULL);
    tss_unlock();
    if (rc != 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    strcpy(port_name, name);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Close_port, PMPI_Close_port)
int PMPI_Close_port(const char *port_name)
{
    const char *fn = "MPI_Close_port";
    int rc = check(fn, MPI_INFO_NULL, 1, &port_name, (const char *const[]){"port_name"});

    if (rc != MPI_SUCCESS)
        return rc;
    if (!take_out(&ports, port_name, NULL))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_PORT,
                         "%s(port_name=\"%.64s\"): no port of that name is open", fn, port_name);
    return MPI_SUCCESS;
}

/* Accept and connect: comm, root and the port checked, then refused. */
static int connection(const char *fn, const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                      MPI_Comm *newcomm)
{
    int rc = tss_check_comm(fn, comm), open;

    if (rc != MPI_SUCCESS)
        return rc;
    if (root != 0)
        return tss_raise(comm, MPI_ERR_ROOT, "%s(root=%d): Invalid root (comm has size 1)", fn,
                         root);
    if (!port_name || !newcomm)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         port_name ? "newcomm" : "port_name");
    if ((rc = tss_info_check(fn, comm, info)) != MPI_SUCCESS)
        return rc;
    *newcomm = MPI_COMM_NULL;
    tss_lock();
    open = find(&ports, port_name, NULL) != NULL;
    tss_unlock();
    if (!open)
        return tss_raise(comm, MPI_ERR_PORT,
                         "%s(port_name=\"%.64s\"): no port of that name is open", fn, port_name);
    return tss_raise(comm, MPI_ERR_UNSUPPORTED_OPERATION,
                     "%s: no other process exists to connect with (one process, and no "
                     "intercommunicator)",
                     fn);
}

TSS_WEAK_ALIAS(MPI_Comm_accept, PMPI_Comm_accept)
int PMPI_Comm_accept(const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                     MPI_Comm *newcomm)
{
    return connection("MPI_Comm_accept", port_name, info, root, comm, newcomm);
}

TSS_WEAK_ALIAS(MPI_Comm_connect, PMPI_Comm_connect)
int PMPI_Comm_connect(const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                      MPI_Comm *newcomm)
{
    return connection("MPI_Comm_connect", port_name, info, root, comm, newcomm);
}

TSS_WEAK_ALIAS(MPI_Comm_join, PMPI_Comm_join)
int PMPI_Comm_join(int fd, MPI_Comm *intercomm)
{
    const char *fn = "MPI_Comm_join";
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!intercomm)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(intercomm=NULL): Invalid argument", fn);
    *intercomm = MPI_COMM_NULL;
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_UNSUPPORTED_OPERATION,
                     "%s(fd=%d): no other MPI process exists to join (one process, and no "
                     "intercommunicator)",
                     fn, fd);
}

/* ------------------------------------------------------------- names */

TSS_WEAK_ALIAS(MPI_Publish_name, PMPI_Publish_name)
int PMPI_Publish_name(const char *service_name, MPI_Info info, const char *port_name)
{
    const char *fn = "MPI_Publish_name";
    int rc = check(fn, info, 2, (const char *const[]){service_name, port_name},
                   (const char *const[]){"service_name", "port_name"});

    if (rc != MPI_SUCCESS)
        return rc;
    tss_lock();
    rc = find(&names, service_name, NULL)       ? MPI_ERR_SERVICE
         : add(&names, service_name, port_name) ? MPI_ERR_NO_MEM
                                                : MPI_SUCCESS;
    tss_unlock();
    if (rc == MPI_ERR_SERVICE)
        return tss_raise(MPI_COMM_WORLD, rc,
                         "%s(service_name=\"%.64s\"): the name is published already", fn,
                         service_name);
    if (rc != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, rc, "%s: out of memory", fn);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Unpublish_name, PMPI_Unpublish_name)
int PMPI_Unpublish_name(const char *service_name, MPI_Info info, const char *port_name)
{
    const char *fn = "MPI_Unpublish_name";
    int rc = check(fn, info, 2, (const char *const[]){service_name, port_name},
                   (const char *const[]){"service_name", "port_name"});

    if (rc != MPI_SUCCESS)
        return rc;
    if (!take_out(&names, service_name, port_name))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_SERVICE,
                         "%s(service_name=\"%.64s\"): not published with that port", fn,
                         service_name);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Lookup_name, PMPI_Lookup_name)
int PMPI_Lookup_name(const char *service_name, MPI_Info info, char *port_name)
{
    const char *fn = "MPI_Lookup_name";
    char port[MPI_MAX_PORT_NAME];
    entry **e;
    int rc = check(fn, info, 2, (const char *const[]){service_name, port_name},
                   (const char *const[]){"service_name", "port_name"});

    if (rc != MPI_SUCCESS)
        return rc;
    tss_lock();
    if ((e = find(&names, service_name, NULL)))
        snprintf(port, sizeof port, "%s", (*e)->port);
    tss_unlock();
    if (!e)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NAME,
                         "%s(service_name=\"%.64s\"): no name of that service is published", fn,
                         service_name);
    strcpy(port_name, port);
    return MPI_SUCCESS;
}
