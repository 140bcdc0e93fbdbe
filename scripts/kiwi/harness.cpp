// kiwi-harness: replays a layoutbench solver trace (docs/solver-trace.md) on kiwi's C++
// solver, with no Python between the clock and kiwi. scripts/kiwi/build-harness compiles it
// (g++ -O2) against the headers of PyPI's `kiwisolver` source distribution; compare_kiwi.py
// drives it as it drives `layoutbench solver-bench --lockstep`.
//
// It mirrors scripts/kiwi/replay_kiwi.py exactly (that file's docstring and
// docs/performance.md say how a trace maps onto kiwi):
//
// - steps and segments are cut as replay_kiwi.plan_steps and SolverBenchmark's ReplayPlan
//   cut them; only the solver calls of a segment are timed, with the clock read at the two
//   ends of every chunk of at most 64 calls (CLOCK_MONOTONIC through steady_clock);
// - variables, expressions and constraints (those an update installs too) are made before
//   the clock starts; every repetition uses a new kiwi::Solver and new variables;
// - priority 1000 -> strength::required; the trace's non-required priorities, at most
//   three, highest first -> strong, medium, weak with the constraint's weight;
// - read -> updateVariables(); updateConstant/updatePriority -> removeConstraint +
//   addConstraint of a prepared constraint (the old one re-added if that fails);
//   addEdit -> addEditVariable + suggestValue(start) with layoutbench's start value;
//   batches: the operations inside run one by one;
// - a call that throws one of kiwi's six errors counts as a failed operation (its line is
//   reported by `verify`).
//
// Usage: kiwi-harness TRACE.jsonl, then commands on standard input, one per line; each
// answer is one JSON line on standard output:
//
//   start LINE VALUE   the start value of the addEdit on trace line LINE (no answer)
//   verify             a repetition that reads values, each call timed on its own: one
//                      {"event":"segment",...} line per segment (class, nanoseconds, steps,
//                      the checksums of its reads), then {"event":"verified",...} with the
//                      failed lines, the values at the last read and at the end
//   run BUDGET_NS      a timed repetition: {"event":"repetition","classes":{class: ns},
//                      "failures":N}, or {"event":"over-budget","nanoseconds":N} once the
//                      calls took longer than BUDGET_NS (0: no budget)
//   quit
//
// On start it prints {"event":"loaded","steps":{class: count}} (or {"event":"error",...} and
// exits 65 for a trace it cannot read or map onto kiwi's strengths).

#include <kiwi/kiwi.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

// The solver calls, one function each. With -DKIWI_HARNESS_PROFILE they are out of line and
// named plainly, so that a profiler can count inside one kind of operation
// (scripts/kiwi/cache_counts.py: callgrind --toggle-collect=kh_op_suggest); otherwise they
// are inlined and the replay loop is what it would be without them.
#ifdef KIWI_HARNESS_PROFILE
#define KH_OP extern "C" __attribute__((noinline, used))
#else
#define KH_OP static inline
#endif

KH_OP void kh_op_add(kiwi::Solver* solver, const kiwi::Constraint* constraint) { solver->addConstraint(*constraint); }
KH_OP void kh_op_remove(kiwi::Solver* solver, const kiwi::Constraint* constraint) { solver->removeConstraint(*constraint); }
KH_OP void kh_op_update(kiwi::Solver* solver, kiwi::Constraint* holder, const kiwi::Constraint* updated) {
    solver->removeConstraint(*holder);
    try {
        solver->addConstraint(*updated);
    } catch (const kiwi::UnsatisfiableConstraint&) {
        solver->addConstraint(*holder);
        throw;
    }
    *holder = *updated;
}
KH_OP void kh_op_add_edit(kiwi::Solver* solver, const kiwi::Variable* variable, double strength, double start) {
    solver->addEditVariable(*variable, strength);
    solver->suggestValue(*variable, start);
}
KH_OP void kh_op_add_edit_unknown(kiwi::Solver* solver, const kiwi::Variable* variable, double strength) {
    solver->updateVariables();
    double start = variable->value();
    solver->addEditVariable(*variable, strength);
    solver->suggestValue(*variable, start);
}
KH_OP void kh_op_remove_edit(kiwi::Solver* solver, const kiwi::Variable* variable) { solver->removeEditVariable(*variable); }
KH_OP void kh_op_suggest(kiwi::Solver* solver, const kiwi::Variable* variable, double value) {
    solver->suggestValue(*variable, value);
}
KH_OP void kh_op_read(kiwi::Solver* solver) { solver->updateVariables(); }

