import Foundation
import MealPlanCore
import Testing
import TestSupport

/// Whole histories, seeded and random: two plans, each with its own vdir, and a third folder
/// standing for the server, kept in step with each vdir as vdirsyncer does (a status of what
/// both sides held at the last copy; a side's change copied to the other, a removal removed).
/// Meals are added, edited, changed back, moved and removed, repeats added and their days
/// skipped and changed, notes edited on the "phone" (the server's files, edited in place),
/// and syncs run in random order. A model holds what the household did; each change is made
/// by a side that holds the latest version of what it changes (the others would make a
/// conflict, which `SyncConflictTests` covers). At the end, after every side has synced, both
/// plans and the server hold the model's meals: nothing lost, nothing doubled.
///
/// Bounded by work: a fixed number of steps per seed, each a few commands; one history runs
/// through a real Radicale and vdirsyncer instead of the copied folder.
@Suite struct SyncHistoryPropertyTests {
    /// What the household means a meal to be: by its token (`M3`, `R2@2026-12-08`).
    struct Planned: Hashable, CustomStringConvertible {
        var day: String, slot: String, title: String, note: String
        var description: String { "\(day) \(slot) \(title) [\(note)]" }
    }

    /// A repeat of the model: weekly, four days from `start`.
    struct Repeat {
        var start: Int, slot: String, title: String
        var skipped: Set<Int> = []
        var changed: [Int: String] = [:]
    }

    static let first = day("2026-11-30").number
    static let slots = ["breakfast", "lunch", "dinner"]

    /// One history's world: the plans, their folders, the server and the model.
    final class World {
        let cli = CLISandbox()
        var generator: SeededGenerator
        var meals: [String: Planned] = [:]
        var titles: [String: [String]] = [:]
        var repeats: [String: Repeat] = [:]
        var status: [String: [String: (Data?, Data?)]] = ["a": [:], "b": [:]]
        var next = 1
        var log: [String] = []

        /// Each side's computer set up as the guide says, when the server is a real Radicale
        /// (nil: the server is a folder, copied by `copy`).
        let homes: [String: VdirsyncerHome]?
        /// Held for as long as the world is: the server stops when let go.
        let radicale: RadicaleServer?

        var server: String { cli.folder + "/server" }
        func vdir(_ side: String) -> String { homes?[side]?.vdir ?? cli.folder + "/vdir-" + side }
        func database(_ side: String) -> String { cli.folder + "/\(side).sqlite" }

        init(seed: UInt64, radicale: RadicaleServer? = nil) throws {
            generator = SeededGenerator(seed: seed)
            self.radicale = radicale
            if let radicale {
                homes = ["a": try VdirsyncerHome(server: radicale), "b": try VdirsyncerHome(server: radicale)]
            } else {
                homes = nil
            }
            cli.today = "2026-11-30"
            for folder in [server, vdir("a"), vdir("b")] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        }

        /// The UIDs of the items on the server.
        func serverItems() throws -> Set<String> {
            if let radicale {
                // A third computer's vdir, fetched from nothing: the server's items as they are.
                let third = try VdirsyncerHome(server: radicale)
                try third.sync()
                return Set(try FileManager.default.contentsOfDirectory(atPath: third.vdir).filter { $0.hasSuffix(".ics") })
            }
            return Set(try FileManager.default.contentsOfDirectory(atPath: server).filter { $0.hasSuffix(".ics") })
        }

        func run(_ side: String, _ arguments: [String]) throws -> String {
            let result = try cli.run(arguments, environment: ["MEALPLAN_DB": database(side)])
            guard result.status == 0 else { throw HistoryFailed(log: log, message: "\(side) \(arguments): \(result.stderr)") }
            return result.stdout
        }

        /// The model's meals: each meal, and each repeat's days.
        var expected: [String: Planned] {
            var all = meals
            for (token, rule) in repeats {
                for week in 0..<4 {
                    let number = rule.start + 7 * week
                    guard !rule.skipped.contains(number) else { continue }
                    all["\(token)@\(number)"] = Planned(day: Day(number: number)!.iso, slot: rule.slot, title: rule.changed[number] ?? rule.title, note: "")
                }
            }
            return all
        }

