from django.urls import path

from companion.i18n.views import set_language

urlpatterns = [
    path("language/", set_language, name="set_language"),
]