namespace {

// ---------------------------------------------------------------------------------------
// A small JSON reader: enough for the trace's one-object lines.

struct Json {
    enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
    bool boolean = false;
    double number = 0;
    std::string text;  // a string's value, or a number's literal text
    std::vector<Json> items;
    std::vector<std::pair<std::string, Json>> members;

    const Json* find(const char* key) const {
        for (const auto& member : members)
            if (member.first == key) return &member.second;
        return nullptr;
    }
};

struct JsonError : std::runtime_error {
    size_t column;
    JsonError(const std::string& message, size_t column) : std::runtime_error(message), column(column) {}
};

class JsonParser {
public:
    explicit JsonParser(const std::string& text) : s(text) {}

    Json parseDocument() {
        Json value = parseValue();
        skipSpace();
        if (i != s.size()) fail("extra characters after the value");
        return value;
    }

private:
    const std::string& s;
    size_t i = 0;

    [[noreturn]] void fail(const std::string& message) { throw JsonError(message, i + 1); }

    void skipSpace() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
    }

    Json parseValue() {
        skipSpace();
        if (i >= s.size()) fail("unexpected end of line");
        char c = s[i];
        Json value;
        if (c == '{') {
            value.kind = Json::Object;
            ++i;
            skipSpace();
            if (i < s.size() && s[i] == '}') { ++i; return value; }
            while (true) {
                skipSpace();
                if (i >= s.size() || s[i] != '"') fail("expected a key");
                std::string key = parseString();
                skipSpace();
                if (i >= s.size() || s[i] != ':') fail("expected ':'");
                ++i;
                value.members.emplace_back(std::move(key), parseValue());
                skipSpace();
                if (i < s.size() && s[i] == ',') { ++i; continue; }
                if (i < s.size() && s[i] == '}') { ++i; return value; }
                fail("expected ',' or '}'");
            }
        }
        if (c == '[') {
            value.kind = Json::Array;
            ++i;
            skipSpace();
            if (i < s.size() && s[i] == ']') { ++i; return value; }
            while (true) {
                value.items.push_back(parseValue());
                skipSpace();
                if (i < s.size() && s[i] == ',') { ++i; continue; }
                if (i < s.size() && s[i] == ']') { ++i; return value; }
                fail("expected ',' or ']'");
            }
        }
        if (c == '"') {
            value.kind = Json::String;
            value.text = parseString();
            return value;
        }
        if (s.compare(i, 4, "true") == 0) { i += 4; value.kind = Json::Bool; value.boolean = true; return value; }
        if (s.compare(i, 5, "false") == 0) { i += 5; value.kind = Json::Bool; return value; }
        if (s.compare(i, 4, "null") == 0) { i += 4; return value; }
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t start = i;
            if (s[i] == '-') ++i;
            while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.' || s[i] == 'e' ||
                                    s[i] == 'E' || s[i] == '+' || s[i] == '-'))
                ++i;
            value.kind = Json::Number;
            value.text = s.substr(start, i - start);
            char* end = nullptr;
            value.number = std::strtod(value.text.c_str(), &end);  // correctly rounded, as Python's float()
            if (end != value.text.c_str() + value.text.size()) { i = start; fail("malformed number"); }
            return value;
        }
        fail("unexpected character");
    }

    std::string parseString() {
        ++i;  // the opening quote
        std::string out;
        while (i < s.size() && s[i] != '"') {
            if (s[i] == '\\') {
                ++i;
                if (i >= s.size()) break;
                char e = s[i++];
                switch (e) {
                    case 'n': out += '\n'; break;
                    case 't': out += '\t'; break;
                    case 'r': out += '\r'; break;
                    case 'b': out += '\b'; break;
                    case 'f': out += '\f'; break;
                    case 'u': {
                        if (i + 4 > s.size()) fail("malformed \\u escape");
                        unsigned code = std::stoul(s.substr(i, 4), nullptr, 16);
                        i += 4;
                        // Names only: keep it as UTF-8 for the basic plane (surrogates as they come).
                        if (code < 0x80) out += static_cast<char>(code);
                        else if (code < 0x800) { out += static_cast<char>(0xC0 | (code >> 6)); out += static_cast<char>(0x80 | (code & 0x3F)); }
                        else { out += static_cast<char>(0xE0 | (code >> 12)); out += static_cast<char>(0x80 | ((code >> 6) & 0x3F)); out += static_cast<char>(0x80 | (code & 0x3F)); }
                        break;
                    }
                    default: out += e; break;
                }
            } else {
                out += s[i++];
            }
        }
        if (i >= s.size()) fail("unterminated string");
        ++i;
        return out;
    }
};

