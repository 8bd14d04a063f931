import Foundation
import TestSupport
import Testing

/// Two households' plans on one CalDAV server: a real Radicale on 127.0.0.1, written to and
/// read from with the `caldav` client, as a phone's calendar would.
@Suite(.requires(.radicale), .requires(.caldav), .requires(.icalendar))
struct CalDAVExportTests {
    /// Puts every event of each file given into one collection of the server, each as a calendar
    /// resource of its own named by its UID (as CalDAV clients and vdirsyncer store them), then
    /// lists the collection. Prints JSON: the status of each upload, the events the server holds
    /// (UID, summary, X-MEALPLAN-SLOT), and what the server said to an event whose UID it holds
    /// already, put under another name.
    static let upload = #"""
        import datetime, json, sys, caldav, icalendar, niquests
        url = sys.argv[1]
        client = caldav.DAVClient(url=url, username="household", password="any")
        calendar = client.principal().make_calendar(name="Meals", cal_id="meals")
        statuses = []
        for path in sys.argv[2:]:
            for event in icalendar.Calendar.from_ical(open(path, "rb").read()).walk("VEVENT"):
                single = icalendar.Calendar()
                single.add("version", "2.0")
                single.add("prodid", "-//test//upload//EN")
                single.add_component(event)
                response = niquests.put(str(calendar.url) + str(event["UID"]) + ".ics", data=single.to_ical(),
                                        headers={"Content-Type": "text/calendar", "If-None-Match": "*"},
                                        auth=("household", "any"))
                statuses.append(response.status_code)
        held = []
        for resource in calendar.events():
            event = resource.icalendar_component
            held.append([str(event["UID"]), str(event["SUMMARY"]), str(event.get("X-MEALPLAN-SLOT"))])
        first = held[0][0]
        copy = icalendar.Calendar()
        copy.add("version", "2.0")
        copy.add("prodid", "-//test//upload//EN")
        event = icalendar.Event()
        event.add("uid", first)
        event.add("dtstamp", datetime.datetime(2026, 11, 27, tzinfo=datetime.timezone.utc))
        event.add("dtstart", datetime.date(2026, 11, 29))
        event.add("summary", "Dinner: Someone else's meal")
        copy.add_component(event)
        again = niquests.put(str(calendar.url) + "another-name.ics", data=copy.to_ical(),
                             headers={"Content-Type": "text/calendar"}, auth=("household", "any"))
        print(json.dumps({"statuses": statuses, "held": sorted(held), "duplicate": again.status_code}))
        """#

    /// Each plan numbers its meals from 1; the server keeps every meal of both, with its slot,
    /// and refuses a second resource with a UID it holds (the collision that meal-N@mealplan
    /// UIDs met), so the first result is no accident of a lax server.
    @Test func twoPlansShareOneCollectionWithoutCollisions() throws {
        let server = try RadicaleServer()
        let cli = CLISandbox()
        var files: [String] = []
        var expected: [[String]] = []
        for (index, household) in ["Ann", "Bo"].enumerated() {
            let database = cli.folder + "/\(household).sqlite"
            try cli.succeed(["add", "2026-11-27", "dinner", "\(household)'s lasagna", "--db", database])
            try cli.succeed(["add", "2026-11-28", "lunch", "\(household)'s soup", "--db", database])
            try cli.succeed(["repeat", "add", "2026-11-23", "breakfast", "\(household)'s porridge", "--every", "week", "--on", "mon",
                             "--db", database])
            let file = "\(household).ics"
            try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/" + file, "--db", database])
            files.append(file)
            let listed = try JSONSerialization.jsonObject(with: Data(try cli.succeed(
                ["list", "--format", "json", "--from", "2026-11-27", "--days", "2", "--db", database]).utf8)) as? [[String: Any]] ?? []
            #expect(listed.count == 2 && listed.first?["id"] as? Int == 1, "plan \(index + 1) numbers its meals from 1")
            for meal in listed {
                expected.append([meal["uid"] as? String ?? "", "\((meal["slot"] as? String ?? "").capitalized): \(meal["title"] as? String ?? "")",
                                 meal["slot"] as? String ?? ""])
            }
        }
        let output = try pythonCheck(Self.upload, [server.url] + files, in: cli)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(answer["statuses"] as? [Int] == Array(repeating: 201, count: 6), "three events of each plan, each made")
        let held = try #require(answer["held"] as? [[String]])
        #expect(held.count == 6)
        #expect(Set(held.map { $0[0] }).count == 6)
        for meal in expected { #expect(held.contains(meal), "\(meal) is on the server") }
        #expect(held.filter { $0[1].hasSuffix("porridge") && $0[2] == "breakfast" }.count == 2, "both repeats, as breakfasts")
        #expect(answer["duplicate"] as? Int == 409)
    }
}
