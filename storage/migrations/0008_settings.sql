-- Each chat's /settings beside its language (chats.lang): how long the recording reply is
-- and which pictures the bot sends. NULL is the default (compact replies, every picture), so
-- existing chats keep today's pictures and get the phone-sized reply.
ALTER TABLE chats ADD COLUMN replies TEXT CHECK (replies IS NULL OR replies IN ('compact', 'full'));
ALTER TABLE chats ADD COLUMN pictures TEXT
    CHECK (pictures IS NULL OR pictures IN ('always', 'full_hands', 'never'));
