-- Decision 042: a commission line stores its traceability as parts, not words. The rule
-- ('leader: k=3 above dealer Z-12 (tree depth 5)') and the rate column
-- ('deal_once_off_leader_com_rate_3') were text on every line, half of its bytes; they are now the
-- dealer, the dealer's tier (agent lines), the tree depth (leader lines) and the CSV line (imported
-- lines), and view commission_lines_traced puts them back into the same words. Role and source
-- become enums with the same labels (4 bytes, compared as numbers).
--
-- HAND-WRITTEN (drizzle-kit's own statements would change the columns' types before dropping the
-- checks and the natural key that compare them with text, and would drop the words before reading
-- the parts out of them). The schema snapshot is drizzle-kit's.
CREATE TYPE "public"."commission_line_role" AS ENUM('agent', 'leader');--> statement-breakpoint
CREATE TYPE "public"."commission_line_source" AS ENUM('calculated', 'import', 'reversal');--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_role";--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_source";--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_leader_level";--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_reversal_link";--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_amount";--> statement-breakpoint
DROP INDEX "commission_lines_natural_key";--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "dealer_users_master_id" integer;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "dealer_tier" smallint;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "tree_depth" smallint;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "import_line" integer;--> statement-breakpoint
-- The parts of the lines already written, read out of their words (the words' formats of 0019).
-- Lines of closed periods are read-only (0004's guard): that guard is lifted for this statement
-- only, the lines' amounts, payees and periods are not touched.
ALTER TABLE "commission_lines" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "commission_lines" SET
  "dealer_users_master_id" = CASE
    WHEN "source" = 'calculated' AND "role" = 'agent' THEN "payee_users_master_id"
    WHEN "source" = 'calculated' THEN substring("rule" from 'dealer Z-([0-9]+)')::integer END,
  "dealer_tier" = CASE WHEN "source" = 'calculated' AND "role" = 'agent'
    THEN substring("rate_column" from '_rate_([0-9]+)$')::smallint END,
  "tree_depth" = CASE WHEN "source" = 'calculated' AND "role" = 'leader'
    THEN substring("rule" from 'tree depth ([0-9]+)')::smallint END,
  "import_line" = CASE WHEN "source" = 'import' THEN substring("rule" from ' line ([0-9]+)$')::integer END
WHERE "rule" IS NOT NULL OR "rate_column" IS NOT NULL;--> statement-breakpoint
-- The words are dropped below: a line whose words did not give its parts would lose its trace, so
-- the migration stops instead (nothing applied) and names how many.
DO $$
DECLARE unread integer;
BEGIN
  SELECT count(*) INTO unread FROM "commission_lines"
   WHERE ("rule" IS NOT NULL OR "rate_column" IS NOT NULL)
     AND (("source" = 'calculated' AND ("dealer_users_master_id" IS NULL
            OR ("role" = 'agent' AND "dealer_tier" IS NULL)
            OR ("role" = 'leader' AND "tree_depth" IS NULL)))
       OR ("source" = 'import' AND "import_line" IS NULL));
  IF unread > 0 THEN
    RAISE EXCEPTION 'migration 0023: % commission line(s) whose rule or rate column could not be read into parts; their words would be lost (decision 042)', unread;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "commission_lines" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "commission_lines" DROP COLUMN "rate_column";--> statement-breakpoint
ALTER TABLE "commission_lines" DROP COLUMN "rule";--> statement-breakpoint
ALTER TABLE "commission_lines"
  ALTER COLUMN "role" SET DATA TYPE "public"."commission_line_role" USING "role"::"public"."commission_line_role",
  ALTER COLUMN "source" SET DATA TYPE "public"."commission_line_source" USING "source"::"public"."commission_line_source";--> statement-breakpoint
ALTER TABLE "commission_unstamped_totals"
  ALTER COLUMN "role" SET DATA TYPE "public"."commission_line_role" USING "role"::"public"."commission_line_role",
  ALTER COLUMN "source" SET DATA TYPE "public"."commission_line_source" USING "source"::"public"."commission_line_source";--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_leader_level" CHECK (("commission_lines"."role" = 'agent' and "commission_lines"."leader_level" is null) or ("commission_lines"."role" = 'leader' and "commission_lines"."leader_level" between 1 and 7));--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_reversal_link" CHECK (("commission_lines"."source" = 'reversal') = ("commission_lines"."reversal_of_line_id" is not null));--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_amount" CHECK ("commission_lines"."source" = 'reversal' or "commission_lines"."amount_cents" > 0);--> statement-breakpoint
CREATE UNIQUE INDEX "commission_lines_natural_key" ON "commission_lines" USING btree ("orders_import_id","payee_users_master_id","role",coalesce("leader_level", 0),"source") WHERE "commission_lines"."source" <> 'reversal';--> statement-breakpoint
-- Every line with its rate column and rule in the words the lines used to store (the preview, the
-- tests and anyone reading lines in SQL read this): one row per line, i.e. per order × payee × role
-- (and level), with the source and the held flag.
CREATE VIEW "commission_lines_traced" AS
SELECT l.*,
       CASE WHEN l.source = 'calculated' THEN CASE l.role
         WHEN 'agent' THEN 'deal_once_off_user_com_rate_' || l.dealer_tier
         ELSE 'deal_once_off_leader_com_rate_' || l.leader_level END
       END AS rate_column,
       CASE l.source
         WHEN 'calculated' THEN CASE l.role
           WHEN 'agent' THEN 'agent: dealer tier ' || l.dealer_tier
           ELSE 'leader: k=' || l.leader_level || ' above dealer Z-' || l.dealer_users_master_id
                || ' (tree depth ' || l.tree_depth || ')' END
         WHEN 'import' THEN 'import: ' || CASE i.kind WHEN 'agent' THEN 'Agent' ELSE 'Leader' END
                || ' file ' || i.file_name || ' line ' || l.import_line
       END AS rule
  FROM commission_lines l
  LEFT JOIN commission_imports i ON i.id = l.commission_import_id;
