-- The Outbox page searches recipients by any part ('…3005102', 'user101'): ILIKE '%…%', which no
-- b-tree serves. A trigram index answers it without reading millions of messages (decision 070).
CREATE INDEX IF NOT EXISTS outbox_messages_recipient_trgm_idx ON outbox_messages USING gin (recipient gin_trgm_ops);
