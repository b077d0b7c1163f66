CREATE TABLE "resume_profiles" (
	"sha256" text NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"profile" jsonb NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_profiles_sha256_version_pk" PRIMARY KEY("sha256","version")
);
