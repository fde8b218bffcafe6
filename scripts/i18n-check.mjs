#!/usr/bin/env node
// Fails when any language misses a key of English, has a key English lacks, or leaves an
// English sentence untranslated (except the few entries allowed in i18n-allowlist.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/web/src/i18n/locales');
const LANGUAGES = ['en', 'ja', 'ko', 'zh', 'pt', 'vi', 'th', 'es', 'fr', 'ru', 'de', 'it', 'tw'];
const allow = JSON.parse(fs.readFileSync(path.join(root, 'scripts/i18n-allowlist.json'), 'utf8'));

function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') flatten(child, name, out);
    else out.set(name, child);
  }
  return out;
}

function load(lang) {
  const file = path.join(dir, `${lang}.json`);
  if (!fs.existsSync(file)) return null;
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
}

// Words that carry meaning: placeholders, tickers and brand names do not need translating.
const hasWords = (text) =>
  /[A-Za-z]{3,}/.test(
    String(text)
      .replace(/\{\{\s*\w+\s*\}\}/g, '')
      .replace(/\b[A-Z0-9]{2,}\b/g, ''),
  );

const problems = [];
const english = load('en');
if (!english) problems.push('en.json is missing');
const extraFiles = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !LANGUAGES.includes(f.slice(0, -5)));
for (const f of extraFiles) problems.push(`${f}: not one of the platform's languages`);

for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
  const messages = load(lang);
  if (!messages) {
    problems.push(`${lang}.json is missing`);
    continue;
  }
  const allowed = new Set(allow[lang] ?? []);
  for (const [key, text] of english ?? []) {
    if (!messages.has(key)) problems.push(`${lang}: missing ${key}`);
    else if (messages.get(key) === text && hasWords(text) && !allowed.has(key)) {
      problems.push(`${lang}: ${key} is still English ("${text}")`);
    }
    const want = [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const got = [...String(messages.get(key) ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
      .map((m) => m[1])
      .sort();
    if (messages.has(key) && want.join() !== got.join()) {
      problems.push(`${lang}: ${key} has placeholders {${got}} but English has {${want}}`);
    }
  }
  for (const key of messages.keys()) {
    if (!english?.has(key)) problems.push(`${lang}: extra key ${key}`);
  }
}

if (problems.length > 0) {
  console.error(`i18n:check found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `i18n:check: ${english.size} keys present and translated in ${LANGUAGES.length} languages`,
);
