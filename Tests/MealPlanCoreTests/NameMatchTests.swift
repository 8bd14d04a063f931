import MealPlanCore
import Testing

/// How a typed name picks one of a list: slots and recipes alike.
@Suite struct NameMatchTests {
    static let names = ["breakfast", "Brunch", "dinner", "din", "sauces/Bechamel"]

    @Test(arguments: [
        ("BREAKFAST", NameMatch.found(0)), ("brea", .found(0)), ("  dinn ", .found(2)),
        // An exact name wins over the longer names it starts.
        ("din", .found(3)), ("sauces/b", .found(4)),
        ("br", .ambiguous(["breakfast", "Brunch"])), ("lunch", .none), ("", .none),
    ])
    func aTypedNamePicksByCaseThenUniquePrefix(typed: String, match: NameMatch) {
        #expect(NameMatch(typed, among: Self.names) == match)
    }
}
