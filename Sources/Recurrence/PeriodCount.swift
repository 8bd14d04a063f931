import MealPlanCore

/// Counts, without walking them, the periods of a monthly or yearly rule that lack its date,
/// so that a `count` end knows how many occurrences came before a window that lies thousands
/// of years after the first day.
///
/// The periods are the units `firstUnit + k × interval` for k in 0 ..< `periods`, a unit being
/// a month numbered `year × 12 + month - 1` or a year. Whether a month has a 29th, 30th or 31st
/// depends on the unit modulo 12, 48, 1200 and 4800 (February, leap years, centuries, 400-year
/// cycles), so each count is a sum of counts of k with `firstUnit + k × interval ≡ r (mod m)`,
/// which a linear congruence answers directly.
struct PeriodCount {
    let firstUnit: Int
    let interval: Int
    let periods: Int

    /// Months among the periods without day `day` (1…31).
    func monthsMissing(day: Int) -> Int {
        let februaries = count(modulo: 12, equal: 1)
        switch day {
        case ...28:
            return 0
        case 29:
            // Februaries of leap years: the year a multiple of 4 (month ≡ 1 mod 48), not of 100
            // (mod 1200), unless of 400 (mod 4800).
            let leapFebruaries = count(modulo: 48, equal: 1) - count(modulo: 1200, equal: 1) + count(modulo: 4800, equal: 1)
            return februaries - leapFebruaries
        case 30:
            return februaries
        default:
            // February and the 30-day months: April, June, September, November.
            return februaries + [3, 5, 8, 10].reduce(0) { $0 + count(modulo: 12, equal: $1) }
        }
    }

    /// Years among the periods that are leap years.
    func leapYears() -> Int {
        count(modulo: 4, equal: 0) - count(modulo: 100, equal: 0) + count(modulo: 400, equal: 0)
    }

    /// Months among the periods that have five of `weekday`.
    ///
    /// That depends on the weekday the month begins on as well as its length, which no short
    /// congruence captures; but the Gregorian calendar repeats every 4800 months (146 097 days,
    /// a whole number of weeks), so a table of the cycle answers. Month after month (interval
    /// 1), a run of the cycle is a difference of two of its running totals. Otherwise the
    /// periods repeat after `4800 / gcd(interval, 4800)` of them: one such cycle is counted once
    /// and multiplied, then the rest of one is counted, at most 9,600 lookups in all; bounded
    /// by the cycle, never by the distance from the first day.
    func monthsWithFive(_ weekday: Weekday) -> Int {
        let totals = Self.monthsWithFiveBefore[weekday.rawValue - 1]
        let start = mod(firstUnit, 4800)
        if interval == 1 {
            let (cycles, rest) = periods.quotientAndRemainder(dividingBy: 4800)
            let end = start + rest
            let inRest = end <= 4800 ? totals[end] - totals[start] : totals[4800] - totals[start] + totals[end - 4800]
            return cycles * totals[4800] + inRest
        }
        let cycle = 4800 / gcd(interval, 4800)
        let step = interval % 4800
        func count(_ periods: Int) -> Int {
            var total = 0
            var month = start
            for _ in 0..<periods {
                total += totals[month + 1] - totals[month]
                month += step
                if month >= 4800 { month -= 4800 }
            }
            return total
        }
        let perCycle = periods >= cycle ? count(cycle) : 0
        return periods / cycle * perCycle + count(periods % cycle)
    }

    /// For each weekday (Monday first) and each month m of a 400-year cycle (numbered as
    /// `year × 12 + month - 1` modulo 4800), how many of the months 0 ..< m have five of it;
    /// 4801 totals, the last one the whole cycle's.
    private static let monthsWithFiveBefore: [[Int]] = Weekday.allCases.map { weekday in
        var totals = [0]
        for month in 0..<4800 {
            // The same month of the cycle within the years 400…799, which Day can represent.
            let inCalendar = 4800 + month
            let hasFive = Periods.day(5, weekday, year: inCalendar / 12, month: inCalendar % 12 + 1) != nil
            totals.append(totals[month] + (hasFive ? 1 : 0))
        }
        return totals
    }

    /// How many k in 0 ..< `periods` have `firstUnit + k × interval ≡ residue (mod modulus)`.
    ///
    /// k × interval ≡ residue - firstUnit (mod modulus) has solutions only if g = gcd(interval,
    /// modulus) divides the right side; they are then one class k ≡ k₀ modulo `modulus / g`.
    func count(modulo modulus: Int, equal residue: Int) -> Int {
        let g = gcd(interval, modulus)
        let target = mod(residue - firstUnit, modulus)
        guard target % g == 0 else { return 0 }
        let step = modulus / g
        let first = mod(target / g * inverse(interval / g, modulo: step), step)
        return first < periods ? (periods - 1 - first) / step + 1 : 0
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int {
    b == 0 ? a : gcd(b, a % b)
}

/// The non-negative remainder.
private func mod(_ value: Int, _ modulus: Int) -> Int {
    (value % modulus + modulus) % modulus
}

/// The inverse of `value` modulo `modulus` (the two coprime), by the extended Euclidean algorithm.
private func inverse(_ value: Int, modulo modulus: Int) -> Int {
    var (oldRemainder, remainder) = (mod(value, modulus), modulus)
    var (oldCoefficient, coefficient) = (1, 0)
    while remainder != 0 {
        let quotient = oldRemainder / remainder
        (oldRemainder, remainder) = (remainder, oldRemainder - quotient * remainder)
        (oldCoefficient, coefficient) = (coefficient, oldCoefficient - quotient * coefficient)
    }
    return mod(oldCoefficient, modulus)
}
