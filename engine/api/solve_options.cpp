#include "api/solve_options.hpp"

#include <cctype>
#include <variant>
#include <vector>

namespace polytwist::service {
namespace {

// A reader of one flat JSON object whose values are strings, numbers or booleans.
class FlatObjectReader {
 public:
  using Value = std::variant<std::string, double, bool>;
  explicit FlatObjectReader(const std::string& text) : text_(text) {}

  bool read(std::vector<std::pair<std::string, Value>>& fields, std::string& error) {
    skipSpace();
    if (!take('{'))
      return fail("options: expected a JSON object such as {\"method\":\"fast\"}", error);
    skipSpace();
    if (take('}')) return atEnd(error);
    for (;;) {
      std::string key;
      skipSpace();
      if (!readString(key)) return fail("options: expected a key in double quotes", error);
      skipSpace();
      if (!take(':')) return fail("options: expected ':' after \"" + key + "\"", error);
      skipSpace();
      Value value;
      if (!readValue(value)) {
        return fail("options: the value of \"" + key + "\" must be a string, number or boolean",
                    error);
      }
      fields.emplace_back(std::move(key), std::move(value));
      skipSpace();
      if (take('}')) return atEnd(error);
      if (!take(',')) return fail("options: expected ',' or '}'", error);
    }
  }

 private:
  bool fail(const std::string& message, std::string& error) {
    error = message + " (at character " + std::to_string(at_ + 1) + ")";
    return false;
  }
  bool atEnd(std::string& error) {
    skipSpace();
    return at_ == text_.size() || fail("options: unexpected text after the object", error);
  }
  void skipSpace() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool take(char c) {
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  bool readString(std::string& out) {
    if (!take('"')) return false;
    while (at_ < text_.size() && text_[at_] != '"') {
      if (text_[at_] == '\\' || static_cast<unsigned char>(text_[at_]) < 0x20) return false;
      out += text_[at_++];
    }
    return take('"');
  }
  bool readValue(Value& value) {
    std::string text;
    if (at_ < text_.size() && text_[at_] == '"') {
      if (!readString(text)) return false;
      value = text;
      return true;
    }
    for (const auto& [word, flag] : {std::pair{"true", true}, std::pair{"false", false}}) {
      if (text_.compare(at_, std::string(word).size(), word) == 0) {
        at_ += std::string(word).size();
        value = flag;
        return true;
      }
    }
    const std::size_t start = at_;
    while (at_ < text_.size() &&
           (std::isdigit(static_cast<unsigned char>(text_[at_])) || text_[at_] == '-' ||
            text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E' || text_[at_] == '+')) {
      ++at_;
    }
    if (start == at_ || at_ - start > 24) return false;
    char* end = nullptr;
    const std::string number = text_.substr(start, at_ - start);
    value = std::strtod(number.c_str(), &end);
    return end == number.c_str() + number.size();
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<SolveOptions> readSolveOptions(const std::string& text, std::string& error) {
  SolveOptions options;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return options;
  if (text.size() > 4096) {
    error = "options: longer than 4096 characters";
    return std::nullopt;
  }
  std::vector<std::pair<std::string, FlatObjectReader::Value>> fields;
  if (!FlatObjectReader(text).read(fields, error)) return std::nullopt;
  for (const auto& [key, value] : fields) {
    if (key == "method") {
      const std::string* method = std::get_if<std::string>(&value);
      if (method && *method == "optimal") {
        options.method = SolveOptions::Method::Optimal;
      } else if (method && *method == "fast") {
        options.method = SolveOptions::Method::Fast;
      } else {
        error = "options: \"method\" must be \"optimal\" or \"fast\"";
        return std::nullopt;
      }
    } else if (key == "max_length") {
      const double* length = std::get_if<double>(&value);
      if (!length || !(*length >= 0 && *length <= 60) || *length != static_cast<int>(*length)) {
        error = "options: \"max_length\" must be a whole number from 0 to 60";
        return std::nullopt;
      }
      options.maxLength = static_cast<int>(*length);
    } else if (key == "time_ms") {
      const double* milliseconds = std::get_if<double>(&value);
      if (!milliseconds || !(*milliseconds >= 0 && *milliseconds <= 60000)) {
        error = "options: \"time_ms\" must be a number of milliseconds from 0 to 60000";
        return std::nullopt;
      }
      options.timeMs = *milliseconds;
    } else if (key == "tables") {
      const std::string* tables = std::get_if<std::string>(&value);
      if (!tables || tables->size() > 40) {
        error = "options: \"tables\" must be the name of a table set, such as \"small\"";
        return std::nullopt;
      }
      options.tables = *tables;
    } else if (key == "threads") {
      const double* threads = std::get_if<double>(&value);
      if (!threads || !(*threads >= 0 && *threads <= 256) ||
          *threads != static_cast<int>(*threads)) {
        error = "options: \"threads\" must be a whole number from 0 (one per core) to 256";
        return std::nullopt;
      }
      options.threads = static_cast<unsigned>(*threads);
    } else if (key == "notation") {
      const std::string* notation = std::get_if<std::string>(&value);
      if (!notation || notation->size() > 40) {
        error = "options: \"notation\" must be the name of a notation, such as \"megaminx\"";
        return std::nullopt;
      }
      options.notation = *notation;
    } else {
      error = "options: unknown key \"" + key.substr(0, 40) +
              "\" (known: method, max_length, time_ms, tables, threads, notation)";
      return std::nullopt;
    }
  }
  return options;
}

}  // namespace polytwist::service
