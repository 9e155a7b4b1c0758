#include "puzzles/catalogue.hpp"

namespace polytwist {

const std::vector<Puzzle>& allPuzzles() {
  static const std::vector<Puzzle> puzzles = [] {
    std::vector<Puzzle> list;
    list.emplace_back(puzzles::pyraminx());
    list.emplace_back(puzzles::cube2());
    list.emplace_back(puzzles::domino());
    list.emplace_back(puzzles::numberedPyraminx());
    list.emplace_back(puzzles::cube3());
    list.emplace_back(puzzles::kilominx());
    list.emplace_back(puzzles::masterPyraminx());
    return list;
  }();
  return puzzles;
}

const Puzzle* findPuzzle(std::string_view id) {
  for (const Puzzle& puzzle : allPuzzles()) {
    if (puzzle.id() == id) return &puzzle;
  }
  return nullptr;
}

}  // namespace polytwist
