import type { FileSystemHost } from '../host';
import { basename, dirname, join } from '../util/paths';

/**
 * Schemas a hosting platform creates in every deployment, beside the project's own migrations: the
 * migrations only reference them (`REFERENCES auth.users (id)`, `INSERT INTO storage.buckets`) and
 * the metadata tracks their tables. Each is laid in the embedded Postgres before the migrations run,
 * as the platform's own services lay it, so the project's tables that point at it are created.
 *
 * A definition vouches for what it declares and nothing more: a table or column a newer version of
 * the platform added is not in it, so nothing in these schemas is ever reported as missing (the
 * model lists them as `externalSchemas`); what is there serves hover, completion and foreign keys.
 *
 * nhost (hasura-auth, hasura-storage): written from the schema facts those services publish (the
 * auth service's schema dump, the storage service's migrations), as of 2025.
 */

/** One schema of a platform: its SQL (run as one text before the migrations), the table that marks it. */
interface PlatformSchema {
  readonly schema: string;
  /** A migration creating `schema.table` means the project lays the schema itself (a self-hosted copy): not laid. */
  readonly table: string;
  readonly sql: string;
}

export interface Platform {
  readonly name: 'nhost';
  readonly schemas: readonly PlatformSchema[];
  /** Extensions the definition needs (loaded into the embedded Postgres with the migrations' own). */
  readonly extensions: readonly string[];
}

/** Each nhost service's trigger function that stamps `updated_at`. */
function updatedAtFunction(schema: string): string {
  return `CREATE FUNCTION ${schema}.set_current_timestamp_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at = now(); RETURN NEW; END; $$;`;
}

const NHOST_AUTH = `CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public;
CREATE SCHEMA auth;
CREATE DOMAIN auth.email AS public.citext
  CHECK (VALUE OPERATOR(public.~) '^[a-zA-Z0-9.!#$%&''*+/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$');
${updatedAtFunction('auth')}
CREATE TABLE auth.roles (role text PRIMARY KEY);
CREATE TABLE auth.providers (id text PRIMARY KEY);
CREATE TABLE auth.provider_requests (id uuid PRIMARY KEY, options jsonb);
CREATE TABLE auth.refresh_token_types (value text PRIMARY KEY, comment text);
CREATE TABLE auth.users (
  id uuid PRIMARY KEY DEFAULT public.gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz,
  disabled boolean NOT NULL DEFAULT false,
  display_name text NOT NULL DEFAULT '',
  avatar_url text NOT NULL DEFAULT '',
  locale varchar(2) NOT NULL,
  email auth.email UNIQUE,
  phone_number text UNIQUE,
  password_hash text,
  email_verified boolean NOT NULL DEFAULT false,
  phone_number_verified boolean NOT NULL DEFAULT false,
  new_email auth.email,
  otp_method_last_used text,
  otp_hash text,
  otp_hash_expires_at timestamptz NOT NULL DEFAULT now(),
  default_role text NOT NULL DEFAULT 'user' REFERENCES auth.roles (role) ON UPDATE CASCADE ON DELETE RESTRICT,
  is_anonymous boolean NOT NULL DEFAULT false,
  totp_secret text,
  active_mfa_type text CHECK (active_mfa_type = 'totp' OR active_mfa_type = 'sms'),
  ticket text,
  ticket_expires_at timestamptz NOT NULL DEFAULT now(),
  metadata jsonb,
  webauthn_current_challenge text
);
CREATE TABLE auth.user_roles (
  id uuid PRIMARY KEY DEFAULT public.gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  role text NOT NULL REFERENCES auth.roles (role) ON UPDATE CASCADE ON DELETE RESTRICT,
  UNIQUE (user_id, role)
);
CREATE TABLE auth.user_providers (
  id uuid PRIMARY KEY DEFAULT public.gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  access_token text NOT NULL,
  refresh_token text,
  provider_id text NOT NULL REFERENCES auth.providers (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  provider_user_id text NOT NULL,
  UNIQUE (provider_id, provider_user_id)
);
CREATE TABLE auth.refresh_tokens (
  id uuid PRIMARY KEY DEFAULT public.gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  metadata jsonb,
  type text NOT NULL DEFAULT 'regular' REFERENCES auth.refresh_token_types (value),
  refresh_token_hash varchar(255)
);
CREATE TABLE auth.user_security_keys (
  id uuid PRIMARY KEY DEFAULT public.gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  credential_public_key bytea,
  counter bigint NOT NULL DEFAULT 0,
  transports varchar(255) NOT NULL DEFAULT '',
  nickname text
);
CREATE TRIGGER set_auth_users_updated_at BEFORE UPDATE ON auth.users FOR EACH ROW EXECUTE FUNCTION auth.set_current_timestamp_updated_at();
CREATE TRIGGER set_auth_user_providers_updated_at BEFORE UPDATE ON auth.user_providers FOR EACH ROW EXECUTE FUNCTION auth.set_current_timestamp_updated_at();
INSERT INTO auth.roles (role) VALUES ('user'), ('anonymous'), ('me');
INSERT INTO auth.refresh_token_types (value, comment) VALUES ('regular', 'Regular refresh token'), ('pat', 'Personal access token');`;

