-- The open debts kept as debt lines are written (storage/debts.py reads them): per chat and
-- ordered pair of records, what ``payer`` still owes ``payee`` in fen (a debt adds, a payment
-- takes off, the reversal of a payment adds it back). Built again from the lines by
-- ``python -m storage rebuild`` (the statements after the trigger).

CREATE TRIGGER debt_lines_balances AFTER INSERT ON debt_lines
BEGIN
    INSERT INTO debt_balances (chat_id, payer, payee, fen)
    VALUES (NEW.chat_id, NEW.payer, NEW.payee,
        CASE NEW.kind WHEN 'payment' THEN -NEW.fen ELSE NEW.fen END)
    ON CONFLICT (chat_id, payer, payee) DO UPDATE SET fen = fen + excluded.fen;
END;

-- rebuild:
DELETE FROM debt_balances;
INSERT INTO debt_balances (chat_id, payer, payee, fen)
SELECT chat_id, payer, payee,
    sum(CASE kind WHEN 'payment' THEN -fen ELSE fen END)
FROM debt_lines GROUP BY chat_id, payer, payee;
