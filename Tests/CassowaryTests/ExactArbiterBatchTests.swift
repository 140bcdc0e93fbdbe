import CassowaryTrace
import Testing

@testable import Cassowary

/// The exact arbiter inside batches and against rows whose operands dwarf them: the
/// audit's 30-minute soak of seed 20261126 (wide3 sequences 305, 1251, 1808 and 1930,
/// reduced with scripts/oracle/reduce.py).
@Suite("The exact arbiter in batches")
struct ExactArbiterBatchTests {
    /// x1 is 0.0357·x1 in two required inequalities that share every other coefficient
    /// with x6, so x1 is basic with entries near 1.5e12 and the last constant change's
    /// row sums operands of 7.9e17 to a slack entry of 7.4e6. Taken for input rounding
    /// (below 1e-11 of its operands), the entry was dropped and the exact solution broke
    /// the changed constraint by 8.4e7. The arbiter now drops nothing from a row: what is a
    /// copy is read off the constraints as given (`ExactCopyRuleTests`).
    @Test func anEntryFarBelowItsOperandsIsStructureNotInputRounding() throws {
        let result = try replayTrace(
            variables: 8,
            #"""
            {"op": "add", "id": 0, "terms": [[7, -5.1285811557616885]], "constant": -0.10033048867097465, "relation": ">=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 1, "terms": [[3, 5696.98028957099], [6, 9125.674882251002], [1, 0.03573479580868619]], "constant": 31.603046749462678, "relation": ">=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 2, "terms": [[1, -597.2700479794521], [6, -239.31697591074868]], "constant": -2.3348617063599058, "relation": "<=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 3, "terms": [[1, 0.002390736724024595], [7, 1.709676686374481], [4, 0.4397585506682769], [5, 687.6719857535835]], "constant": -0.0013251991363662197, "relation": ">=", "priority": 1000, "weight": 1.0}
            {"op": "remove", "id": 2}
            {"op": "beginBatch"}
            {"op": "add", "id": 6, "terms": [[3, 5693.790109562763], [6, 9125.674882251002], [1, 0.03573479580868619]], "constant": 32.11860436356222, "relation": "<=", "priority": 1000, "weight": 1.0}
            {"op": "remove", "id": 3}
            {"op": "endBatch"}
            {"op": "add", "id": 9, "terms": [[4, -0.00182642362899412]], "constant": 11.305303067346681, "relation": ">=", "priority": 1000, "weight": 1.0}
            {"op": "addEdit", "variable": 1, "priority": 137.0}
            {"op": "add", "id": 10, "terms": [[3, 0.9191020053708688], [4, -3897.8518990083835]], "constant": -0.014742027966352282, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 11, "terms": [[7, 1.0], [6, 0.001958095788689697]], "constant": -6663.814037008883, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 14, "terms": [[5, 0.06780364198333157], [7, -0.04765868355444519], [4, 0.07635248259970366], [3, -1603.4925986731607]], "constant": 3.3672599721201326, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 18, "terms": [[6, 1.0], [5, 9135.824458407757]], "constant": -38.150982036622686, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "updateConstant", "id": 6, "constant": -0.9215790199964843}
            """#)
        result.expectRequiredConstraintsHold(exactly: true)
    }

    /// The batch adds a near-copy of the first equality (half of it, with x0's
    /// coefficient nudged by 4e-5) and moves the first equality's constant. Checked in
    /// double precision with the copy installed, the move was rolled back; verification
    /// then removed the copy, which no required set without it could hold. The error
    /// named only the removal, and the move was lost. Asked again once the copy is gone,
    /// the move holds, and the error names the removal alone.
    @Test func aChangeRolledBackForAnAddTheBatchLosesIsAppliedAgain() throws {
        let result = try replayTrace(
            variables: 6,
            #"""
            {"op": "add", "id": 0, "terms": [[3, 0.010943578884873652], [0, -1628.6276676379357]], "constant": 581.0888980597257, "relation": "==", "priority": 1000, "weight": 1000.0}
            {"op": "add", "id": 1, "terms": [[3, 0.010943578884873652], [0, -1628.5605435302948]], "constant": 581.1226049346665, "relation": "==", "priority": 1000, "weight": 2.0}
            {"op": "updateConstant", "id": 1, "constant": -16.337256343531326}
            {"op": "add", "id": 7, "terms": [[5, -39.623393274010944], [3, 627.438279543323], [2, 0.05558926446176095], [0, -0.030597359949859473]], "constant": 9.595866722585155, "relation": "<=", "priority": 1000, "weight": 1000.0}
            {"op": "beginBatch"}
            {"op": "add", "id": 10, "terms": [[3, 0.005471789442436826], [0, -814.2802717651474]], "constant": 290.56130246733323, "relation": "==", "priority": 1000, "weight": 1000.0}
            {"op": "updateConstant", "id": 0, "constant": 146.0681771502138}
            {"op": "endBatch"}
            """#)
        guard case .unsatisfiableBatch(let details)? = result.errors.last?.error else {
            Issue.record("the batch's end did not fail: \(result.errors)")
            return
        }
        #expect(details.map(\.operation) == [.add])
        #expect(details.first?.constraint === result.constraints[10])
        #expect(result.constraints[0]?.constant == 146.0681771502138)
        #expect(result.worstRequiredResidual < 1e-9)
    }

    /// With x1 pinned to 0, the batch's change of constraint 10 asks x0 ≥ 0.397: it holds.
    /// Refused in double precision at the batch's end, it is asked again exactly.
    @Test func aBatchConstantChangeRefusedInDoublePrecisionIsAskedExactly() throws {
        let result = try replayTrace(
            variables: 3,
            #"""
            {"op": "add", "id": 0, "terms": [[2, -0.18347684189235247], [0, -0.0499871109945812]], "constant": -17.87456751292559, "relation": "==", "priority": 857.0, "weight": 1.0}
            {"op": "add", "id": 1, "terms": [[1, 1416.45690452282], [0, 42.49029131618082]], "constant": -0.08921390748323332, "relation": "==", "priority": 857.0, "weight": 3.0}
            {"op": "add", "id": 4, "terms": [[1, 8295.727932107964], [0, -0.005720556766866237]], "constant": 0.0, "relation": "==", "priority": 641.0, "weight": 100.0}
            {"op": "updatePriority", "id": 4, "priority": 945.0}
            {"op": "add", "id": 7, "terms": [[1, 0.0135328179185861]], "constant": 0.0, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 8, "terms": [[2, 0.026626204200860426], [0, -2294.13117518646], [1, 2227.2329561865004]], "constant": 0.05075358204372294, "relation": "<=", "priority": 838.0, "weight": 10.0}
            {"op": "add", "id": 10, "terms": [[1, 8295.71894654985], [0, -0.005720556766866237]], "constant": 0.0, "relation": "<=", "priority": 1000, "weight": 10.0}
            {"op": "remove", "id": 0}
            {"op": "add", "id": 12, "terms": [[2, -41.154632647121886], [1, 0.025564722401666382]], "constant": -0.001093205005042708, "relation": "==", "priority": 707.0, "weight": 100.0}
            {"op": "add", "id": 13, "terms": [[1, 0.002337461039054969], [0, 0.03757009727590222]], "constant": 0.04168740217440461, "relation": "==", "priority": 857.0, "weight": 1000.0}
            {"op": "beginBatch"}
            {"op": "updateConstant", "id": 10, "constant": 0.00226852909372766}
            {"op": "endBatch"}
            """#)
        result.expectRequiredConstraintsHold()
        #expect(result.constraints[10]?.constant == 0.00226852909372766)
    }

    /// Inside a batch that has deferred a constant change, x9 + 0.00647·x8 = 3594.53 meets
    /// x9 + 0.00680·x8 = 3443.58 at x8 ≈ −4.6e5, which the other equalities allow. Refused
    /// in double precision, the add is asked again exactly, with the tableau's constants
    /// (the deferred change is not in them yet, and is applied at the batch's end).
    @Test func aRequiredAddRefusedInDoublePrecisionInsideABatchIsAskedExactly() throws {
        let result = try replayTrace(
            variables: 12,
            #"""
            {"op": "add", "id": 3, "terms": [[8, 1.0], [7, 0.1455729865418444]], "constant": -1114.4290591659185, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 4, "terms": [[9, 1.0], [8, 0.006801922375180425]], "constant": -3443.581643935404, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "beginBatch"}
            {"op": "updateConstant", "id": 3, "constant": -3.804153000044314}
            {"op": "add", "id": 10, "terms": [[8, -0.003308665893525373], [6, -0.005613569232409233], [11, 0.0014192582212554216], [5, 15.287795936335302]], "constant": -0.5908162239729945, "relation": "<=", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 13, "terms": [[6, 1.0], [5, -0.004330386569276808]], "constant": -0.20832956900208394, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 14, "terms": [[7, 1.0], [6, -0.09456398778819972]], "constant": -0.007764622655791995, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "add", "id": 16, "terms": [[9, 1.0], [8, 0.006471052164318455]], "constant": -3594.529989859205, "relation": "==", "priority": 1000, "weight": 1.0}
            {"op": "endBatch"}
            """#)
        result.expectRequiredConstraintsHold()
        #expect(result.constraints[3]?.constant == -3.804153000044314)
    }
}
