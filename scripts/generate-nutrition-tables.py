#!/usr/bin/env python3
"""Writes the two generated tables of the Nutrition module, from the USDA National Nutrient
Database for Standard Reference, Release 21 (SR21; a work of the United States government, in
the public domain), as Debian's `gourmand` package ships it: ABBREV.txt (nutrients per 100 g),
FOOD_DES.txt (descriptions, inedible refuse) and WEIGHT.txt (grams of household measures).

- Sources/Nutrition/SR21Foods.swift: every SR21 food, one line each, sorted by food number:
  number, the nutrients mealplan shows, the refuse share, the description and every household
  measure (amount, description, grams). Read in place by `FoodTable`, never parsed whole.
- Sources/Nutrition/FoodNameTable.swift: the ingredient names a cook writes, mapped by hand
  (NAMES below) to SR21 food numbers. Names mislead (butter is not BUTTERFISH, milk is not
  MILKFISH), so nothing here is matched by words: each line is a choice, with the food's
  description beside it for the reader.

Run: python3 scripts/generate-nutrition-tables.py [DATA_FOLDER [OUTPUT_FOLDER]]
DATA_FOLDER defaults to gourmand's, /usr/lib/python3/dist-packages/gourmand/data; OUTPUT_FOLDER
to Sources/Nutrition of the repository.
"""
import os
import sys

# The ABBREV.txt columns mealplan shows, in its order: energy (kcal), protein, total fat,
# carbohydrate by difference, total dietary fibre, total sugars (g), sodium (mg), per 100 g.
NUTRIENT_COLUMNS = [3, 4, 5, 7, 8, 9, 15]


def entry(names, number, each=None, volume=None, whole_row=False, bought=False, why=None):
    """One hand-made mapping: every name (singular, plural, other spellings, aisle.conf's
    other names) to one SR21 food number.

    each: the household measure (a prefix of its WEIGHT.txt description) one counted item is,
        for a plain count ("3 eggs"); its grams over its amount, or its grams as they are with
        `whole_row` (USDA's ".5 breast" is what a cook calls one chicken breast).
    volume: the measure a cup of it is (for its density), where the food's first volume measure
        would mislead ("cup, whipped" for cream); otherwise the food's first volume measure is
        used at run time.
    bought: masses are as bought, so the food's inedible refuse (bones of a whole chicken) is
        taken off before its nutrients count.
    why: the reason for a choice that is not the obvious one."""
    return (names, number, each, volume, whole_row, bought, why)


