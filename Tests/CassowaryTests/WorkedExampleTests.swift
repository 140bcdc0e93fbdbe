import Testing

@testable import Cassowary

/// Seed 003 ("Auto Layout Constraint Priorities"): a splash screen with a logo in
/// each bottom corner, 32-point margins, worked at the solver level with explicit
/// variables. Logos are 100 wide; the wide screen is 400, the narrow one 250.
@Suite("Worked examples: seed 003 splash screen")
struct SplashScreenTests {
    static let logo = 100.0
    static let margin = 32.0

    /// Attempt 3: left spacer width 32 at 750, spacers equal (required), logos at
    /// least 32 apart (required). Narrow screens shrink the margins, not the gap.
    @Test("Attempt 3", arguments: [(400.0, 32.0, 136.0), (250.0, 9.0, 32.0)])
    func attempt3(width: Double, spacer: Double, gap: Double) throws {
        let solver = makeCheckedSolver()
        let screen = solver.makeVariable("W")
        let leftSpacer = solver.makeVariable("leftSpacer.width"), rightSpacer = solver.makeVariable("rightSpacer.width")
        let leftLogoX = solver.makeVariable("leftLogo.x"), rightLogoX = solver.makeVariable("rightLogo.x")
        try solver.add([
            screen == width,
            leftLogoX == leftSpacer,  // left spacer spans 0...leftSpacer
            rightLogoX + Self.logo + rightSpacer == screen,
            (leftSpacer == Self.margin).prioritized(750),
            leftSpacer == rightSpacer,
            rightLogoX >= leftLogoX + Self.logo + 32,
        ])
        #expect(close(solver.value(of: leftSpacer), spacer))
        #expect(close(solver.value(of: rightSpacer), spacer))
        #expect(close(solver.value(of: rightLogoX) - solver.value(of: leftLogoX) - Self.logo, gap))
    }

    /// Attempt 4: three spacers; left <= 32, left == right (required), left ==
    /// centre at 750. Wide: margins 32, centre takes the rest. Narrow: all three
    /// shrink together to (250 - 200) / 3.
    @Test("Attempt 4", arguments: [(400.0, 32.0, 136.0), (250.0, 50.0 / 3, 50.0 / 3)])
    func attempt4(width: Double, side: Double, centre: Double) throws {
        let solver = makeCheckedSolver()
        let screen = solver.makeVariable("W")
        let left = solver.makeVariable("left"), middle = solver.makeVariable("centre"), right = solver.makeVariable("right")
        try solver.add([
            screen == width,
            left + Self.logo + middle + Self.logo + right == screen,
            left <= Self.margin,
            left == right,
            (left == middle).prioritized(750),
        ])
        #expect(close(solver.value(of: left), side))
        #expect(close(solver.value(of: right), side))
        #expect(close(solver.value(of: middle), centre))
    }

    /// Attempt 5: margins fixed at 32, logos at least 32 apart, aspect ratio 1:1,
    /// left width <= 100 and == 100 at 750, equal widths: both logos shrink.
    @Test("Attempt 5", arguments: [(400.0, 100.0), (250.0, 77.0)])
    func attempt5(width: Double, logo: Double) throws {
        let solver = makeCheckedSolver()
        let screen = solver.makeVariable("W")
        let leftX = solver.makeVariable("leftLogo.x"), leftWidth = solver.makeVariable("leftLogo.width")
        let leftHeight = solver.makeVariable("leftLogo.height")
        let rightX = solver.makeVariable("rightLogo.x"), rightWidth = solver.makeVariable("rightLogo.width")
        let rightHeight = solver.makeVariable("rightLogo.height")
        try solver.add([
            screen == width,
            leftX == Self.margin,
            rightX + rightWidth == screen - Self.margin,
            rightX >= leftX + leftWidth + 32,
            leftHeight == leftWidth, rightHeight == rightWidth,
            leftWidth <= Self.logo,
            (leftWidth == Self.logo).prioritized(750),
            leftWidth == rightWidth,
        ])
        for variable in [leftWidth, rightWidth, leftHeight, rightHeight] {
            #expect(close(solver.value(of: variable), logo))
            #expect(!solver.isAmbiguous(variable))
        }
    }

