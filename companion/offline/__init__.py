"""Working without a connection: the service worker, the offline page, the installed app's start."""
