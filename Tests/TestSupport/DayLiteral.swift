import MealPlanCore

/// The day an ISO date names, for writing days in tests as they read: `day("2026-03-02")`.
/// A malformed date is a mistake in the test itself, so it stops the run.
public func day(_ iso: String) -> Day {
    try! Day(iso: iso)
}
