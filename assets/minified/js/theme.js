// static/js/theme.js, minified by make js from the source with SHA-256 29aff1b3a25bdbab31e839330de040a8748bed3534aac5d29193c55cd55d3de2
!function(){document.documentElement.classList.add("js");var e=window.matchMedia("(prefers-color-scheme: dark)");function t(){document.documentElement.setAttribute("data-bs-theme",e.matches?"dark":"light")}t(),e.addEventListener("change",t)}();
