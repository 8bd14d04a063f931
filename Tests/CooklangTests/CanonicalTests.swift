import Cooklang
import Testing

/// The cases of the Cooklang conformance suite (`tests/canonical.yaml` of the language's spec
/// repository), written as a table: each source and the steps it must give, item by item.
///
/// Items are written as `text`, `@name|quantity|unit`, `#name|quantity`, `~name|quantity|unit`
/// (a missing quantity or unit is empty; `?` before a name marks it optional); `metadata` is
/// `key=value` pairs in order.
struct CanonicalCase: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let steps: [[String]]
    var metadata: [String] = []
    var testDescription: String { name }
}

let canonicalCases: [CanonicalCase] = [
    CanonicalCase(name: "basic direction", source: "Add a bit of chilli\n", steps: [["Add a bit of chilli"]]),
    CanonicalCase(name: "comments", source: "-- testing comments\n", steps: []),
    CanonicalCase(name: "comments after ingredients", source: "@thyme{2%sprigs} -- testing comments\nand some text\n",
                  // The space before "--" stays, and the line break joins the lines with another.
                  steps: [["@thyme|2|sprigs", "  and some text"]]),
    CanonicalCase(name: "comments with ingredients", source: "-- testing comments\n@thyme{2%sprigs}\n",
                  steps: [["@thyme|2|sprigs"]]),
    CanonicalCase(name: "directions with degrees", source: "Heat oven up to 200°C\n", steps: [["Heat oven up to 200°C"]]),
    CanonicalCase(name: "directions with numbers", source: "Heat 5L of water\n", steps: [["Heat 5L of water"]]),
    CanonicalCase(name: "direction with ingredients", source: "Add @chilli{3%items}, @ginger{10%g} and @milk{1%l}.\n",
                  steps: [["Add ", "@chilli|3|items", ", ", "@ginger|10|g", " and ", "@milk|1|l", "."]]),
    CanonicalCase(name: "cookware of several words", source: "Fry in #frying pan{}\n", steps: [["Fry in ", "#frying pan|"]]),
    CanonicalCase(name: "cookware of several words with a leading number", source: "Fry in #7-inch nonstick frying pan{ }\n",
                  steps: [["Fry in ", "#7-inch nonstick frying pan|"]]),
    CanonicalCase(name: "cookware of several words with spaces", source: "Fry in #frying pan{ }\n",
                  steps: [["Fry in ", "#frying pan|"]]),
    CanonicalCase(name: "cookware of one word", source: "Simmer in #pan for some time\n",
                  steps: [["Simmer in ", "#pan|", " for some time"]]),
    CanonicalCase(name: "cookware quantity", source: "#frying pan{2}\n", steps: [["#frying pan|2"]]),
    CanonicalCase(name: "cookware quantity of one word", source: "#frying pan{three}\n", steps: [["#frying pan|three"]]),
    CanonicalCase(name: "cookware quantity of several words", source: "#frying pan{two small}\n",
                  steps: [["#frying pan|two small"]]),
    CanonicalCase(name: "fractions", source: "@milk{1/2%cup}\n", steps: [["@milk|0.5|cup"]]),
    CanonicalCase(name: "fractions in directions", source: "knife cut about every 1/2 inches\n",
                  steps: [["knife cut about every 1/2 inches"]]),
    CanonicalCase(name: "a fraction with a leading zero is text", source: "@milk{01/2%cup}\n", steps: [["@milk|01/2|cup"]]),
    CanonicalCase(name: "fractions with spaces", source: "@milk{1 / 2 %cup}\n", steps: [["@milk|0.5|cup"]]),
    CanonicalCase(name: "ingredient of several words with a leading number", source: "Top with @1000 island dressing{ }\n",
                  steps: [["Top with ", "@1000 island dressing||"]]),
    CanonicalCase(name: "ingredient that is an emoji", source: "Add some @🧂\n", steps: [["Add some ", "@🧂||"]]),
    CanonicalCase(name: "ingredient with units", source: "@chilli{3%items}\n", steps: [["@chilli|3|items"]]),
    CanonicalCase(name: "ingredient with units and spaces", source: "@chilli{ 3 % items }\n", steps: [["@chilli|3|items"]]),
    CanonicalCase(name: "ingredient without units", source: "@chilli{3}\n", steps: [["@chilli|3|"]]),
    CanonicalCase(name: "ingredient without amount", source: "@chilli\n", steps: [["@chilli||"]]),
    CanonicalCase(name: "ingredient starting with a digit", source: "@5peppers\n", steps: [["@5peppers||"]]),
    CanonicalCase(name: "ingredient with numbers in its name", source: "@tipo 00 flour{250%g}\n",
                  steps: [["@tipo 00 flour|250|g"]]),
    CanonicalCase(name: "ingredient of one word before text", source: "@chilli cut into pieces\n",
                  steps: [["@chilli||", " cut into pieces"]]),
    CanonicalCase(name: "metadata", source: "---\nsourced: babooshka\n---\n", steps: [], metadata: ["sourced=babooshka"]),
    // The suite's older version kept "---" after text as text; the language now reads "--" as
    // the start of a comment wherever it stands, as the reference parser (cooklang-rs) does.
    CanonicalCase(name: "a dash line after text is a comment", source: "hello ---\nsourced: babooshka\n---\n",
                  steps: [["hello  sourced: babooshka"]]),
    CanonicalCase(name: "metadata key of several words", source: "---\ncooking time: 30 mins\n---\n", steps: [],
                  metadata: ["cooking time=30 mins"]),
    CanonicalCase(name: "metadata key with spaces before the colon", source: "---\ncooking time    :30 mins\n---\n",
                  steps: [], metadata: ["cooking time=30 mins"]),
    CanonicalCase(name: "steps separated by a blank line", source: "Add a bit of chilli\n\nAdd a bit of hummus\n",
                  steps: [["Add a bit of chilli"], ["Add a bit of hummus"]]),
    CanonicalCase(name: "metadata over several lines", source: "---\nPrep Time: 15 minutes\nCook Time: 30 minutes\n---\n",
                  steps: [], metadata: ["Prep Time=15 minutes", "Cook Time=30 minutes"]),
    CanonicalCase(name: "ingredient of several words", source: "@hot chilli{3}\n", steps: [["@hot chilli|3|"]]),
    CanonicalCase(name: "ingredient of several words without amount", source: "@hot chilli{}\n",
                  steps: [["@hot chilli||"]]),
    CanonicalCase(name: "two ingredients of one word", source: "@chilli cut into pieces and @garlic\n",
                  steps: [["@chilli||", " cut into pieces and ", "@garlic||"]]),
    CanonicalCase(name: "quantity as text", source: "@thyme{few%sprigs}\n", steps: [["@thyme|few|sprigs"]]),
    CanonicalCase(name: "quantity of digits and letters", source: "@water{7 k }\n", steps: [["@water|7 k|"]]),
    CanonicalCase(name: "servings", source: "---\nservings: 1|2|3\n---\n", steps: [], metadata: ["servings=1|2|3"]),
    CanonicalCase(name: "slash in text", source: "Preheat the oven to 200℃/Fan 180°C.\n",
                  steps: [["Preheat the oven to 200℃/Fan 180°C."]]),
    CanonicalCase(name: "timer with a decimal", source: "Fry for ~{1.5%minutes}\n", steps: [["Fry for ", "~|1.5|minutes"]]),
    CanonicalCase(name: "timer with a fraction", source: "Fry for ~{1/2%hour}\n", steps: [["Fry for ", "~|0.5|hour"]]),
    CanonicalCase(name: "timer with a whole number", source: "Fry for ~{10%minutes}\n", steps: [["Fry for ", "~|10|minutes"]]),
    CanonicalCase(name: "timer with a name", source: "Fry for ~potato{42%minutes}\n",
                  steps: [["Fry for ", "~potato|42|minutes"]]),
    CanonicalCase(name: "timer of one word", source: "Let it ~rest after plating\n",
                  steps: [["Let it ", "~rest||", " after plating"]]),
    CanonicalCase(name: "timer of one word before punctuation", source: "Let it ~rest, then serve\n",
                  steps: [["Let it ", "~rest||", ", then serve"]]),
    CanonicalCase(name: "timer of one word before Unicode punctuation", source: "Let it ~rest⸫ then serve\n",
                  steps: [["Let it ", "~rest||", "⸫ then serve"]]),
    CanonicalCase(name: "timer before a thin space (U+2009)", source: "Let it ~rest\u{2009}then serve\n",
                  steps: [["Let it ", "~rest||", "\u{2009}then serve"]]),
    CanonicalCase(name: "a timer sigil before a space is text", source: "It is ~ {5}\n", steps: [["It is ~ {5}"]]),
    CanonicalCase(name: "a timer sigil before a space and a digit is text", source: "It is ~ 5\n", steps: [["It is ~ 5"]]),
    CanonicalCase(name: "ingredient of one word before punctuation", source: "Add some @chilli, then serve\n",
                  steps: [["Add some ", "@chilli||", ", then serve"]]),
    CanonicalCase(name: "ingredient of one word before Unicode punctuation", source: "Add @chilli⸫ then bake\n",
                  steps: [["Add ", "@chilli||", "⸫ then bake"]]),
    CanonicalCase(name: "ingredient before a thin space (U+2009)", source: "Add @chilli\u{2009}then bake\n",
                  steps: [["Add ", "@chilli||", "\u{2009}then bake"]]),
    CanonicalCase(name: "an ingredient sigil before a space is text", source: "Message @ example{}\n",
                  steps: [["Message @ example{}"]]),
    CanonicalCase(name: "an ingredient sigil before a space and a word is text", source: "Message me @ example\n",
                  steps: [["Message me @ example"]]),
    CanonicalCase(name: "cookware of one word before punctuation", source: "Place in #pot, then boil\n",
                  steps: [["Place in ", "#pot|", ", then boil"]]),
    CanonicalCase(name: "cookware of one word before Unicode punctuation", source: "Place in #pot⸫ then boil\n",
                  steps: [["Place in ", "#pot|", "⸫ then boil"]]),
    CanonicalCase(name: "cookware before a thin space (U+2009)", source: "Add to #pot\u{2009}then boil\n",
                  steps: [["Add to ", "#pot|", "\u{2009}then boil"]]),
    CanonicalCase(name: "a cookware sigil before a space is text", source: "Recipe # 10{}\n", steps: [["Recipe # 10{}"]]),
    CanonicalCase(name: "a cookware sigil before a space and a digit is text", source: "Recipe # 5\n",
                  steps: [["Recipe # 5"]]),
    CanonicalCase(name: "optional ingredient", source: "Garnish with @?fresh thyme{2%sprigs}\n",
                  steps: [["Garnish with ", "@?fresh thyme|2|sprigs"]]),
    CanonicalCase(name: "optional ingredient of one word", source: "Top with @?chives\n",
                  steps: [["Top with ", "@?chives||"]]),
    CanonicalCase(name: "optional cookware", source: "Use a #?splatter guard{} if you have one\n",
                  steps: [["Use a ", "#?splatter guard|", " if you have one"]]),
    CanonicalCase(name: "an ingredient optional and required", source: "Stir @parmesan{100%g} in, top with @?parmesan{50%g}\n",
                  steps: [["Stir ", "@parmesan|100|g", " in, top with ", "@?parmesan|50|g"]]),
    CanonicalCase(name: "the optional marker counts once", source: "Add @??thyme{}\n", steps: [["Add ", "@??thyme||"]]),
    CanonicalCase(name: "an optional marker before a space is text", source: "Add @? thyme\n", steps: [["Add @? thyme"]]),
    CanonicalCase(name: "question mark after an ingredient", source: "Did you add the @salt{}?\n",
                  steps: [["Did you add the ", "@salt||", "?"]]),
]

