CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"player_ref" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"event_id" text,
	"ledger_tx_ref" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "payments_ledger_tx_ref_unique" UNIQUE("ledger_tx_ref"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0 and "payments"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_player_ref_players_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ledger_tx_ref_transactions_id_fk" FOREIGN KEY ("ledger_tx_ref") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_player_idx" ON "payments" USING btree ("player_ref","created_at");