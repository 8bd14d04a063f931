import Settings
/// The files mealplan reads and writes and where it looks for each, for the manual page's FILES
/// section; the code that finds each is named beside it.
enum FileLocations {
    static let documented: [(path: String, meaning: String)] = [
        // DatabaseLocation.path
        ("$XDG_DATA_HOME/mealplan/meals.sqlite",
         "The plan, one SQLite file in WAL mode with its -wal and -shm files beside it; ~/.local/share/mealplan/meals.sqlite "
            + "without XDG_DATA_HOME. --db PATH or $MEALPLAN_DB names another."),
        // ConfigFile.location
        ("$XDG_CONFIG_HOME/mealplan/config.toml",
         "Settings: the recipes folder, the aisle and pantry files, the week start (week-start), [slot-times]; ~/.config/mealplan/config.toml without "
            + "XDG_CONFIG_HOME. A missing file is no settings."),
        // RecipeOptions.recipeFolder
        ("$XDG_DATA_HOME/mealplan/recipes/",
         "The recipes: Cooklang .cook files, subfolders allowed, read and never written (only the list files below "
            + "and, with shop add --aisle, aisle.conf are). --recipes DIR, $MEALPLAN_RECIPES "
            + "or the config file's recipes names another folder."),
        // ShoppingSources.conventional
        ("RECIPES/aisle.conf",
         "The shop's aisles and the ingredients' other names (cookcli's format), in the recipes folder or its config/ "
            + "subfolder unless --aisles or the config file's aisles names one."),
        ("RECIPES/pantry.conf",
         "What is in stock (cookcli's format), found as aisle.conf is; --pantry or the config file's pantry names one, "
            + "--no-pantry ignores it."),
        // ShoppingChecks
        ("RECIPES/.shopping-checked",
         "What was ticked off the shopping list: cookcli's log, shared with the Cooklang apps and cook server, only "
            + "ever appended to (shop --check, x on the planner's list)."),
        // ShoppingExtras
        ("RECIPES/.shopping-list",
         "cookcli's list: its items at the top are the extra items of mealplan's list (shop add, shop remove); "
            + "its recipes are cookcli's own."),
    ]
}
