"""A recipes folder grown to a size for a benchmark: the recipes it holds (the sample recipes of
Data/recipes, copied in) and copies of them under other names, in `more/`, until it holds
`count`. References inside a copied recipe keep working: they start from the folder's root.

    import recipe_variants; names = recipe_variants.grow(folder, 1000)
"""
import os


def names(root):
    """The recipes of the folder `root`, by name (the path without `.cook`), sorted."""
    return sorted(os.path.relpath(os.path.join(folder, file), root)[:-len(".cook")]
                  for folder, _, files in os.walk(root) for file in files if file.endswith(".cook"))


def grow(root, count):
    """Copies the recipes of `root` in turn as `more/Variant N` until it holds `count`;
    returns every name, the copies last."""
    found = names(root)
    os.makedirs(os.path.join(root, "more"), exist_ok=True)
    width = len(str(count))
    for index in range(count - len(found)):
        source = found[index % len(found)]
        text = open(os.path.join(root, source + ".cook"), encoding="utf-8").read()
        target = "more/Variant %0*d" % (max(2, width - 1), index)
        open(os.path.join(root, target + ".cook"), "w", encoding="utf-8").write(text)
        found.append(target)
    assert len(found) == count
    return found
