from django.urls import path

from companion.offline import views

urlpatterns = [
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline/", views.offline, name="offline"),
    path("play/", views.start, name="start"),
]