        /// What plan `side` holds, by token, and each listed meal's id or repeat.
        func holding(_ side: String) throws -> (meals: [String: Planned], ids: [String: Int], rules: [String: Int]) {
            // A plan not made yet holds nothing.
            guard FileManager.default.fileExists(atPath: database(side)) else { return ([:], [:], [:]) }
            let json = try run(side, ["list", "--format", "json", "--from", "2026-11-30", "--days", "60"])
            var meals: [String: Planned] = [:], ids: [String: Int] = [:], rules: [String: Int] = [:]
            for meal in try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? [] {
                let title = meal["title"] as? String ?? "", date = meal["date"] as? String ?? ""
                var token = String(title.prefix { $0 != " " })
                if token.hasPrefix("R") {
                    // A repeat's day is named by the day it replaces; a changed day keeps its title's day.
                    let replaced = title.split(separator: "@").last.map(String.init) ?? ""
                    token += "@" + (Int(replaced).map(String.init) ?? String(day(date).number))
                    if let rule = meal["repeat"] as? Int { rules[String(token.prefix { $0 != "@" })] = rule }
                }
                if meals[token] != nil { throw HistoryFailed(log: log, message: "\(side) holds \(token) twice: \(json)") }
                meals[token] = Planned(day: date, slot: meal["slot"] as? String ?? "", title: title, note: meal["note"] as? String ?? "")
                ids[token] = meal["id"] as? Int
            }
            return (meals, ids, rules)
        }

        func random(_ count: Int) -> Int { Int.random(in: 0..<count, using: &generator) }

        // MARK: Steps

        /// One random step of the history.
        func step() throws {
            let side = ["a", "b"][random(2)]
            switch random(12) {
            case 0, 1: try add(side)
            case 2: try addRepeat(side)
            case 3, 4: try edit(side)
            case 5: try move(side)
            case 6: try remove(side)
            case 7: try changeRepeat(side)
            case 8: try phoneEdit()
            case 9: try copy(side)
            default: try sync(side)
            }
        }

        func add(_ side: String) throws {
            let token = "M\(next)"
            next += 1
            let meal = Planned(day: Day(number: first + random(28))!.iso, slot: slots[random(3)], title: "\(token) soup", note: "")
            _ = try run(side, ["add", meal.day, meal.slot, meal.title])
            meals[token] = meal
            titles[token] = [meal.title]
            log.append("\(side) adds \(token) \(meal)")
        }

        func addRepeat(_ side: String) throws {
            let token = "R\(next)"
            next += 1
            let rule = Repeat(start: first + random(14), slot: slots[random(3)], title: "\(token) pizza")
            let start = Day(number: rule.start)!
            _ = try run(side, ["repeat", "add", start.iso, rule.slot, rule.title, "--every", "week", "--until", start.adding(days: 21).iso])
            repeats[token] = rule
            log.append("\(side) adds repeat \(token) from \(start.iso)")
        }

        /// A meal of the model that `side` holds as the model has it, with its id there.
        func current(_ side: String) throws -> (token: String, id: Int)? {
            let held = try holding(side)
            let ready = meals.keys.sorted().filter { held.meals[$0] == meals[$0] && held.ids[$0] != nil }
            guard !ready.isEmpty else { return nil }
            let token = ready[random(ready.count)]
            return (token, held.ids[token]!)
        }

        func edit(_ side: String) throws {
            guard let (token, id) = try current(side) else { return }
            var meal = meals[token]!
            if random(2) == 0 {
                // A new title, or one it had before: a change back.
                let earlier = titles[token]!.filter { $0 != meal.title }
                meal.title = !earlier.isEmpty && random(2) == 0 ? earlier[random(earlier.count)] : "\(token) v\(next)"
                next += 1
                titles[token, default: []].append(meal.title)
                _ = try run(side, ["edit", String(id), "--title", meal.title])
            } else {
                meal.note = random(3) == 0 ? "" : "note \(next)"
                next += 1
                _ = try run(side, ["edit", String(id), "--note", meal.note])
            }
            meals[token] = meal
            log.append("\(side) edits \(token) to \(meal)")
        }

