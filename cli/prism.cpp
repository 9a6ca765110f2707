// The prism command-line tool.
//   prism check [FILE|-]...                                    validate JSON documents; exit 0 all valid, 1 any invalid
//   prism fmt [--indent N | --minify] [--no-newline] [FILE|-]   re-emit a document, pretty (indent 2) or compact
//   prism dump [--json] [FILE|-]                                print a prism binary document as text, without its types
//   prism --version
// check and fmt stream with memory bounded by the longest string or number in the input, so multi-GiB files are fine.
// Exit status 2 for usage errors, inputs that cannot be read (a directory, a read error) and output that cannot be
// written (a full disk, a closed pipe).
#include <prism/bin/dump.hpp>
#include <prism/bin/read.hpp>
#include <prism/prism.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* usage =
    "usage: prism check [FILE|-]...\n"
    "       prism fmt [--indent N | --minify] [--no-newline] [FILE|-]\n"
    "       prism dump [--json] [FILE|-]\n"
    "       prism --version\n"
    "check validates each JSON document (stdin when no file or '-'): exit 0 when all are valid, 1 otherwise,\n"
    "with FILE:LINE:COLUMN: message on stderr for each invalid one. fmt re-emits one document on stdout, ended by\n"
    "a newline unless --no-newline; on invalid input it stops at the error, and what it wrote is incomplete.\n"
    "dump prints a prism binary document (field ids, wire types, values) on stdout as it reads it; exit 1 if it\n"
    "is malformed (what it printed before the error is incomplete). With --json it prints the document as JSON\n"
    "(records as objects keyed by field id) once it has read it whole, or nothing if it is malformed.\n"
    "Exit 2 for usage errors, inputs that cannot be read and output that cannot be written.\n";

int usage_error(const std::string& what) {
  std::fprintf(stderr, "prism: %s\n%s", what.c_str(), usage);
  return 2;
}

/// "FILE:LINE:COLUMN: message", the form editors and compilers use.
void report(const std::string& name, const prism::error& e) {
  std::string what = e.detail.empty() ? std::string(prism::describe(e.code)) : e.detail;
  std::fprintf(stderr, "%s:%zu:%zu: %s\n", name == "-" ? "<stdin>" : name.c_str(), e.line, e.column, what.c_str());
}

/// Opens FILE or stdin for "-"; null (after a message) when it cannot, or when it is a directory.
std::FILE* open_input(const std::string& name) {
  if (name == "-") return stdin;
  struct stat st;
  if (::stat(name.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fprintf(stderr, "prism: cannot read %s: %s\n", name.c_str(), std::strerror(EISDIR));
    return nullptr;
  }
  std::FILE* f = std::fopen(name.c_str(), "rb");
  if (!f) std::fprintf(stderr, "prism: cannot open %s: %s\n", name.c_str(), std::strerror(errno));
  return f;
}

/// Exit status 2 and the system's reason for an input that failed while it was read or an output that could not
/// be written (errno still holds it); otherwise FILE:LINE:COLUMN and 1.
int failure(const std::string& name, const prism::error& e) {
  const char* shown = name == "-" ? "<stdin>" : name.c_str();
  if (e.code == prism::error_code::source_failed) {
    std::fprintf(stderr, "prism: cannot read %s: %s\n", shown, std::strerror(errno));
    return 2;
  }
  if (e.code == prism::error_code::sink_failed) {
    std::fprintf(stderr, "prism: cannot write the output: %s\n", std::strerror(errno));
    return 2;
  }
  report(name, e);
  return 1;
}

int check(const std::vector<std::string>& files) {
  int status = 0;
  for (const std::string& name : files) {
    std::FILE* f = open_input(name);
    if (!f) {
      status = 2;
      continue;
    }
    auto r = prism::json::validate(f);
    const int reason = errno;  // for failure(), past fclose
    if (f != stdin) std::fclose(f);
    errno = reason;
    if (!r) status = std::max(status, failure(name, r.error()));
  }
  return status;
}

int fmt(int indent, bool newline, const std::string& name) {
  std::FILE* f = open_input(name);
  if (!f) return 2;
  auto r = prism::json::reformat(f, stdout, {.indent = indent});
  const int reason = errno;  // for failure(), past fclose
  if (f != stdin) std::fclose(f);
  errno = reason;
  if (!r) {
    std::fflush(stdout);
    int status = failure(name, r.error());
    if (status == 1) std::fputs("prism: fmt stopped at the error: the output before it is incomplete\n", stderr);
    return status;
  }
  if (newline) std::fputc('\n', stdout);
  if (std::fflush(stdout) != 0) {
    prism::error unwritten;
    unwritten.code = prism::error_code::sink_failed;
    return failure(name, unwritten);
  }
  return 0;
}

}  // namespace

