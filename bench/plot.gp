# SPDX-License-Identifier: BSD-3-Clause
# plot.gp: the `make bench` plot (bench/results.png; bench/readme.sh copies
# it to bench/speed.png, the README's figure).
#   gnuplot -e "data='...'; out='...'; rounds=3" plot.gp
# data: report.sh's plot file, tab-separated, "n/a" for a missing value:
#   1 pattern, 2 tier, 3-7 pack GB/s (TS MPICH OMPI hand memcpy), 8-11 unpack
#   GB/s (TS MPICH OMPI hand): the medians of the rounds; 12-17 pack min and
#   max GB/s of TS, MPICH, OMPI over the rounds; 18-23 the same for unpack;
#   24-25 TS / the faster of MPICH and OMPI, pack and unpack.
# rounds (optional): the number of rounds, for the title.
# Three panels, one bar group per pattern: typeshim's ratio to the best peer
# (log scale, line at 1), then MPI_Pack and MPI_Unpack GB/s of every
# implementation (log scale, autoscaled to whole decades so that no bar or
# error bar is clipped).
if (!exists("data")) data = 'bench/results-plot.dat'
if (!exists("out")) out = 'bench/results.png'
rtext = !exists("rounds") ? "median of the rounds" : rounds == 1 ? "one round, no spread" : sprintf("median of %d rounds", rounds)
set terminal pngcairo size 2400,1800 font ",12" noenhanced
set output out
set datafile separator "\t"
set datafile missing "n/a"

c_ts = "#d62728"; c_ts2 = "#ff9896"; c_mpich = "#1f77b4"; c_ompi = "#2ca02c"
c_hand = "#7f7f7f"; c_memcpy = "#bcbd22"

stats data using 0 nooutput
set xrange [-0.6 : STATS_records - 0.4]
set style data histograms
set style fill solid 0.9 border -1
set boxwidth 0.9
set logscale y
set autoscale y
set grid ytics mytics lc rgb "#c8c8c8"
set xtics rotate by 45 right nomirror font ",11"
set ytics nomirror
set lmargin at screen 0.06
set rmargin at screen 0.89
set key outside right top vertical Left reverse noautotitle samplen 2 spacing 1.2

set multiplot title sprintf("typeshim vs MPICH vs Open MPI: MPI_Pack / MPI_Unpack throughput per pattern, GB/s of packed data (bars: %s; error bars: min to max)", rtext) font ",15"

# 1. the ratio to the best peer, a bar from 1 to the ratio: up, typeshim is
# faster; down, slower.  Patterns at x = 0, 1, ... as in the histograms.
set tmargin at screen 0.95
set bmargin at screen 0.73
set ylabel "typeshim / faster of MPICH, Open MPI\n(above 1: typeshim faster)"
set ytics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead lw 2.5 lc rgb "black" front
w = 0.36
lo(r) = r < 1 ? r : 1
hi(r) = r < 1 ? 1 : r
plot data using 0:(1):xtic(1) with points pt 0 lc rgb "white" notitle, \
     '' using ($0 - w / 2):24:($0 - w):($0):(lo($24)):(hi($24)) with boxxyerror title "pack" lc rgb c_ts, \
     '' using ($0 + w / 2):25:($0):($0 + w):(lo($25)):(hi($25)) with boxxyerror title "unpack" lc rgb c_ts2
unset arrow 1

# 2. and 3. absolute GB/s; hand loop and memcpy are one process's median
# (no spread), drawn with an empty error bar
set style histogram errorbars gap 1 lw 1.5
set ytics auto
set ylabel "MPI_Pack GB/s"
set tmargin at screen 0.64
set bmargin at screen 0.42
plot data using 3:12:13:xtic(1) title "typeshim" lc rgb c_ts, \
     '' using 4:14:15 title "MPICH" lc rgb c_mpich, \
     '' using 5:16:17 title "Open MPI" lc rgb c_ompi, \
     '' using 6:6:6 title "hand loop" lc rgb c_hand, \
     '' using 7:7:7 title "memcpy" lc rgb c_memcpy

set ylabel "MPI_Unpack GB/s"
set tmargin at screen 0.33
set bmargin at screen 0.11
plot data using 8:18:19:xtic(1) title "typeshim" lc rgb c_ts, \
     '' using 9:20:21 title "MPICH" lc rgb c_mpich, \
     '' using 10:22:23 title "Open MPI" lc rgb c_ompi, \
     '' using 11:11:11 title "hand loop" lc rgb c_hand, \
     '' using 7:7:7 title "memcpy" lc rgb c_memcpy
unset multiplot
