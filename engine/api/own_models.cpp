// The operations of the puzzles with a model of their own (service_internal.hpp, OwnModel): the
// checks they share with the catalogue's puzzles (input size, notation, seed), then the model's
// own answer. Adding such a puzzle is one OwnModel and one line in ownModels().
#include <chrono>
#include <cmath>

#include "api/service_internal.hpp"

namespace polytwist::service::detail {

const std::vector<const OwnModel*>& ownModels() {
  static const std::vector<const OwnModel*> models = {&clockModel(), &square1Model()};
  return models;
}

const OwnModel* findOwnModel(const std::string& id) {
  for (const OwnModel* model : ownModels()) {
    if (id == model->id) return model;
  }
  return nullptr;
}

std::string ownModelOffers(const OwnModel& model) {
  return std::string(model.id) + " (the " + model.name +
         ", a model of its own) answers puzzleInfo, applyMoves, scramble, solve" +
         (model.validate ? ", validate" : "") + " and image only";
}

std::optional<std::string> seedProblem(double seed) {
  if (seed >= 0 && seed < 9007199254740992.0 && seed == std::floor(seed)) return std::nullopt;
  return "seed must be a whole number from 0 to 2^53-1";
}

namespace {

std::optional<Json> refusedInput(const OwnModel& model, std::size_t inputBytes,
                                 const std::string& notation) {
  if (inputBytes > kMaxInputBytes) {
    return failure("input of " + std::to_string(inputBytes) + " bytes is too long (limit " +
                   std::to_string(kMaxInputBytes) + ")");
  }
  if (!notation.empty()) {
    return failure(std::string(model.id) + " has one notation, " + model.notation + ": no '" +
                   notation.substr(0, 40) + "'");
  }
  return std::nullopt;
}

}  // namespace

Json ownModelInfo(const OwnModel& model, const Json::Array& moves, const std::string& stateCount,
                  const std::string& solveSearch, int minScrambleDistance,
                  const std::string& scrambleDescription) {
  const Json solve = Json(Json::Object{})
                         .set("method", "fast")
                         .set("search", solveSearch)
                         .set("goal", "solved")
                         .set("optimal", false);
  return success()
      .set("id", model.id)
      .set("name", model.name)
      .set("model", model.id)
      .set("moves", moves)
      .set("state_count", stateCount)
      // As the catalogue's puzzles say them: Solve is the fast solver's, and no distance table.
      .set("methods", Json::Array{"fast"})
      .set("has_distance_table", false)
      .set("solvers", Json(Json::Object{})
                          .set("solve", Json::Array{solve})
                          .set("unsolvable", "")
                          .set("scramble", Json(Json::Object{})
                                               .set("method", "random-state")
                                               .set("search", solveSearch)
                                               .set("min_distance", minScrambleDistance)
                                               .set("description", scrambleDescription))
                          .set("gods_number", false))
      .set("geometry", false)
      // No geometry to build a 3D model from: players show the engine's picture of each position
      // (its `picture` image parameters) or, for "pieces", the solid pieces the model describes.
      .set("view", model.view);
}

Json applyOwn(const OwnModel& model, const std::string& state, const std::string& moves,
              const std::string& notation) {
  if (auto refusal = refusedInput(model, state.size() + moves.size(), notation)) return *refusal;
  return model.apply(state, moves);
}

Json scrambleOwn(const OwnModel& model, double seed, int moves, const std::string& notation) {
  if (auto refusal = refusedInput(model, 0, notation)) return *refusal;
  if (auto problem = seedProblem(seed)) return failure(*problem);
  if (moves != 0) {
    return failure(std::string(model.id) + " scrambles are random states, never random moves");
  }
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  return model.scramble(rng);
}

Json motionsOwn(const OwnModel& model, const std::string& state) {
  if (auto refusal = refusedInput(model, state.size(), "")) return *refusal;
  if (std::string(model.view) != "pieces") {
    return failure(std::string("the ") + model.name + " is shown as the engine's picture: its " +
                   "moves have no motions (moveMotions is for puzzles shown as solid pieces)");
  }
  const Json start = model.apply(state, "");
  if (const Json* ok = start.find("ok"); !ok || !ok->boolean()) return start;  // a bad state
  Json::Array answers;
  const Json info = model.info();
  for (const Json& move : info.find("moves")->array()) {
    const Json moved = model.apply(state, move.string());
    Json answer = Json(Json::Object{}).set("move", move);
    if (const Json* motion = moved.find("motion")) {
      answer.set("motion", *motion);
    } else {
      const Json* error = moved.find("error");
      answer.set("error", error ? *error : Json("no motion"));
    }
    answers.push_back(std::move(answer));
  }
  return Json(Json::Object{}).set("ok", true).set("moves", answers);
}

Json validateOwn(const OwnModel& model, const std::string& entry) {
  if (auto refusal = refusedInput(model, entry.size(), "")) return *refusal;
  return model.validate(entry);
}

Json solveOwn(const OwnModel& model, const std::string& state, const SolveOptions& options) {
  if (auto refusal = refusedInput(model, state.size(), options.notation)) return *refusal;
  const auto start = std::chrono::steady_clock::now();
  Json answer = model.solve(state);
  if (!answer.find("ok")->boolean()) return answer;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  answer.set("puzzle", model.id)
      .set("nodes", 0)
      .set("ms", std::round(ms * 1000) / 1000)
      .set("method", "fast")
      .set("optimal", false);
  if (options.method == SolveOptions::Method::Optimal) answer.set("note", model.optimalNote);
  return answer;
}

}  // namespace polytwist::service::detail
