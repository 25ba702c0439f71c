-- Find what one chat message recorded (the bot's undo button and edited messages).
CREATE INDEX sources_message ON sources (chat_id, message_id);
