import ArgumentParser
import Settings

/// A command of mealplan: `Mealplan.main` runs it with the environment it read once.
protocol MealplanCommand: ParsableCommand {
    func run(in environment: Environment) throws
}
