import Foundation
import Testing
import TestSupport

/// `mealplan shop --send` on `ShopCommandTests.sandbox()`: the list as tasks in a tasks folder
/// (a vdir), read back with Python's `icalendar`, and tasks completed there, as a phone or
/// todoman completes them, coming back as the ticks of `.shopping-checked`.
@Suite(.requires(.icalendar)) struct ShopSendTests {
    /// Prints each task of the folder as one line, sorted by summary:
    /// `SUMMARY|CATEGORIES|STATUS|UID|DESCRIPTION`, read by icalendar.
    static let tasksScript = #"""
        import glob, os, sys
        from icalendar import Calendar
        rows = []
        for path in glob.glob(os.path.join(sys.argv[1], "*.ics")):
            for todo in Calendar.from_ical(open(path, encoding="utf-8").read()).walk("VTODO"):
                categories = ",".join(str(c) for c in todo.get("CATEGORIES").cats) if todo.get("CATEGORIES") else ""
                rows.append("|".join([str(todo["SUMMARY"]), categories, str(todo.get("STATUS", "")), str(todo["UID"]),
                                      str(todo.get("DESCRIPTION", ""))]))
        print("\n".join(sorted(rows)))
        """#

    /// Completes the task whose summary is `summary` as a phone does: STATUS, COMPLETED and
    /// PERCENT-COMPLETE set, the file written again.
    static let completeScript = #"""
        import datetime, glob, os, sys
        from icalendar import Calendar
        for path in glob.glob(os.path.join(sys.argv[1], "*.ics")):
            calendar = Calendar.from_ical(open(path, encoding="utf-8").read())
            for todo in calendar.walk("VTODO"):
                if str(todo["SUMMARY"]) == sys.argv[2]:
                    todo["STATUS"] = "COMPLETED"
                    todo.add("COMPLETED", datetime.datetime(2026, 3, 1, 18, 0, tzinfo=datetime.timezone.utc))
                    todo["PERCENT-COMPLETE"] = 100
                    open(path, "wb").write(calendar.to_ical())
                    print(os.path.basename(path))
        """#

    struct Task: Equatable {
        var summary, category, status, uid, description: String
    }

    static func tasks(_ folder: String, in cli: CLISandbox) throws -> [Task] {
        try pythonCheck(tasksScript, [folder], in: cli).split(separator: "\n").map { line in
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return Task(summary: parts[0], category: parts[1], status: parts[2], uid: parts[3], description: parts[4])
        }
    }

    static func complete(_ summary: String, in folder: String, cli: CLISandbox) throws {
        #expect(try pythonCheck(completeScript, [folder, summary], in: cli).hasSuffix(".ics\n"), "a task '\(summary)' was completed")
    }

    /// Every regular file of `folder` with its bytes and its change time, to show that nothing was written.
    static func files(_ folder: String) throws -> [String: [String]] {
        var files: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            // A named pipe would never end; a link is no file of the folder.
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[name] = [try String(contentsOfFile: path, encoding: .utf8), "\(attributes[.modificationDate] ?? "")"]
        }
        return files
    }

    @Test func aSentListIsATaskPerLineAndSendingAgainChangesNothing() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 5 new, 0 changed, 0 removed, 0 ticked there\n")
        // The lines of `shop` (ShopCommandTests): each its task, open, in its aisle ("other"
        // for lentils, as the list says), for the meals `shop --why` names.
        let tasks = try Self.tasks(folder, in: cli)
        #expect(tasks.map(\.summary) == ["butter, 12.5 g", "cheese, 500 g", "lentils, 200 g", "milk, 1.25 l", "pasta sheets, 30"])
        #expect(tasks.map(\.category) == ["dairy", "dairy", "other", "dairy", "pasta"])
        #expect(tasks.allSatisfy { $0.status == "NEEDS-ACTION" })
        #expect(Set(tasks.map(\.uid)).count == 5)
        // The meals by day, slot and title, as every copy of the plan has them.
        #expect(tasks[3].description == "for Mon 2026-03-02 dinner 'Lasagna al forno', Tue 2026-03-03 dinner 'Lasagna al forno'")

        let before = try Self.files(folder)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 0 ticked there\n")
        #expect(try Self.files(folder) == before)
        #expect(!FileManager.default.fileExists(atPath: ShopTicksTests.log(recipes)), "no tick, no log")
    }

    /// Two people send the same list from their own copies of the plan, where the same meals
    /// have other ids: the second send finds every task as it would write it.
    @Test func twoPlansOfTheSameMealsSendTheSameTasks() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let other = ["MEALPLAN_DB": cli.folder + "/other.sqlite"].merging(recipes) { $1 }
        // Other ids: a meal added and removed first, then the meals in another order.
        try cli.succeed(["add", "fri", "dinner", "Pizza"], environment: other)
        try cli.succeed(["remove", "1"], environment: other)
        try cli.succeed(["add", "thu", "lunch", "Sandwich"], environment: other)
        try cli.succeed(["add", "wed", "lunch", "--recipe", "soup", "--servings", "4"], environment: other)
        try cli.succeed(["add", "tue", "dinner", "--recipe", "lasagna", "--servings", "3"], environment: other)
        try cli.succeed(["add", "mon", "dinner", "--recipe", "lasagna", "--servings", "12"], environment: other)
        #expect(try cli.succeed(["list", "--from", "mon", "--days", "7"], environment: other)
                != (try cli.succeed(["list", "--from", "mon", "--days", "7"], environment: recipes)), "the ids differ")
        let folder = cli.folder + "/tasks"
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 5 new, 0 changed, 0 removed, 0 ticked there\n")
        let before = try Self.files(folder)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: other)
                == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 0 ticked there\n")
        #expect(try Self.files(folder) == before)
    }

    @Test func aTaskCompletedThereIsATickAndStaysDoneWhenThePlanGrows() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try Self.complete("milk, 1.25 l", in: folder, cli: cli)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 1 ticked there (milk)\n")
        // The tick `--check milk` makes, with the amount the list needed.
        #expect(try ShopTicksTests.read(ShopTicksTests.log(recipes)) == "+ milk\n# mealplan bought: 1.25 l\n")
        #expect(try cli.succeed(["shop"], environment: recipes).contains("\n✓ milk          1.25 l\n"))
        let done = try #require(try Self.tasks(folder, in: cli).first { $0.summary == "milk, 1.25 l" })
        #expect(done.status == "COMPLETED")

        // Another lasagna for 6, the recipe's own servings: 500 ml more milk (its 500 ml of
        // bechamel), 25 g more butter, 200 g more cheese and 12 more sheets. Milk stays done;
        // the 500 ml is a task of its own.
        try cli.succeed(["add", "wed", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: recipes)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 1 new, 3 changed, 0 removed, 0 ticked there\n")
        let tasks = try Self.tasks(folder, in: cli)
        #expect(tasks.map(\.summary) == ["butter, 37.5 g", "cheese, 700 g", "lentils, 200 g", "milk, +500 ml", "milk, 1.25 l", "pasta sheets, 42"])
        let milk = tasks.filter { $0.summary.hasPrefix("milk") }
        #expect(milk.map(\.status) == ["NEEDS-ACTION", "COMPLETED"])
        #expect(milk[0].uid != milk[1].uid && milk[1] == done)
        #expect(try cli.succeed(["shop"], environment: recipes).contains("\n✓ milk          1.25 l\n  milk          +500 ml\n"))
        // A second send changes nothing.
        let before = try Self.files(folder)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 0 ticked there\n")
        #expect(try Self.files(folder) == before)
    }

    /// The plan grows after the send and before the phone's tick is read back: the tick is the
    /// 1.25 l the task was for, and the 500 ml more is a new open task, as when the tick came first.
    @Test func aTickReadAfterThePlanGrewIsTheAmountTheTaskWasFor() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try cli.succeed(["add", "wed", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: recipes)
        try Self.complete("milk, 1.25 l", in: folder, cli: cli)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 1 new, 3 changed, 0 removed, 1 ticked there (milk)\n")
        #expect(try ShopTicksTests.read(ShopTicksTests.log(recipes)) == "+ milk\n# mealplan bought: 1.25 l\n")
        let milk = try Self.tasks(folder, in: cli).filter { $0.summary.hasPrefix("milk") }
        #expect(milk.map(\.summary) == ["milk, +500 ml", "milk, 1.25 l"])
        #expect(milk.map(\.status) == ["NEEDS-ACTION", "COMPLETED"])
        // The top-up's task done: milk is bought whole, nothing more to send.
        try Self.complete("milk, +500 ml", in: folder, cli: cli)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 1 ticked there (milk)\n")
        #expect(try cli.succeed(["shop"], environment: recipes).contains("\n✓ milk          1.75 l\n"))
    }

    /// A task a phone changed (a priority, an alarm, a property of its own) keeps all that
    /// when the list rewrites it, open with a new amount or ticked here; what mealplan writes
    /// is there once.
    @Test func aRewrittenTaskKeepsWhatAPhoneAddedToIt() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        let phone = #"""
            import datetime, glob, os, sys
            from icalendar import Alarm, Calendar
            for path in glob.glob(os.path.join(sys.argv[1], "*.ics")):
                calendar = Calendar.from_ical(open(path, encoding="utf-8").read())
                for todo in calendar.walk("VTODO"):
                    if str(todo["SUMMARY"]).startswith(sys.argv[2]):
                        todo.add("PRIORITY", 1)
                        todo.add("X-PHONE-LIST", "weekly")
                        alarm = Alarm()
                        alarm.add("ACTION", "DISPLAY")
                        alarm.add("DESCRIPTION", "shop")
                        alarm.add("TRIGGER", datetime.timedelta(hours=-1))
                        todo.add_component(alarm)
                        open(path, "wb").write(calendar.to_ical())
            """#
        let read = #"""
            import glob, os, sys
            from icalendar import Calendar
            for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.ics"))):
                for todo in Calendar.from_ical(open(path, encoding="utf-8").read()).walk("VTODO"):
                    if str(todo["SUMMARY"]).startswith(sys.argv[2]):
                        print(str(todo["SUMMARY"]), str(todo["STATUS"]), todo.get("PRIORITY"), str(todo.get("X-PHONE-LIST")),
                              [str(a["ACTION"]) for a in todo.walk("VALARM")],
                              sum(1 for name, _ in todo.property_items() if name in ("SUMMARY", "STATUS", "DTSTAMP")))
            """#
        _ = try pythonCheck(phone, [folder, "milk"], in: cli)
        _ = try pythonCheck(phone, [folder, "cheese"], in: cli)
        // More milk and cheese needed: their open tasks are written again, with the new amount.
        try cli.succeed(["add", "wed", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: recipes)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 4 changed, 0 removed, 0 ticked there\n")
        #expect(try pythonCheck(read, [folder, "milk"], in: cli) == "milk, 1.75 l NEEDS-ACTION 1 weekly ['DISPLAY'] 3\n")
        // Ticked here: done, and still the phone's.
        try cli.succeed(["shop", "--check", "cheese", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(try pythonCheck(read, [folder, "cheese"], in: cli) == "cheese, 700 g COMPLETED 1 weekly ['DISPLAY'] 3\n")
    }

    /// The hidden file of a task a killed send was writing goes at the next send once an
    /// hour old; a younger one, and another program's, stay.
    @Test func aKilledSendsHiddenFilesGoAtTheNextOnceStale() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stale = ".mealplan-shop-milk-0.ics.4242-k3x9.partial"
        let kept = [".mealplan-shop-milk-0.ics.4243-a1.partial", ".phone.ics.swp"]
        for name in [stale] + kept {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("BEGIN:VCALENDAR\r\n".utf8)))
            if name != kept[0] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3700)], ofItemAtPath: folder + "/" + name)
            }
        }
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.sorted() == kept.sorted())
    }

    @Test func ticksMadeHereCompleteTasksAndAnUncheckIsANewTask() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        let open = try #require(try Self.tasks(folder, in: cli).first { $0.summary == "cheese, 500 g" })
        #expect(try cli.succeed(["shop", "--check", "cheese", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 1 changed, 0 removed, 0 ticked there\n")
        let done = try #require(try Self.tasks(folder, in: cli).first { $0.summary == "cheese, 500 g" })
        #expect(done.status == "COMPLETED" && done.uid == open.uid)
        // Put back on the list here: the done task stays done, the item is open again as a new task.
        try cli.succeed(["shop", "--uncheck", "cheese"], environment: recipes)
        #expect(try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 1 new, 0 changed, 0 removed, 0 ticked there\n")
        let cheese = try Self.tasks(folder, in: cli).filter { $0.summary == "cheese, 500 g" }
        #expect(cheese.map(\.status).sorted() == ["COMPLETED", "NEEDS-ACTION"])
        #expect(Set(cheese.map(\.uid)).count == 2)
    }

    /// Items no longer needed: their open tasks go, done ones stay.
    @Test func openTasksOfItemsNoLongerNeededAreRemovedDoneOnesKept() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try Self.complete("pasta sheets, 30", in: folder, cli: cli)
        // A task someone added on the phone is not the list's: never touched.
        let own = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:phone-1\r\nSUMMARY:bread\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try Data(own.utf8).write(to: URL(fileURLWithPath: folder + "/phone-1.ics"))
        // Monday and Tuesday alone, without Wednesday's soup: the lentils' task goes.
        #expect(try cli.succeed(["shop", "--days", "2", "--send", "--tasks-vdir", folder], environment: recipes)
                == "sent the list to \(folder): 0 new, 0 changed, 1 removed, 1 ticked there (pasta sheets)\n")
        let tasks = try Self.tasks(folder, in: cli)
        #expect(tasks.map(\.summary) == ["bread", "butter, 12.5 g", "cheese, 500 g", "milk, 1.25 l", "pasta sheets, 30"])
        #expect(tasks.map(\.status) == ["", "NEEDS-ACTION", "NEEDS-ACTION", "NEEDS-ACTION", "COMPLETED"])
        // Monday alone needs 24 sheets: the done task of 30 stays as it is.
        try cli.succeed(["remove", "2"], environment: recipes)
        try cli.succeed(["shop", "--days", "1", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(try Self.tasks(folder, in: cli).contains { $0.summary == "pasta sheets, 30" && $0.status == "COMPLETED" })
        #expect(try String(contentsOfFile: folder + "/phone-1.ics", encoding: .utf8) == own)
    }

    /// A file that is no calendar is named with its line and left alone; the rest is sent, this
    /// time and every time after.
    @Test func aBadFileInTheFolderIsNamedWithItsLineAndLeftAlone() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try Self.complete("milk, 1.25 l", in: folder, cli: cli)
        let bad = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:bread\r\nEND:VCALENDAR\r\n"
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/phone-1.ics"))
        let warning = "mealplan: warning: \(folder)/phone-1.ics: line 6: END:VCALENDAR closes BEGIN:VTODO of line 3: left alone\n"
        let sent = try cli.run(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(sent.status == 0 && sent.stderr == warning)
        #expect(sent.stdout == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 1 ticked there (milk)\n")
        let again = try cli.run(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(again.status == 0 && again.stderr == warning)
        #expect(again.stdout == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 0 ticked there\n")
        #expect(try String(contentsOfFile: folder + "/phone-1.ics", encoding: .utf8) == bad)
    }

    /// What cannot be a task is named and left alone, never waited on, and the rest is sent: a
    /// file over 4 MB, one that is not UTF-8, one that cannot be read; a link and a named pipe
    /// are no tasks.
    @Test func filesThatAreNoTasksAreNamedAndLeftAloneNeverWaitedOn() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        try Self.complete("milk, 1.25 l", in: folder, cli: cli)
        #expect(mkfifo(folder + "/pipe.ics", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.ics", withDestinationPath: cli.folder + "/elsewhere.ics")
        let sent = try cli.run(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(sent.status == 0)
        #expect(sent.stdout == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 1 ticked there (milk)\n")
        #expect(sent.stderr == "mealplan: warning: \(folder)/link.ics is a link, not a task: left alone\n")

        let large = folder + "/large.ics"
        try Data(repeating: UInt8(ascii: "x"), count: 4 * 1_048_576 + 1).write(to: URL(fileURLWithPath: large))
        let binary = folder + "/binary.ics"
        try Data([0x42, 0x45, 0x47, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        // Cheese grows by the lasagna's 200 g: its open task is written again beside them.
        try cli.succeed(["add", "wed", "dinner", "--recipe", "lasagna", "--servings", "6"], environment: recipes)
        let next = try cli.run(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        #expect(next.status == 0)
        #expect(next.stdout == "sent the list to \(folder): 1 new, 3 changed, 0 removed, 0 ticked there\n")
        #expect(next.stderr == "mealplan: warning: \(folder)/link.ics is a link, not a task: left alone\n"
                + "mealplan: warning: '\(binary)': line 2 is not UTF-8 text: left alone\n"
                + "mealplan: warning: '\(large)' is larger than 4 MB: left alone\n")
        for name in ["large.ics", "binary.ics", "pipe.ics", "link.ics"] { try FileManager.default.removeItem(atPath: folder + "/" + name) }
        #expect(try Self.tasks(folder, in: cli).contains { $0.summary == "cheese, 700 g" })
    }

    /// A link (or a file that cannot be read) with the name of a task's file: that task is not
    /// sent, said each time, and the rest is, every time.
    @Test(arguments: [false, true]) func aFileInTheTasksPlaceIsNamedAndTheRestSent(unreadable: Bool) throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let folder = cli.folder + "/tasks"
        try cli.succeed(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let milk = try #require(try names.first { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8).contains("SUMMARY:milk") })
        let path = folder + "/" + milk
        try FileManager.default.removeItem(atPath: path)
        if unreadable {
            try Data([0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        } else {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: cli.folder + "/elsewhere.ics")
        }
        let named = unreadable ? "'\(path)': line 1 is not UTF-8 text: left alone" : "\(path) is a link, not a task: left alone"
        let warnings = "mealplan: warning: \(named)\nmealplan: warning: the task 'milk, 1.25 l' was not sent: \(path) is in its place\n"
        for _ in 0..<2 {
            let sent = try cli.run(["shop", "--send", "--tasks-vdir", folder], environment: recipes)
            #expect(sent.status == 0)
            #expect(sent.stdout == "sent the list to \(folder): 0 new, 0 changed, 0 removed, 0 ticked there\n")
            #expect(sent.stderr == warnings)
        }
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/elsewhere.ics"))
    }

    @Test func theFolderComesFromTheConfigFileOrIsAskedFor() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        try cli.expectFailure(["shop", "--send"], status: 64,
                              message: "--send needs a tasks folder: give --tasks-vdir, or [shop] tasks-vdir in the config file",
                              environment: recipes)
        try cli.expectFailure(["shop", "--tasks-vdir", "x"], status: 64,
                              message: "--tasks-vdir names the folder for --send; give --send too (see 'mealplan help')", environment: recipes)
        // What shapes the list shown is refused with --send, which shows no list.
        for (arguments, option) in [(["--format", "json"], "--format"), (["--why"], "--why"), (["--open"], "--open")] {
            try cli.expectFailure(["shop", "--send", "--tasks-vdir", "x"] + arguments, status: 64,
                                  message: "\(option) shapes the list shown; --send writes the tasks and prints what it did (see 'mealplan help')",
                                  environment: recipes)
        }
        let config = cli.folder + "/home/.config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("[shop]\ntasks-vdir = \"shopping\"\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        let environment = recipes.merging(["HOME": cli.folder + "/home"]) { $1 }
        #expect(try cli.succeed(["shop", "--send"], environment: environment)
                == "sent the list to \(config)/shopping: 5 new, 0 changed, 0 removed, 0 ticked there\n")
        #expect(try cli.succeed(["config"], environment: environment).contains("  [shop] tasks-vdir = \(config)/shopping\n"))
        try Data("[shop]\nfolder = \"shopping\"\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        try cli.expectFailure(["shop", "--send"], status: 78,
                              message: "config file '\(config)/config.toml': line 2: key 'shop.folder' is unknown; [shop] takes tasks-vdir",
                              environment: environment)
    }
}