    /// Attempt 5's first try: both widths == 100 at 750 and no equal-widths
    /// constraint. Narrow screens are ambiguous (any split of the 46 points costs
    /// the same); a 751 on the left width settles it: the right logo shrinks.
    @Test("Attempt 5, first try: ambiguous until one priority is 751")
    func attempt5Ambiguous() throws {
        let solver = makeCheckedSolver()
        let screen = solver.makeVariable("W")
        let leftX = solver.makeVariable("leftLogo.x"), leftWidth = solver.makeVariable("leftLogo.width")
        let rightX = solver.makeVariable("rightLogo.x"), rightWidth = solver.makeVariable("rightLogo.width")
        let leftPreference = (leftWidth == Self.logo).prioritized(750)
        try solver.add([
            screen == 250, leftX == Self.margin, rightX + rightWidth == screen - Self.margin,
            rightX >= leftX + leftWidth + 32, leftWidth <= Self.logo, rightWidth <= Self.logo,
            leftPreference, (rightWidth == Self.logo).prioritized(750),
        ])
        #expect(solver.isAmbiguous(leftWidth) && solver.isAmbiguous(rightWidth))
        let range = solver.valueRange(of: rightWidth)
        #expect(close(range.lowerBound, 54) && close(range.upperBound, 100))
        try solver.updatePriority(of: leftPreference, to: 751)
        #expect(!solver.isAmbiguous(leftWidth) && !solver.isAmbiguous(rightWidth))
        #expect(close(solver.value(of: leftWidth), 100) && close(solver.value(of: rightWidth), 54))
    }
}

/// Independent blocks of constraints cost each other nothing.
@Suite("Scaling")
struct ScalingTests {
    /// N blocks, each a view's four variables with position and size constraints and an edit.
    static func blocks(_ count: Int) throws -> (Solver, [Variable]) {
        let solver = Solver()
        var edited: [Variable] = []
        for block in 0..<count {
            let x = solver.makeVariable(), y = solver.makeVariable(), width = solver.makeVariable(), height = solver.makeVariable()
            try solver.add([
                x >= 0, y == Double(block) * 10, width >= 20, (width == 100).prioritized(250),
                height == width / 2, x + width <= 400,
            ])
            try solver.addEditVariable(x, priority: 999)
            edited.append(x)
        }
        return (solver, edited)
    }

    @Test("The work of an edit in one block does not grow with the number of blocks")
    func editsAreLocal() throws {
        var perBlock: [SolverCounters] = []
        for count in [10, 100, 2000] {
            let (solver, edited) = try Self.blocks(count)
            solver.forEachChangedVariable { _, _ in }  // read the set-up's values first
            let before = solver.counters
            for value in [5.0, 250.0, 390.0, 40.0] {
                try solver.suggestValue(value, for: edited[count / 2])
                _ = solver.value(of: edited[count / 2])
            }
            perBlock.append(solver.counters - before)
        }
        for (name, a, b, c) in zip4(SolverCounters.names, perBlock[0].values, perBlock[1].values, perBlock[2].values) where a != b || b != c {
            Issue.record("\(name): \(a) \(b) \(c)")
        }
        #expect(perBlock[0] == perBlock[1] && perBlock[1] == perBlock[2])
        #expect(perBlock[0].dualPivots > 0)
    }

    @Test("Adding a block costs the same whatever the number of blocks already there")
    func addsAreLocal() throws {
        var costs: [SolverCounters] = []
        for count in [10, 2000] {
            let (solver, _) = try Self.blocks(count)
            let before = solver.counters
            let x = solver.makeVariable(), width = solver.makeVariable()
            try solver.add([x >= 0, width >= 20, (width == 100).prioritized(250), x + width <= 400])
            var delta = solver.counters - before
            delta.rowsLive = 0
            delta.columnsLive = 0
            costs.append(delta)
        }
        #expect(costs[0] == costs[1])
    }
}