// ---------------------------------------------------------------------------------------
// The trace, its steps and segments (replay_kiwi.parse_trace and plan_steps).

enum class OpKind { Variable, Add, Remove, Suggest, UpdateConstant, UpdatePriority, AddEdit, RemoveEdit, BeginBatch, EndBatch, Read };

struct Op {
    int line;
    OpKind kind;
    Json fields;
};

const char* className(OpKind kind) {
    switch (kind) {
        case OpKind::Variable: return "variable";
        case OpKind::Add: return "add";
        case OpKind::Remove: return "remove";
        case OpKind::Suggest: return "suggest";
        case OpKind::UpdateConstant: return "updateConstant";
        case OpKind::UpdatePriority: return "updatePriority";
        case OpKind::AddEdit: return "addEdit";
        case OpKind::RemoveEdit: return "removeEdit";
        case OpKind::BeginBatch:
        case OpKind::EndBatch: return "batch";
        case OpKind::Read: return "read";
    }
    return "?";
}

struct TraceError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Step {
    std::string cls;
    size_t first, end;  // operations [first, end)
};

struct Segment {
    std::string cls;
    size_t firstStep, endStep;
};

constexpr double kRequired = 1000.0;

struct Trace {
    std::string path;
    std::vector<Op> ops;
    std::vector<std::string> variableNames;
    std::map<double, int, std::greater<double>> strengths;  // non-required priority -> 0 strong, 1 medium, 2 weak
    std::vector<Step> steps;
    std::vector<Segment> segments;
    std::vector<std::string> classOrder;  // first appearance, as Python's dict keeps them
    std::map<std::string, int> stepCounts;
};

double numberField(const Op& op, const char* key, const Trace& trace) {
    const Json* value = op.fields.find(key);
    if (!value || value->kind != Json::Number)
        throw TraceError(trace.path + ":" + std::to_string(op.line) + ":1: missing or mistyped field '" + key + "'");
    return value->number;
}

std::vector<Step> planSteps(const std::vector<Op>& ops) {
    std::vector<Step> steps;
    size_t index = 0, count = ops.size();
    while (index < count) {
        size_t start = index;
        std::string cls = className(ops[index].kind);
        if (ops[index].kind == OpKind::BeginBatch) {
            int depth = 0;
            while (index < count) {
                if (ops[index].kind == OpKind::BeginBatch) ++depth;
                else if (ops[index].kind == OpKind::EndBatch) --depth;
                ++index;
                if (depth == 0) break;
            }
        } else {
            ++index;
        }
        if (cls != "variable")
            while (index < count && ops[index].kind == OpKind::Read) ++index;
        steps.push_back({cls, start, index});
    }
    return steps;
}