const NHOST_STORAGE = `CREATE SCHEMA storage;
${updatedAtFunction('storage')}
CREATE TABLE storage.buckets (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  download_expiration integer NOT NULL DEFAULT 30,
  min_upload_file_size integer NOT NULL DEFAULT 1,
  max_upload_file_size integer NOT NULL DEFAULT 50000000,
  cache_control text DEFAULT 'max-age=3600',
  presigned_urls_enabled boolean NOT NULL DEFAULT true
);
CREATE TABLE storage.files (
  id uuid PRIMARY KEY DEFAULT public.gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  bucket_id text NOT NULL DEFAULT 'default' REFERENCES storage.buckets (id) ON UPDATE CASCADE ON DELETE CASCADE,
  name text,
  size integer,
  mime_type text,
  etag text,
  is_uploaded boolean DEFAULT false,
  uploaded_by_user_id uuid
);
CREATE TABLE storage.virus (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  file_id uuid NOT NULL REFERENCES storage.files (id),
  filename text NOT NULL,
  virus text NOT NULL,
  user_session jsonb NOT NULL
);
CREATE TRIGGER set_storage_buckets_updated_at BEFORE UPDATE ON storage.buckets FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();
CREATE TRIGGER set_storage_files_updated_at BEFORE UPDATE ON storage.files FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();
INSERT INTO storage.buckets (id) VALUES ('default');
DO $$ BEGIN
  IF to_regclass('auth.users') IS NOT NULL THEN
    ALTER TABLE storage.files ADD CONSTRAINT fk_user FOREIGN KEY (uploaded_by_user_id) REFERENCES auth.users (id) ON DELETE SET NULL;
  END IF;
END $$;`;

const NHOST: Platform = {
  name: 'nhost',
  schemas: [
    { schema: 'auth', table: 'users', sql: NHOST_AUTH },
    { schema: 'storage', table: 'files', sql: NHOST_STORAGE },
  ],
  extensions: ['citext'],
};

const PLATFORMS: Readonly<Record<Platform['name'], Platform>> = { nhost: NHOST };

export function platformByName(name: string): Platform | undefined {
  return Object.hasOwn(PLATFORMS, name) ? PLATFORMS[name as Platform['name']] : undefined;
}

/** What is known of a source when deciding whether a platform lays schemas beside its migrations. */
export interface PlatformEvidence {
  /** The metadata folder (absolute core path). */
  readonly metadataDir: string;
  /** The source's tracked tables (`schema.name`), when known. */
  readonly tables?: readonly string[];
  /** Whether this source owns the project's flat migrations (nhost projects have one source, `default`). */
  readonly owner: boolean;
  /** The texts of the source's migration files. */
  readonly texts: readonly string[];
}

/** The nhost CLI's config.yaml: the engine CLI's keys plus its services' sections. */
const NHOST_CONFIG = /^(auth|storage|services):\s*$/m;

/**
 * The platform whose schemas this source's database has, with only the schemas the migrations do
 * not lay themselves: nhost when the project says so (its folder is `nhost/`, it has `nhost.toml`,
 * or its config.yaml has the nhost CLI's `auth:`/`storage:`/`services:` sections), or when the
 * metadata tracks `auth.users` or `storage.files` and no migration creates them.
 */
export function detectPlatform(evidence: PlatformEvidence, host: FileSystemHost): Platform | undefined {
  const project = dirname(evidence.metadataDir);
  const tracked = new Set(evidence.tables ?? []);
  const declared =
    evidence.owner &&
    (basename(project) === 'nhost' || host.readFile(join(project, 'nhost.toml')).kind === 'text' || nhostConfig(host, join(project, 'config.yaml')));
  const schemas = NHOST.schemas.filter((s) => !evidence.texts.some((text) => createsTable(text, s.schema, s.table)));
  const tracks = schemas.some((s) => tracked.has(`${s.schema}.${s.table}`));
  if (!declared && !tracks) return undefined;
  return schemas.length === 0 ? undefined : { ...NHOST, schemas };
}

function nhostConfig(host: FileSystemHost, file: string): boolean {
  const read = host.readFile(file);
  return read.kind === 'text' && NHOST_CONFIG.test(read.text);
}

/** Whether `text` has a `CREATE TABLE schema.table` (names quoted or not). */
function createsTable(text: string, schema: string, table: string): boolean {
  return new RegExp(`create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?"?${schema}"?\\s*\\.\\s*"?${table}"?[\\s(]`, 'i').test(text);
}
