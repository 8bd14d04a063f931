import ArgumentParser
import MealPlanCore
import MealPlanStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every command that touches the plan needs: where the database is and what day it is.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"))
    var db: String?

    /// The environment variables mealplan reads, looked up one by one (cheaper than copying the
    /// whole environment on every start).
    private static func environment() -> [String: String] {
        var found: [String: String] = [:]
        for name in ["MEALPLAN_DB", "XDG_DATA_HOME", "HOME", "MEALPLAN_TODAY"] {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }

    func openStore(_ access: MealStore.Access, pageCacheKiB: Int? = nil) throws(StoreError) -> MealStore {
        let path = try DatabaseLocation.path(option: db, environment: Self.environment())
        return try MealStore.open(path: path, access: access, pageCacheKiB: pageCacheKiB)
    }

    /// Today, or the day in `MEALPLAN_TODAY` (YYYY-MM-DD) when set, so tests and scripts can
    /// pin the date.
    func today() throws(CommandFailure) -> Day {
        guard let pinned = Self.environment()["MEALPLAN_TODAY"], !pinned.isEmpty else { return Day.today() }
        do {
            return try Day(iso: pinned)
        } catch {
            throw CommandFailure.usage("MEALPLAN_TODAY: \(error.message)")
        }
    }

    /// `text` read with the date grammar relative to today. An ISO date does not need today,
    /// and skipping the time zone lookup keeps `list --from YYYY-MM-DD` quick to start.
    func day(_ text: String) throws -> Day {
        if let day = try? Day(iso: text) { return day }
        return try DateInput.parse(text, today: today())
    }
}