Trace parseTrace(const std::string& path) {
    static const std::map<std::string, OpKind> kinds = {
        {"variable", OpKind::Variable}, {"add", OpKind::Add}, {"remove", OpKind::Remove},
        {"suggest", OpKind::Suggest}, {"updateConstant", OpKind::UpdateConstant},
        {"updatePriority", OpKind::UpdatePriority}, {"addEdit", OpKind::AddEdit},
        {"removeEdit", OpKind::RemoveEdit}, {"beginBatch", OpKind::BeginBatch},
        {"endBatch", OpKind::EndBatch}, {"read", OpKind::Read}};
    Trace trace;
    trace.path = path;
    std::ifstream file(path);
    if (!file) throw TraceError(path + ": cannot be read");
    std::string raw;
    int number = 0;
    bool sawHeader = false;
    while (std::getline(file, raw)) {
        ++number;
        size_t a = raw.find_first_not_of(" \t\r\n");
        if (a == std::string::npos) continue;
        Json value;
        try {
            value = JsonParser(raw).parseDocument();
        } catch (const JsonError& error) {
            throw TraceError(path + ":" + std::to_string(number) + ":" + std::to_string(error.column) +
                             ": malformed JSON: " + error.what());
        }
        if (value.kind != Json::Object) throw TraceError(path + ":" + std::to_string(number) + ":1: expected a JSON object");
        if (!sawHeader) {
            const Json* name = value.find("trace");
            const Json* version = value.find("version");
            if (!name || name->text != "layoutbench.solver" || !version || version->number != 1)
                throw TraceError(path + ":" + std::to_string(number) +
                                 ":1: expected the header {\"trace\":\"layoutbench.solver\",\"version\":1}");
            sawHeader = true;
            continue;
        }
        const Json* op = value.find("op");
        auto kind = op && op->kind == Json::String ? kinds.find(op->text) : kinds.end();
        if (kind == kinds.end()) throw TraceError(path + ":" + std::to_string(number) + ":1: unknown operation");
        Op item{number, kind->second, std::move(value)};
        if (item.kind == OpKind::Variable) {
            if (numberField(item, "id", trace) != static_cast<double>(trace.variableNames.size()))
                throw TraceError(path + ":" + std::to_string(number) + ":1: variables must be declared in order");
            const Json* name = item.fields.find("name");
            trace.variableNames.push_back(name && name->kind == Json::String ? name->text : "");
        }
        trace.ops.push_back(std::move(item));
    }
    if (!sawHeader) throw TraceError(path + ":1:1: empty trace: the header line is missing");

    std::set<double> priorities;
    for (const auto& item : trace.ops)
        if (item.kind == OpKind::Add || item.kind == OpKind::AddEdit || item.kind == OpKind::UpdatePriority) {
            double priority = numberField(item, "priority", trace);
            if (priority < kRequired) priorities.insert(priority);
        }
    if (priorities.size() > 3)
        throw TraceError(path + ": the trace uses " + std::to_string(priorities.size()) +
                         " non-required priority levels; kiwi has three (strong, medium, weak)");
    int level = 0;
    for (auto it = priorities.rbegin(); it != priorities.rend(); ++it) trace.strengths[*it] = level++;

    trace.steps = planSteps(trace.ops);
    for (size_t first = 0; first < trace.steps.size();) {
        size_t last = first + 1;
        while (last < trace.steps.size() && trace.steps[last].cls == trace.steps[first].cls) ++last;
        trace.segments.push_back({trace.steps[first].cls, first, last});
        first = last;
    }
    for (const auto& step : trace.steps) {
        if (trace.stepCounts.find(step.cls) == trace.stepCounts.end()) trace.classOrder.push_back(step.cls);
        ++trace.stepCounts[step.cls];
    }
    return trace;
}

// ---------------------------------------------------------------------------------------
// The replay (replay_kiwi.KiwiReplay).

enum class CallKind { Add, Remove, Update, AddEdit, AddEditUnknown, RemoveEdit, Suggest, Read };

struct Call {
    CallKind kind;
    int line;
    bool isRead;
    size_t holder = 0;         // Add, Remove, Update: index into Prepared::holders
    kiwi::Constraint updated;  // Update: the constraint with the new constant or strength
    size_t variable = 0;       // edits and suggestions
    double value = 0;          // Suggest: the value; AddEdit: the start
    double strength = 0;       // edits
};

struct PreparedSegment {
    std::string cls;
    std::vector<Call> calls;
};

struct Prepared {
    std::unique_ptr<kiwi::Solver> solver;
    std::vector<kiwi::Variable> variables;
    std::vector<kiwi::Constraint> holders;  // the current constraint of each trace constraint id
    std::vector<PreparedSegment> segments;
};

struct Definition {
    std::vector<std::pair<size_t, double>> terms;
    double constant;
    kiwi::RelationalOperator relation;
    double priority;
    double weight;
};

class Replay {
public:
    Replay(const Trace& trace, std::unordered_map<int, double> editStarts) : trace(trace), editStarts(std::move(editStarts)) {}

    double strength(double priority, double weight) const {
        if (priority >= kRequired) return kiwi::strength::required;
        double components[3] = {0, 0, 0};
        components[trace.strengths.at(priority)] = 1.0;
        return kiwi::strength::create(components[0], components[1], components[2], weight);
    }

    kiwi::Constraint makeConstraint(const std::vector<kiwi::Variable>& variables, const Definition& d) const {
        std::vector<kiwi::Term> terms;
        terms.reserve(d.terms.size());
        for (const auto& term : d.terms) terms.emplace_back(variables.at(term.first), term.second);
        return kiwi::Constraint(kiwi::Expression(std::move(terms), d.constant), d.relation, strength(d.priority, d.weight));
    }