E = entry
NAMES = [
    # Vegetables.
    E("onion|onions|yellow onion|yellow onions|brown onion|brown onions|white onion|white onions", "11282", each="medium"),
    E("red onion|red onions", "11282", each="medium", why="SR21 has no red onion of its own"),
    E("shallot|shallots", "11677"),
    E("garlic|garlic clove|garlic cloves|clove of garlic|cloves of garlic", "11215", each="clove"),
    E("carrot|carrots", "11124", each="medium"),
    E("celery|celery stalk|celery stalks|celery stick|celery sticks", "11143", each="stalk, medium"),
    E("potato|potatoes|white potato|white potatoes", "11354", each="potato medium"),
    E("baby potatoes|baby potato|new potatoes|new potato|red potatoes|red potato", "11355"),
    E("sweet potato|sweet potatoes", "11507", each="sweetpotato"),
    E("red bell pepper|red bell peppers", "11821", each="medium"),
    E("green bell pepper|green bell peppers", "11333", each="medium"),
    E("yellow bell pepper|yellow bell peppers", "11951", each="pepper, large", why="the only size SR21 gives"),
    E("bell pepper|bell peppers", "11821", each="medium", why="no colour said: red, whose macronutrients green and yellow share"),
    E("jalapeno|jalapenos|jalapeño|jalapeños|jalapeno pepper|jalapeno peppers", "11979", each="pepper"),
    E("red chili|red chilies|red chilli|red chillies|chili pepper|chili peppers|chilli pepper|chilli peppers|fresh chili|fresh chilli",
      "11819", each="pepper"),
    E("zucchini|zucchinis|courgette|courgettes", "11477", each="medium"),
    E("eggplant|eggplants|aubergine|aubergines", "11209", each="eggplant, unpeeled"),
    E("broccoli", "11090"),
    E("cauliflower", "11135", each="head, medium"),
    E("asparagus", "11011"),
    E("green beans|french beans|string beans", "11052"),
    E("mushrooms|mushroom|button mushrooms|white mushrooms", "11260", each="medium"),
    E("chestnut mushrooms|cremini mushrooms|crimini mushrooms|brown mushrooms", "11266", each="piece whole"),
    E("portobello mushrooms|portobello mushroom|portabella mushrooms|portobellos", "11265", each="piece whole"),
    E("dried shiitake|dried shiitake mushrooms", "11268", each="mushroom"),
    E("red cabbage", "11112", each="head, medium"),
    E("cabbage|green cabbage|white cabbage", "11109", each="head, medium"),
    E("savoy cabbage", "11114"),
    E("lettuce|iceberg lettuce", "11252", each="head, medium"),
    E("romaine|romaine lettuce|cos lettuce", "11251", each="head"),
    E("rocket|arugula", "11959"),
    E("spinach|baby spinach|fresh spinach", "11457"),
    E("kale", "11233"),
    E("cucumber|cucumbers", "11205", each="cucumber"),
    E("cherry tomatoes|cherry tomato", "11529", each="cherry", volume="cup cherry tomatoes"),
    E("tomato|tomatoes|fresh tomatoes", "11529", each="medium whole", volume="cup, chopped"),
    E("avocado|avocados", "09038", each="fruit"),
    E("spring onions|spring onion|scallions|scallion|green onions|green onion", "11291", each="medium"),
    E("leek|leeks", "11246", each="leek"),
    E("fennel|fennel bulb|fennel bulbs", "11957", each="bulb"),
    E("beetroot|beetroots|beet|beets", "11080", each="beet"),
    E("radish|radishes", "11429", each="medium"),
    E("corn|sweet corn|sweetcorn|corn kernels", "11167"),
    E("canned corn|canned sweetcorn|tinned sweetcorn", "11172"),
    E("frozen corn", "11178"),
    E("frozen peas|peas|green peas|garden peas", "11312", why="peas bought and cooked from frozen, as aisle.conf files them"),
    E("sugar snap peas|snow peas|mangetout", "11300"),
    E("pumpkin", "11422"),
    E("canned pumpkin|pumpkin puree", "11424"),
    E("butternut squash", "11485"),
    E("parsnip|parsnips", "11298"),
    E("turnip|turnips", "11564", each="medium"),
    E("celeriac", "11141"),
    E("brussels sprouts|brussels sprout", "11098", each="sprout"),
    E("artichoke|artichokes", "11007", each="artichoke, medium"),
    E("okra", "11278"),
    E("bok choy|pak choi|pak choy", "11116"),
    E("bean sprouts|beansprouts", "11043"),
    E("watercress", "11591"),
    E("fresh ginger|ginger|ginger root", "11216"),
    E("lemongrass|lemon grass", "11972"),
    E("edamame", "11211"),
    E("sauerkraut", "11439"),
    E("sun-dried tomatoes|sundried tomatoes|sun dried tomatoes", "11955", each="piece"),
    E("olives|black olives", "09193", each="large"),
    E("green olives", "09195", each="olive"),
    E("capers", "02054"),
    E("pickles|gherkins|dill pickles", "11937"),
    # Herbs.
    E("fresh basil|basil|basil leaves", "02044"),
    E("fresh parsley|parsley|flat-leaf parsley|italian parsley|curly parsley", "11297"),
    E("fresh coriander|cilantro|coriander leaves|fresh cilantro", "11165"),
    E("fresh dill|dill", "02045"),
    E("fresh thyme|thyme", "02049"),
    E("fresh rosemary|rosemary", "02063"),
    E("chives", "11156"),
    E("fresh mint|mint|mint leaves", "02065"),
    E("dried sage|ground sage", "02038"),
    E("dried tarragon", "02041"),
    E("bay leaf|bay leaves", "02004"),
    E("dried oregano|oregano", "02027"),
    E("dried thyme", "02042"),
    E("dried basil", "02003"),
    E("dried rosemary", "02036"),
    E("dried parsley", "02029"),
    E("dried dill", "02017"),
    # Spices.
    E("salt|table salt|sea salt|flaky salt|kosher salt|fine salt", "02047"),
    E("black pepper|pepper|ground black pepper|black peppercorns|peppercorns", "02030",
      why="'pepper' is black pepper, as aisle.conf writes it; 'peppers' is left to the cook, never guessed"),
    E("white pepper", "02032"),
    E("paprika|sweet paprika", "02028"),
    E("smoked paprika", "02028", why="SR21 has one paprika"),
    E("cayenne|cayenne pepper", "02031"),
    E("chili flakes|chilli flakes|red pepper flakes|crushed red pepper", "02031", why="SR21's red pepper is the dried chili"),
    E("chili powder|chilli powder", "02009"),
    E("curry powder", "02015"),
    E("ground cumin|cumin|cumin seeds", "02014"),
    E("ground cinnamon|cinnamon", "02010"),
    E("nutmeg|ground nutmeg", "02025"),
    E("ground coriander|coriander seeds", "02013"),
    E("turmeric|ground turmeric", "02043"),
    E("ground ginger", "02021"),
    E("cloves|ground cloves|whole cloves", "02011", why="the spice: garlic's cloves are a unit of garlic"),
    E("cardamom|ground cardamom", "02006"),
    E("allspice|ground allspice", "02001"),
    E("mustard seeds|mustard seed", "02024"),
    E("fennel seeds|fennel seed", "02018"),
    E("caraway seeds|caraway", "02005"),
    E("garlic powder", "02020"),
    E("onion powder", "02026"),
    E("saffron", "02037"),
    E("aniseed|anise seed|anise seeds", "02002"),
    E("fenugreek|fenugreek seeds", "02019"),
    E("poppy seeds|poppy seed", "02033"),
    E("vanilla extract|vanilla|vanilla essence", "02050", volume="cup"),
    # Fruit.
    E("lemon|lemons", "09150", each="fruit (2-1/8"),
    E("lime|limes", "09159", each="fruit"),
    E("orange|oranges", "09200", each="fruit (2-5/8"),
    E("apple|apples", "09003", each="medium"),
    E("banana|bananas", "09040", each="medium"),
    E("pear|pears", "09252", each="medium"),
    E("peach|peaches", "09236", each="medium"),
    E("plum|plums", "09279", each="fruit"),
    E("mango|mangoes|mangos", "09176", each="fruit"),
    E("kiwi|kiwis|kiwifruit|kiwi fruit", "09405", each="fruit without skin, medium"),
    E("pineapple", "09266", each="fruit"),
    E("watermelon", "09326"),
    E("cantaloupe", "09181"),
    E("grapes", "09132"),
    E("strawberries|strawberry", "09316", each="medium"),
    E("raspberries", "09302"),
    E("blackberries", "09042"),
    E("blueberries", "09050"),
    E("cherries", "09070", each="cherry"),
    E("dried cranberries", "09079"),
    E("raisins|sultanas", "09298", volume="cup (not packed)"),
    E("dates|medjool dates", "09421", each="date"),
    E("dried apricots", "09032"),
    E("dried figs", "09094", each="fig"),
    E("desiccated coconut", "12108"),
    E("shredded coconut|sweetened shredded coconut", "12179"),
    E("pomegranate|pomegranates", "09286", each="pomegranate"),
    E("grapefruit", "09112", each="fruit"),
    E("rhubarb", "09307", each="stalk"),
    E("lemon juice", "09152"),
    E("lime juice", "09160"),
    E("orange juice", "09206"),
    E("apple juice", "09016"),
    E("lemon zest|lemon peel", "09156"),
    E("orange zest|orange peel", "09216"),
    # Bakery.
    E("bread|white bread|sliced bread", "18069", each="slice"),
    E("whole wheat bread|wholemeal bread|brown bread|whole-wheat bread", "18075", each="slice"),
    E("baguette|baguettes|french bread", "18029"),
    E("sourdough|sourdough bread", "18029", each="slice, medium", why="SR21 counts sourdough as french bread"),
    E("rye bread", "18060", each="slice"),
    E("pita|pitas|pita bread|pitta|pitta bread", "18041", each="pita, large"),
    E("corn tortillas|corn tortilla", "18363", each="tortilla"),
    E("flour tortillas|flour tortilla|tortillas|tortilla|wraps", "18364", each="tortilla (approx 7-8"),
    E("english muffins|english muffin", "18258", each="muffin"),
    E("bagels|bagel", "18001", each="bagel (3-1/2"),
    E("croissants|croissant", "18239", each="croissant, medium"),
    E("hamburger buns|hamburger bun|burger buns|burger bun|hot dog buns", "18350", each="roll"),
    # Dairy and eggs.
    E("eggs|egg|large eggs|large egg", "01123", each="large"),
    E("egg yolks|egg yolk", "01125", each="large"),
    E("egg whites|egg white", "01124", each="large"),
    E("milk|whole milk|full-fat milk", "01077"),
    E("semi-skimmed milk|2% milk|reduced-fat milk", "01079"),
    E("skimmed milk|skim milk|nonfat milk", "01085"),
    E("buttermilk", "01088"),
    E("butter|salted butter", "01001"),
    E("unsalted butter", "01145"),
    E("ghee|clarified butter", "01003"),
    E("heavy cream|double cream|whipping cream|heavy whipping cream", "01053", volume="cup, fluid"),
    E("light cream|single cream", "01050"),
    E("half and half|half-and-half", "01049"),
    E("sour cream", "01056"),
    E("plain yogurt|yogurt|natural yogurt|yoghurt|plain yoghurt|natural yoghurt", "01116"),
    E("cream cheese", "01017"),
    E("parmesan|parmesan cheese|grated parmesan|parmigiano", "01032"),
    E("cheddar|cheddar cheese", "01009", volume="cup, shredded"),
    E("mozzarella|mozzarella cheese", "01026"),
    E("feta|feta cheese", "01019"),
    E("ricotta|ricotta cheese", "01036"),
    E("cottage cheese", "01012", volume="cup, small curd"),
    E("goat cheese|goats cheese|goat's cheese|chevre", "01159"),
    E("swiss cheese|emmental", "01040", volume="cup, shredded"),
    E("gruyere|gruyère", "01023", volume="cup, shredded"),
    E("brie", "01006"),
    E("blue cheese", "01004"),
    E("monterey jack", "01025", volume="cup, shredded"),
    E("provolone", "01035"),
    E("sweetened condensed milk|condensed milk", "01095"),
    E("evaporated milk", "01096"),
    # Meat and fish.
    E("minced beef|ground beef|beef mince", "23572", why="the usual 80 % lean"),
    E("ground pork|pork mince|minced pork", "10219"),
    E("ground turkey|turkey mince", "05305"),
    E("ground lamb|lamb mince|minced lamb", "17224"),
    E("chicken thighs|chicken thigh|boneless chicken thighs", "05096", each="thigh, bone and skin removed"),
    E("chicken breasts|chicken breast|boneless chicken breasts|boneless chicken breast", "05062", each="breast", whole_row=True,
      why="USDA's breast is both halves; a cook's chicken breast is one"),
    E("whole chicken", "05006", bought=True, why="weighed with its bones: SR21's refuse share is taken off"),
    E("chicken wings|chicken wing", "05100", each="wing, bone removed"),
    E("chicken drumsticks|chicken drumstick", "05071", each="drumstick, bone and skin removed"),
    E("ham|sliced ham", "07029", each="slice"),
    E("bacon|streaky bacon|bacon rashers", "10123"),
    E("sausages|sausage|pork sausages|pork sausage", "07063"),
    E("italian sausage|italian sausages", "07036", each="link, 4/lb"),
    E("chorizo", "07019", each="link"),
    E("salami", "07071", each="slice"),
    E("pepperoni", "07057", each="slice round"),
    E("steak|sirloin steak|beef steak|sirloin", "13929", each="steak"),
    E("stewing beef|beef chuck|chuck steak|braising steak", "13811"),
    E("beef tenderloin|fillet steak|filet mignon", "13920", each="steak"),
    E("brisket|beef brisket", "13803"),
    E("pork chops|pork chop", "10036", each="chop"),
    E("pork shoulder", "10070"),
    E("pork tenderloin", "10218"),
    E("leg of lamb|lamb leg", "17011"),
    E("lamb chops|lamb chop", "17023", each="chop"),
    E("turkey breast", "05219"),
    E("duck breast|duck breasts", "05141"),
    E("salmon|salmon fillets|salmon fillet", "15236", each="fillet", whole_row=True,
      why="USDA's fillet is a whole side; a cook's salmon fillet is a portion of it"),
    E("cod|cod fillets|cod fillet", "15015", each="fillet"),
    E("white fish fillets|white fish fillet|white fish", "15015", each="fillet", why="cod, the usual white fish"),
    E("haddock", "15033", each="fillet"),
    E("pollock", "15065"),
    E("tuna|canned tuna|tinned tuna|tuna in water", "15121", each="can"),
    E("tuna steak|tuna steaks", "15127"),
    E("shrimp|shrimps|prawns|prawn|king prawns", "15149", each="medium"),
    E("mussels", "15164", each="medium"),
    E("clams", "15157", each="medium"),
    E("scallops", "15172"),
    E("crab|crab meat", "15139"),
    E("anchovies|anchovy|anchovy fillets", "15002", each="anchovy"),
    E("sardines", "15088"),
    E("smoked salmon", "15179"),
    E("trout", "15240", each="fillet"),
    E("tilapia", "15261"),
    E("mackerel", "15046", each="fillet"),
    E("tofu|firm tofu", "16426"),
    E("tempeh", "16114"),
    # Pasta, rice and grains.
    E("spaghetti|linguine|fettuccine|tagliatelle", "20120"),
    E("pasta|penne|fusilli|rigatoni|farfalle|macaroni|small pasta|orzo|lasagne sheets|lasagna sheets|lasagna noodles",
      "20099", volume="cup elbow", why="SR21's dry macaroni stands for dry pasta of any shape"),
    E("egg noodles", "20109"),
    E("rice noodles", "20133"),
    E("rice|white rice|long-grain rice|basmati rice|jasmine rice", "20044"),
    E("arborio rice|risotto rice|sushi rice|short-grain rice", "20052"),
    E("brown rice", "20036"),
    E("wild rice", "20088"),
    E("rolled oats|oats|porridge oats|oatmeal", "08120"),
    E("quinoa", "20035"),
    E("couscous", "20028"),
    E("bulgur|bulgur wheat", "20012"),
    E("pearl barley|barley", "20005"),
    E("polenta|cornmeal", "20022"),
    E("red lentils", "16144"),
    E("lentils|green lentils|brown lentils", "16069"),
    E("kidney beans|red kidney beans", "16034", why="beans without 'dried' are canned, as recipes by the can and 400 g write them"),
    E("cannellini beans|cannellini|white beans|white kidney beans", "16051"),
    E("black beans", "16018"),
    E("pinto beans", "16044"),
    E("chickpeas|garbanzo beans|canned chickpeas", "16058"),
    E("butter beans|lima beans", "16073"),
    E("dried chickpeas", "16056"),
    E("dried black beans", "16014"),
    E("split peas", "16085"),
    E("buckwheat", "20009"),
    E("millet", "20031"),
    # Cans and jars, sauces.
    E("canned tomatoes|tinned tomatoes|chopped tomatoes|crushed tomatoes|diced tomatoes", "11531"),
    E("passata", "11547", why="'tomato puree' is passata in the US and tomato paste in Britain: left to the cook"),
    E("tomato paste|tomato concentrate", "11546"),
    E("tomato sauce", "11549"),
    E("beef stock|beef broth", "06170"),
    E("chicken stock|chicken broth", "06172"),
    E("vegetable stock|vegetable broth", "06615", why="SR21's only vegetable broth"),
    E("stock cube|stock cubes|bouillon cube|bouillon cubes", "06080", each="cube"),
    E("dijon mustard|mustard|yellow mustard|wholegrain mustard", "02046", volume="cup"),
    E("ketchup|tomato ketchup|catsup", "11935"),
    E("mayonnaise|mayo", "04018"),
    E("jam|strawberry jam|preserves", "19297"),
    E("salsa", "06164"),
    E("hot sauce|tabasco", "06168"),
    E("worcestershire sauce", "06971"),
    E("fish sauce", "06179"),
    E("oyster sauce", "06176"),
    E("hoisin sauce", "06175"),
    E("teriyaki sauce", "06112"),
    E("barbecue sauce|bbq sauce", "06150", volume="cup (8 fl oz)"),
    E("soy sauce|light soy sauce|shoyu", "16123"),
    E("miso", "16112"),
    E("hummus", "16158"),
    E("horseradish", "02055"),
    E("cranberry sauce", "09081"),
    E("coconut milk", "12118"),
    E("peanut butter", "16098"),
    E("tahini", "12166"),
    # Oils, fats and vinegars.
    E("olive oil|extra virgin olive oil|extra-virgin olive oil", "04053", volume="cup"),
    E("vegetable oil|cooking oil|canola oil|rapeseed oil", "04582"),
    E("sunflower oil", "04506"),
    E("sesame oil", "04058", volume="cup"),
    E("coconut oil", "04047"),
    E("peanut oil|groundnut oil", "04042"),
    E("corn oil", "04518"),
    E("margarine", "04611"),
    E("shortening|vegetable shortening", "04615"),
    E("lard", "04002"),
    E("red wine vinegar|white wine vinegar|wine vinegar", "02068"),
    E("white vinegar|distilled vinegar|vinegar", "02053"),
    E("cider vinegar|apple cider vinegar", "02048"),
    E("balsamic vinegar|balsamic", "02069"),
    E("rice vinegar|rice wine vinegar", "02053", why="SR21 has no rice vinegar: distilled vinegar, as plain"),
    # Baking.
    E("flour|plain flour|all-purpose flour|all purpose flour|white flour", "20081"),
    E("self-raising flour|self-rising flour|self raising flour", "20082"),
    E("bread flour|strong flour|strong white flour", "20083"),
    E("whole wheat flour|wholemeal flour|whole-wheat flour", "20080"),
    E("cornstarch|cornflour|corn starch", "20027", why="British cornflour is cornstarch, not cornmeal"),
    E("sugar|granulated sugar|white sugar|caster sugar|superfine sugar", "19335", volume="cup"),
    E("brown sugar|light brown sugar|dark brown sugar|soft brown sugar", "19334", volume="cup packed"),
    E("powdered sugar|icing sugar|confectioners sugar|confectioners' sugar", "19336", volume="cup unsifted"),
    E("honey", "19296"),
    E("maple syrup", "19353"),
    E("corn syrup|light corn syrup", "19350"),
    E("molasses|treacle|black treacle", "19304"),
    E("baking powder", "18369"),
    E("baking soda|bicarbonate of soda|bicarb", "18372"),
    E("dried yeast|active dry yeast|yeast|instant yeast", "18375"),
    E("cocoa powder|cocoa|unsweetened cocoa", "19165"),
    E("chocolate chips|chocolate chip|semisweet chocolate chips", "19080", volume="cup chips"),
    E("dark chocolate", "19902"),
    E("milk chocolate", "19120"),
    E("unsweetened chocolate|baking chocolate", "19078", each="square"),
    E("breadcrumbs|bread crumbs|dried breadcrumbs", "18079"),
    E("gelatin|gelatine", "19177"),
    E("almond paste", "12071"),
    E("almonds", "12061", volume="cup, whole"),
    E("ground almonds|almond flour|almond meal", "12061", volume="cup, ground"),
    E("flaked almonds|sliced almonds", "12061", volume="cup, sliced"),
    E("pecans", "12142", volume="cup, halves"),
    E("hazelnuts", "12120", volume="cup, whole"),
    E("cashews|cashew nuts", "12087"),
    E("peanuts", "16087"),
    E("pistachios|pistachio nuts", "12151"),
    E("walnuts", "12155"),
    E("pine nuts", "12147"),
    E("macadamia nuts|macadamias", "12131"),
    E("sunflower seeds", "12036", volume="cup"),
    E("pumpkin seeds|pepitas", "12014"),
    E("flaxseed|flaxseeds|linseed", "12220"),
    E("chia seeds", "12006"),
    E("sesame seeds", "12023"),
    # Drinks.
    E("red wine", "14096"),
    E("white wine|dry white wine", "14106"),
    E("beer", "14003"),
    E("water", "14411", volume="cup 8 fl oz"),
    E("coffee|brewed coffee", "14209"),
    E("espresso", "14210"),
    E("tea", "14355"),
    E("rum|vodka|gin|whiskey|whisky|brandy", "14037"),
]


