// static/js/print.js, minified by make js from the source with SHA-256 6af5abfc735b50f2536d234016b9c8be14651643686165a1ced834f517083e43
!function(){"use strict";document.querySelectorAll("[data-print]").forEach(function(n){n.hidden=!1,n.addEventListener("click",function(){window.print()})})}();
