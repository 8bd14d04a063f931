import Foundation

/// A recipes folder with a pantry, for what the pantry can make in the planner: a dal (titled
/// "Tarka dal", for 2) needing red lentils, cumin and coriander; an omelette of eggs and butter;
/// toast (for 1) of bread and butter. The pantry holds 500 g of lentils expiring on
/// 2026-03-06, cumin without an amount, 6 eggs expiring on 2026-03-08 and 250 g of butter.
///
/// So by the share held: Omelette (2 of 2, all in the pantry), Dal (2 of 3, missing
/// coriander), Toast (1 of 2, missing bread 2); by expiry: Dal, Omelette, Toast.
public final class PantryKitchen: Sendable {
    public let folder = TemporaryFolder()
    public var path: String { folder.path }

    public static let lentilsExpire = "2026-03-06"
    public static let eggsExpire = "2026-03-08"

    public init() throws {
        try folder.write("---\ntitle: Tarka dal\nservings: 2\n---\nSimmer @red lentils{200%g} with @cumin{1%tsp} and @coriander{}.\n",
                         to: "Dal.cook")
        try folder.write("Whisk @eggs{3} and fry in @butter{10%g}.\n", to: "Omelette.cook")
        try folder.write("---\nservings: 1\n---\nToast @bread{2} with @butter{5%g}.\n", to: "Toast.cook")
        try folder.write("""
            [cupboard]
            "red lentils" = { quantity = "500%g", expire = "\(Self.lentilsExpire)" }
            cumin = { bought = "01.01.2026" }

            [fridge]
            eggs = { quantity = "6", expire = "\(Self.eggsExpire)" }
            butter = "250%g"

            """, to: "pantry.conf")
    }
}
