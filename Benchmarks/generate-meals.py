#!/usr/bin/env python3
"""Write a deterministic meal plan as mealplan's CSV or as a calcurse data folder.

Four meals a day (breakfast, lunch, dinner, snack) from --start on, so 1,000,000 meals cover
about 684 years. The same --meals, --seed and --start always give the same meals, in either
format (and the same CSV bytes, in the columns `mealplan export` writes). Titles and notes mix plain text with commas, quotes,
multi-line notes and non-ASCII text, so the file exercises the parser the way real exports do.

    python3 Benchmarks/generate-meals.py --meals 1000000 --seed 42 > meals.csv
    python3 Benchmarks/generate-meals.py --meals 1000000 --seed 42 --start 2021-01-01 \\
        --format calcurse --output calcurse-data

--format calcurse writes what `calcurse -D FOLDER` reads: `apts` with one appointment per
meal, in date and time order as calcurse saves it (breakfast 08:00, lunch 12:30, snack 16:00,
dinner 19:00, 30 minutes each; the title is the appointment's description), `notes/` with one
file per distinct note named by the SHA-1 of its text (as calcurse names them), an empty
`todo`, an empty `keys` (calcurse fills in its default key bindings) and a `conf` that makes
calcurse quit on `q` without asking, read and print dates as YYYY-MM-DD, and never save on
its own. Times are local: run calcurse with TZ=UTC so that no meal falls into a daylight-saving
gap.

calcurse's date range: calcurse 4.7 refuses dates before 1902-01-01 (its date check in
utils.c; `--from 1901-12-31` is an "invalid date"), while dates up to 9999-12-31 load and
query fine with a 64-bit time_t. So a plan meant for both tools starts in 1902 or later:
1,000,000 meals from 1902-01-01 end in 2586, and from 2021-01-01 in 2705. This generator
refuses a calcurse folder that starts before 1902 rather than change the meals (putting more
meals on a day to fit a shorter range would no longer be the same plan).
"""
import argparse
import datetime
import hashlib
import os
import random
import sys

SLOTS = ("breakfast", "lunch", "dinner", "snack")
TITLES = {
    "breakfast": ["Porridge with berries", "Shakshuka", "Pão de queijo", "Yogurt, granola and honey",
                  "Scrambled eggs on toast", "Pancakes", "Müsli", "Avocado toast", "Congee 粥",
                  "Croissant and coffee", "Bircher muesli", "French toast"],
    "lunch": ["Lentil soup", "Smørrebrød", "Caesar salad", "Falafel wrap", "拉麺", "Club sandwich",
              "Bibimbap 비빔밥", "Minestrone", "Quiche Lorraine", "Poke bowl", "Tomato soup, grilled cheese",
              "Leftover curry"],
    "dinner": ["Spaghetti bolognese", "Chicken tikka masala", "Ratatouille", "Salmon, potatoes and dill",
               "Pad thai", "Mushroom risotto", "Tacos al pastor", "Köttbullar", "Moussaka", "Okonomiyaki お好み焼き",
               'The "famous" lasagna', "Paella", "Chili sin carne", "Pizza night 🍕"],
    "snack": ["Apple", "Hummus and carrots", "Crème brûlée", "Dark chocolate", "Trail mix", "Banana bread",
              "Mochi", "Cheese and crackers", "Popcorn", "Churros"],
}
NOTES = ["", "", "", "", "", "double the recipe", "freeze half", "from the market, ask for fresh basil",
         'Grandma\'s "secret" version', "prep the night before\nsoak beans 12 h",
         "buy:\r\n- lemons\r\n- dill", "vegetarian guest", "🌶 extra spicy", "少し甘め"]
NOTE_WEIGHTS = [12 if note == "" else 1 for note in NOTES]

# The time a slot's meals get as calcurse appointments, as "HH:MM" start and end.
SLOT_TIMES = {"breakfast": ("08:00", "08:30"), "lunch": ("12:30", "13:00"), "snack": ("16:00", "16:30"),
              "dinner": ("19:00", "19:30")}
CALCURSE_FIRST_DAY = datetime.date(1902, 1, 1)
# calcurse quits on q without a question, reads --from as YYYY-MM-DD, prints dates the same way,
# and never writes the data files back (the benchmarks also pass --read-only).
CALCURSE_CONF = """general.confirmquit=no
general.autosave=no
general.periodicsave=0
general.systemdialogs=no
general.progressbar=no
format.inputdate=4
format.outputdate=%F
"""


