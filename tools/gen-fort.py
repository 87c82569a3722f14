#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""gen-fort.py: the Fortran binding of the single-process runtime.

Writes lib/fortran/tsfort_gen.c (one wrapper per MPI function that both
typeshim exports and MPICH's Fortran library offers, as mpif.h and
MPICH's mpi module call it: mpi_<name>_ and pmpi_<name>_) and
lib/typeshim-fort.sym (the export list), from the prototypes of MPICH's
mpi.h and mpio.h, typeshim's export lists, and the Fortran names of
MPICH's libmpichfort.  Run by `make fort`; the outputs are committed.

A C parameter maps to its Fortran form by its type alone:
  int, MPI_Aint, MPI_Count, MPI_Offset     by reference (INTEGER of the kind)
  a handle (but MPI_File)                  INTEGER, MPICH's handle value itself
  MPI_File                                 INTEGER, through MPI_File_f2c/c2f
  pointers and arrays of the above         passed as they are
  void * (a choice buffer)                 MPI_BOTTOM, MPI_IN_PLACE translated
  MPI_Status *, MPI_Status []              MPI_STATUS(ES)_IGNORE translated
  const char *                             CHARACTER(*) in: trimmed, terminated
  char *                                   CHARACTER(*) out: blank-padded
  an error handler or reduction function   passed as it is (same arguments,
                                           all by reference)
Functions with any other parameter (argv lists, attribute values, the
callbacks of keyvals, generalized requests and data representations) are
written by hand in tsfort_special.c or not offered; SKIP says which.
"""
import re
import subprocess
import sys

top = sys.argv[1] if len(sys.argv) > 1 else '.'
inc = sys.argv[2] if len(sys.argv) > 2 else '/usr/include/x86_64-linux-gnu/mpich'
fortlib = sys.argv[3] if len(sys.argv) > 3 else '/usr/lib/x86_64-linux-gnu/libmpichfort.so.12'

text = open(inc + '/mpi_proto.h').read() + open(inc + '/mpio.h').read()
protos = {}
for m in re.finditer(r'^(int|double|MPI_Aint) (MPI_\w+)\s*\((.*?)\)\s*(?:ROMIO_API_PUBLIC|MPICH_API_PUBLIC|MPICH_ATTR)[^;]*;',
                     text, re.S | re.M):
    if m.group(2) not in protos:
        protos[m.group(2)] = (m.group(1), ' '.join(m.group(3).split()))

exported = set()
for sym in ('lib/typeshim.sym', 'lib/typeshim-serial.sym'):
    for line in open(top + '/' + sym):
        line = line.strip()
        if line.startswith('MPI_'):
            exported.add(line)

nm = subprocess.run(['nm', '-D', fortlib], capture_output=True, text=True, check=True).stdout
fnames = set()
for line in nm.split('\n'):
    f = line.split()
    if f and re.fullmatch(r'mpi_[a-z0-9_]*[a-z0-9]_', f[-1]) and 'f08' not in f[-1]:
        fnames.add(f[-1][:-1])

# Written by hand (tsfort_special.c), or not offered (the reason).
SKIP = {
    'MPI_Init': 'hand', 'MPI_Init_thread': 'hand', 'MPI_Buffer_detach': 'hand',
    'MPI_Comm_set_attr': 'hand', 'MPI_Comm_get_attr': 'hand', 'MPI_Attr_get': 'hand',
    'MPI_Attr_put': 'hand', 'MPI_Type_set_attr': 'hand', 'MPI_Type_get_attr': 'hand',
    'MPI_Win_set_attr': 'hand', 'MPI_Win_get_attr': 'hand',
    'MPI_Pcontrol': 'hand',
    # Fortran's lengths leave the NUL out, and "unchanged" values stay so
    'MPI_Info_get': 'hand', 'MPI_Info_get_string': 'hand', 'MPI_Session_get_nth_pset': 'hand',
}
HANDLES = {'MPI_Comm', 'MPI_Datatype', 'MPI_Group', 'MPI_Op', 'MPI_Info', 'MPI_Errhandler',
           'MPI_Request', 'MPI_Win', 'MPI_Message', 'MPI_Session', 'MPIO_Request'}
INTS = {'int', 'MPI_Aint', 'MPI_Count', 'MPI_Offset'}
PASS_FN = {'MPI_User_function', 'MPI_Comm_errhandler_function', 'MPI_Win_errhandler_function',
           'MPI_File_errhandler_function', 'MPI_Session_errhandler_function',
           'MPI_Handler_function'}


class Unsupported(Exception):
    pass


def parse(p):
    """(base type, name, pointer depth, array dims text, const)"""
    p = p.strip()
    const = p.startswith('const ')
    if const:
        p = p[6:]
    m = re.fullmatch(r'([A-Za-z_][A-Za-z_0-9]*)\s*(\**)\s*([A-Za-z_][A-Za-z_0-9]*)\s*((?:\[[^\]]*\])*)', p)
    if not m:
        raise Unsupported(p)
    return m.group(1), m.group(3), len(m.group(2)), m.group(4), const


def wrapper(name, ret, params):
    """C text of mpi_<name>_ calling PMPI-less MPI_<name>, or Unsupported."""
    fargs, pre, call, post, lens, made = [], [], [], [], [], []
    for p in params.split(','):
        if p.strip() in ('void', ''):
            continue
        base, pn, depth, dims, const = parse(p)
        ptr = depth + (1 if dims else 0)
        if base in PASS_FN and ptr == 1:
            fargs.append('%s *%s' % (base, pn))
            call.append(pn)
        elif base == 'char' and ptr == 1:
            fargs.append('char *%s' % pn)
            lens.append('size_t %s_len' % pn)
            undo = ''.join('tsfort_free(%s_c); ' % m for m in made)
            if const:
                pre.append('char *%s_c = tsfort_str_in(%s, %s_len);' % (pn, pn, pn))
                pre.append('if (!%s_c) { %s*ierr = tsfort_no_mem(); return; }' % (pn, undo))
                post.append('tsfort_free(%s_c);' % pn)
            else:
                pre.append('char *%s_c = tsfort_str_buf(%s_len);' % (pn, pn))
                pre.append('if (!%s_c) { %s*ierr = tsfort_no_mem(); return; }' % (pn, undo))
                post.append('if (*ierr == MPI_SUCCESS) tsfort_str_out(%s, %s_len, %s_c);' % (pn, pn, pn))
                post.append('tsfort_free(%s_c);' % pn)
            made.append(pn)
            call.append(pn + '_c')
        elif base == 'void' and ptr == 1:
            fargs.append('%svoid *%s' % ('const ' if const else '', pn))
            call.append('TSFORT_BUF(%s)' % pn)
        elif base == 'MPI_Status' and ptr == 1:
            fargs.append('MPI_Fint *%s' % pn)
            call.append(('TSFORT_STATUSES(%s)' if dims else 'TSFORT_STATUS(%s)') % pn)
        elif base == 'MPI_File' and ptr == 0:
            fargs.append('MPI_Fint *%s' % pn)
            call.append('MPI_File_f2c(*%s)' % pn)
        elif base == 'MPI_File' and ptr == 1 and not dims:
            fargs.append('MPI_Fint *%s' % pn)
            pre.append('MPI_File %s_c = MPI_File_f2c(*%s);' % (pn, pn))
            call.append('&%s_c' % pn)
            post.append('*%s = MPI_File_c2f(%s_c);' % (pn, pn))
        elif base in HANDLES and ptr == 0:
            fargs.append('MPI_Fint *%s' % pn)
            call.append('(%s)*%s' % (base, pn))
        elif (base in HANDLES or base in INTS) and ptr == 0:
            fargs.append('%s *%s' % (base, pn))
            call.append('*' + pn)
        elif base == 'int' and depth == 0 and re.fullmatch(r'\[\]\[3\]', dims):
            fargs.append('int (*%s)[3]' % pn)
            call.append(pn)
        elif base == 'int' and ptr == 1 and pn.endswith('weights'):
            fargs.append('%sint *%s' % ('const ' if const else '', pn))
            call.append('TSFORT_WEIGHTS(%s)' % pn)
        elif (base in HANDLES or base in INTS) and ptr == 1:
            # MPICH's handles are ints: an array of them is the Fortran array
            t = 'MPI_Fint' if base in HANDLES else base
            fargs.append('%s%s *%s' % ('const ' if const else '', t, pn))
            call.append('(%s%s *)%s' % ('const ' if const else '', base, pn) if base in HANDLES else pn)
        else:
            raise Unsupported(p)
    # MPI-4.1 section 3.7.5: indices into an array of requests count from
    # one in Fortran
    # one, errors included (the failing request's index, MPI_ERR_IN_STATUS)
    if name in ('MPI_Waitany', 'MPI_Testany'):
        pre.append('*indx = MPI_UNDEFINED;')
        post.append('if (*indx >= 0) (*indx)++;')
    if name in ('MPI_Waitsome', 'MPI_Testsome'):
        pre.append('*outcount = MPI_UNDEFINED;')
        post.append('if (*outcount >= 0 && *outcount <= *incount)')
        post.append('    for (int i = 0; i < *outcount; i++) array_of_indices[i]++;')
    lower = name.lower()
    if ret == 'int':
        sig = 'void %%s(%s)' % ', '.join(fargs + ['MPI_Fint *ierr'] + lens)
        body = pre + ['*ierr = %s(%s);' % (name, ', '.join(call))] + post
    else:
        if pre or post:
            raise Unsupported('returning %s' % ret)
        sig = '%s %%s(%s)' % (ret, ', '.join(fargs + lens) or 'void')
        body = ['return %s(%s);' % (name, ', '.join(call))]
    return lower, sig, body


out = []
done = []
left = []
for name in sorted(exported):
    lower = name.lower()
    if lower not in fnames:  # MPICH's Fortran library has none: neither does typeshim
        continue
    if name in SKIP:
        continue
    if name not in protos:
        left.append((name, 'no prototype'))
        continue
    try:
        lower, sig, body = wrapper(name, *protos[name])
    except Unsupported as e:
        left.append((name, 'parameter %s' % e))
        continue
    out.append('TSFORT_API ' + sig % ('p' + lower + '_') + ';')
    out.append('TSFORT_API ' + sig % ('p' + lower + '_'))
    out.append('{')
    out += ['    ' + b for b in body]
    out.append('}')
    out.append('TSFORT_ALIAS(%s_, p%s_)' % (lower, lower))
    out.append('')
    done.append(lower)

with open(top + '/lib/fortran/tsfort_gen.c', 'w') as f:
    f.write('/* SPDX-License-Identifier: BSD-3-Clause */\n')
    f.write('/* Generated by tools/gen-fort.py (make fort) from MPICH\'s prototypes and\n')
    f.write(' * typeshim\'s export lists: the Fortran binding of every MPI function whose\n')
    f.write(' * parameters map by type (tools/gen-fort.py says how).  Not offered here:\n')
    for n, why in left:
        f.write(' *   %s (%s)\n' % (n, why))
    f.write(' */\n#include "fortran/tsfort.h"\n\n')
    f.write('\n'.join(out))
hand = [n.lower() for n, k in SKIP.items() if k == 'hand']
syms = set()
for n in done + hand:
    syms.add(n + '_')
    syms.add('p' + n + '_')
for extra in open(top + '/lib/fortran/tsfort_extra.sym'):
    extra = extra.strip()
    if extra and not extra.startswith('#'):
        syms.add(extra)
with open(top + '/lib/typeshim-fort.sym', 'w') as f:
    for s in sorted(syms):
        f.write(s + '\n')
print('gen-fort: %d functions, %d by hand, %d not offered' % (len(done), len(hand), len(left)))
