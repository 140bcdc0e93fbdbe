import Foundation

/// Validation of JSON files against a JSON Schema (draft 2020-12), with Python's `jsonschema`
/// from the tools venv (`LAYOUTBENCH_PYTHON`, which `scripts/test` sets): the one place the
/// tests check reports against `docs/report-schema.json`.
public enum JSONSchemaCheck {
    /// The Python with `jsonschema` (`LAYOUTBENCH_PYTHON`), or `nil`: tests that validate are
    /// enabled only when it is set.
    public static var python: String? { ProcessInfo.processInfo.environment["LAYOUTBENCH_PYTHON"] }

    /// The report's JSON Schema, `docs/report-schema.json`.
    public static let reportSchema = TestProcess.repositoryRoot.appendingPathComponent("docs/report-schema.json")

    /// Checks the schema itself, then validates each file against it.
    ///
    /// - Parameters:
    ///   - files: The JSON files' paths.
    ///   - schema: The schema (default: the report's).
    ///   - python: The Python with `jsonschema`.
    /// - Returns: The validation's exit status (0 when every file is valid) and its output: up
    ///   to 20 errors per file, each with the file, the JSON path and the message.
    public static func validate(_ files: [String], against schema: URL = reportSchema, python: String) throws -> TestExecution {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            failed = False
            for path in sys.argv[2:]:
                errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(path))), key=str)
                for error in errors[:20]:
                    print(path, error.json_path, error.message[:300])
                failed = failed or bool(errors)
            sys.exit(1 if failed else 0)
            """
        return try TestProcess.run(URL(fileURLWithPath: python), ["-c", script, schema.path] + files)
    }
}