    Definition definitionOf(const Op& op) const {
        Definition d;
        const Json* terms = op.fields.find("terms");
        if (!terms || terms->kind != Json::Array) throw TraceError(where(op) + "missing terms");
        for (const auto& pair : terms->items) {
            if (pair.kind != Json::Array || pair.items.size() != 2) throw TraceError(where(op) + "malformed term");
            d.terms.emplace_back(static_cast<size_t>(pair.items[0].number), pair.items[1].number);
        }
        d.constant = numberField(op, "constant", trace);
        const Json* relation = op.fields.find("relation");
        std::string r = relation ? relation->text : "";
        if (r == "==") d.relation = kiwi::OP_EQ;
        else if (r == "<=") d.relation = kiwi::OP_LE;
        else if (r == ">=") d.relation = kiwi::OP_GE;
        else throw TraceError(where(op) + "unknown relation");
        d.priority = numberField(op, "priority", trace);
        const Json* weight = op.fields.find("weight");
        d.weight = weight && weight->kind == Json::Number ? weight->number : 1.0;
        return d;
    }

    Prepared prepare() const {
        Prepared p;
        p.solver = std::make_unique<kiwi::Solver>();
        p.variables.reserve(trace.variableNames.size());
        for (const auto& name : trace.variableNames) p.variables.emplace_back(name);
        std::unordered_map<long long, Definition> definitions;
        std::unordered_map<long long, size_t> holderOf;
        std::vector<std::unique_ptr<Call>> callOfOp(trace.ops.size());

        for (size_t index = 0; index < trace.ops.size(); ++index) {
            const Op& item = trace.ops[index];
            auto call = std::make_unique<Call>();
            call->line = item.line;
            call->isRead = item.kind == OpKind::Read;
            switch (item.kind) {
                case OpKind::Variable:
                case OpKind::BeginBatch:
                case OpKind::EndBatch:
                    call.reset();
                    break;
                case OpKind::Add: {
                    long long id = static_cast<long long>(numberField(item, "id", trace));
                    if (holderOf.find(id) == holderOf.end()) {
                        definitions[id] = definitionOf(item);
                        holderOf[id] = p.holders.size();
                        p.holders.push_back(makeConstraint(p.variables, definitions[id]));
                    }
                    call->kind = CallKind::Add;
                    call->holder = holderOf[id];
                    break;
                }
                case OpKind::Remove:
                    call->kind = CallKind::Remove;
                    call->holder = holderOf.at(static_cast<long long>(numberField(item, "id", trace)));
                    break;
                case OpKind::UpdateConstant:
                case OpKind::UpdatePriority: {
                    long long id = static_cast<long long>(numberField(item, "id", trace));
                    Definition& definition = definitions.at(id);
                    if (item.kind == OpKind::UpdateConstant) definition.constant = numberField(item, "constant", trace);
                    else definition.priority = numberField(item, "priority", trace);
                    call->kind = CallKind::Update;
                    call->holder = holderOf.at(id);
                    call->updated = makeConstraint(p.variables, definition);
                    break;
                }
                case OpKind::AddEdit: {
                    call->variable = static_cast<size_t>(numberField(item, "variable", trace));
                    call->strength = strength(numberField(item, "priority", trace), 1.0);
                    auto start = editStarts.find(item.line);
                    if (start != editStarts.end()) {
                        call->kind = CallKind::AddEdit;
                        call->value = start->second;
                    } else {
                        call->kind = CallKind::AddEditUnknown;
                    }
                    break;
                }
                case OpKind::RemoveEdit:
                    call->kind = CallKind::RemoveEdit;
                    call->variable = static_cast<size_t>(numberField(item, "variable", trace));
                    break;
                case OpKind::Suggest:
                    call->kind = CallKind::Suggest;
                    call->variable = static_cast<size_t>(numberField(item, "variable", trace));
                    call->value = numberField(item, "value", trace);
                    break;
                case OpKind::Read:
                    call->kind = CallKind::Read;
                    break;
            }
            if (call && call->variable >= p.variables.size()) throw TraceError(where(item) + "unknown variable");
            callOfOp[index] = std::move(call);
        }

        for (const auto& segment : trace.segments) {
            if (segment.cls == "variable") continue;
            PreparedSegment prepared{segment.cls, {}};
            for (size_t step = segment.firstStep; step < segment.endStep; ++step)
                for (size_t index = trace.steps[step].first; index < trace.steps[step].end; ++index)
                    if (callOfOp[index]) prepared.calls.push_back(*callOfOp[index]);
            p.segments.push_back(std::move(prepared));
        }
        return p;
    }

