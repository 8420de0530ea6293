"""The card search language (``game:komandor type:ship speed>=6 weapon:plasma Химера``).

``query`` parses text into a ``Query`` and turns it into a card queryset, ``fields`` holds the
vocabulary (keywords, their values and where each lives on a card), ``text`` matches free words,
and ``syntax`` lists the language for the help page.
"""
