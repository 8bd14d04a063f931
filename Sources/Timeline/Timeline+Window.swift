import MealPlanCore

/// Sliding the window of held days after the view moved.
extension Timeline {
    /// Makes the window cover the visible days ± `padding`, loading any missing days as one
    /// request, and drops days beyond `padding + slack` so that the window stays bounded.
    ///
    /// A side that needs days is extended by the full `padding + slack`, so that the next few
    /// steps need no load; a side that needs none is only trimmed.
    mutating func settle() {
        let visible = visibleRange(at: position)
        let required = requiredDays(around: visible)
        let allowed = allowedDays(around: visible)
        guard !heldDays.isEmpty else {
            replaceWindow(with: allowed)
            return
        }
        let held = window
        let target = DayRange(
            held.first > required.first ? allowed.first : max(held.first, allowed.first),
            held.last < required.last ? allowed.last : min(held.last, allowed.last))
        guard let kept = held.intersection(target) else {
            replaceWindow(with: target)
            return
        }
        heldDays.removeFirst(held.first.distance(to: kept.first))
        heldDays.removeLast(kept.last.distance(to: held.last))
        windowStart = kept.first
        if kept.last < target.last, kept.first == target.first {
            heldDays.append(contentsOf: placeholders(for: DayRange(kept.last.adding(days: 1), target.last)))
        } else if target.first < kept.first, kept.last == target.last {
            heldDays.insert(contentsOf: placeholders(for: DayRange(target.first, kept.first.adding(days: -1))), at: 0)
            windowStart = target.first
        } else if kept != target {
            // Missing days on both sides: rather than two requests, reload the whole window.
            replaceWindow(with: target)
            return
        }
        dropRequests(outside: window)
    }

    /// Narrows queued requests to the days still held, dropping those with none left.
    private mutating func dropRequests(outside held: DayRange) {
        guard !requests.isEmpty else { return }
        requests = requests.compactMap { request in
            request.days.intersection(held).map { LoadRequest(id: request.id, days: $0) }
        }
    }

    private mutating func replaceWindow(with days: DayRange) {
        requests = []
        windowStart = days.first
        heldDays = placeholders(for: days)
    }

    /// Placeholder held days for `days`, all awaiting one new request.
    private mutating func placeholders(for days: DayRange) -> [HeldDay] {
        let request = makeRequest(days)
        return days.map { day in
            HeldDay(content: nil, awaiting: request.id, layout: layoutFunction(day, nil, width))
        }
    }

    mutating func makeRequest(_ days: DayRange) -> LoadRequest {
        let request = LoadRequest(id: nextRequestID, days: days)
        nextRequestID += 1
        requests.append(request)
        return request
    }
}
