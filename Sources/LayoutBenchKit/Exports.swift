// Reports, baselines and thresholds are read and written through `LayoutBenchJSON`; its
// types (`JSONNode`, `SourcePosition`, `JSONValue`, ...) are part of this module's API (a
// report's errors carry positions, `ReportReader` returns nodes), so its clients see them.
@_exported import LayoutBenchJSON
// The runner returns a `Report`, the gate reads them, and the pages render through
// `LayoutBenchReport`'s skeleton: its types are this module's API too.
@_exported import LayoutBenchReport