    // One call; returns false when kiwi refused it with one of its errors (replay_kiwi.KIWI_ERRORS).
    static bool perform(Prepared& p, Call& call) {
        kiwi::Solver* solver = p.solver.get();
        try {
            switch (call.kind) {
                case CallKind::Add: kh_op_add(solver, &p.holders[call.holder]); break;
                case CallKind::Remove: kh_op_remove(solver, &p.holders[call.holder]); break;
                case CallKind::Update: kh_op_update(solver, &p.holders[call.holder], &call.updated); break;
                case CallKind::AddEdit: kh_op_add_edit(solver, &p.variables[call.variable], call.strength, call.value); break;
                case CallKind::AddEditUnknown: kh_op_add_edit_unknown(solver, &p.variables[call.variable], call.strength); break;
                case CallKind::RemoveEdit: kh_op_remove_edit(solver, &p.variables[call.variable]); break;
                case CallKind::Suggest: kh_op_suggest(solver, &p.variables[call.variable], call.value); break;
                case CallKind::Read: kh_op_read(solver); break;
            }
        } catch (const kiwi::UnsatisfiableConstraint&) {
            return false;
        } catch (const kiwi::DuplicateConstraint&) {
            return false;
        } catch (const kiwi::UnknownConstraint&) {
            return false;
        } catch (const kiwi::DuplicateEditVariable&) {
            return false;
        } catch (const kiwi::UnknownEditVariable&) {
            return false;
        } catch (const kiwi::BadRequiredStrength&) {
            return false;
        }
        return true;
    }

    const Trace& trace;

private:
    std::unordered_map<int, double> editStarts;

    std::string where(const Op& op) const { return trace.path + ":" + std::to_string(op.line) + ":1: "; }
};

using Clock = std::chrono::steady_clock;

inline int64_t nanosecondsBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
}

constexpr size_t kChunk = 64;

void printNumber(std::ostringstream& out, double value) {
    if (!std::isfinite(value)) {
        out << "null";
        return;
    }
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    out << buffer;
}

void emit(const std::ostringstream& out) {
    std::string line = out.str();
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

// SolverBenchmark's ValueChecksum: sum v[i]*(1 + i%7), and the same of |v[i]|.
std::pair<double, double> checksum(const std::vector<double>& values) {
    double total = 0, scale = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        double weight = static_cast<double>(1 + i % 7);
        total += weight * values[i];
        scale += weight * std::fabs(values[i]);
    }
    return {total, scale};
}

std::vector<double> valuesOf(const std::vector<kiwi::Variable>& variables) {
    std::vector<double> values;
    values.reserve(variables.size());
    for (const auto& variable : variables) values.push_back(variable.value());
    return values;
}

void printValues(std::ostringstream& out, const std::vector<double>& values) {
    out << '[';
    for (size_t i = 0; i < values.size(); ++i) {
        if (i) out << ',';
        printNumber(out, values[i]);
    }
    out << ']';
}

void verify(const Replay& replay) {
    Prepared p = replay.prepare();
    std::vector<int> failedLines;
    std::vector<double> lastRead;
    int64_t spent = 0;
    for (auto& segment : p.segments) {
        int64_t segmentNs = 0;
        std::vector<std::pair<double, double>> checksums;
        for (auto& call : segment.calls) {
            auto begin = Clock::now();
            bool ok = Replay::perform(p, call);
            auto end = Clock::now();
            if (!ok) failedLines.push_back(call.line);
            segmentNs += nanosecondsBetween(begin, end);
            if (call.isRead) {
                lastRead = valuesOf(p.variables);
                checksums.push_back(checksum(lastRead));
            }
        }
        spent += segmentNs;
        std::ostringstream out;
        out << "{\"event\":\"segment\",\"class\":\"" << segment.cls << "\",\"nanoseconds\":" << segmentNs
            << ",\"checksums\":[";
        for (size_t i = 0; i < checksums.size(); ++i) {
            if (i) out << ',';
            out << '[';
            printNumber(out, checksums[i].first);
            out << ',';
            printNumber(out, checksums[i].second);
            out << ']';
        }
        out << "]}";
        emit(out);
    }
    p.solver->updateVariables();
    std::ostringstream out;
    out << "{\"event\":\"verified\",\"nanoseconds\":" << spent << ",\"failedLines\":[";
    for (size_t i = 0; i < failedLines.size(); ++i) out << (i ? "," : "") << failedLines[i];
    out << "],\"lastReadValues\":";
    printValues(out, lastRead);
    out << ",\"finalValues\":";
    printValues(out, valuesOf(p.variables));
    out << '}';
    emit(out);
}

