import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadEnvFile } from "./config";
import { projectRoot } from "./paths";

describe("loadEnvFile", () => {
  it("fills unset variables from the file, keeps the ones already set, and skips a missing file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "enclave-env-"));
    const file = path.join(dir, ".env");
    writeFileSync(file, "ENCLAVE_TEST_FROM_FILE=file\nENCLAVE_TEST_ALREADY_SET=file\n");
    process.env.ENCLAVE_TEST_ALREADY_SET = "environment";
    try {
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env.ENCLAVE_TEST_FROM_FILE).toBe("file");
      expect(process.env.ENCLAVE_TEST_ALREADY_SET).toBe("environment");
      expect(loadEnvFile(path.join(dir, "missing.env"))).toBe(false);
    } finally {
      delete process.env.ENCLAVE_TEST_FROM_FILE;
      delete process.env.ENCLAVE_TEST_ALREADY_SET;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 5000, SITE_NAME: "Enclave", BCRYPT_COST: 12, TRUST_PROXY: false, DATABASE_STATEMENT_TIMEOUT_MS: 5000 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.join(projectRoot, ".data"));
    expect(config.UPLOAD_DIR).toBe(path.join(projectRoot, "uploads"));
  });

  it("keeps PUBLIC_URL as an origin", () => {
    expect(loadConfig({ PUBLIC_URL: "https://Community.Example/" }).PUBLIC_URL).toBe("https://community.example");
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  });

  it("takes SMTP_URL together with PUBLIC_URL", () => {
    expect(loadConfig({ SMTP_URL: "smtp://mail.example:587", PUBLIC_URL: "https://community.example" }).SMTP_URL).toBe("smtp://mail.example:587");
  });

  it("keeps uploads in UPLOAD_DIR unless S3_BUCKET names a bucket, with its settings read once", () => {
    expect(loadConfig({}).S3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "enclave-uploads" }).S3).toEqual({ bucket: "enclave-uploads", endpoint: undefined, region: "us-east-1", forcePathStyle: false, credentials: undefined });
    expect(
      loadConfig({ S3_BUCKET: "uploads", S3_ENDPOINT: "http://minio:9000", S3_REGION: "garage", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "true" }).S3,
    ).toEqual({ bucket: "uploads", endpoint: "http://minio:9000", region: "garage", forcePathStyle: true, credentials: { accessKeyId: "key", secretAccessKey: "secret" } });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(5000);
  });

  it.each([
    [{ PORT: "abc" }, /Invalid PORT/],
    [{ PORT: "70000" }, /Invalid PORT/],
    [{ DATABASE_URL: "mysql://localhost/db" }, /Invalid DATABASE_URL: must start with postgres:\/\//],
    [{ BCRYPT_COST: "8" }, /Invalid BCRYPT_COST/],
    [{ SESSION_SECRET: "short" }, /Invalid SESSION_SECRET: must be at least 32 characters/],
    [{ TRUST_PROXY: "maybe" }, /Invalid TRUST_PROXY/],
    [{ PUBLIC_URL: "community.example" }, /Invalid PUBLIC_URL/],
    [{ PUBLIC_URL: "ftp://community.example" }, /Invalid PUBLIC_URL/],
    [{ PUBLIC_URL: "https://community.example/forum" }, /Invalid PUBLIC_URL/],
    [{ MIGRATION_DATABASE_URL: "postgres://owner@localhost/db" }, /Invalid MIGRATION_DATABASE_URL: set it together with DATABASE_URL/],
    [{ DATABASE_DIRECT_URL: "postgres://app@localhost:5432/db" }, /Invalid DATABASE_DIRECT_URL: set it together with DATABASE_URL/],
    [{ DATABASE_REPLICA_URL: "postgres://app@replica/db" }, /Invalid DATABASE_REPLICA_URL: set it together with DATABASE_URL/],
    [{ DATABASE_URL: "postgres://app@bouncer/db", DATABASE_REPLICA_URL: "mysql://replica/db" }, /Invalid DATABASE_REPLICA_URL: must start with postgres/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "0" }, /Invalid DATABASE_STATEMENT_TIMEOUT_MS/],
    [{ SMTP_URL: "smtp://mail.example:587" }, /^Invalid PUBLIC_URL: it is required when SMTP_URL is set/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /^Invalid S3_BUCKET: it is required when another S3_ setting is set/],
    [{ S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "key" }, /^Invalid S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY/],
    [{ S3_BUCKET: "uploads", S3_ENDPOINT: "minio:9000" }, /^Invalid S3_ENDPOINT/],
    [{ S3_BUCKET: "uploads", S3_FORCE_PATH_STYLE: "maybe" }, /^Invalid S3_FORCE_PATH_STYLE/],
  ])("rejects %j with one clear line", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
