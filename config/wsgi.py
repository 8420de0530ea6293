import os

from django.core.wsgi import get_wsgi_application

# A WSGI server is production: the debug settings only when named.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
application = get_wsgi_application()