void run(const Replay& replay, int64_t budget) {
    Prepared p = replay.prepare();
    std::map<std::string, int64_t> nanoseconds;
    for (const auto& cls : replay.trace.classOrder)
        if (cls != "variable") nanoseconds[cls] = 0;
    int64_t failures = 0, spent = 0;
    for (auto& segment : p.segments) {
        int64_t total = 0;
        Call* calls = segment.calls.data();
        size_t count = segment.calls.size();
        for (size_t start = 0; start < count; start += kChunk) {
            size_t end = std::min(count, start + kChunk);
            auto begin = Clock::now();
            for (size_t i = start; i < end; ++i)
                if (!Replay::perform(p, calls[i])) ++failures;
            int64_t elapsed = nanosecondsBetween(begin, Clock::now());
            total += elapsed;
            spent += elapsed;
            if (budget > 0 && spent > budget) {
                std::ostringstream out;
                out << "{\"event\":\"over-budget\",\"nanoseconds\":" << spent << '}';
                emit(out);
                return;
            }
        }
        nanoseconds[segment.cls] += total;
    }
    std::ostringstream out;
    out << "{\"event\":\"repetition\",\"classes\":{";
    bool first = true;
    for (const auto& cls : replay.trace.classOrder) {
        if (cls == "variable") continue;
        out << (first ? "" : ",") << '"' << cls << "\":" << nanoseconds[cls];
        first = false;
    }
    out << "},\"failures\":" << failures << '}';
    emit(out);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
        std::fprintf(stderr, "usage: kiwi-harness TRACE.jsonl   (commands on standard input: see harness.cpp)\n");
        return argc == 2 ? 0 : 64;
    }
    Trace trace;
    try {
        trace = parseTrace(argv[1]);
    } catch (const TraceError& error) {
        std::ostringstream out;
        std::string message = error.what();
        std::string escaped;
        for (char c : message) {
            if (c == '"' || c == '\\') escaped += '\\';
            escaped += c;
        }
        out << "{\"event\":\"error\",\"message\":\"" << escaped << "\"}";
        emit(out);
        return 65;
    }
    {
        std::ostringstream out;
        out << "{\"event\":\"loaded\",\"variables\":" << trace.variableNames.size() << ",\"steps\":{";
        bool first = true;
        for (const auto& cls : trace.classOrder) {
            out << (first ? "" : ",") << '"' << cls << "\":" << trace.stepCounts[cls];
            first = false;
        }
        out << "}}";
        emit(out);
    }
    std::unordered_map<int, double> editStarts;
    std::unique_ptr<Replay> replay;
    std::string command;
    while (std::getline(std::cin, command)) {
        std::istringstream words(command);
        std::string verb;
        words >> verb;
        try {
            if (verb == "start") {
                int line;
                std::string value;
                words >> line >> value;
                editStarts[line] = std::strtod(value.c_str(), nullptr);
                replay.reset();
            } else if (verb == "verify" || verb == "run") {
                if (!replay) replay = std::make_unique<Replay>(trace, editStarts);
                if (verb == "verify") {
                    verify(*replay);
                } else {
                    long long budget = 0;
                    words >> budget;
                    run(*replay, budget);
                }
            } else if (verb == "quit") {
                break;
            } else if (!verb.empty()) {
                std::fprintf(stderr, "kiwi-harness: unknown command '%s'\n", verb.c_str());
                return 64;
            }
        } catch (const std::exception& error) {
            std::ostringstream out;
            std::string escaped;
            for (char c : std::string(error.what())) {
                if (c == '"' || c == '\\') escaped += '\\';
                escaped += c;
            }
            out << "{\"event\":\"error\",\"message\":\"" << escaped << "\"}";
            emit(out);
            return 70;
        }
    }
    return 0;
}
