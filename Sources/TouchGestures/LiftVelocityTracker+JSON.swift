import TouchBenchSupport

extension LiftVelocityTracker.Lift {
    /// What `touchbench velocity --json` prints: `[{id, t, vx, vy}]`, every container
    /// indented (``JSONWriter/Style/pretty``), numbers exact.
    public static func jsonText(_ lifts: some Sequence<Self>) -> String {
        JSONWriter.text(.array(lifts.map { lift in
            .object([("id", .integer(Int64(lift.id))), ("t", .integer(lift.time)),
                     ("vx", .number(lift.velocity.x)), ("vy", .number(lift.velocity.y))])
        }), style: .pretty)
    }
}