        func move(_ side: String) throws {
            guard let (token, id) = try current(side) else { return }
            meals[token]!.day = Day(number: first + random(28))!.iso
            _ = try run(side, ["move", String(id), meals[token]!.day])
            log.append("\(side) moves \(token) to \(meals[token]!.day)")
        }

        func remove(_ side: String) throws {
            guard let (token, id) = try current(side) else { return }
            _ = try run(side, ["remove", String(id)])
            meals[token] = nil
            log.append("\(side) removes \(token)")
        }

        /// Skips or changes a day of a repeat that `side` holds as the model has it.
        func changeRepeat(_ side: String) throws {
            let held = try holding(side)
            let expected = self.expected
            let ready = repeats.keys.sorted().filter { token in
                held.rules[token] != nil && expected.filter { $0.key.hasPrefix(token + "@") }.allSatisfy { held.meals[$0.key] == $0.value }
                    && held.meals.keys.filter { $0.hasPrefix(token + "@") }.count == expected.keys.filter { $0.hasPrefix(token + "@") }.count
            }
            guard !ready.isEmpty else { return }
            let token = ready[random(ready.count)]
            var rule = repeats[token]!
            let open = (0..<4).map { rule.start + 7 * $0 }.filter { !rule.skipped.contains($0) && rule.changed[$0] == nil }
            guard !open.isEmpty else { return }
            let number = open[random(open.count)]
            let rid = String(held.rules[token]!)
            if random(2) == 0 {
                _ = try run(side, ["repeat", "skip", rid, Day(number: number)!.iso])
                rule.skipped.insert(number)
            } else {
                let title = "\(token) changed@\(number)"
                _ = try run(side, ["repeat", "change", rid, Day(number: number)!.iso, "--title", title])
                rule.changed[number] = title
            }
            repeats[token] = rule
            log.append("\(side) changes \(token) on \(Day(number: number)!.iso)")
        }

