import Nutrition
import TestSupport
import Testing

@Suite struct FoodTableTests {
    /// Every food of USDA's files is in the table built in, with the same figures, description,
    /// refuse and measures: the binary needs no gourmand.
    @Test(.requires(.usdaMeasures)) func theTableHoldsEveryFoodOfUSDAsFiles() throws {
        let usda = USDAFiles.shared
        #expect(FoodTable.count == usda.per100g.count)
        #expect(FoodTable.count == 7413)
        for (number, values) in usda.per100g {
            let food = try #require(FoodTable.food(number), "\(number)")
            #expect(food.number == number)
            for nutrient in Nutrient.allCases {
                let value = values[nutrient.rawValue]
                #expect(food.per100g[nutrient] == (value ?? 0), "\(number) \(nutrient)")
                #expect(food.missing.contains(nutrient) == (value == nil), "\(number) \(nutrient)")
            }
            #expect(food.description == usda.foods[number]?.description)
            #expect(food.refuse == usda.foods[number]?.refuse)
            let measures = usda.measures[number] ?? []
            #expect(food.measures.map(\.description) == measures.map(\.description), "\(number)")
            #expect(food.measures.map(\.grams) == measures.map(\.grams), "\(number)")
        }
    }

    @Test func numbersThatAreNoFood() {
        for number in ["00000", "99999", "1001", "010011", "0100a", "", "01001 "] {
            #expect(FoodTable.food(number) == nil, "\(number)")
        }
        #expect(FoodTable.food("01001")?.description == "Butter, salted")
        #expect(FoodTable.food("01001")?.per100g[.kcal] == 717)
    }

    /// A count's unit is the measure it names alone, else a medium one, else the first; its
    /// plural and singular alike; none for a unit USDA did not weigh.
    @Test func householdMeasures() throws {
        let bread = try #require(FoodTable.food("18069"))   // "slice, large" 30 g comes before "slice" 25 g
        #expect(bread.grams(per: "slice") == 25)
        #expect(bread.grams(per: "slices") == 25)
        let celery = try #require(FoodTable.food("11143"))  // large, medium, small stalks
        #expect(celery.grams(per: "stalks") == 40)
        let garlic = try #require(FoodTable.food("11215"))  // "clove" 3 g and "3 cloves" 9 g
        #expect(garlic.grams(per: "cloves") == 3)
        #expect(garlic.grams(per: "head") == nil)
        let potatoes = try #require(FoodTable.food("11354")) // "potato medium (…)": the size is the second word
        #expect(potatoes.grams(per: "medium") == 213)
        let basil = try #require(FoodTable.food("02044"))   // "5 leaves" 2.5 g
        #expect(basil.grams(per: "leaves") == 0.5)
        #expect(basil.grams(per: "leaf") == 0.5)
        let milk = try #require(FoodTable.food("01077"))
        #expect(abs(try #require(milk.gramsPerMillilitre) - 244 / 236.5882365) < 1e-12)
        let spaghetti = try #require(FoodTable.food("20120")) // weighed in ounces only
        #expect(spaghetti.gramsPerMillilitre == nil)
    }

    /// Foods found by the words of a name, the plainest first; nothing for words no food has.
    @Test func foodsMatchingWords() {
        let feta = FoodTable.foods(matching: ["feta"])
        #expect(feta.first?.number == "01019")
        #expect(FoodTable.foods(matching: ["GRANOLA", "homemade"]).map(\.number) == ["08037"])
        #expect(FoodTable.foods(matching: ["zzzz"]).isEmpty)
        #expect(FoodTable.foods(matching: []).isEmpty)
        #expect(FoodTable.foods(matching: ["cheese"], limit: 5).count == 5)
    }
}
