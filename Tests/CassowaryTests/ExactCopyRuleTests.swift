import CassowaryTrace
import Testing

@testable import Cassowary

/// What a copy is, and what double precision may drop as rounding (docs/solver.md, "The
/// exact arbiter", rule 2): the audit's 30-minute soak of seed 20261126 (wide6 sequences 606,
/// 2461 and 2865), reduced with scripts/oracle/reduce.py. Each system holds exactly; each
/// was left violated or refused because a sum against the tableau's basic values of the
/// moment was taken for the rounding of the input.
@Suite("Copies and near-copies in the exact arbiter")
struct ExactCopyRuleTests {
    // MARK: The rule

    static func constraint(_ coefficients: [Double], _ constant: Double) -> ExactConstraint {
        ExactConstraint(
            terms: coefficients.enumerated().map { (Int32($0.offset), Rational($0.element)) }, constant: constant,
            relation: .equal, required: true, priority: 1000, weight: 1)
    }

    @Test func aRoundedMultipleBecomesAnExactOneAndKeepsItsConstant() {
        let original = Self.constraint([-6271.730779011457, 0.44182461702394676], -0.0010431267232071638)
        let copy = Self.constraint([1254.9435559225203, -0.08840700845094815], 0.00020872470541628352)
        var constraints = [original, copy]
        ExactConstraint.oneLinePerCopy(&constraints)
        let ratio = constraints[1].terms[0].coefficient / original.terms[0].coefficient
        #expect(constraints[1].terms[1].coefficient == ratio * original.terms[1].coefficient)
        #expect(constraints[1].terms[1].coefficient != copy.terms[1].coefficient)
        #expect(constraints[1].terms[0].coefficient == copy.terms[0].coefficient)
        #expect(constraints[1].constant == copy.constant)
    }

    @Test(arguments: [1e-12, 1e-9, 3.6e-9])
    func coefficientsApartBeyondRoundingAreAnotherLine(_ apart: Double) {
        let original = Self.constraint([-187136.6868432978, -5.390140059349009e-4], 0)
        let other = Self.constraint([-187136.6868432978, -5.390140059349009e-4 * (1 + apart)], 0)
        var constraints = [original, other]
        ExactConstraint.oneLinePerCopy(&constraints)
        #expect(constraints[1].terms.map(\.coefficient) == other.terms.map(\.coefficient))
    }

    // MARK: The soak's systems