        /// The phone changes the note of a meal whose file on the server is the model's.
        func phoneEdit() throws {
            // Through a real server, the phone's part is the folder runs'; here vdirsyncer's.
            guard homes == nil else { return }
            let files = try FileManager.default.contentsOfDirectory(atPath: server).filter { $0.hasSuffix(".ics") }.sorted()
            let candidates = files.compactMap { name -> (String, String, String)? in
                guard let text = try? String(contentsOfFile: server + "/" + name, encoding: .utf8), !text.contains("RRULE"),
                      let summary = text.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("SUMMARY:") }) else { return nil }
                let title = summary.dropFirst("SUMMARY:".count).split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                let token = String(title.prefix { $0 != " " })
                let note = text.components(separatedBy: "\r\n").first { $0.hasPrefix("DESCRIPTION:") }.map { String($0.dropFirst("DESCRIPTION:".count)) } ?? ""
                guard let meal = meals[token], meal.title == title, meal.note == note,
                      text.contains("DTSTART;VALUE=DATE:" + meal.day.filter { $0 != "-" }) else { return nil }
                return (name, token, text)
            }
            guard !candidates.isEmpty else { return }
            let (name, token, text) = candidates[random(candidates.count)]
            let note = "phone \(next)"
            next += 1
            var lines = text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DESCRIPTION:") }
            lines.insert("DESCRIPTION:" + note, at: lines.firstIndex { $0.hasPrefix("SUMMARY:") }! + 1)
            try write(Data(lines.joined(separator: "\r\n").utf8), to: server + "/" + name)
            meals[token]!.note = note
            log.append("phone notes \(token): \(note)")
        }

        /// `mealplan sync` of `side`, between two copies, as the guide's `[sync] command` runs.
        func sync(_ side: String) throws {
            try copy(side)
            let summary = try run(side, ["sync", "--vdir", vdir(side)])
            try copy(side)
            log.append("\(side) syncs: \(summary.trimmingCharacters(in: .newlines))")
        }

        /// The server and `side`'s vdir made the same, as vdirsyncer does: what changed on one
        /// side since the last copy goes to the other; both changed is a conflict, which the
        /// history must never make.
        func copy(_ side: String) throws {
            if let home = homes?[side] { return try home.sync() }
            let here = vdir(side)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: here) + FileManager.default.contentsOfDirectory(atPath: server))
                .filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }
            for name in names.sorted() {
                let mine = FileManager.default.contents(atPath: here + "/" + name), theirs = FileManager.default.contents(atPath: server + "/" + name)
                let last = status[side]![name]
                if mine == theirs {
                } else if let last {
                    if theirs == last.1 {
                        try put(mine, at: server + "/" + name)
                    } else if mine == last.0 {
                        try put(theirs, at: here + "/" + name)
                    } else {
                        throw HistoryFailed(log: log, message: "\(name) changed on both sides of \(side)'s copy")
                    }
                } else if theirs == nil {
                    try put(mine, at: server + "/" + name)
                } else if mine == nil {
                    try put(theirs, at: here + "/" + name)
                } else {
                    throw HistoryFailed(log: log, message: "\(name) new on both sides of \(side)'s copy")
                }
                let now = (FileManager.default.contents(atPath: here + "/" + name), FileManager.default.contents(atPath: server + "/" + name))
                status[side]![name] = now.0 == nil && now.1 == nil ? nil : now
            }
        }

        func put(_ data: Data?, at path: String) throws {
            if let data { try write(data, to: path) } else { try FileManager.default.removeItem(atPath: path) }
        }

        /// Written whole under another name and renamed over, as vdirsyncer writes.
        func write(_ data: Data, to path: String) throws {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }

    struct HistoryFailed: Error, CustomStringConvertible {
        let log: [String]
        let message: String
        var description: String { message + "\nafter:\n" + log.suffix(40).joined(separator: "\n") }
    }

    @Test(arguments: [11, 23, 47] as [UInt64])
    func bothPlansAndTheServerConvergeOnTheModel(seed: UInt64) throws {
        let world = try World(seed: seed)
        for _ in 0..<110 { try world.step() }
        // The history did what it is for: changes on every side, and syncs that carried them.
        for kind in [" edits ", " changes R", "phone notes", " received,"] {
            #expect(world.log.contains { $0.contains(kind) }, "no step '\(kind)' in seed \(seed)")
        }
        try Self.expectConverged(world)
    }

    /// The same through a real Radicale and vdirsyncer, set up as the guide says: fewer steps,
    /// each sync a round trip to the server.
    @Test(.requires(.radicale), .requires(.vdirsyncer))
    func throughARealServerToo() throws {
        let world = try World(seed: 5, radicale: try RadicaleServer.asTheGuideSetsItUp())
        for _ in 0..<40 { try world.step() }
        #expect(world.log.contains { $0.contains(" received,") })
        try Self.expectConverged(world)
    }

    static func expectConverged(_ world: World) throws {
        // Every side syncs, twice round, so that what one sent the other takes.
        for _ in 0..<2 { for side in ["a", "b"] { try world.sync(side) } }
        let expected = world.expected
        for side in ["a", "b"] {
            let held = try world.holding(side).meals
            #expect(held == expected, "plan \(side): \(Self.difference(held, expected))\n\(world.log.suffix(60).joined(separator: "\n"))")
        }
        // The server holds one item per meal and repeat of the model, none doubled, and each
        // vdir one file for each.
        let items = try world.serverItems()
        #expect(items.count == world.meals.count + world.repeats.count, "\(items.count) items for \(world.meals.count) meals and \(world.repeats.count) repeats")
        for side in ["a", "b"] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: world.vdir(side)).filter { $0.hasSuffix(".ics") }.count == items.count)
        }
    }

    static func difference(_ held: [String: Planned], _ expected: [String: Planned]) -> String {
        let keys = Set(held.keys).union(expected.keys).sorted().filter { held[$0] != expected[$0] }
        return keys.map { "\($0): \(held[$0].map(\.description) ?? "none") here, \(expected[$0].map(\.description) ?? "none") in the model" }
            .joined(separator: "; ")
    }
}
