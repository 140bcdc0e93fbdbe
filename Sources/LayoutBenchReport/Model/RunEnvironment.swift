/// Where and how a run was measured: toolchain, machine, measurement methods.
public struct RunEnvironment: Codable, Sendable, Equatable {
    /// The toolchain that built the tool.
    public var toolchain: Toolchain
    /// The machine.
    public var machine: Machine
    /// How the measurements were taken.
    public var measurement: MeasurementInfo

    public init(toolchain: Toolchain, machine: Machine, measurement: MeasurementInfo) {
        self.toolchain = toolchain
        self.machine = machine
        self.measurement = measurement
    }

    /// The Swift toolchain.
    public struct Toolchain: Codable, Sendable, Equatable {
        /// The first line of `swift --version` on the machine at run time, or `null` when
        /// `swift` is not on the `PATH`.
        public var swiftVersion: String?
        /// The compiler version the tool was built with, known at compile time (`6.3`).
        public var compilerVersion: String
        /// `release` or `debug`: the configuration the tool was built in. Allocation
        /// counts and times are meaningful in `release` only.
        public var buildConfiguration: String

        public init(swiftVersion: String? = nil, compilerVersion: String, buildConfiguration: String) {
            self.swiftVersion = swiftVersion
            self.compilerVersion = compilerVersion
            self.buildConfiguration = buildConfiguration
        }
    }

    /// The machine.
    public struct Machine: Codable, Sendable, Equatable {
        /// `model name` from `/proc/cpuinfo`, when readable.
        public var cpuModel: String?
        /// Processors online (`sysconf(_SC_NPROCESSORS_ONLN)`).
        public var logicalCores: Int
        /// Physical memory, bytes.
        public var memoryBytes: UInt64
        /// `PRETTY_NAME` from `/etc/os-release`, when readable.
        public var os: String?
        /// The kernel release (`uname -r`).
        public var kernel: String?
        /// The machine architecture (`uname -m`).
        public var architecture: String?

        public init(
            cpuModel: String? = nil, logicalCores: Int, memoryBytes: UInt64, os: String? = nil, kernel: String? = nil,
            architecture: String? = nil
        ) {
            self.cpuModel = cpuModel
            self.logicalCores = logicalCores
            self.memoryBytes = memoryBytes
            self.os = os
            self.kernel = kernel
            self.architecture = architecture
        }
    }

    /// How measurements were taken.
    public struct MeasurementInfo: Codable, Sendable, Equatable {
        /// jemalloc's version (`mallctl("version")`), or `null` when allocations were not counted.
        public var jemallocVersion: String?
        /// Why allocations were not counted (`--no-allocations`, or the counter's error), or `null`.
        public var allocationCountingUnavailable: String?
        /// Whether the peak resident set size could be reset before each counting repetition
        /// (`/proc/self/clear_refs`); when not, peaks cover the process's lifetime.
        public var peakResetSupported: Bool
        /// What the harness itself costs inside a measured interval: a scenario instance
        /// whose run does nothing, measured the same way (not subtracted from results).
        public var harnessOverhead: HarnessOverhead

        public init(
            jemallocVersion: String? = nil, allocationCountingUnavailable: String? = nil, peakResetSupported: Bool,
            harnessOverhead: HarnessOverhead
        ) {
            self.jemallocVersion = jemallocVersion
            self.allocationCountingUnavailable = allocationCountingUnavailable
            self.peakResetSupported = peakResetSupported
            self.harnessOverhead = harnessOverhead
        }
    }

    /// The cost of measuring an empty scenario run.
    public struct HarnessOverhead: Codable, Sendable, Equatable {
        /// Allocations of an empty `ScenarioInstance.run()`, or `null` when not counted.
        public var allocations: UInt64?
        /// Bytes allocated by it, or `null` when not counted.
        public var allocatedBytes: UInt64?
        /// The median wall time of 101 empty runs, nanoseconds.
        public var wallNanoseconds: Double

        public init(allocations: UInt64? = nil, allocatedBytes: UInt64? = nil, wallNanoseconds: Double) {
            self.allocations = allocations
            self.allocatedBytes = allocatedBytes
            self.wallNanoseconds = wallNanoseconds
        }
    }
}
