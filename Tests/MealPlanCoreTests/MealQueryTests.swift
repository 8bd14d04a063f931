import Testing
@testable import MealPlanCore

@Suite struct MealQueryTests {
    @Test(arguments: [
        ("lasagna", "Veg Lasagna", nil, true),
        ("LASAGNA", "veg lasagna", nil, true),
        ("crème", "CRÈME BRÛLÉE", nil, true),
        ("CRÈME", "crème brûlée", nil, true),
        ("creme", "Crème brûlée", nil, true),
        ("CRÈME", "creme", nil, true),
        ("brulee", "Lasagna", "then crème BRÛLÉE", true),
        ("strasse", "Straße soup", nil, true),
        ("øl", "Ol", nil, false),
        ("拉", "醤油拉麺", nil, true),
        ("freeze", "Lasagna", "double batch,\nfreeze half", true),
        ("half\nfreeze", "Lasagna", "freeze half", false),
        ("agna!", "Lasagna", nil, false),
        ("lasagnas", "Lasagna", nil, false),
        ("", "anything", nil, true),
        ("soup", "Sou", "p", false),
    ] as [(String, String, String?, Bool)])
    func matchesTitleOrNoteIgnoringCaseAndAccents(query: String, title: String, note: String?, expected: Bool) {
        #expect(MealQuery(query).matches(title: title, note: note) == expected)
        let meal = Meal(day: .first, slot: "dinner", title: title, note: note)
        #expect(meal.matches(MealQuery(query)) == expected)
    }
}
