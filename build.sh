W=/work/wt-sq1fast
nice g++ -std=c++20 -O2 -g -I$W/engine main.cpp $W/engine/puzzles/square1/square1.cpp $W/engine/puzzles/square1/square1_solver.cpp $W/engine/core/ranking.cpp $W/engine/search/layered_bfs.cpp -o sq1 -lpthread