def meal_batches(meals, seed, start):
    """The plan, day by day and slot by slot, in batches of days; the last day may be cut short
    at `meals`. Each meal is (day, slot, title index into TITLES[slot], note index into NOTES):
    indices, so that each format encodes every distinct title and note only once."""
    rng = random.Random(seed)
    days = (meals + len(SLOTS) - 1) // len(SLOTS)
    batch_days = 16384
    for first in range(0, days, batch_days):
        count = min(batch_days, days - first)
        dates = [start + datetime.timedelta(days=first + offset) for offset in range(count)]
        columns = []
        for slot in SLOTS:
            titles = rng.choices(range(len(TITLES[slot])), k=count)
            notes = rng.choices(range(len(NOTES)), weights=NOTE_WEIGHTS, k=count)
            columns.append([(date, slot, title, note) for date, title, note in zip(dates, titles, notes)])
        meals_left = meals - first * len(SLOTS)
        yield [meal for day in zip(*columns) for meal in day][:meals_left]


def csv_field(text):
    """RFC 4180 quoting, applied only when needed (as mealplan's own writer does)."""
    if text and (any(c in text for c in ',"\r\n') or text[0] in " \t" or text[-1] in " \t"):
        return '"' + text.replace('"', '""') + '"'
    return text


def write_csv(batches, out):
    """Rows of `mealplan export`'s columns, "date,slot,title,note,recipe,servings,status,
    leftovers_of,eaters", with CRLF line ends, after the header: no meal has a recipe or a status,
    so the last five fields are empty, and mealplan's export of the imported file gives it back
    byte for byte."""
    titles = {slot: [f"{slot},{csv_field(title)}," for title in TITLES[slot]] for slot in SLOTS}
    notes = [csv_field(note) + ",,,,,\r\n" for note in NOTES]
    out.write(",".join(("date", "slot", "title", "note", "recipe", "servings", "status", "leftovers_of", "eaters")) + "\r\n")
    for batch in batches:
        out.write("".join(f"{day.isoformat()},{titles[slot][title]}{notes[note]}"
                          for day, slot, title, note in batch))


def note_name(note):
    """calcurse's name for a note file: the SHA-1 of its text, in hexadecimal."""
    return hashlib.sha1(note.encode("utf-8")).hexdigest()


def write_calcurse(batches, folder):
    """calcurse's data folder: apts, notes/, todo, keys and conf (see the module's doc)."""
    os.makedirs(os.path.join(folder, "notes"), exist_ok=True)
    for note in NOTES:
        if note:
            with open(os.path.join(folder, "notes", note_name(note)), "w", encoding="utf-8", newline="") as file:
                file.write(note)
    for name, text in (("todo", ""), ("keys", ""), ("conf", CALCURSE_CONF)):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
            file.write(text)
    # An appointment line: "MM/DD/YYYY @ HH:MM -> MM/DD/YYYY @ HH:MM>NOTE |TITLE", without
    # ">NOTE " when there is no note; the tail after the times is encoded once per title and note.
    tails = {slot: [[f">{note_name(note)} |{title}\n" if note else f"|{title}\n" for note in NOTES]
                    for title in TITLES[slot]] for slot in SLOTS}
    order = {slot: index for index, slot in enumerate(sorted(SLOTS, key=SLOT_TIMES.get))}
    with open(os.path.join(folder, "apts"), "w", encoding="utf-8", newline="") as apts:
        for batch in batches:
            batch.sort(key=lambda meal: (meal[0], order[meal[1]]))
            lines = []
            for day, slot, title, note in batch:
                date = f"{day.month:02}/{day.day:02}/{day.year:04}"
                begin, end = SLOT_TIMES[slot]
                lines.append(f"{date} @ {begin} -> {date} @ {end}{tails[slot][title][note]}")
            apts.write("".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--meals", type=int, required=True, help="number of meals to write")
    parser.add_argument("--seed", type=int, default=1, help="random seed (same seed, same meals)")
    parser.add_argument("--start", default="1700-01-01", help="first day, YYYY-MM-DD")
    parser.add_argument("--format", choices=("csv", "calcurse"), default="csv",
                        help="mealplan's CSV (default) or a calcurse data folder")
    parser.add_argument("--output", help="file (csv, default: standard output) or folder (calcurse) to write")
    args = parser.parse_args()

    start = datetime.date.fromisoformat(args.start)
    days = (args.meals + len(SLOTS) - 1) // len(SLOTS)
    if start.toordinal() + days - 1 > datetime.date(9999, 12, 31).toordinal():
        parser.error(f"{args.meals} meals from {args.start} run past 9999-12-31")
    batches = meal_batches(args.meals, args.seed, start)

    if args.format == "calcurse":
        if not args.output:
            parser.error("--format calcurse needs --output FOLDER")
        if start < CALCURSE_FIRST_DAY:
            parser.error(f"calcurse refuses dates before {CALCURSE_FIRST_DAY}; give --start {CALCURSE_FIRST_DAY} or later")
        write_calcurse(batches, args.output)
        return
    out = open(args.output, "w", encoding="utf-8", newline="") if args.output else \
        open(sys.stdout.fileno(), "w", encoding="utf-8", newline="", closefd=False)
    with out:
        write_csv(batches, out)


if __name__ == "__main__":
    main()
