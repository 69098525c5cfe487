"""First run (the host account), login and logout."""

from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.db import transaction
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from companion.accounts.forms import HostAccountForm

User = get_user_model()


@require_http_methods(["GET", "POST"])
def setup(request):
    """Create the host account; only while no account exists, like self-hosted apps do."""
    if User.objects.exists():
        return redirect("login")
    form = HostAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # Two first visitors at once: the second finds an account and is sent to login.
            if User.objects.select_for_update().exists():
                return redirect("login")
            user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "accounts/setup.html", {"form": form})


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get(self, request, *args, **kwargs):
        if not User.objects.exists():
            return redirect("setup")
        return super().get(request, *args, **kwargs)


login_view = LoginView.as_view()
logout_view = auth_views.LogoutView.as_view()
