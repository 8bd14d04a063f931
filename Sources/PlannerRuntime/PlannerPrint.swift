import Glibc
import MealPlanCore
import MealPlanStore
import PlannerUI
import PrintedWeek
import TextHelpers

/// `W`: the days shown and their shopping list as the page `mealplan print --list` makes
/// (`PrintedPlan`), written to `mealplan-FIRST[-to-LAST].html` in the folder the planner was
/// started in, made whole under a hidden name and renamed in, as `print --output` does. Without
/// a recipes folder (or with a broken aisle or pantry file) the page has the meals alone, and
/// the answer says why.
enum PlannerPrint {
    static func answer(_ request: PrintRequest, store: MealStore, recipes: PlannerRecipes, folder: String) -> Input {
        let meals: [Meal], slots: [MealSlot]
        do throws(StoreError) {
            meals = try store.meals(in: request.days)
            slots = try store.slots()
        } catch {
            return .printFailed(message: error.reason)
        }
        var page = PrintedPlan(days: request.days, weekStart: request.weekStart, slots: slots.map(\.name), meals: meals,
                               printedOn: request.today)
        var withoutList: String?
        switch recipes.printedList(for: meals, days: request.days) {
        case .success(let list): page.list = list
        case .failure(let error): withoutList = error.userMessage
        }
        let path = absolute(folder) + "/" + fileName(request.days)
        if let failure = writeWhole(page.html, to: path) { return .printFailed(message: "cannot write \(path): \(failure)") }
        return .printed(days: request.days, path: path, withoutList: withoutList)
    }

    /// "mealplan-2026-03-02-to-2026-03-08.html", or "mealplan-2026-03-02.html" for one day.
    static func fileName(_ days: DayRange) -> String {
        "mealplan-\(days.first.iso)" + (days.count == 1 ? "" : "-to-\(days.last.iso)") + ".html"
    }

    /// `text` at `path`, written under a hidden name beside it and renamed over it once whole;
    /// the system's reason when it cannot be.
    private static func writeWhole(_ text: String, to path: String) -> String? {
        let partial = temporaryPath(beside: path, kind: "partial")
        let descriptor = open(partial, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return systemErrorText(errno) }
        var failure = writeAll(text, to: descriptor)
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil && rename(partial, path) != 0 { failure = errno }
        guard let failure else { return nil }
        unlink(partial)
        return systemErrorText(failure)
    }

    /// `folder` as an absolute path, so that the status line says where the page is.
    private static func absolute(_ folder: String) -> String {
        guard !folder.hasPrefix("/"), let real = realpath(folder, nil) else { return folder }
        defer { free(real) }
        return String(decoding: UnsafeRawBufferPointer(start: real, count: strlen(real)), as: UTF8.self)
    }
}
