"""Card photos: accepted by their content within the limits, cleaned of every metadata,
re-encoded in two sizes, stored under names made from their digest, and served only to whom
may see them."""

import io

import pytest
from django.core.files.storage import default_storage
from PIL import Image

from cardbase.card_images import (
    SIZES,
    PhotoRefused,
    card_image_validator,
    image_name,
    image_stored,
    photo_read,
    photo_store,
)
from cardbase.models import Draft
from tests.factories import CardFactory
from tests.proposals import photos


def read(data: bytes):
    return photo_read(io.BytesIO(data), size=len(data))


@pytest.mark.parametrize(
    "make", [photos.jpeg, photos.png, photos.webp], ids=["jpeg", "png", "webp"]
)
def test_jpeg_png_and_webp_are_taken_and_re_encoded_as_webp(make):
    photo = read(make())
    assert set(photo.files) == set(SIZES)
    for size, data in photo.files.items():
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "WEBP"
            assert max(image.size) <= SIZES[size]
    assert (photo.width, photo.height) == (630, 880)


def refusal(data: bytes) -> str:
    with pytest.raises(PhotoRefused) as refused:
        read(data)
    return refused.value.code


def test_a_file_that_is_not_an_image_is_refused_whatever_its_name():
    assert refusal(photos.html_named_jpg()) == "not_an_image"


def test_an_image_of_another_format_is_refused():
    assert refusal(photos.gif()) == "not_an_image"


def test_a_decompression_bomb_is_refused_before_it_is_decoded():
    bomb = photos.png_bomb()
    assert len(bomb) < 50_000  # a small file…
    assert refusal(bomb) == "too_many_pixels"  # …claiming 10 billion pixels


def test_a_file_over_the_size_limit_is_refused(settings):
    data = photos.jpeg()
    settings.CARD_PHOTO_MAX_BYTES = len(data) - 1
    assert refusal(data) == "too_large"
    # Also when the size is not announced: the reader stops at the limit.
    with pytest.raises(PhotoRefused) as refused:
        photo_read(io.BytesIO(data))
    assert refused.value.code == "too_large"


def test_an_image_over_the_pixel_limit_is_refused(settings):
    settings.CARD_PHOTO_MAX_PIXELS = 630 * 880 - 1
    assert refusal(photos.jpeg()) == "too_many_pixels"


def test_a_cut_short_image_is_refused():
    assert refusal(photos.truncated_jpeg()) == "damaged"


def test_a_picture_too_small_to_read_is_refused():
    assert refusal(photos.jpeg(photos.card_picture(120, 160))) == "too_small"


def test_exif_gps_and_text_are_stripped_and_the_photo_turned_upright():
    photo = read(photos.jpeg_with_gps_and_orientation())
    with Image.open(io.BytesIO(photo.files["full"])) as image:
        assert image.size == (630, 880)  # turned upright by its EXIF orientation
        assert not image.getexif()
        assert not {"exif", "icc_profile", "xmp"} & set(image.info)
        # The white half is at the bottom once upright.
        assert image.getpixel((315, 800)) > (240, 240, 240)
    raw = photo.files["full"] + photo.files["thumb"]
    assert b"PhoneMaker" not in raw and b"GPS" not in raw
    text = read(photos.png(text={"Comment": "secret location"}))
    assert b"secret location" not in text.files["full"]


def test_the_same_photo_gives_the_same_digest_and_is_stored_once():
    first, second = read(photos.jpeg()), read(photos.jpeg())
    assert first.digest == second.digest
    written = photo_store(first)
    assert sorted(written) == sorted(image_name(first.digest, size) for size in SIZES)
    assert photo_store(second) == []
    assert image_stored(first.digest)


def test_image_names_are_made_from_a_digest_only():
    with pytest.raises(ValueError):
        image_name("../../etc/passwd", "full")
    with pytest.raises(ValueError):
        image_name("a" * 64, "../full")


def test_a_card_names_only_an_image_the_site_keeps():
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as bad:
        card_image_validator("not-a-digest")
    assert bad.value.code == "bad_image_reference"
    with pytest.raises(ValidationError) as missing:
        card_image_validator("b" * 64)
    assert missing.value.code == "image_missing"
    photo = read(photos.jpeg())
    photo_store(photo)
    card_image_validator(photo.digest)


@pytest.fixture
def stored():
    photo = read(photos.webp())
    photo_store(photo)
    return photo


def url(digest: str, size: str = "thumb") -> str:
    return f"/card-images/{digest}/{size}.webp"


@pytest.mark.django_db
def test_a_card_image_is_public_and_kept_for_a_year(client, stored):
    CardFactory(image=stored.digest)
    response = client.get(url(stored.digest))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    assert "immutable" in response["Cache-Control"] and "public" in response["Cache-Control"]
    assert b"".join(response.streaming_content) == stored.files["thumb"]
    again = client.get(url(stored.digest), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


@pytest.mark.django_db
def test_an_image_no_card_shows_is_seen_only_by_its_author_and_the_staff(
    client, django_user_model, stored
):
    author = django_user_model.objects.create_user("author", password="pw-123-xyz")
    other = django_user_model.objects.create_user("other", password="pw-123-xyz")
    staff = django_user_model.objects.create_user("staff", password="pw-123-xyz", is_staff=True)
    from django.contrib.auth.models import Permission

    staff.user_permissions.add(Permission.objects.get(codename="view_draft"))
    Draft.objects.create(
        content_type_id=1, values={"image": stored.digest}, author=author, kind="proposal"
    )
    assert client.get(url(stored.digest)).status_code == 404
    client.force_login(other)
    assert client.get(url(stored.digest)).status_code == 404
    client.force_login(author)
    response = client.get(url(stored.digest, "full"))
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("private")
    client.force_login(staff)
    assert client.get(url(stored.digest)).status_code == 200


@pytest.mark.django_db
def test_an_address_that_is_not_a_digest_serves_nothing(client, stored):
    CardFactory(image=stored.digest)
    name = image_name(stored.digest, "thumb")
    assert default_storage.exists(name)
    for address in (
        f"/card-images/{stored.digest}/thumb.png",
        f"/card-images/{stored.digest[:-1]}/thumb.webp",
        f"/card-images/{stored.digest}/../../settings.py",
        f"/card-images/{stored.digest.upper()}/thumb.webp",
        f"/media/{name}",
    ):
        assert client.get(address).status_code == 404, address