/// Reads a whole binary document and prints it as text, or as JSON through a json::value.
int dump(const std::string& name, bool json) {
  std::FILE* f = open_input(name);
  if (!f) return 2;
  std::vector<std::byte> bytes;
  char buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) != 0)
    for (std::size_t i = 0; i < n; ++i) bytes.push_back(static_cast<std::byte>(buf[i]));
  bool read_error = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (read_error) {
    std::fprintf(stderr, "prism: cannot read %s\n", name.c_str());
    return 2;
  }
  auto printed = [&]() -> prism::result<std::size_t> {
    if (!json) return prism::bin::dump(bytes, stdout);  // streamed: a deep document prints far more text than its bytes
    auto v = prism::bin::read<prism::json::value>(bytes);
    if (!v) return v.error();
    // bytes that are no UTF-8 (a blob) print as U+FFFD, NaN and infinities as null, rather than stop the output
    auto written = prism::json::write(*v, stdout, {.indent = 2, .nonfinite_as_null = true, .replace_invalid_utf8 = true});
    if (written && std::fputc('\n', stdout) == EOF) return prism::error{.code = prism::error_code::sink_failed, .detail = {}};
    return written;
  }();
  const bool flushed = std::fflush(stdout) == 0;
  if (!printed && printed.error().code != prism::error_code::sink_failed) {
    const prism::error& e = printed.error();
    std::fprintf(stderr, "%s: byte %zu: %s\n", name == "-" ? "<stdin>" : name.c_str(), e.offset,
                 (e.detail.empty() ? std::string(prism::describe(e.code)) : e.detail).c_str());
    if (!json) std::fputs("prism: dump stopped at the error: the output before it is incomplete\n", stderr);
    return 1;
  }
  if (!printed || !flushed) {
    std::fprintf(stderr, "prism: cannot write the output: %s\n", std::strerror(errno));
    return 2;
  }
  return 0;
}

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage_error("no command");
  std::string command = args[0];
  args.erase(args.begin());
  if (command == "check") {
    for (const auto& a : args)
      if (a.size() > 1 && a[0] == '-') return usage_error("check takes no option " + a);
    if (args.empty()) args.push_back("-");
    return check(args);
  }
  if (command == "fmt") {
    int indent = 2;
    bool newline = true;
    std::string file;
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i] == "--minify") {
        indent = 0;
      } else if (args[i] == "--no-newline") {
        newline = false;
      } else if (args[i] == "--indent") {
        if (i + 1 == args.size()) return usage_error("--indent needs a number");
        char* end;
        long n = std::strtol(args[++i].c_str(), &end, 10);
        if (*end != '\0' || n < 0 || n > 16) return usage_error("--indent takes 0 to 16");
        indent = static_cast<int>(n);
      } else if (args[i].size() > 1 && args[i][0] == '-') {
        return usage_error("unknown option " + args[i]);
      } else if (!file.empty()) {
        return usage_error("fmt takes one file");
      } else {
        file = args[i];
      }
    }
    return fmt(indent, newline, file.empty() ? "-" : file);
  }
  if (command == "dump") {
    bool json = !args.empty() && args[0] == "--json";
    if (json) args.erase(args.begin());
    if (args.size() > 1) return usage_error("dump takes one file");
    if (!args.empty() && args[0].size() > 1 && args[0][0] == '-') return usage_error("dump takes no option " + args[0]);
    return dump(args.empty() ? "-" : args[0], json);
  }
  if (command == "--version") {
    std::puts("prism " PRISM_VERSION);
    return 0;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(usage, stdout);
    return 0;
  }
  return usage_error("unknown command " + command);
}
