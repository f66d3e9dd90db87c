import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and documents cite what the repository holds: `docs/product.md "Heading"` names a heading
 * of docs/product.md, a path names a file that exists, and nothing names a document kept elsewhere
 * (the product's contract lives in docs/product.md) or an issue of the tracker.
 */
const root = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["server", "client", "shared", "e2e", "docs", "scripts", "README.md", "ARCHITECTURE.md", "eslint.config.js"];
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", ".data", "uploads", "test-results", "playwright-report"]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|md|css|html|sh)$/;

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return TEXT_FILE.test(relative) ? [relative] : [];
  return readdirSync(full).flatMap((name) => (SKIPPED_FOLDERS.has(name) ? [] : filesUnder(path.join(relative, name))));
}

const files = SCANNED.flatMap(filesUnder).filter((file) => file !== path.join("server", "lint", "citations.test.ts"));
const productHeadings = new Set(
  readFileSync(path.join(root, "docs/product.md"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("#"))
    .map((line) => line.replace(/^#+\s*/, "").trim()),
);

interface Finding {
  file: string;
  line: number;
  text: string;
}

function findAll(pattern: RegExp, keep: (match: RegExpExecArray, file: string) => boolean): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((content, index) => {
      for (const match of content.matchAll(new RegExp(pattern, "g"))) {
        if (keep(match, file)) found.push({ file, line: index + 1, text: match[0] });
      }
    });
  }
  return found;
}

describe("citations in code and documents", () => {
  it("scans the repository's own files", () => {
    expect(files).toContain("docs/product.md");
    expect(files.length).toBeGreaterThan(500);
  });

  it("never name the contract's decision file, which the repository does not hold", () => {
    expect(findAll(/(?<![\w/-])decisions\.md/, () => true)).toEqual([]);
  });

  it("never name an issue of the tracker (W3-10)", () => {
    expect(findAll(/\bW[1-9]-\d+\b/, () => true)).toEqual([]);
  });

  it('cite headings docs/product.md has (product.md "Heading")', () => {
    const unknown = findAll(/product\.md,?\s+\\?"([^"\\]+)\\?"/, (match) => !productHeadings.has(match[1]!));
    expect(unknown).toEqual([]);
  });

  it("name files that exist (docs/…, decisions/NNN)", () => {
    const decisions = readdirSync(path.join(root, "docs/decisions"));
    const missingPath = findAll(
      /(?<![\w.-])docs\/[\w./-]*\w/,
      (match) => !/^docs\/decisions\/\d{3}$/.test(match[0]) && !existsSync(path.join(root, match[0])),
    );
    const missingDecision = findAll(/decisions\/(\d{3})(?!\d)/, (match) => !decisions.some((name) => name.startsWith(`${match[1]}-`)));
    const missingLink = findAll(/\]\(((?!https?:|mailto:|#|\/)[^)\s#]+)(#[^)]*)?\)/, (match, file) => {
      if (!file.endsWith(".md")) return false;
      return !existsSync(path.resolve(root, path.dirname(file), match[1]!));
    });
    expect([...missingPath, ...missingDecision, ...missingLink]).toEqual([]);
  });
});
