from django.urls import path

from companion.transfer import views

urlpatterns = [
    path("nights/import/", views.night_import, name="night_import"),
    path("nights/<id:pk>/export.json", views.night_export_json, name="night_export_json"),
    path("matches/<id:pk>/export.json", views.match_export_json, name="match_export_json"),
    path("matches/<id:pk>/export.csv", views.match_export_csv, name="match_export_csv"),
]