    /// Two required equalities 1e-8 apart in x26's coefficient (5.4e-4, beside 1.9e5 and
    /// 5.0e4) meet at x26 = 9.6e8 once one's constant moves by 0.0052. The row of the change,
    /// summed against basic values near 3e15 (x3 ≥ 1.6e10 through x23 at zero), had its
    /// constant dropped as rounding: the pair stayed at x26 = 0, violating the change by 0.0052.
    @Test func aConstantBesideASurvivingEntryIsWhereTheRowMovesItsVariable() throws {
        let result = try replayTrace(
            variables: 28,
            #"""
            {"op": "add", "id": 0, "terms": [[26, -0.0005390140059349009], [3, -187136.6868432978], [22, -50434.2472139783]], "constant": 0.0, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 7, "terms": [[23, -0.000222287967545662], [3, 8.182171775734772e-06]], "constant": -133208.45437050165, "relation": ">=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 8, "terms": [[26, -0.0005390140005132266], [3, -187136.6868432978], [22, -50434.2472139783]], "constant": 0.0, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "updateConstant", "id": 8, "constant": -0.005215019886762263}
            {"op": "add", "id": 21, "terms": [[26, 0.0005390140005132266], [3, 187136.6868432978], [22, 50428.544381203814]], "constant": -0.29852815308912756, "relation": "<=", "priority": 85.0, "weight": 399.0}
            """#)
        result.expectRequiredConstraintsHold()
        #expect(abs(result.solver.value(of: result.variables[26]) - 9.6188e8) < 1e5)
    }

    /// A required inequality parallel to a required equality in three coefficients and
    /// 3.6e-9 apart in the fourth (x2's 1.36e-4, beside 1.4e5) holds exactly with values
    /// near 1e11. Through x1's row (x1 = 37,544·x2 + …, from a pivot on 0.051), x2's entry
    /// summed operands of 4.8e9 and was dropped with the others: the row became a copy that
    /// contradicts, and the add was refused as unsatisfiable.
    @Test func aRowThatIsACopyInAllButOneCoefficientIsNotACopy() throws {
        let result = try replayTrace(
            variables: 4,
            #"""
            {"op": "add", "id": 1, "terms": [[3, 0.0019834238450607065], [1, 0.05148713201019126], [2, -1933.0560936905026]], "constant": 20058.47269749779, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 3, "terms": [[0, -0.33354128033444896], [3, -105767.35057263613], [2, -0.00010449957544401399], [1, -97670.32971481972]], "constant": 1143.187383180297, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 6, "terms": [[0, 0.43318548940259577], [3, 137364.95067321722], [2, 0.0001357184319791176], [1, 126848.97514095575]], "constant": -1485.3835843014551, "relation": ">=", "priority": 1000, "weight": 1.0}
            """#)
        result.expectRequiredConstraintsHold()
    }

    /// Two required inequalities 1.8e-7 apart in x3's coefficient: a new row keeps 5.6e-12
    /// of x0, 1.8e-7 of the operands it was summed from but below 1e-11 of the row's unit
    /// slack entry, and double precision dropped it. The coefficients span only 52, so
    /// nothing verified; a constant change that holds with x3 near 4e8 was refused. Dropping
    /// such an entry now makes the solver ill-conditioned, and the arbiter decides.
    @Test func anExternalEntryDroppedAboveItsRoundingMakesTheSolverVerify() throws {
        let result = try replayTrace(
            variables: 4,
            #"""
            {"op": "add", "id": 0, "terms": [[3, 0.0016481866163800029], [0, 3.148772832242066e-05]], "constant": 0.0, "relation": "<=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 1, "terms": [[3, 0.0016481866163800029], [0, 3.148772832242066e-05]], "constant": 0.0, "relation": "<=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 2, "terms": [[3, 0.0016481869104057268], [0, 3.148772832242066e-05]], "constant": 0.10708341339108203, "relation": ">=", "priority": 1000, "weight": 1.0}
            {"op": "updateConstant", "id": 1, "constant": 0.22447120459731076}
            """#)
        result.expectRequiredConstraintsHold(exactly: true)
    }

    /// Required equalities 2e-8 apart in x0's coefficient (3.92, beside 37.0) and 6,099
    /// apart in their constants meet at x0 = −7.7e10. The new row's slack and error entries,
    /// 3.9e-10, were below 1e-11 of the row's operands taken together and were dropped,
    /// though they are 1e-8 of their own: the row became a copy that contradicts, and with
    /// coefficients spanning only 218 the add was refused without the arbiter (wide3
    /// sequence 4118 of the soak of seed 20261126).
    @Test func entriesDroppedTogetherAboveTheirOwnRoundingMakeTheSolverVerify() throws {
        let result = try replayTrace(
            variables: 2,
            #"""
            {"op": "add", "id": 0, "terms": [[0, -2.0683515246954287], [1, -450.7226984406329]], "constant": -0.004691256823103158, "relation": "<=", "priority": 973.0, "weight": 1.0}
            {"op": "add", "id": 1, "terms": [[0, 3.9244760116945208], [1, 37.04981293705984]], "constant": -0.04703363575228387, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 2, "terms": [[1, 68.74917124732849], [0, -197.911247043586]], "constant": 4.578975363249477, "relation": "<=", "priority": 973.0, "weight": 1.0}
            {"op": "add", "id": 3, "terms": [[0, 3.9244759324370952], [1, 37.04981293705984]], "constant": -6098.8496190441365, "relation": "==", "priority": 1000, "weight": 1.0}
            """#)
        result.expectRequiredConstraintsHold()
        #expect(abs(result.solver.value(of: result.variables[0]) + 7.695e10) < 1e8)
    }
}
