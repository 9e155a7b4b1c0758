// The operations polytwist offers, as JSON answers: the CLI prints them and the WASM module hands
// them to JS unchanged, so both speak the same contract (docs/api.md). No function here throws or
// crashes on bad input; every error is {"ok":false,"error":"..."} saying what is wrong and where.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "api/solve_options.hpp"
#include "core/json.hpp"
#include "search/distance_table.hpp"

namespace polytwist::service {

using SolveProgressFn = std::function<void(int depth, std::uint64_t nodes)>;

inline constexpr const char* kVersion = "0.1.0";
inline constexpr std::size_t kMaxInputBytes = 1 << 20;  // longer inputs are refused unread
inline constexpr int kMaxScrambleMoves = 1000;

// {"version", "build_id"}: the release, and the id of this build (POLYTWIST_BUILD_ID when CMake
// was configured, else "dev"), which the site's page and worker report too.
Json version();
std::string buildId();
Json listPuzzles();
Json puzzleInfo(const std::string& id);
Json applyMoves(const std::string& id, const std::string& state, const std::string& moves);
// The same with the moves in one of the puzzle's other notations ("" = its own).
Json applyMovesIn(const std::string& id, const std::string& state, const std::string& moves,
                  const std::string& notation);
// {"ok":true,"moves":[{"move","motion"} or {"move","error"}…]}: every move of puzzleInfo's
// `moves` from `state`, how it turns the pieces (applyMoves' `motion`) or why it cannot be made
// there; for a puzzle shown as solid pieces (puzzleInfo's `view` "pieces"), whose drags ask it
// once per position.
Json moveMotions(const std::string& id, const std::string& state);
// {"ok":true,"events":[{"id","name","puzzle","scramble"}…]}: the WCA's events and the puzzle each
// is scrambled on (puzzles/events.hpp), with how its scramble is drawn (puzzleInfo's
// solvers.scramble), or "error" for an event whose scrambles are not served yet.
Json listEvents();
// A random-state scramble, or with `moves` > 0 (or for a puzzle whose spec asks for them) that
// many random moves, never two of one face in a row. A WCA event's id (333, minx, ...) stands for
// its puzzle; the answer then also names the "event".
Json scramble(const std::string& eventOrPuzzle, double seed, int moves = 0,
              const std::string& notation = "");
Json validate(const std::string& id, const std::string& facelets);
// How the player draws a puzzle (core/stickering.hpp, docs/images.md): a mask (`stage`: a named
// set, rules or orbits; "" = all shown) and a colour scheme (`sch`; "" = the puzzle's):
// {ok, looks: one of s/g/h per solved sticker, colours: per face} or {ok: false, error,
// parameter: "stage" or "sch", column (stage)}.
Json appearance(const std::string& id, const std::string& stage, const std::string& scheme);
// A puzzle's derived geometry for the page's 3D player (docs/geometry.md): faces, stickers,
// pieces, axes, each move as a turn of slabs, the net; for a puzzle given by a description
// (every call takes a description where it takes a puzzle id).
Json puzzleGeometry(const std::string& id);
// A picture of a position as SVG from VisualCube-style query parameters (docs/images.md):
// {ok, svg} or {ok: false, error, svg (the message as a picture)}.
Json image(const std::string& query);
// What a page needs to paint a puzzle's pictures without the engine for simple move sequences
// (web/src/picture/fast.js): the solved picture in the default view, each sticker's face and
// colour, and, for every token that is one move in a fixed frame ("R2'", the Master Pyraminx's
// "2U"), where its stickers go: {ok, svg, colours, faces, moves: {token: sources}}.
Json pictureTemplate(const std::string& id);
Json solve(const std::string& id, const std::string& state, const SolveProgressFn& progress = {},
           Cancellation cancel = {});
// With options: method "fast" answers a short solution at once from the two-phase solver of
// puzzles that declare phases (the 3x3x3), and the optimal one for the others (saying so).
Json solve(const std::string& id, const std::string& state, const SolveOptions& options,
           const SolveProgressFn& progress = {}, Cancellation cancel = {});
// The same with the options as JSON text (solve_options.hpp); a bad text is an error answer.
Json solveWith(const std::string& id, const std::string& state, const std::string& optionsJson,
               const SolveProgressFn& progress = {}, Cancellation cancel = {});
Json distanceTable(const std::string& id, const BuildProgressFn& progress = {},
                   Cancellation cancel = {});

// The whole-puzzle table in its binary form (built first if needed), so a page can cache it and
// skip the BFS next time; `bytes` is empty when `answer` is an error.
struct TableBytes {
  Json answer;
  std::string bytes;
};
TableBytes exportTable(const std::string& id, const BuildProgressFn& progress = {},
                       Cancellation cancel = {});
// Takes such bytes back; a damaged file or one made for another layout is refused with a message.
Json importTable(const std::string& id, const std::string& bytes);

// The optimal-search kernel's tables (cube3: "small", or natively for now "medium" or "large";
// "" = the default set): built on
// first use (BFS progress as for distanceTable) or, natively, loaded from the cache directory.
// {"ok":true,"puzzle","tables","ms"}; a build that cannot get its memory fails with a message.
Json prepareTables(const std::string& id, const std::string& tables,
                   const BuildProgressFn& progress = {}, Cancellation cancel = {});
// The prepared set's bytes for the page to keep (IndexedDB), and taking them back.
TableBytes exportTables(const std::string& id, const std::string& tables);
Json importTables(const std::string& id, const std::string& tables, const std::string& bytes);
// The same bytes in parts, in order, so that memory holds them once: the part at `offset` 0
// starts an import of `total` bytes (closing the set's searches), each answers
// {"ok":true,"puzzle","tables","received","complete"}, and the part that reaches `total`
// ends it (complete: true, the set prepared). A failed part ends the import; `total` 0 drops
// one under way ({"ok":true,...,"dropped":true}: a download that stopped), freeing its memory.
Json importTablesPart(const std::string& id, const std::string& tables, double offset, double total,
                      const std::string& bytes);
// An optimal search in slices, for a worker that must stay responsive (one thread): searchStart
// takes solve options as JSON (solve_options.hpp; only "tables" matters), needs that set prepared
// and gives {"ok":true,"handle"}; each searchStep searches about
// `nodeBudget` nodes and answers {"ok":true,"status":"running","depth","nodes"} or, at the end,
// the solve answer with "status":"solved" (the handle is then closed); searchStop closes it.
Json searchStart(const std::string& id, const std::string& state, const std::string& optionsJson);
Json searchStep(int handle, double nodeBudget);
Json searchStop(int handle);

// Numbered puzzles (labelSymbols, e.g. the Numbered Pyraminx): `numbering` gives each sticker its
// digit, `groups` adds sticker groups that must show distinct digits besides the faces
// (core/labels.hpp has both formats).
// Every solved state of a numbering: count, the first `limit` (state, digits), the stage counts.
Json numberingSolutions(const std::string& id, const std::string& numbering,
                        const std::string& groups, double limit = 1000);
// The digits a state shows, which home sticker each position shows, and whether it is solved.
Json numberingPosition(const std::string& id, const std::string& state,
                       const std::string& numbering, const std::string& groups);
// An optimal solution to the nearest solved state.
Json numberingSolve(const std::string& id, const std::string& state, const std::string& numbering,
                    const std::string& groups, const BuildProgressFn& progress = {},
                    Cancellation cancel = {});
// The completions of a numbering whose '?' stickers are still open that have exactly one solved
// state (the seed's "designer": three faces given, every bottom face tried).
using DesignProgressFn = std::function<void(std::uint64_t tried, std::uint64_t total)>;
Json numberingDesign(const std::string& id, const std::string& partial, const std::string& groups,
                     const DesignProgressFn& progress = {}, Cancellation cancel = {});

}  // namespace polytwist::service
