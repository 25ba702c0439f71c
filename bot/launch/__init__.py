"""What starts the process (the top floor of bot/): the runner, the web server's life, and the
composition of the bot with that server (``compose``). Nothing below imports it."""
