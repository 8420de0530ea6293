"""A password hasher that counts its work, so a test can say no password was hashed."""

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"
    calls = 0

    def encode(self, password, salt):
        CountingHasher.calls += 1
        return super().encode(password, salt)

    def verify(self, password, encoded):
        CountingHasher.calls += 1
        return super().verify(password, encoded)
