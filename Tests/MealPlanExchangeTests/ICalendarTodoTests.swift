import Foundation
import MealPlanCore
import MealPlanExchange
import Testing
import TestSupport

/// A task written as a file and read back, by mealplan and by Python's `icalendar`.
@Suite struct ICalendarTodoTests {
    /// 2026-11-27 11:21:09 UTC.
    static let stamp = UTCTimestamp(secondsSince1970: 1_795_778_469)

    static func read(_ text: String) throws -> [ICalendarTodo] {
        try ICalendarTodo.todos(in: Array(text.utf8)).map(\.task)
    }

    static func file(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:t-1", "SUMMARY:milk"] + lines + ["END:VTODO", "END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    @Test func doneIsAnyOfTheThreeWaysAndCancelledIsNeither() throws {
        #expect(try Self.read(Self.file([])).map(\.status) == [.open])
        #expect(try Self.read(Self.file(["STATUS:NEEDS-ACTION"])).map(\.status) == [.open])
        #expect(try Self.read(Self.file(["STATUS:IN-PROCESS", "PERCENT-COMPLETE:50"])).map(\.status) == [.open])
        #expect(try Self.read(Self.file(["status:completed"])).map(\.status) == [.completed])
        #expect(try Self.read(Self.file(["COMPLETED:20261127T101500Z"])).map(\.status) == [.completed])
        #expect(try Self.read(Self.file(["PERCENT-COMPLETE:100"])).map(\.status) == [.completed])
        #expect(try Self.read(Self.file(["STATUS:CANCELLED"])).map(\.status) == [.cancelled])
    }

    /// RFC 5545: a property's value in any case, with no meaning in the spaces a hand-edited
    /// file puts around it; COMPLETED is a DATE-TIME, and one that is none is no completion
    /// time, so STATUS decides.
    @Test(arguments: [
        (["STATUS: COMPLETED "], ICalendarTodo.Status.completed),
        (["STATUS:\tCompleted"], .completed),
        (["STATUS: cancelled "], .cancelled),
        (["STATUS: NEEDS-ACTION ", "PERCENT-COMPLETE: 100 "], .completed),
        (["COMPLETED:garbage"], .open),
        (["COMPLETED:garbage", "STATUS:COMPLETED"], .completed),
        (["COMPLETED:garbage", "STATUS:NEEDS-ACTION"], .open),
        (["COMPLETED:20261327T101500Z"], .open),
        (["COMPLETED:20261127T251500Z"], .open),
        (["COMPLETED:20261127"], .open),
        (["COMPLETED:20261127T101500"], .completed),
        (["COMPLETED: 20261127T101500Z "], .completed),
        (["PERCENT-COMPLETE:99"], .open),
    ])
    func statusAndCompletedAreReadAsTheRFCHasThem(lines: [String], status: ICalendarTodo.Status) throws {
        #expect(try Self.read(Self.file(lines)).map(\.status) == [status])
    }

    @Test func aTaskWithoutAUIDIsNamedByItsLine() {
        #expect(throws: ICalendarError(line: 2, message: "a VTODO without a UID")) {
            try Self.read("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        }
    }

    @Test func theFileHasTheTaskAloneAndIsReadBackTheSame() throws {
        let todo = ICalendarTodo(uid: "mealplan-shop-cr_c3_a8me-0", summary: "crème fraîche, 200 ml",
                                 categories: ["dairy, cold", "fridge"], description: "for Soup (meal 1, Mon 2026-03-02)")
        let file = todo.file(stamp: Self.stamp)
        #expect(file == """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//mealplan//mealplan shopping list//EN\r
            BEGIN:VTODO\r
            UID:mealplan-shop-cr_c3_a8me-0\r
            DTSTAMP:20261127T112109Z\r
            LAST-MODIFIED:20261127T112109Z\r
            SEQUENCE:0\r
            SUMMARY:crème fraîche\\, 200 ml\r
            CATEGORIES:dairy\\, cold,fridge\r
            DESCRIPTION:for Soup (meal 1\\, Mon 2026-03-02)\r
            STATUS:NEEDS-ACTION\r
            END:VTODO\r
            END:VCALENDAR\r

            """)
        #expect(try Self.read(file) == [todo])
        var done = todo
        done.status = .completed
        let doneFile = done.file(stamp: Self.stamp)
        #expect(doneFile.contains("\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261127T112109Z\r\nPERCENT-COMPLETE:100\r\n"))
        #expect(try Self.read(doneFile) == [done])
    }

    /// Long, escaped and non-Latin texts, written and read by `icalendar`: every line at most 75
    /// octets, every text as written, the status as set.
    @Test(.requires(.icalendar)) func icalendarReadsTheFilesAsWritten() throws {
        let words = ["crème", "拉麺", "a;b", "c,d", "x\\y", "🍲", "line\nbreak", "tab\there", "olive oil"]
        var generator = SeededGenerator(seed: 24)
        let todos = (0..<60).map { index in
            let text = { (count: Int) in (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ") }
            return ICalendarTodo(uid: "mealplan-shop-item-\(index)", summary: text(Int.random(in: 1...30, using: &generator)),
                                 categories: [text(2), text(1)],
                                 description: index % 3 == 0 ? nil : text(Int.random(in: 1...40, using: &generator)),
                                 status: index % 2 == 0 ? .open : .completed)
        }
        let files = todos.map { $0.file(stamp: Self.stamp) }
        for (todo, file) in zip(todos, files) {
            #expect(file.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
            #expect(try Self.read(file) == [todo])
        }
        let script = #"""
            import json, sys
            from icalendar import Calendar
            out = []
            for text in json.load(open(sys.argv[1])):
                todo = Calendar.from_ical(text).walk("VTODO")[0]
                out.append([str(todo["UID"]), str(todo["SUMMARY"]), [str(c) for c in todo["CATEGORIES"].cats],
                            str(todo["DESCRIPTION"]) if "DESCRIPTION" in todo else None, str(todo["STATUS"]),
                            todo.decoded("DTSTAMP").isoformat()])
            print(json.dumps(out))
            """#
        let output = try ExternalTool.runPython(script, input: try JSONSerialization.data(withJSONObject: files))
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[Any]])
        try #require(answers.count == todos.count)
        for (todo, answer) in zip(todos, answers) {
            #expect(answer[0] as? String == todo.uid)
            #expect(answer[1] as? String == todo.summary)
            #expect(answer[2] as? [String] == todo.categories)
            #expect(answer[3] as? String == todo.description)
            #expect(answer[4] as? String == (todo.status == .open ? "NEEDS-ACTION" : "COMPLETED"))
            #expect(answer[5] as? String == "2026-11-27T11:21:09+00:00")
        }
    }

    /// A task sent again is a revision made at the send (`LAST-MODIFIED`, `DTSTAMP`); ticked,
    /// it keeps its `SEQUENCE` (nothing about when it is due changed) and what a phone added;
    /// a new task's is 0. Read back by `icalendar`.
    @Test(.requires(.icalendar)) func aTaskSentAgainIsARevisionOfThePhones() throws {
        let phone = try #require(try ICalendarReader.read(Array(Self.file([
            "DTSTAMP:20261101T090000Z", "LAST-MODIFIED:20261101T090000Z", "SEQUENCE:2", "PRIORITY:1", "DUE;VALUE=DATE:20261128",
        ]).utf8)).first)
        var ticked = ICalendarTodo(uid: "t-1", summary: "milk")
        ticked.status = .completed
        let files = [ticked.file(over: phone, stamp: Self.stamp), ticked.file(over: nil, stamp: Self.stamp)]
        // A new task is its first revision as written.
        let new = try #require(try ICalendarReader.read(Array(ticked.file(stamp: Self.stamp).utf8)).first)
        #expect(files[1] == new.written(over: nil, kind: "VTODO", properties: ICalendarTodo.writtenProperties).text)
        let script = #"""
            import json, sys
            from icalendar import Calendar
            out = []
            for text in json.load(open(sys.argv[1])):
                todo = Calendar.from_ical(text).walk("VTODO")[0]
                out.append([todo.decoded("SEQUENCE"), todo.decoded("LAST-MODIFIED").isoformat(), todo.decoded("DTSTAMP").isoformat(),
                            str(todo["STATUS"]), int(todo["PRIORITY"]) if "PRIORITY" in todo else None])
            print(json.dumps(out))
            """#
        let output = try ExternalTool.runPython(script, input: try JSONSerialization.data(withJSONObject: files))
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[Any]])
        let now = "2026-11-27T11:21:09+00:00"
        try #require(answers.count == 2)
        #expect(answers[0][0] as? Int == 2 && answers[0][1] as? String == now && answers[0][2] as? String == now)
        #expect(answers[0][3] as? String == "COMPLETED" && answers[0][4] as? Int == 1)
        #expect(answers[1][0] as? Int == 0 && answers[1][1] as? String == now && answers[1][2] as? String == now)
        #expect(answers[1][4] is NSNull)
    }
}
