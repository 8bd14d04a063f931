#!/usr/bin/env python3
"""Write a deterministic meal plan as mealplan's CSV (RFC 4180, UTF-8, CRLF).

Four meals a day (breakfast, lunch, dinner, snack) from --start on, so 1,000,000 meals cover
about 684 years. The same --meals, --seed and --start always give the same bytes. Titles and
notes mix plain text with commas, quotes, multi-line notes and non-ASCII text, so the file
exercises the parser the way real exports do.

    python3 Benchmarks/generate-meals.py --meals 1000000 --seed 42 > meals.csv
"""
import argparse
import datetime
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


def csv_field(text):
    """RFC 4180 quoting, applied only when needed (as mealplan's own writer does)."""
    if text and (any(c in text for c in ',"\r\n') or text[0] in " \t" or text[-1] in " \t"):
        return '"' + text.replace('"', '""') + '"'
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--meals", type=int, required=True, help="number of meals to write")
    parser.add_argument("--seed", type=int, default=1, help="random seed (same seed, same file)")
    parser.add_argument("--start", default="1700-01-01", help="first day, YYYY-MM-DD")
    parser.add_argument("--output", help="file to write (default: standard output)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    start = datetime.date.fromisoformat(args.start).toordinal()
    days = (args.meals + len(SLOTS) - 1) // len(SLOTS)
    if start + days - 1 > datetime.date(9999, 12, 31).toordinal():
        parser.error(f"{args.meals} meals from {args.start} run past 9999-12-31")

    # Every row is "date,slot,title,note": the "slot,title," prefixes and the note fields are
    # encoded once and drawn in bulk, so the loop only joins strings.
    prefixes = {slot: [f"{slot},{csv_field(title)}," for title in TITLES[slot]] for slot in SLOTS}
    notes = [csv_field(note) + "\r\n" for note in NOTES]
    note_weights = [12 if note == "" else 1 for note in NOTES]

    out = open(args.output, "w", encoding="utf-8", newline="") if args.output else \
        open(sys.stdout.fileno(), "w", encoding="utf-8", newline="", closefd=False)
    with out:
        out.write(",".join(("date", "slot", "title", "note")) + "\r\n")
        batch_days = 16384
        for first in range(0, days, batch_days):
            count = min(batch_days, days - first)
            dates = [datetime.date.fromordinal(start + first + offset).isoformat() + ","
                     for offset in range(count)]
            rows = []
            for index, slot in enumerate(SLOTS):
                titles = rng.choices(prefixes[slot], k=count)
                note_fields = rng.choices(notes, weights=note_weights, k=count)
                rows.append([date + title + note for date, title, note in zip(dates, titles, note_fields)])
            # Day by day, slot by slot; the last day may be cut short at --meals.
            meals_left = args.meals - first * len(SLOTS)
            lines = [row for day in zip(*rows) for row in day][:meals_left]
            out.write("".join(lines))

if __name__ == "__main__":
    main()