@Suite struct CanonicalTests {
    @Test(arguments: canonicalCases)
    func canonicalCase(_ testCase: CanonicalCase) throws {
        let recipe = try CooklangParser.parse(testCase.source)
        #expect(steps(of: recipe) == testCase.steps)
        #expect(recipe.metadata.map { "\($0.key)=\($0.value.text)" } == testCase.metadata)
    }

    /// The steps of every section as the table writes them.
    func steps(of recipe: Recipe) -> [[String]] {
        recipe.sections.flatMap(\.blocks).compactMap { block -> [String]? in
            guard case .step(let items) = block else { return nil }
            return items.map { item in
                switch item {
                case .text(let text): text
                case .ingredient(let index):
                    describe("@", recipe.ingredients[index].name, recipe.ingredients[index].quantity,
                             optional: recipe.ingredients[index].isOptional, withUnit: true)
                case .cookware(let index):
                    describe("#", recipe.cookware[index].name, recipe.cookware[index].quantity,
                             optional: recipe.cookware[index].isOptional, withUnit: false)
                case .timer(let index):
                    describe("~", recipe.timers[index].name ?? "", recipe.timers[index].quantity, optional: false, withUnit: true)
                }
            }
        }
    }

    func describe(_ sigil: String, _ name: String, _ quantity: Quantity?, optional: Bool, withUnit: Bool) -> String {
        let amount: String = switch quantity?.value {
        case .number(let number)?: number == number.rounded() ? String(Int(number)) : String(number)
        case .text(let text)?: text
        case nil: ""
        }
        return sigil + (optional ? "?" : "") + name + "|" + amount + (withUnit ? "|" + (quantity?.unit ?? "") : "")
    }
}
