"""Screenshots of the printed cards players enter (issue 35): the proposal form with an effect
built and the engine's text beside the printed one, a proposal waiting (as its publisher sees
it), a player's proposals, the published card's page with its photo, and the catalogue as card
faces — in Russian and English, 1280 px and 390 px wide, under ``docs/screenshots/cards/``.

    .venv/bin/python scripts/screenshots_cards.py [--out docs/screenshots/cards]

A fresh SQLite database and media folder in a temporary folder (the shipped content loaded, a
player and a publisher, one card proposed and published, one waiting), ``manage.py runserver``
over them, and Debian's Chromium through Playwright (the helpers of ``screenshots_play.py``).
The card and its picture are test data made here: the picture says SAMPLE, the names say
(тест); nothing of them is content.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots_play import (
    PASSWORD,
    ROOT,
    chromium,
    print_written,
    save,
    served,
    setup_django,
    signed_in,
    windows,
)

PLAYER, PUBLISHER = "holder", "publisher"
# The catalogue as card faces: the players' card among two of the starter set.
SHOWN_CARDS = "Образец OR Абордажник OR Шакал"
PRINTED = "В начале каждого раунда боя ваши ЛК получают +2 к скорости до конца раунда."


def make_cards() -> dict[str, str]:
    """The published card and the waiting proposal; their addresses."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.core.management import call_command

    from cardbase.editorial.roles import PUBLISHERS
    from proposals.services import proposal_publish, proposal_submit

    sys.path.insert(0, str(ROOT))
    from tests.proposals.data import photo, proposal_data, ship
    from tests.proposals.photos import sample_card_photo

    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    users = get_user_model().objects
    player = users.create_user(PLAYER, password=PASSWORD)
    publisher = users.create_user(PUBLISHER, password=PASSWORD)
    publisher.groups.add(Group.objects.get(name=PUBLISHERS))
    first = proposal_submit(
        data=proposal_data(attributes=ship(name="Фрегат «Образец» (тест)")),
        proposer=player,
        photo=photo(sample_card_photo()),
    )
    card = proposal_publish(proposal=first, user=publisher)
    waiting = proposal_submit(
        data=proposal_data(
            attributes=ship(name="Абордажник (тест)"), note="Фото при дневном свете."
        ),
        proposer=player,
        photo=photo(sample_card_photo()),
    )
    return {
        "card": f"/games/komandor/cards/{card.key}/",
        "proposal": f"/cards/proposals/{waiting.pk}/",
    }


def fill_form(page) -> None:
    """The proposal form with its card typed and one effect built."""
    page.goto("/cards/propose/?kind=ship")
    page.wait_for_selector("#proposal-form[data-ready]")
    page.fill("#id_name", "Корвет «Образец» (тест)")
    page.fill("#id_cost", "3")
    for name, value in (("strength", "5"), ("critical", "3"), ("speed", "7")):
        page.fill(f"#id_stat__{name}", value)
    page.fill("#id_printed_text", PRINTED)
    page.select_option("#id_effects-0-when", "round_start")
    page.select_option("#id_effects-0-t_side", "own")
    page.check("#id_effects-0-t_kind input[value=ship]")
    page.check("#id_effects-0-t_size input[value=LK]")
    page.select_option("#id_effects-0-a0_do", "modify")
    page.select_option("#id_effects-0-a0_stat", "speed")
    page.fill("#id_effects-0-a0_by", "2")
    page.select_option("#id_effects-0-a0_until", "round")
    page.wait_for_selector("#generated-text .generated__lines li")


def shoot(base: str, urls: dict[str, str], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.png"), *out.glob("*.jpg")]:
        old.unlink()
    written = []
    with chromium() as browser:
        for language, width in windows():
            page = signed_in(browser, base, language, width, PLAYER)
            fill_form(page)
            written.append(save(page, out / f"propose-{language}-{width}"))
            page.goto("/cards/proposals/")
            written.append(save(page, out / f"my-proposals-{language}-{width}"))
            page.goto(urls["card"])
            page.wait_for_load_state("networkidle")
            written.append(save(page, out / f"card-{language}-{width}"))
            page.goto("/games/komandor/?" + urlencode({"view": "grid", "q": SHOWN_CARDS}))
            page.wait_for_load_state("networkidle")
            written.append(save(page, out / f"catalogue-{language}-{width}"))
            page.context.close()
            page = signed_in(browser, base, language, width, PUBLISHER)
            page.goto(urls["proposal"])
            page.wait_for_load_state("networkidle")
            written.append(save(page, out / f"proposal-{language}-{width}"))
            page.context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "cards")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        os.environ["MEDIA_ROOT"] = str(folder / "media")
        setup_django(folder / "screenshots.sqlite3")
        urls = make_cards()
        with served() as base:
            written = shoot(base, urls, args.out)
    print_written(written)


if __name__ == "__main__":
    main()
