CREATE TABLE "interview_messages" (
	"id" text NOT NULL,
	"interview_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"question_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"overall_score" real NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"role" text NOT NULL,
	"level" text NOT NULL,
	"question_count" integer NOT NULL,
	"language" text NOT NULL,
	"resume_id" uuid,
	"job_description" text,
	"plan" jsonb,
	"plan_engine" text,
	"plan_task_id" uuid,
	"evaluate_task_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_messages" ADD CONSTRAINT "interview_messages_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reports" ADD CONSTRAINT "interview_reports_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reports" ADD CONSTRAINT "interview_reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_plan_task_id_tasks_id_fk" FOREIGN KEY ("plan_task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_evaluate_task_id_tasks_id_fk" FOREIGN KEY ("evaluate_task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_messages_pk" ON "interview_messages" USING btree ("interview_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_messages_seq_uq" ON "interview_messages" USING btree ("interview_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_reports_task_uq" ON "interview_reports" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "interview_reports_interview_idx" ON "interview_reports" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "interviews_owner_created_idx" ON "interviews" USING btree ("owner_id","created_at");