def fields(line):
    """A record of the SR files: fields split by ^, text between tildes."""
    return [field.strip("~") for field in line.rstrip("\r\n").split("^")]


def read(path):
    with open(path, encoding="latin-1") as file:
        return [fields(line) for line in file if line.strip()]


def swift_file(out, kind, member, doc, lines):
    out.write("// Generated by scripts/generate-nutrition-tables.py: do not edit.\n")
    out.write("// Source: USDA National Nutrient Database for Standard Reference, Release 21 (ABBREV.txt,\n")
    out.write("// FOOD_DES.txt, WEIGHT.txt), as Debian's gourmand package ships it; a work of the US government,\n")
    out.write("// public domain.\n\n")
    out.write(f"extension {kind} {{\n")
    for line in doc:
        out.write(f"    /// {line}\n")
    out.write(f'    static let {member}: StaticString = #"""\n')
    for line in lines:
        assert '"""#' not in line
        out.write(line + "\n")
    out.write('"""#\n}\n')


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/python3/dist-packages/gourmand/data"
    target = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Nutrition")
    described = {row[0]: row for row in read(os.path.join(folder, "FOOD_DES.txt"))}
    measures = {}
    for row in read(os.path.join(folder, "WEIGHT.txt")):
        # NDB_No, Seq, Amount, Msre_Desc, Gm_Wgt, …
        measures.setdefault(row[0], []).append((row[2], row[3], row[4]))
    food_lines = []
    for row in sorted(read(os.path.join(folder, "ABBREV.txt")), key=lambda row: row[0]):
        number = row[0]
        description = described[number][2]
        refuse = described[number][9]
        parts = [number] + [row[column] for column in NUTRIENT_COLUMNS] + [refuse, description]
        for amount, measure, grams in measures.get(number, []):
            parts += [amount, measure, grams]
        for part in parts:
            assert "^" not in part and "\n" not in part, part
        food_lines.append("^".join(parts))
    with open(os.path.join(target, "SR21Foods.swift"), "w", encoding="utf-8") as out:
        swift_file(out, "FoodTable", "sr21", [
            "Every SR21 food, sorted by number, one line each, fields split by `^`: number; kcal,",
            "protein, fat, carbohydrate, fibre, sugars (g) and sodium (mg) per 100 g, empty where USDA",
            "gives none; the inedible share as bought (%); the description; then each household measure",
            "as three fields: amount, description, grams.",
        ], food_lines)

    seen = {}
    name_lines = []
    for names, number, each, volume, whole_row, bought, why in NAMES:
        assert number in described, f"{names}: no SR21 food {number}"
        food_measures = measures.get(number, [])
        comment = [described[number][2]]

        def measure(prefix):
            found = [m for m in food_measures if m[1].lower().startswith(prefix.lower())]
            assert found, f"{names}: {number} has no measure '{prefix}': {food_measures}"
            return found[0]

        each_grams = ""
        if each:
            amount, description, grams = measure(each)
            value = float(grams) if whole_row else float(grams) / float(amount)
            each_grams = f"{value:g}"
            comment.append(f"each {each_grams} g ({amount} {description}" + (", as one" if whole_row else "") + ")")
        density = ""
        if volume:
            amount, description, grams = measure(volume)
            word = description.replace(",", " ").replace("(", " ").split()[0].lower()
            millilitres = {"cup": 236.5882365, "tbsp": 14.78676478125, "tsp": 4.92892159375}[word]
            density = f"{float(grams) / (float(amount) * millilitres):.6g}"
            comment.append(f"{density} g/ml ({amount} {description} = {grams} g)")
        if bought:
            comment.append(f"{described[number][9]} % refuse ({described[number][8]}) taken off")
        if why:
            comment.append(why)
        for name in names.split("|"):
            assert name == name.lower().strip() and name not in seen, f"'{name}' twice or not lower-case"
            seen[name] = number
        name_lines.append("^".join([names, number, each_grams, density, "bought" if bought else "", "; ".join(comment)]))
    with open(os.path.join(target, "FoodNameTable.swift"), "w", encoding="utf-8") as out:
        swift_file(out, "FoodNames", "tableText", [
            "Ingredient names mapped by hand to SR21 foods, one food a line, fields split by `^`: the",
            "names (split by `|`), the food's number, the grams of one counted item (`3 eggs`), the",
            "grams per millilitre where the food's first volume measure would mislead, `bought` where",
            "masses are as bought (the refuse is taken off), and a note for the reader.",
        ], name_lines)
    print(f"{len(food_lines)} foods, {len(NAMES)} mapped foods, {len(seen)} names", file=sys.stderr)


if __name__ == "__main__":
    main()
