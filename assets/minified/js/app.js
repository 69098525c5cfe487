// static/js/app.js, minified by make js from the source with SHA-256 61cb754d9a39d6cb4ea23cbba9a10d312f96f1c074521fee3650481e553b2919
!function(){"use strict";document.addEventListener("submit",function(t){var e=t.target,i=e.getAttribute&&e.getAttribute("data-confirm");i&&!window.confirm(i)&&(t.preventDefault(),t.stopImmediatePropagation())},!0)}();
